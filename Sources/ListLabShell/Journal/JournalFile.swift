#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import ListLabRecords

/// A session journal read back (see ``SessionJournal``): when and where the
/// session ran, its commands with their output and what they did, and how it
/// ended.
public struct JournalFile: Sendable {
    /// The journal's file.
    public var path: String
    /// When the session started, in UTC (`2026-11-23T19:24:03Z`).
    public var started: String
    /// The session's working folder.
    public var folder: String
    /// The session's process.
    public var processID: Int32
    /// Its commands, in order.
    public var records: [CommandRecord]
    /// Whether the session ended as asked (`quit`, Ctrl-D).
    public var ended: Bool
    /// Whether a later session recovered it.
    public var recovered: Bool

    static let headerMark = "#journal "
    static let didMark = "#did "
    static let endedMark = "#ended"
    static let recoveredMark = "#recovered"

    /// Reads the journal at `path`; nil when it is not one.
    public init?(path: String) {
        guard let text = try? TextFile.read(path) else { return nil }
        self.init(path: path, text: text)
    }

    /// Reads a journal's text; nil when it is not one.
    init?(path: String, text: String) {
        let transcript = Transcript(text: text)
        guard let headerLine = transcript.lines.first(where: { $0.hasPrefix(Self.headerMark) }),
            case .object(let header)? = Self.json(String(headerLine.dropFirst(Self.headerMark.count)))
        else { return nil }
        self.path = path
        started = header["started"]?.stringValue ?? ""
        folder = header["folder"]?.stringValue ?? "."
        processID = (header["pid"]?.intValue).map(Int32.init(truncatingIfNeeded:)) ?? 0
        records = transcript.blocks.map { block in
            var record = CommandRecord(command: block.command, output: block.expected.map(\.outputText))
            let before = block.commandIndex - 1
            if before >= 0, transcript.lines[before].hasPrefix(Self.didMark),
                case .object(let did)? = Self.json(String(transcript.lines[before].dropFirst(Self.didMark.count)))
            {
                record.edited = did["edited"]?.stringArray ?? []
                record.saved = did["saved"]?.stringArray ?? []
                record.files = did["files"]?.stringArray ?? []
                record.failed = did["failed"] == .bool(true)
                record.interrupted = did["interrupted"] == .bool(true)
            }
            return record
        }
        ended = transcript.lines.contains(Self.endedMark)
        recovered = transcript.lines.contains(Self.recoveredMark)
    }

    private static func json(_ text: String) -> Value? {
        var reader = JSONReader(text)
        return try? reader.readValue()
    }

    /// Whether the process that writes it still runs (and has not ended it).
    public var isRunning: Bool {
        !ended && processID > 0 && (kill(processID, 0) == 0 || errno == EPERM)
    }

    /// Whether it stopped without `quit` and no session has recovered it.
    public var isUnfinished: Bool { !ended && !recovered && !isRunning }

    /// The files its commands read or wrote, each once, in order.
    public var files: [String] {
        var seen: [String] = []
        for file in records.flatMap(\.files) where !seen.contains(file) { seen.append(file) }
        return seen
    }

    /// The session as a transcript that replays as a regression test: its
    /// commands and output, without the journal's notes.
    public var transcript: String {
        Transcript.text(
            of: records.map { ($0.command, $0.output) },
            prose: ["A ListLab session, from its journal (started \(started)). Replay it with 'listlab test' in \(folder)."])
    }

    /// Notes in the journal that a session recovered it (it is no longer
    /// offered for recovery).
    public func markRecovered() {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        FileDescriptor.writeAll(Self.recoveredMark + "\n", to: descriptor)
    }

    /// The journals in `folder`, newest first.
    public static func all(in folder: String) -> [JournalFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("session-") && $0.hasSuffix(".lab") }.sorted(by: >)
            .compactMap { JournalFile(path: folder + "/" + $0) }
    }

    /// A time as a journal's name and header write it: `20261123-192403`
    /// and `2026-11-23T19:24:03Z`, in UTC.
    static func stamp(of date: Date) -> (fileName: String, iso: String) {
        var seconds = time_t(date.timeIntervalSince1970)
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        let year = "\(parts.tm_year + 1900)"
        let day = year + two(parts.tm_mon + 1) + two(parts.tm_mday)
        let clock = two(parts.tm_hour) + two(parts.tm_min) + two(parts.tm_sec)
        let iso = "\(year)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
        return (day + "-" + clock, iso)
    }
}

extension ExpectedLine {
    /// The printed line this expected line was written from (a journal's
    /// lines are exact: escaped, never wildcards).
    var outputText: String {
        switch self {
        case .pattern(let text), .literal(let text): text
        case .anyLines: "..."
        }
    }
}

extension Value {
    fileprivate var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    fileprivate var intValue: Int? {
        if case .int(let number) = self { return number }
        return nil
    }

    fileprivate var stringArray: [String]? {
        guard case .array(let values) = self else { return nil }
        return values.compactMap(\.stringValue)
    }
}
