import ListLabCore

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

    /// The list every provider is shown in.
    var list: HeadlessList { presentation.list }

    /// The provider the list shows.
    func current() throws(ShellError) -> LoadedProvider {
        try workspace.current()
    }
}

extension Session {
    /// The part of the session a command of narrow needs sees (``CommandContext``).
    var commandContext: CommandContext {
        CommandContext(workspace: workspace, presentation: presentation, output: output)
    }

    /// A command's `run` that is given only a ``CommandContext``, not the
    /// whole session.
    static func inContext(_ body: @escaping @Sendable (CommandContext, inout Arguments) throws -> Void) -> @Sendable (Session, inout Arguments) throws -> Void {
        { session, arguments in try body(session.commandContext, &arguments) }
    }
}
