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
    /// The part of the session a command of narrow needs sees (``CommandContext``).
    var commandContext: CommandContext {
        CommandContext(workspace: workspace, presentation: presentation, output: output, commandLine: history.last)
    }

    /// A command's `run` that is given only a ``CommandContext``, not the
    /// whole session.
    static func inContext(_ body: @escaping @Sendable (CommandContext, inout Arguments) throws -> Void) -> @Sendable (Session, inout Arguments) throws -> Void {
        { session, arguments in try body(session.commandContext, &arguments) }
    }
}
