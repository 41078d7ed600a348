/// One shell command, whole: how to write it, what it does, examples, what
/// TAB offers for its arguments, whether it takes `--data-only`, and the
/// code that runs it. `help`, completion and the dispatcher read these, so
/// a new command is one `Command` in one file (plus its tests).
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
    /// Example command lines (a test runs every one).
    let examples: [String]
    /// Whether it changes the data and so takes `--data-only` (the data
    /// changes, the list is not told).
    var takesDataOnly = false
    /// Whether a saved session and a journal keep it (`session save`
    /// itself is not kept: a replay of it would save a transcript).
    var isRecorded = true
    /// Whether a page draws the list after it even when it changed nothing
    /// (`show` asks to see it).
    var alwaysDraws = false
    /// Whether it ends the session (`quit`).
    var endsSession = false
    /// Whether its refusals are UIKit's words, which change with the iOS
    /// version (`set ios`): `help` names the version in force.
    var speaksUIKitWords = false
    /// What TAB offers for the word being typed after the command's name.
    var completes: @Sendable (CompletionContext) -> [String] = { _ in [] }
    /// Runs the command with its arguments.
    let run: @Sendable (Session, inout Arguments) throws -> Void
}

extension Session {
    /// Every command, in the order `help` lists them.
    static let commands: [Command] =
        dataCommands + presenterCommands + listCommands + mutationCommands + teachingCommands + diffCommands + diffableCommands + compositionCommands + exportCommands + sessionCommands

    /// The command named (or aliased) `name`.
    static func command(named name: String) -> Command? {
        commands.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The command a line runs, by its first word (any case); nil for none.
    static func command(of line: String) -> Command? {
        line.split(whereSeparator: \.isWhitespace).first.flatMap { command(named: $0.lowercased()) }
    }

    /// The names of every command, for completion.
    public static var commandNames: [String] { commands.map(\.name) }

    /// The names of the built-in samples, in the order `samples` lists them.
    public static var sampleNames: [String] { BuiltInSamples.all.map(\.name) }
}
