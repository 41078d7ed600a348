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
import ListLabRecords

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
public final class SessionJournal {
    /// The journal's file.
    public let path: String
    private let descriptor: Int32
    /// Bytes not written yet (the system refused them), oldest first.
    private var pending: [UInt8] = []
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
    public convenience init(folder: String, workingFolder: String, tab: Int? = nil) throws(ShellError) {
        try self.init(folder: folder, workingFolder: workingFolder, date: Date(), processID: getpid(), tab: tab)
    }

    /// Starts a journal as of `date`, for the process `processID`.
    init(folder: String, workingFolder: String, date: Date, processID: Int32, tab: Int? = nil) throws(ShellError) {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw ShellError("\(folder): cannot make the journal folder")
        }
        let stamp = JournalFile.stamp(of: date)
        path = folder + "/session-" + stamp.fileName + "-\(processID)" + (tab.map { "-tab\($0)" } ?? "") + ".lab"
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw ShellError("\(path): cannot make the journal (\(String(cString: strerror(errno)).lowercased()))") }
        var fields: [(String, Value)] = [("started", .string(stamp.iso)), ("folder", .string(workingFolder)), ("pid", .int(Int(processID)))]
        if let start = ProcessStart.ticks(of: processID) { fields.append(("pstart", .int(start))) }
        if let tab { fields.append(("tab", .int(tab))) }
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

    /// Appends one command: what it did, its line and its output.
    public func append(_ record: CommandRecord) {
        var did: [(String, Value)] = []
        if !record.edited.isEmpty { did.append(("edited", .array(record.edited.map(Value.string)))) }
        if !record.saved.isEmpty { did.append(("saved", .array(record.saved.map(Value.string)))) }
        if !record.files.isEmpty { did.append(("files", .array(record.files.map(Value.string)))) }
        if record.failed { did.append(("failed", .bool(true))) }
        if record.interrupted { did.append(("interrupted", .bool(true))) }
        write([JournalFile.didMark + Value.object(Record(fields: did)).jsonText, "  > " + record.command] + Transcript.fileLines(for: record.output))
    }

    /// Notes that the session ended as asked (`quit`, Ctrl-D).
    public func finish() {
        write([JournalFile.endedMark])
    }

    /// Writes `lines` and their checksum in one call, so that a kill leaves
    /// whole commands; what the system refuses waits for the next write.
    private func write(_ lines: [String]) {
        let text = lines.joined(separator: "\n") + "\n"
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
            onProblem("(the journal cannot be written: \(failure); \(path); it tries again after each command, and 'session save' still works)")
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
        if let folder = environment["LISTLAB_JOURNALS"], !folder.isEmpty { return tool == "listlab" ? folder : folder + "/" + tool }
        if let state = environment["XDG_STATE_HOME"], state.hasPrefix("/") { return state + "/" + tool }
        if let home = environment["HOME"], !home.isEmpty { return home + "/.local/state/" + tool }
        return nil
    }

    /// How many journals are kept: starting a session removes the oldest
    /// beyond this number.
    public static let kept = 20

    /// Removes the oldest journals in `folder` beyond ``kept`` (one being
    /// written by a live process is kept).
    public static func prune(_ folder: String) {
        for journal in JournalFile.all(in: folder).dropFirst(kept) where !journal.isRunning {
            try? FileManager.default.removeItem(atPath: journal.path)
        }
    }
}
