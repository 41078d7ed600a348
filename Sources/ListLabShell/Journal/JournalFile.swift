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
    /// Where reading stopped short, and why, when the file is damaged (a
    /// command cut short by a kill or a full disk, bytes changed since they
    /// were written, a lost header); nil when it is whole. The commands
    /// before the damage are read, and can be recovered.
    public var damage: String?
    /// Whether the header said where the session ran; without it a recovery
    /// runs in the folder it is started from.
    public var knowsFolder: Bool
    /// When the process started (clock ticks), to tell it from a later one
    /// given the same number.
    var processStart: Int?
    /// For a session of a browser tab (`listlab serve`), the tab's number in
    /// its server's process.
    public var tab: Int?
    /// Whether the session was a classroom tab's (`listlab serve
    /// --classroom`): a student's commands, never run again outside the
    /// tab's folder, so never recovered. A tab's journal whose header is
    /// lost counts as one.
    public var isClassroom: Bool
    /// Whether each command's `#did` line says what it wrote and whether it
    /// ended the session (a journal of this version); an older journal's
    /// records have their command's words only.
    public var recordsSteps: Bool

    static let headerMark = "#journal "
    static let didMark = "#did "
    static let sumMark = "#sum "
    static let endedMark = "#ended"
    static let recoveredMark = "#recovered"
    static let fullMark = "#full"
    /// The first line of a journal written before checksums: read whole, as it is.
    static let uncheckedFirstLine = "A ListLab session journal: each command with its output, written as it ran."

    /// Reads the journal at `path`; nil when it cannot be read at all.
    public init?(path: String) {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        self.init(path: path, bytes: [UInt8](data))
    }

    /// Reads a journal's bytes, up to the first damage; nil when nothing in
    /// them, nor the file's name, says what session it was.
    init?(path: String, bytes: [UInt8]) {
        let (text, damage) = Self.checkedText(bytes)
        let transcript = Transcript(text: text)
        let named = Self.session(named: path)
        var header: Record?
        if let headerLine = transcript.lines.first(where: { $0.hasPrefix(Self.headerMark) }),
            case .object(let fields)? = Self.json(String(headerLine.dropFirst(Self.headerMark.count)))
        {
            header = fields
        }
        guard header != nil || named != nil else { return nil }
        self.path = path
        started = header?["started"]?.stringValue ?? named?.started ?? ""
        knowsFolder = header?["folder"]?.stringValue != nil
        folder = header?["folder"]?.stringValue ?? "."
        processID = (header?["pid"]?.intValue).map(Int32.init(truncatingIfNeeded:)) ?? named?.processID ?? 0
        processStart = header?["pstart"]?.intValue
        tab = header?["tab"]?.intValue
        isClassroom = header?["classroom"] == .bool(true) || (header == nil && (tab != nil || named?.isTab == true))
        recordsSteps = header?["records"] == .string("step")
        self.damage = damage ?? (header == nil ? "its header is lost: the folder it ran in is unknown" : nil)
        records = transcript.blocks.map { block in
            var record = CommandRecord(command: block.command, output: block.expected.map(\.outputText))
            if block.expected.last == .anyLines {
                record.output.removeLast()
                record.outputCut = true
            }
            let before = block.commandIndex - 1
            if before >= 0, transcript.lines[before].hasPrefix(Self.didMark),
                case .object(let did)? = Self.json(String(transcript.lines[before].dropFirst(Self.didMark.count)))
            {
                record.edited = did["edited"]?.stringArray ?? []
                record.saved = did["saved"]?.stringArray ?? []
                record.files = did["files"]?.stringArray ?? []
                record.failed = did["failed"] == .bool(true)
                record.interrupted = did["interrupted"] == .bool(true)
                record.written = did["wrote"]?.stringArray ?? []
                record.ended = did["ended"] == .bool(true)
            }
            return record
        }
        ended = transcript.lines.contains(Self.endedMark)
        // Read from every line, damaged ones too: a recovery marks a damaged journal as well.
        recovered = bytes.split(separator: 0x0A).contains { $0.elementsEqual(Self.recoveredMark.utf8) }
    }

    private static func json(_ text: String) -> Value? {
        var reader = JSONReader(text)
        return try? reader.readValue()
    }

    /// The text of a journal's bytes up to its first damage, and where that
    /// is. Each record ends with a `#sum` line, the checksum of the lines
    /// since the one before: a record whose lines do not match it, or that
    /// has none (cut short), ends the reading. A journal written before
    /// checksums is read up to its first line that is not UTF-8.
    static func checkedText(_ bytes: [UInt8]) -> (text: String, damage: String?) {
        var lines = bytes.split(separator: 0x0A, omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        let unchecked = lines.first.map { String(decoding: $0, as: UTF8.self) == uncheckedFirstLine } ?? false
        var accepted: [UInt8] = []
        var record: [UInt8] = []
        var recordStart = 1
        for (index, line) in lines.enumerated() {
            let number = index + 1
            if unchecked {
                guard String(validating: line, as: UTF8.self) != nil else {
                    return (
                        String(decoding: accepted, as: UTF8.self),
                        "stopped at line \(number): its bytes are not UTF-8 text"
                    )
                }
                accepted += line + [0x0A]
                continue
            }
            if line.elementsEqual(recoveredMark.utf8) { continue }
            if line.starts(with: Array(sumMark.utf8)) {
                let written = String(decoding: line.dropFirst(sumMark.utf8.count), as: UTF8.self)
                guard written == checksum(of: record) else {
                    return (
                        String(decoding: accepted, as: UTF8.self),
                        "stopped at line \(recordStart): lines \(recordStart)-\(number - 1) changed since they were "
                            + "written (their checksum does not match)"
                    )
                }
                accepted += record
                record = []
                recordStart = number + 1
                continue
            }
            record += line + [0x0A]
        }
        let cutShort = record.contains { $0 != 0x0A && $0 != 0x20 }
        return (
            String(decoding: accepted, as: UTF8.self),
            cutShort
                ? "stopped at line \(recordStart): the last command was not written whole (the session was killed "
                    + "while writing it, or the disk was full)"
                : nil
        )
    }

    /// The checksum a `#sum` line holds: FNV-1a of the bytes, in 16 hex digits.
    static func checksum(of text: String) -> String { checksum(of: Array(text.utf8)) }

    static func checksum(of bytes: [UInt8]) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in bytes {
            hash ^= UInt64(byte)
            hash &*= 0x100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// When and in what process the session of a journal named
    /// `session-20261123-192403-1234.lab` (or `...-1234-tab3.lab`, a browser
    /// tab's) started, from the name alone.
    static func session(named path: String) -> (started: String, processID: Int32, isTab: Bool)? {
        let name = path.split(separator: "/").last.map(String.init) ?? path
        guard name.hasPrefix("session-"), name.hasSuffix(".lab") else { return nil }
        let parts = name.dropFirst("session-".count).dropLast(".lab".count).split(separator: "-")
        let isTab =
            parts.count == 4 && parts[3].hasPrefix("tab") && parts[3].dropFirst(3).allSatisfy(\.isNumber)
            && parts[3].count > 3
        guard parts.count == 3 || isTab, parts[0].count == 8, parts[1].count == 6, let processID = Int32(parts[2]),
            parts[0].allSatisfy(\.isNumber), parts[1].allSatisfy(\.isNumber)
        else { return nil }
        let (day, clock) = (Array(parts[0]), Array(parts[1]))
        let started =
            "\(String(day[0..<4]))-\(String(day[4..<6]))-\(String(day[6..<8]))T\(String(clock[0..<2])):\(String(clock[2..<4])):\(String(clock[4..<6]))Z"
        return (started, processID, isTab)
    }

    /// Whether the process that writes it still runs (and has not ended it):
    /// a zombie, or a later process given the same number, is not it.
    public var isRunning: Bool {
        !ended && ProcessStart.isRunning(processID, startTicks: processStart)
    }

    /// Whether it stopped without `quit` and no session has recovered it.
    /// A classroom tab's journal never is.
    public var isUnfinished: Bool { !ended && !recovered && !isClassroom && !isRunning }

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
            of: records,
            prose: [
                "A ListLab session, from its journal (started \(started)). Replay it with 'listlab test' in \(folder)."
            ])
    }

    /// Notes in the journal that a session recovered it (it is no longer
    /// offered for recovery).
    public func markRecovered() {
        let descriptor = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        defer { close(descriptor) }
        // On a line of its own even after a line cut short; outside the checksums, which a damaged tail breaks.
        FileDescriptor.writeAll("\n" + Self.recoveredMark + "\n", to: descriptor)
    }

    /// The journals in `folder`, newest first.
    public static func all(in folder: String) -> [JournalFile] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("session-") && $0.hasSuffix(".lab") }
            .compactMap { JournalFile(path: folder + "/" + $0) }
            .sorted {
                isNewer(
                    ($0.started, $0.processStart, $0.processID, $0.path),
                    than: ($1.started, $1.processStart, $1.processID, $1.path))
            }
    }

    /// What orders journals: when they started, their processes' start and number, their paths.
    typealias Order = (started: String, processStart: Int?, processID: Int32, path: String)

    /// Whether `one` started after `other`. Names are stamped to the second, so
    /// two sessions of one second are told apart by their processes' start
    /// (clock ticks), never by comparing process numbers as text.
    static func isNewer(_ one: Order, than other: Order) -> Bool {
        if one.started != other.started { return one.started > other.started }
        if let first = one.processStart, let second = other.processStart, first != second { return first > second }
        if one.processID != other.processID { return one.processID > other.processID }
        return one.path > other.path
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
        let iso =
            "\(year)-\(two(parts.tm_mon + 1))-\(two(parts.tm_mday))T\(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec))Z"
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

/// A journal's JSON fields as Swift values (JournalFile and JournalSummary read them).
extension Value {
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    var intValue: Int? {
        if case .int(let number) = self { return number }
        return nil
    }

    var stringArray: [String]? {
        guard case .array(let values) = self else { return nil }
        return values.compactMap(\.stringValue)
    }
}
