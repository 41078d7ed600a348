import ListLabCore
import ListLabRecords

/// What a command that reads the data or acts on the list works with: the
/// workspace (the providers, the current one), the presentation (the list
/// and what joins it to the data) and where to write. Nothing else of the
/// session: not its scripts, recorder, journal or history.
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

    /// The current provider, when no filter hides part of it (changes to a
    /// filtered view, and saving one, would lose the hidden items).
    func unfiltered(for command: String) throws(ShellError) -> LoadedProvider {
        let loaded = try current()
        if let filter = loaded.filter {
            throw ShellError("\(command) is refused while a filter is on (\(filter.field)=\(filter.value.jsonText)): 'filter off' first")
        }
        return loaded
    }

    /// Runs `body` with `what` (`sorting contacts by name`) shown as a
    /// progress line on a terminal, when `loaded` holds enough items for it
    /// to take a while; the line says that Ctrl-C stops it.
    func withProgress<Result>(_ what: @autoclosure () -> String, on loaded: LoadedProvider, _ body: () throws -> Result) rethrows -> Result {
        let items = loaded.provider.numberOfItems
        guard items >= Session.progressItemThreshold else { return try body() }
        output.progress("\(what()) (\(items) items; Ctrl-C stops it)...")
        defer { output.progress(nil) }
        return try body()
    }

    /// Checks that `field` is one of `loaded`'s fields.
    func checkField(_ field: String, in loaded: LoadedProvider, column: Int? = nil) throws(ShellError) {
        try Session.checkField(field, in: loaded.fieldNames, dataset: loaded.name, column: column)
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

    /// A command's `run` that is given only a ``CommandContext``, not the
    /// whole session.
    static func inContext(_ body: @escaping @Sendable (CommandContext, inout Arguments) throws -> Void) -> @Sendable (Session, inout Arguments) throws -> Void {
        { session, arguments in try body(session.commandContext, &arguments) }
    }

    /// `4 changes in 2 stages` (``CommandContext/summary(_:)``).
    func summary(_ staged: StagedUpdate) -> String { commandContext.summary(staged) }

    /// `4 changes in 2 stages`, for stages performed.
    func summary(of performed: [BatchUpdate]) -> String { commandContext.summary(of: performed) }

    /// `4 changes in 2 stages`.
    func summary(changes: Int, stages: Int) -> String { commandContext.summary(changes: changes, stages: stages) }

    /// What a command says when its changes were too many for batch updates.
    func reloadedDataNote(_ what: String, _ summary: String) -> String { commandContext.reloadedDataNote(what, summary) }
}
