public import ListLabCore

/// One command as it ran in a session, its step record: its line, what it
/// printed, its errors, what the list did, the files it wrote, whether it was
/// stopped, and what it did to the data. ``Session/execute(_:at:)`` returns
/// it, and every ``StepObserver`` gets it: the journal writes it down
/// (recovery reads it back to replay only what is not on disk yet), a page
/// and a classroom read what failed and what was written from it.
public struct CommandRecord: Hashable, Sendable {
    /// The most list events a command's record keeps.
    static let mostListEvents = 1_000

    /// The command line.
    public var command: String
    /// What it printed, errors as `error: ...`.
    public var output: [String]
    /// The providers whose data it changed.
    public var edited: [String] = []
    /// The providers it wrote to their own files (`save`).
    public var saved: [String] = []
    /// The files it read or wrote, as named.
    public var files: [String] = []
    /// Whether it ended in an error.
    public var failed = false
    /// Whether Ctrl-C (or a classroom's budget) stopped it; it changed nothing.
    public var interrupted = false
    /// Whether a stop was asked for while it ran: it was interrupted, or
    /// (a `run`) its script stopped between two commands, the ones before
    /// done.
    public var stopped = false
    /// The messages of its errors, in order, without `error: `.
    public var errors: [String] = []
    /// The indices in ``output`` of the lines of its errors: each error's
    /// first line (`error: ...`) and the other lines of a message of
    /// several (UIKit's counts and updates), so a page marks all of them.
    public var errorLines: [Int] = []
    /// The lines it printed past the most a session keeps of one command
    /// (``Session/Bounds/keptOutputBytes``): ``output`` ends with one line
    /// that says so in their place.
    public var linesNotKept = 0
    /// What the list was asked to do while it ran, in order: each batch
    /// update as it was about to be performed, performed, or refused (the
    /// last 1,000 at most: a script of many changes keeps its latest).
    public var updates: [BatchUpdateEvent] = []
    /// The files it wrote, as named (`save`, `save FILE`, `export swift`,
    /// `session save`, `show --svg`).
    public var written: [String] = []
    /// Whether it ended the session (`quit`).
    public var ended = false
    /// Whether a saved session and a journal keep it (`session save`
    /// itself is not kept).
    public var isRecorded = true
    /// Whether ``output`` is only its start (a journal keeps no more): a
    /// transcript ends it with `...`.
    public var outputCut = false
    /// Prose a saved transcript writes before the command (a classroom's
    /// lesson marks the steps its Solution ran and the hints shown).
    public var notes: [String] = []

    /// Creates a record.
    public init(
        command: String, output: [String], edited: [String] = [], saved: [String] = [], files: [String] = [],
        failed: Bool = false, interrupted: Bool = false, stopped: Bool = false, errors: [String] = [],
        updates: [BatchUpdateEvent] = [],
        written: [String] = [], ended: Bool = false, isRecorded: Bool = true
    ) {
        self.command = command
        self.output = output
        self.edited = edited
        self.saved = saved
        self.files = files
        self.failed = failed
        self.interrupted = interrupted
        self.stopped = stopped || interrupted
        self.errors = errors
        self.updates = updates
        self.written = written
        self.ended = ended
        self.isRecorded = isRecorded
    }
}
