/// One shell command: how to write it, what it does, an example, and the
/// code that runs it. `help` is generated from these.
struct Command: Sendable {
    /// The name typed at the prompt.
    let name: String
    /// Other names it answers to.
    var aliases: [String] = []
    /// How to write it: `select PATH`.
    let usage: String
    /// What it does, in one line.
    let summary: String
    /// More lines for `help COMMAND`, if any.
    var details: [String] = []
    /// Example command lines.
    let examples: [String]
    /// Runs the command with its arguments.
    let run: @Sendable (Session, inout Arguments) throws -> Void
}

extension Session {
    /// Every command, in the order `help` lists them.
    static let commands: [Command] =
        dataCommands + presenterCommands + listCommands + mutationCommands + teachingCommands + diffCommands + compositionCommands + sessionCommands

    /// The command named (or aliased) `name`.
    static func command(named name: String) -> Command? {
        commands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The names of every command, for completion.
    public static var commandNames: [String] { commands.map(\.name) }
}
