import ListLabCore
import ListLabRecords

/// What a command that reads the data or acts on the list works with: the
/// workspace (the providers, the current one), the presentation (the list
/// and what joins it to the data), where to write (the session's recorder)
/// and the line running. Nothing else of the session: not its scripts,
/// history, journal or observers.
struct CommandContext {
    /// The session's providers, registrations and files.
    let workspace: Workspace
    /// The session's list and what joins it to the data.
    let presentation: Presentation
    /// Where the command writes.
    let output: any ShellOutput
    /// The line the session runs (for a script's step, the `run` that runs
    /// it), which names a change the list was not told of.
    let commandLine: String?

    /// The list every provider is shown in.
    var list: HeadlessList { presentation.list }

    /// The provider the list shows.
    func current() throws(ShellError) -> LoadedProvider {
        try workspace.current()
    }

    /// Shows `workspace.providers[index]` in the list, through a new adapter
    /// of its provider and presenter.
    func activate(_ index: Int) {
        workspace.makeCurrent(index)
        presentation.show(workspace.providers[index], output: output)
    }

    /// Puts `loaded` in the workspace, in place of the provider of its name,
    /// and shows it in the list.
    func show(_ loaded: LoadedProvider) {
        activate(workspace.put(loaded))
    }

    /// The current provider, when no filter hides part of it (changes to a
    /// filtered view, and saving one, would lose the hidden items).
    func unfiltered(for command: String) throws(ShellError) -> LoadedProvider {
        let loaded = try current()
        if let filter = loaded.filter {
            throw ShellError(
                .filterOn(command: command, field: filter.field, value: filter.value)
            )
        }
        return loaded
    }

    /// Runs `body` with `what` (`sorting contacts by name`) shown as a
    /// progress line on a terminal, when `loaded` holds enough items for it
    /// to take a while; the line says that Ctrl-C stops it.
    func withProgress<Result>(_ what: @autoclosure () -> String, on loaded: LoadedProvider, _ body: () throws -> Result)
        rethrows -> Result
    {
        let items = loaded.provider.numberOfItems
        guard items >= ProgressThreshold.items else { return try body() }
        output.progress("\(what()) (\(items) items; Ctrl-C stops it)...")
        defer { output.progress(nil) }
        return try body()
    }

    /// Checks that `field` is one of `loaded`'s fields.
    func checkField(_ field: String, in loaded: LoadedProvider, column: Int? = nil) throws(ShellError) {
        try FieldNameList.check(field, in: loaded.fieldNames, dataset: loaded.name, column: column)
    }

    /// Tells the list of a provider's change to the current provider
    /// (``Presentation/apply(_:from:to:command:output:)``); `call` names the
    /// change the controller asked of the provider, for the trace.
    func apply(_ change: BatchUpdate, from call: @autoclosure () -> String) throws {
        try presentation.apply(change, from: call(), to: try? current(), command: commandLine ?? call(), output: output)
    }
}

extension Session {
    /// What a command that needs no more than the data, the list and the
    /// output is given (``CommandContext``).
    var commandContext: CommandContext {
        CommandContext(workspace: workspace, presentation: presentation, output: output, commandLine: history.last)
    }
}

extension CommandContext {
    /// Throws UIKit's unrecognized selector when the session's iOS version
    /// (`set ios`) is older than `version`, which added `selector` to `className`.
    func requireIOS(_ version: IOSVersion, _ selector: String, of className: String, column: Int? = nil)
        throws(ShellError)
    {
        let current = list.iOSVersion
        guard current < version else { return }
        throw ShellError(
            .ruleBroken(
                UIKitRule.unrecognizedSelector(selector, of: className).reason(in: list.style, on: current)
                    + " (iOS \(version) added it, and this session is iOS \(current): 'set ios \(version)')"),
            column: column)
    }

    /// Throws UIKit's unrecognized selector when the session's iOS version
    /// has no `reconfigureRows` (a table's) or `reconfigureItems` (a
    /// collection view's): iOS 15 added them.
    func requireViewReconfigure() throws(ShellError) {
        let isTable = list.style == .table
        try requireIOS(
            .reconfiguring, isTable ? "reconfigureRowsAtIndexPaths:" : "reconfigureItemsAtIndexPaths:",
            of: isTable ? "UITableView" : "UICollectionView")
    }

    /// The class of the diffable data source the list has: UIKit's names it in an unrecognized selector.
    var diffableDataSourceClass: String {
        list.style == .table ? "UITableViewDiffableDataSource" : "UICollectionViewDiffableDataSource"
    }
}

extension FieldNameList {
    /// Throws when `field` is not one of `fields`, the fields of `dataset`.
    static func check(_ field: String, in fields: [String], dataset: String, column: Int?) throws(ShellError) {
        guard !fields.contains(field) else { return }
        throw ShellError(.noField(field, dataset: dataset, fields: fields), column: column)
    }
}
