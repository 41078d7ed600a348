import ListLabCore
import ListLabRecords

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The journal of an interactive session: each command with its output,
/// appended as it runs, in the transcript format, so that a session killed
/// with unsaved edits can be recovered (``JournalFile``, `Session.recover`)
/// and still becomes a regression test.
///
/// Each command is one `write(2)` (no buffer in the process), after the
/// command has run: a kill loses at most the command that was running. A
/// `#did` line before each command notes what it did to the data, for
/// recovery; a `#sum` line after it holds a checksum of the lines since the
/// last one, so that a reader stops at a record cut short or changed
/// (``JournalFile/damage``); `#ended` closes a session that ended as asked.
///
/// A write the system refuses (a full disk) is said once through
/// ``onProblem`` and kept: every later command tries again from the first
/// byte not written, so the file is whole again as soon as there is room.
///
/// A journal keeps the start of each command's output, not all of it
/// (``keptOutput``): the rest is a `...` line, which a replay of the saved
/// transcript matches with any lines. A classroom tab's journal (a student's
/// commands, which are never run again outside its tab) keeps less, and
/// stops at ``classroomLimit`` bytes.
public final class SessionJournal {
    /// The journal's file.
    public let path: String
    private let descriptor: Int32
    /// Bytes not written yet (the system refused them), oldest first.
    private var pending: [UInt8] = []
    /// Whether this is a classroom tab's journal.
    public let isClassroom: Bool
    /// The commands appended so far.
    private var commandCount = 0
    /// The files the commands so far named, each once, in order (at most ``listedFiles``).
    private var touched: [String] = []
    /// The bytes written or waiting, to stop a classroom's journal at its limit.
    private var size = 0
    /// Whether a classroom's journal reached its limit and keeps nothing more.
    private var isFull = false
    /// Whether a refused write has been said and not yet made good.
    private var isFailing = false
    /// Hears, in one line each, that a write failed (once, until it works
    /// again) and that the journal caught up.
    public var onProblem: ((String) -> Void)?
    /// Writes bytes to the file (tests put a full disk in its place).
    lazy var writeBytes: (ArraySlice<UInt8>) -> (written: Int, failure: String?) = { [descriptor] bytes in
        FileDescriptor.writeAll(bytes, to: descriptor)
    }

    /// Starts a journal in `folder` (made when missing), named after the
    /// time and this process: `session-20261123-192403-1234.lab`, or for a
    /// browser tab of `listlab serve`, `session-20261123-192403-1234-tab3.lab`.
    ///
    /// - Parameters:
    ///   - folder: Where journals are kept.
    ///   - workingFolder: The session's working folder (absolute), where a
    ///     recovery runs its commands.
    ///   - tab: The tab's number in this process, for a session of a tab.
    /// - Throws: ``ShellError`` when the folder or the file cannot be made.
    ///   - classroom: Whether the tab is a classroom's (`listlab serve
    ///     --classroom`): its journal says so, and is never recovered.
    public convenience init(folder: String, workingFolder: String, tab: Int? = nil, classroom: Bool = false)
        throws(ShellError)
    {
        try self.init(
            folder: folder, workingFolder: workingFolder, date: Date(), processID: getpid(), tab: tab,
            classroom: classroom)
    }

