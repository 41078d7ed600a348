import ListLabRecords

/// One shell command, whole: how to write it, what it does, examples, what
/// TAB offers for its arguments, whether it takes `--data-only`, and the
/// code that runs it. `help`, completion and the dispatcher read these, so
/// a new command is one `Command` in one file (plus its tests).
struct Command: Sendable {
    /// The name typed at the prompt.
    let name: String
    /// Other names it answers to.
    let aliases: [String]
    /// How to write it: `select PATH`.
    let usage: String
    /// What it does, in one line.
    let summary: String
    /// More lines for `help COMMAND`, if any.
    let details: [String]
    /// Example command lines (a test runs every one).
    let examples: [String]
    /// Whether it changes the data and so takes `--data-only` (the data
    /// changes, the list is not told).
    let takesDataOnly: Bool
    /// Whether a saved session and a journal keep it (`session save`
    /// itself is not kept: a replay of it would save a transcript).
    let isRecorded: Bool
    /// Whether a page draws the list after it even when it changed nothing
    /// (`show` asks to see it).
    let alwaysDraws: Bool
    /// Whether it ends the session (`quit`).
    let endsSession: Bool
    /// Whether its refusals are UIKit's words, which change with the iOS
    /// version (`set ios`): `help` names the version in force.
    let speaksUIKitWords: Bool
    /// What TAB offers for the word being typed after the command's name.
    let completes: @Sendable (CompletionContext) -> [String]
    /// Runs the command with its arguments.
    let run: Runner

    /// How a command runs: on a ``CommandContext`` (the data, the list and
    /// the output), or, for the session's own commands (`run`, `quit`,
    /// `history`...), on the whole session.
    enum Runner: Sendable {
        /// Runs with a context: what almost every command needs.
        case inContext(@Sendable (CommandContext, inout Arguments) throws -> Void)
        /// Runs with the session itself: its scripts, history and recorder.
        case onSession(@Sendable (Session, inout Arguments) throws -> Void)
    }

    /// A command that works on the data, the list and the output (``CommandContext``).
    init(
        name: String, aliases: [String] = [], usage: String, summary: String, details: [String] = [],
        examples: [String],
        takesDataOnly: Bool = false, isRecorded: Bool = true, alwaysDraws: Bool = false, endsSession: Bool = false,
        speaksUIKitWords: Bool = false, completes: @escaping @Sendable (CompletionContext) -> [String] = { _ in [] },
        run: @escaping @Sendable (CommandContext, inout Arguments) throws -> Void
    ) {
        self.init(
            name: name, aliases: aliases, usage: usage, summary: summary, details: details, examples: examples,
            takesDataOnly: takesDataOnly, isRecorded: isRecorded, alwaysDraws: alwaysDraws, endsSession: endsSession,
            speaksUIKitWords: speaksUIKitWords, completes: completes, runner: .inContext(run))
    }

    /// One of the session's own commands, which acts on the session itself
    /// (its scripts, history, recorder or end) rather than on its data.
    init(
        sessionCommand name: String, aliases: [String] = [], usage: String, summary: String, details: [String] = [],
        examples: [String],
        isRecorded: Bool = true, endsSession: Bool = false,
        completes: @escaping @Sendable (CompletionContext) -> [String] = { _ in [] },
        run: @escaping @Sendable (Session, inout Arguments) throws -> Void
    ) {
        self.init(
            name: name, aliases: aliases, usage: usage, summary: summary, details: details, examples: examples,
            isRecorded: isRecorded, endsSession: endsSession, completes: completes, runner: .onSession(run))
    }

    private init(
        name: String, aliases: [String], usage: String, summary: String, details: [String], examples: [String],
        takesDataOnly: Bool = false, isRecorded: Bool, alwaysDraws: Bool = false, endsSession: Bool,
        speaksUIKitWords: Bool = false, completes: @escaping @Sendable (CompletionContext) -> [String], runner: Runner
    ) {
        self.name = name
        self.aliases = aliases
        self.usage = usage
        self.summary = summary
        self.details = details
        self.examples = examples
        self.takesDataOnly = takesDataOnly
        self.isRecorded = isRecorded
        self.alwaysDraws = alwaysDraws
        self.endsSession = endsSession
        self.speaksUIKitWords = speaksUIKitWords
        self.completes = completes
        self.run = runner
    }
}

extension Command {
    /// Every command, in the order `help` lists them.
    static let all: [Command] =
        dataCommands + presenterCommands + listCommands + mutationCommands + teachingCommands + exploreCommands
        + rowsCommands + diffCommands + diffableCommands + compositionCommands + exportCommands + sessionCommands

    /// The names of every command, for completion.
    static var names: [String] { all.map(\.name) }

    /// The command named (or aliased) `name`.
    static func command(named name: String) -> Command? {
        all.first { $0.name == name || $0.aliases.contains(name) }
    }

    /// The command a line runs, by its first word (any case); nil for none.
    static func command(of line: String) -> Command? {
        line.whitespaceSeparatedWords.first.flatMap { command(named: $0.lowercased()) }
    }

    /// Whether `line` is a command that writes files (`save`, `export`, `session save`, `show
    /// --svg`) or ends the session, by its words: what a journal written before its records said
    /// what a command wrote is read by, and what `explore`'s replay of a session may not do.
    static func writesFilesOrEnds(_ line: String) -> Bool {
        let words = line.whitespaceSeparatedWords.map { $0.lowercased() }
        return ["save", "export", "session", "quit", "exit"].contains(words.first ?? "")
            || (words.first == "show" && words.contains("--svg"))
    }
}
