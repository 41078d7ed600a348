import ListLabCore

/// Passes output through to the session's output, and keeps each command's
/// lines so that the session can be saved as a transcript (and a script's
/// command can be checked against what its transcript expected).
///
/// Every line is made safe here (``VisibleText``), once for every way out:
/// the terminal, transcripts, the journal and `--echo` all get the same
/// escaped text, so no data (a cell, a field or file name) drives a terminal.
final class SessionRecorder: ShellOutput {
    private let base: any ShellOutput
    private(set) var entries: [(command: String, output: [String])] = []
    /// For each entry, whether its output is only its start (``limit``).
    private(set) var cut: [Bool] = []
    /// For each entry, the prose a transcript writes before it (``note(_:)``).
    private(set) var notes: [[String]] = []
    /// Prose for the next command kept.
    private var pendingNotes: [String] = []
    /// What the record keeps, when bounded (a classroom tab's session): each
    /// command's first lines and bytes of output, and the bytes of the whole
    /// record, past which it keeps no more commands (``isFull``).
    var limit: (lines: Int, bytes: Int, total: Int)?
    /// Whether the record reached ``limit``'s total and keeps nothing more.
    private(set) var isFull = false
    /// The bytes of commands and output the record keeps.
    private(set) var keptBytes = 0
    private var current: [String] = []
    /// The messages of the errors written since ``startCommand()``.
    private(set) var currentErrors: [String] = []
    /// The lines written since ``startCommand()``.
    var currentLines: [String] { current }
    /// The indices in ``currentLines`` of the lines of its errors: each
    /// error's first line and the rest of a message of several.
    private(set) var currentErrorLines: [Int] = []
    /// The lines written since ``startCommand()`` past ``mostKeptBytes``, not kept.
    private(set) var currentLinesNotKept = 0
    /// The lines of each capture still open, outermost first.
    private var captures: [[String]] = []
    /// The bytes a command's lines and each capture keep, when bounded (a
    /// replay of an untrusted transcript): past them, one line says so and
    /// the rest is passed through, not kept.
    var mostKeptBytes = Int.max
    private var currentBytes = 0
    private var captureBytes: [Int] = []

    init(_ base: any ShellOutput) {
        self.base = base
    }

    func write(_ line: String) {
        let line = VisibleText.escaped(line)
        keep(line)
        base.write(line)
    }

    func writeError(_ message: String) {
        writeError(message, recording: message)
    }

    /// Writes an error as `shown` (with the `FILE:LINE:` of the input it came
    /// from) and keeps it as `recorded`, what a replay of the command prints,
    /// so that a saved session replays as it was recorded.
    func writeError(_ shown: String, recording recorded: String) {
        // A reason that UIKit lays out on several lines (an NSSet of identifiers) keeps its
        // lines; the library escaped the data in it, so its line breaks are the layout's.
        let lines = Self.safeLines(recorded)
        currentErrors.append(lines.joined(separator: "\n"))
        for (index, line) in lines.enumerated() {
            if keep(index == 0 ? "error: " + line : line) { currentErrorLines.append(current.count - 1) }
        }
        base.writeError(lines: recorded == shown ? lines : Self.safeLines(shown))
    }

    /// Each line of `message`, escaped.
    static func safeLines(_ message: String) -> [String] {
        message.split(separator: "\n", omittingEmptySubsequences: false).map { VisibleText.escaped(String($0)) }
    }

    func progress(_ text: String?) {
        base.progress(text.map(VisibleText.escaped))
    }

    /// Writes a line that is not any command's output (`set timer on`'s
    /// times): not kept, not captured, so a transcript never records it.
    func writeUnrecorded(_ line: String) {
        base.write(VisibleText.escaped(line))
    }

    /// Keeps `line` in the command's lines and each capture's; whether the
    /// command's lines kept it as it is.
    @discardableResult
    private func keep(_ line: String) -> Bool {
        let size = line.utf8.count + 1
        var kept = false
        if currentBytes <= mostKeptBytes {
            currentBytes += size
            kept = currentBytes <= mostKeptBytes
            current.append(kept ? line : notKept)
        }
        if !kept { currentLinesNotKept += 1 }
        for index in captures.indices where captureBytes[index] <= mostKeptBytes {
            captureBytes[index] += size
            captures[index].append(captureBytes[index] <= mostKeptBytes ? line : notKept)
        }
        return kept
    }

    /// The line that stands for the output past ``mostKeptBytes``.
    private var notKept: String {
        "... (more output, past \(TranscriptRunner.described(bytes: mostKeptBytes)), not kept)"
    }

    func startCommand() {
        current = []
        currentBytes = 0
        currentErrors = []
        currentErrorLines = []
        currentLinesNotKept = 0
    }

    /// Keeps `command` with what it printed, and returns the lines; `session
    /// save` itself is not kept (nil).
    func finishCommand(_ command: String) -> [String]? {
        guard Command.command(of: command)?.isRecorded != false else { return nil }
        guard let limit else {
            entries.append((command, current))
            cut.append(false)
            notes.append(pendingNotes)
            pendingNotes = []
            return current
        }
        guard !isFull else { return current }
        var kept: [String] = []
        var bytes = 0
        for line in current.prefix(limit.lines) {
            bytes += line.utf8.count + 1
            guard bytes <= limit.bytes else { break }
            kept.append(line)
        }
        let size = command.utf8.count + bytes
        guard keptBytes + size <= limit.total else {
            isFull = true
            return current
        }
        keptBytes += size + pendingNotes.reduce(0) { $0 + $1.utf8.count + 1 }
        entries.append((command, kept))
        cut.append(kept.count < current.count)
        notes.append(pendingNotes)
        pendingNotes = []
        return current
    }

    /// Keeps `prose` to write before the next command kept, in a transcript
    /// of the record: at most ``mostNotes`` a command, each cut to 1 KB, and
    /// none once the record is full (a page that asks for the Solution over
    /// and over adds a note each time).
    func note(_ prose: String) {
        guard !isFull, pendingNotes.count < Self.mostNotes else { return }
        pendingNotes.append(String(prose.prefix(1_024)))
    }

    /// The most notes written before one command.
    static let mostNotes = 20

    /// Runs `body` and returns the lines written meanwhile (they are written
    /// and kept as usual too).
    func capturing(_ body: () -> Void) -> [String] {
        captures.append([])
        captureBytes.append(0)
        body()
        captureBytes.removeLast()
        return captures.removeLast()
    }
}
