/// Where a session writes: lines of output and error messages.
///
/// The executable writes output to standard output and errors to standard
/// error; tests and transcripts record both, in order, with
/// ``RecordingOutput``.
///
/// A session writes through a recorder of its own, which makes every line
/// safe (``VisibleText``) once for every way out: an output gets lines
/// already escaped, and an error of several lines (UIKit's layout of a set)
/// as its escaped lines joined by line breaks.
public protocol ShellOutput: AnyObject {
    /// Writes one line of output (without its line break).
    func write(_ line: String)
    /// Writes one error message (without `error: ` and without a line break).
    func writeError(_ message: String)
    /// Writes one error message given as its lines, each already made safe:
    /// UIKit lays some reasons out on several lines (an NSSet of
    /// identifiers). The session's recorder splits a message once and
    /// writes it so; an output that keeps lines takes them as they are.
    func writeError(lines: [String])
    /// Shows what a long task is doing (`loading rows.csv (61 MB)...`), or
    /// clears it (nil). Outputs that are not a terminal show nothing.
    func progress(_ text: String?)
}

extension ShellOutput {
    public func progress(_ text: String?) {}

    /// The lines joined by line breaks, as one message.
    public func writeError(lines: [String]) {
        writeError(lines.joined(separator: "\n"))
    }
}

/// An output that keeps every line in memory, in order; errors are kept as
/// `error: MESSAGE`, as a terminal would show them.
public final class RecordingOutput: ShellOutput {
    /// The lines written so far.
    public private(set) var lines: [String] = []
    /// The indices in ``lines`` of the lines of errors: each one's first
    /// line and the lines of a message of several (UIKit's counts and
    /// updates), so that a page shows all of them as an error.
    public private(set) var errorLines: [Int] = []
    /// The number of errors written so far.
    public private(set) var errorCount = 0
    /// The bytes of lines kept until ``clear()``: past them, lines are
    /// counted in ``droppedLines`` rather than kept (errors are always kept).
    public var byteLimit = Int.max
    /// The lines not kept since ``clear()``, past ``byteLimit``.
    public private(set) var droppedLines = 0
    private var bytes = 0

    /// Creates an empty recording.
    public init() {}

    public func write(_ line: String) {
        keep(line)
    }

    public func writeError(_ message: String) {
        writeError(lines: message.split(separator: "\n", omittingEmptySubsequences: false).map(String.init))
    }

    /// Keeps a message of several lines (UIKit's layout of a set) line by line.
    public func writeError(lines parts: [String]) {
        errorCount += 1
        errorLines.append(lines.count)
        lines.append("error: " + (parts.first ?? ""))
        for part in parts.dropFirst() where keep(part) { errorLines.append(lines.count - 1) }
    }

    /// Keeps `line` unless past ``byteLimit``; whether it was kept.
    @discardableResult
    private func keep(_ line: String) -> Bool {
        bytes += line.utf8.count + 1
        guard bytes <= byteLimit else {
            droppedLines += 1
            return false
        }
        lines.append(line)
        return true
    }

    /// Forgets what was recorded.
    public func clear() {
        lines = []
        errorLines = []
        errorCount = 0
        droppedLines = 0
        bytes = 0
    }
}

/// An output that keeps and shows nothing: for a session whose commands are
/// read from their records (``CommandRecord``), as a page's steps and a
/// transcript's replay are.
public final class DiscardingOutput: ShellOutput {
    /// Creates an output that discards what it is given.
    public init() {}

    public func write(_ line: String) {}

    public func writeError(_ message: String) {}

    public func writeError(lines: [String]) {}
}
