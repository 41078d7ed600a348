/// One command as it ran at the top level of a session: its line, what it
/// printed, and what it did to the data. The session journal writes these
/// down; recovery reads them back to replay only what is not on disk yet.
public struct CommandRecord: Hashable, Sendable {
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
    /// Whether Ctrl-C stopped it (it changed nothing).
    public var interrupted = false
    /// Whether ``output`` is only its start (a journal keeps no more): a
    /// transcript ends it with `...`.
    public var outputCut = false

    /// Creates a record.
    public init(
        command: String, output: [String], edited: [String] = [], saved: [String] = [], files: [String] = [],
        failed: Bool = false, interrupted: Bool = false
    ) {
        self.command = command
        self.output = output
        self.edited = edited
        self.saved = saved
        self.files = files
        self.failed = failed
        self.interrupted = interrupted
    }
}
