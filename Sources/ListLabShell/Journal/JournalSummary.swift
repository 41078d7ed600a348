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

/// A journal as a listing needs it (``JournalFile/summaries(in:)``), read
/// from its first and last bytes only: its header, how many commands it
/// holds and the files they named (from its last `#did` line), and how it
/// ended. Listing journals, pruning them and starting a session cost the
/// same however long the journals are; only a recovery or a save reads one
/// whole (``JournalFile``).
public struct JournalSummary: Sendable {
    /// The journal's file.
    public var path: String
    /// The journal's size in bytes.
    public var bytes: Int
    /// When the session started, in UTC (`2026-11-23T19:24:03Z`).
    public var started: String
    /// The session's working folder, when its header says.
    public var folder: String?
    /// The session's process.
    public var processID: Int32
    /// When the process started (clock ticks).
    var processStart: Int?
    /// For a session of a browser tab, the tab's number in its server's process.
    public var tab: Int?
    /// Whether the session was a classroom tab's: it is never run again
    /// outside that tab (``isUnfinished`` is false).
    public var isClassroom: Bool
    /// How many commands it holds; nil for a long journal written before
    /// journals numbered their commands.
    public var commandCount: Int?
    /// The files its commands named, each once, in order.
    public var files: [String]
    /// Whether the session ended as asked (`quit`, Ctrl-D, a tab closed).
    public var ended: Bool
    /// Whether a later session recovered it.
    public var recovered: Bool
    /// Why the journal looks damaged from its ends (a header lost, a last
    /// command cut short); a recovery reads it whole and says exactly.
    public var damage: String?

    /// The bytes read from the start; from the end, the first read and the
    /// most (a read from the end grows until it holds a `#did` line).
    static let headBytes = 16 * 1_024
    static let firstTailBytes = 8 * 1_024
    static let tailBytes = 1_048_576
    /// A journal up to this size is read whole: it has no numbered
    /// commands when it was written before they were numbered.
    static let readWhole = 4 * 1_048_576

    /// Reads the summary of the journal at `path`; nil when it cannot be
    /// read, or nothing in it or its name says what session it was.
    public init?(path: String) {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(info.st_size)
        // From the end, as much as holds the last command's #did line (a record is at most about 100 KB).
        var window = Self.firstTailBytes
        var tailStart = max(0, size - window)
        var tail = Self.read(descriptor, from: tailStart, count: size - tailStart)
        while tailStart > 0, window < Self.tailBytes, !Self.contains(Self.didLineStart, in: tail) {
            window *= 4
            tailStart = max(0, size - window)
            tail = Self.read(descriptor, from: tailStart, count: size - tailStart)
        }
        let head =
            tailStart == 0 ? Array(tail.prefix(Self.headBytes)) : Self.read(descriptor, from: 0, count: Self.headBytes)
        self.init(path: path, size: size, head: head, tail: tail, tailIsWhole: tailStart == 0) {
            Self.read(descriptor, from: 0, count: size)
        }
    }

    /// Reads a summary from a journal's first bytes and last bytes
    /// (`tailIsWhole` when the last bytes are the whole file); `whole` reads
    /// every byte, for a short journal written before commands were numbered.
    init?(path: String, size: Int, head: [UInt8], tail: [UInt8], tailIsWhole: Bool, whole: () -> [UInt8]) {
        let named = JournalFile.session(named: path)
        let header = Self.header(in: head)
        guard header != nil || named != nil else { return nil }
        self.path = path
        bytes = size
        started = header?["started"]?.stringValue ?? named?.started ?? ""
        folder = header?["folder"]?.stringValue
        processID = (header?["pid"]?.intValue).map(Int32.init(truncatingIfNeeded:)) ?? named?.processID ?? 0
        processStart = header?["pstart"]?.intValue
        tab = header?["tab"]?.intValue
        // A tab's journal whose header is lost may have been a classroom's: it is not run again either.
        isClassroom = header?["classroom"] == .bool(true) || (header == nil && named?.isTab == true)
        // The lines from the end back to the last #did line (the first line of a tail cut at its start is not one).
        let lines = Self.linesFromEnd(of: tail, through: JournalFile.didMark, keepingFirst: tailIsWhole)
        recovered = lines.contains { $0.elementsEqual(JournalFile.recoveredMark.utf8) }
        ended = lines.contains { $0.elementsEqual(JournalFile.endedMark.utf8) }
        let did = lines.last.flatMap { line in
            line.starts(with: JournalFile.didMark.utf8)
                ? Self.object(String(decoding: line.dropFirst(JournalFile.didMark.utf8.count), as: UTF8.self)) : nil
        }
        let lastLine = lines.first { !$0.elementsEqual(JournalFile.recoveredMark.utf8) }
        let cutShort = lastLine.map { !$0.starts(with: JournalFile.sumMark.utf8) } ?? false
        if let count = did?["n"]?.intValue {
            commandCount = count
            files = did?["touched"]?.stringArray ?? []
            damage =
                header == nil
                ? "its header is lost: the folder it ran in is unknown"
                : cutShort
                    ? "the last command was not written whole (the session was killed while writing it, or the disk "
                        + "was full)"
                    : nil
        } else if size <= Self.readWhole, let read = JournalFile(path: path, bytes: whole()) {
            commandCount = read.records.count
            files = read.files
            damage = read.damage
        } else {
            commandCount = nil
            files = []
            damage = nil
        }
    }