    /// Starts a journal as of `date`, for the process `processID`.
    init(folder: String, workingFolder: String, date: Date, processID: Int32, tab: Int? = nil, classroom: Bool = false)
        throws(ShellError)
    {
        isClassroom = classroom
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ShellError(.failed("\(folder): cannot make the journal folder"))
        }
        let stamp = JournalFile.stamp(of: date)
        path = folder + "/session-" + stamp.fileName + "-\(processID)" + (tab.map { "-tab\($0)" } ?? "") + ".lab"
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw ShellError(
                .failed("\(path): cannot make the journal (\(String(cString: strerror(errno)).lowercased()))"))
        }
        var fields: [(String, Value)] = [
            ("started", .string(stamp.iso)), ("folder", .string(workingFolder)), ("pid", .int(Int(processID))),
        ]
        if let start = ProcessStart.ticks(of: processID) { fields.append(("pstart", .int(start))) }
        if let tab { fields.append(("tab", .int(tab))) }
        // Written first, before any command: nothing a student types can come before it.
        if classroom { fields.append(("classroom", .bool(true))) }
        // Each command's #did line says what it wrote and whether it ended the session (recovery reads them).
        fields.append(("records", .string("step")))
        write([
            "A ListLab session journal: each command with its output, written as it ran, and a checksum of each.",
            "'listlab sessions' lists journals; 'listlab recover' replays an unfinished one.",
            "",
            JournalFile.headerMark + Value.object(Record(fields: fields)).jsonText,
        ])
    }

    deinit {
        close(descriptor)
    }

    /// How much of a command's output a journal keeps: the first lines, up
    /// to a number of lines and of bytes; a classroom tab's journal keeps less.
    public static func keptOutput(classroom: Bool) -> (lines: Int, bytes: Int) {
        classroom ? (20, 4 * 1_024) : (200, 32 * 1_024)
    }

    /// The bytes a classroom tab's journal stops at: past them it notes that
    /// it is full and keeps nothing more.
    public static let classroomLimit = 4 * 1_048_576

    /// The most file names a `#did` line lists as the session's so far.
    static let listedFiles = 16

    /// Appends one command: what it did, its line and the start of its output.
    /// Each `#did` line holds the command's number and the files named so far,
    /// so that a listing reads them from the journal's end.
    public func append(_ record: CommandRecord) {
        guard !isFull else { return }
        commandCount += 1
        for file in record.files where !touched.contains(file) && touched.count < Self.listedFiles {
            touched.append(file)
        }
        var did: [(String, Value)] = [("n", .int(commandCount))]
        if !record.edited.isEmpty { did.append(("edited", .array(record.edited.map(Value.string)))) }
        if !record.saved.isEmpty { did.append(("saved", .array(record.saved.map(Value.string)))) }
        if !record.files.isEmpty { did.append(("files", .array(record.files.map(Value.string)))) }
        if !touched.isEmpty { did.append(("touched", .array(touched.map(Value.string)))) }
        if record.failed { did.append(("failed", .bool(true))) }
        if record.interrupted { did.append(("interrupted", .bool(true))) }
        if !record.written.isEmpty { did.append(("wrote", .array(record.written.map(Value.string)))) }
        if record.ended { did.append(("ended", .bool(true))) }
        let kept = Self.keptOutput(classroom: isClassroom)
        var output: [String] = []
        var bytes = 0
        for line in record.output.prefix(kept.lines) {
            bytes += line.utf8.count + 1
            guard bytes <= kept.bytes else { break }
            output.append(line)
        }
        // A student's command is never run again: it is kept as it reads, its controls escaped.
        let command = isClassroom ? VisibleText.escaped(record.command) : record.command
        var lines =
            [JournalFile.didMark + Value.object(Record(fields: did)).jsonText, "  > " + command]
            + Transcript.fileLines(for: output)
        if output.count < record.output.count { lines.append("  " + ExpectedLine.anyLines.text) }
        if isClassroom, size + lines.reduce(0, { $0 + $1.utf8.count + 1 }) > Self.classroomLimit {
            isFull = true
            lines = [JournalFile.fullMark]
        }
        write(lines)
    }

    /// Notes that the session ended as asked (`quit`, Ctrl-D).
    public func finish() {
        write([JournalFile.endedMark])
    }

    /// Writes `lines` and their checksum in one call, so that a kill leaves
    /// whole commands; what the system refuses waits for the next write.
    private func write(_ lines: [String]) {
        let text = lines.joined(separator: "\n") + "\n"
        size += text.utf8.count + 22
        pending += Array(text.utf8) + Array((JournalFile.sumMark + JournalFile.checksum(of: text) + "\n").utf8)
        retry()
    }

    /// Writes what the system refused before, if anything; says so once
    /// when it fails, and once when it works again.
    public func retry() {
        guard !pending.isEmpty else { return }
        let (written, failure) = writeBytes(pending[...])
        pending.removeFirst(written)
        if let failure {
            // Said once, to someone who hears it (a journal refused at its start is said once heard).
            guard !isFailing, let onProblem else { return }
            isFailing = true
            onProblem(
                "(the journal cannot be written: \(failure); \(path); it tries again after each command, and 'session "
                    + "save' still works)"
            )
        } else if isFailing {
            isFailing = false
            onProblem?("(the journal is written again: nothing was lost)")
        }
    }

    /// Whether every command so far is in the file.
    public var isWhole: Bool { pending.isEmpty }

    /// Where journals are kept: `$LISTLAB_JOURNALS`, else
    /// `$XDG_STATE_HOME/listlab`, else `~/.local/state/listlab`; nil with
    /// none of them.
    ///
    /// - Parameter tool: The tool whose journals these are (`listlab`, or a
    ///   playground of the user's): each keeps its own folder, so one tool
    ///   never recovers another's session.
    public static func folder(environment: [String: String], tool: String = "listlab") -> String? {
        if let folder = environment["LISTLAB_JOURNALS"], !folder.isEmpty {
            return tool == "listlab" ? folder : folder + "/" + tool
        }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/" + tool }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/state/" + tool }
        return nil
    }

    /// How many journals are kept, and how many bytes of them in all:
    /// starting a session removes the oldest beyond either.
    public static let kept = (count: 20, bytes: 64 * 1_048_576)

    /// Removes the oldest journals in `folder` beyond `limits` (``kept``), by
    /// count and by bytes (one being written by a live process is kept, and
    /// counted). Classroom tabs' journals and the others are counted apart:
    /// a class's tabs never push out the journal of a session of your own
    /// that a crash left for `recover`.
    public static func prune(_ folder: String, keeping limits: (count: Int, bytes: Int) = kept) {
        let all = JournalFile.summaries(in: folder)
        for group in [all.filter(\.isClassroom), all.filter { !$0.isClassroom }] {
            var count = 0
            var bytes = 0
            for journal in group {
                count += 1
                bytes += journal.bytes
                guard count > limits.count || bytes > limits.bytes, !journal.isRunning else { continue }
                try? FileManager.default.removeItem(atPath: journal.path)
                count -= 1
                bytes -= journal.bytes
            }
        }
    }
}

/// A journal hears its session's commands and writes down each one a saved
/// session would keep.
extension SessionJournal: StepObserver {
    public func session(_ session: Session, didRun record: CommandRecord) {
        if record.isRecorded { append(record) }
    }
}