    /// The header's fields, when the journal's first record is whole and
    /// holds one: nothing written after it can stand in for it.
    private static func header(in head: [UInt8]) -> Record? {
        var record: [UInt8] = []
        for line in head.split(separator: 0x0A, omittingEmptySubsequences: false) {
            if line.starts(with: JournalFile.sumMark.utf8) {
                let written = String(decoding: line.dropFirst(JournalFile.sumMark.utf8.count), as: UTF8.self)
                guard written == JournalFile.checksum(of: record) else { return nil }
                let lines = record.split(separator: 0x0A)
                guard let headerLine = lines.first(where: { $0.starts(with: JournalFile.headerMark.utf8) }) else {
                    return nil
                }
                return object(String(decoding: headerLine.dropFirst(JournalFile.headerMark.utf8.count), as: UTF8.self))
            }
            record += line + [0x0A]
        }
        // A journal of the first format has no checksums: its header is read as it is.
        let lines = head.split(separator: 0x0A)
        guard let first = lines.first, String(decoding: first, as: UTF8.self) == JournalFile.uncheckedFirstLine,
            let headerLine = lines.first(where: { $0.starts(with: JournalFile.headerMark.utf8) })
        else { return nil }
        return object(String(decoding: headerLine.dropFirst(JournalFile.headerMark.utf8.count), as: UTF8.self))
    }

    private static let didLineStart = Array(("\n" + JournalFile.didMark).utf8)

    /// The non-empty lines of `bytes` from the last one back to the first
    /// that starts with `mark` (included), or to the start; the first line is
    /// left out unless `keepingFirst` (a read cut there). Last line first.
    static func linesFromEnd(of bytes: [UInt8], through mark: String, keepingFirst: Bool) -> [ArraySlice<UInt8>] {
        let mark = Array(mark.utf8)
        var lines: [ArraySlice<UInt8>] = []
        bytes.withUnsafeBufferPointer { buffer in
            var end = buffer.count
            var index = buffer.count - 1
            while index >= -1 {
                if index == -1 || buffer[index] == 0x0A {
                    let start = index + 1
                    guard index >= 0 || keepingFirst else { break }
                    if start < end {
                        lines.append(bytes[start..<end])
                        if end - start >= mark.count,
                            UnsafeBufferPointer(rebasing: buffer[start..<(start + mark.count)]).elementsEqual(mark)
                        {
                            break
                        }
                    }
                    end = index
                }
                index -= 1
            }
        }
        return lines
    }

    /// Whether `bytes` holds `pattern`.
    static func contains(_ pattern: [UInt8], in bytes: [UInt8]) -> Bool {
        guard let first = pattern.first, bytes.count >= pattern.count else { return false }
        return bytes.withUnsafeBytes { haystack in
            pattern.withUnsafeBytes { needle in
                guard let base = haystack.baseAddress, let wanted = needle.baseAddress else { return false }
                var offset = 0
                let last = haystack.count - needle.count
                // memchr finds each candidate's first byte; memcmp checks the rest.
                while offset <= last, let found = memchr(base + offset, Int32(first), last - offset + 1) {
                    let at = base.distance(to: UnsafeRawPointer(found))
                    if memcmp(base + at, wanted, needle.count) == 0 { return true }
                    offset = at + 1
                }
                return false
            }
        }
    }

    private static func object(_ text: String) -> Record? {
        var reader = JSONReader(text)
        guard case .object(let fields)? = try? reader.readValue() else { return nil }
        return fields
    }

    private static func read(_ descriptor: Int32, from offset: Int, count: Int) -> [UInt8] {
        guard count > 0 else { return [] }
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes {
                pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done))
            }
            if got < 0, errno == EINTR { continue }
            guard got > 0 else { break }
            done += got
        }
        return Array(bytes.prefix(done))
    }

    /// Whether the journal says the folder it ran in.
    public var knowsFolder: Bool { folder != nil }

    /// Whether the process that writes it still runs (and has not ended it).
    public var isRunning: Bool { !ended && ProcessStart.isRunning(processID, startTicks: processStart) }

    /// Whether it stopped without `quit`, no session has recovered it, and
    /// it may be: a classroom tab's journal never is.
    public var isUnfinished: Bool { !ended && !recovered && !isClassroom && !isRunning }
}

extension JournalFile {
    /// The summaries of the journals in `folder`, newest first.
    public static func summaries(in folder: String) -> [JournalSummary] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasPrefix("session-") && $0.hasSuffix(".lab") }
            .compactMap { JournalSummary(path: folder + "/" + $0) }
            .sorted {
                isNewer(
                    ($0.started, $0.processStart, $0.processID, $0.path),
                    than: ($1.started, $1.processStart, $1.processID, $1.path))
            }
    }
}
