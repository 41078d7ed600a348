import ListLabShell
import Synchronization

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

/// What a classroom keeps of each student's latest session, beside its
/// token file (`--token-file FILE` keeps it in `FILE.sessions/`): the
/// messages that session's tab sent, a line each, so that the student's
/// next tab, after the session ended (the server stopped, or the tab stayed
/// closed past ``PlaygroundServer/classroomKeptFor``), replays them into a
/// new session and takes up where they left off: the data, the open
/// lesson, the steps.
///
/// A log is the student's browser's (its key names the file), written by
/// one tab at a time. It holds at most a tab's `--disk` (a log past it is
/// removed: a session replayed in part would not be the student's), the
/// logs together at most `--disk-total`, and at most ``mostLogs`` of them;
/// the logs that one address's tabs keep (its pages can make up keys) at
/// most `mostPerAddress` bytes and ``ClassRoster/mostStudentsPerAddress``
/// logs, counted from the server's start.
/// The folder is its owner's alone, as the token file is.
package final class SessionLogs: Sendable {
    /// The folder of the logs.
    let folder: String
    /// The most bytes one log holds.
    let mostBytes: Int
    /// The most bytes the logs hold together.
    let mostTotal: Int
    /// The most bytes the logs of one address's tabs hold together.
    let mostPerAddress: Int
    /// The address of the tab that keeps each student's log, since the server started.
    private let addresses = Mutex<[String: String]>([:])
    /// The most logs.
    static let mostLogs = ClassRoster.mostNames
    /// The most messages a log holds: a replay is a new tab's wait.
    static let mostMessages = 5_000

    /// The bytes of each log, by student key.
    private let sizes: Mutex<[String: Int]>

    /// The logs beside the token file at `tokenFile`.
    static func folder(besideTokenFile tokenFile: String) -> String {
        tokenFile + ".sessions"
    }

    /// The logs in `folder`, made (readable by its owner alone) when there are none yet.
    ///
    /// - Throws: ``TokenFile/Problem`` when the folder is a link, not a
    ///   folder, someone else's or open to others.
    init(folder: String, mostBytes: Int, mostTotal: Int, mostPerAddress: Int? = nil) throws(TokenFile.Problem) {
        if mkdir(folder, 0o700) != 0, errno != EEXIST {
            throw TokenFile.Problem(description: "\(folder) cannot be made (\(String(cString: strerror(errno))))")
        }
        var status = stat()
        guard lstat(folder, &status) == 0, status.st_mode & S_IFMT == S_IFDIR else {
            throw TokenFile.Problem(description: "\(folder) is not a folder (a link is not taken)")
        }
        try PrivateFile.checkOwnership(status, of: folder, chmod: "700")
        self.folder = folder
        self.mostBytes = mostBytes
        self.mostTotal = mostTotal
        self.mostPerAddress = mostPerAddress ?? mostTotal
        var sizes: [String: Int] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            guard name.hasSuffix(".log"), case let key = String(name.dropLast(4)), ClassRoster.isKey(key) else {
                continue
            }
            var entry = stat()
            guard lstat(folder + "/" + name, &entry) == 0, entry.st_mode & S_IFMT == S_IFREG else { continue }
            sizes[key] = Int(entry.st_size)
        }
        self.sizes = Mutex(sizes)
    }

    private func path(_ student: String) -> String { folder + "/" + student + ".log" }

    /// The bytes of `student`'s log (0 for none).
    func size(of student: String) -> Int {
        sizes.withLock { $0[student] ?? 0 }
    }

    /// The messages of `student`'s latest session, in order; empty when
    /// none is kept (or its log cannot be read whole).
    func messages(of student: String) -> [String] {
        guard ClassRoster.isKey(student), sizes.withLock({ $0[student] != nil }) else { return [] }
        guard let bytes = try? PrivateFile.contents(of: path(student), most: mostBytes) else { return [] }
        // Each line a message, written as a JSON string (a message's own line breaks escaped).
        var messages: [String] = []
        for line in bytes.split(separator: 0x0A) {
            guard let message = try? JSONDecoder().decode(String.self, from: Data(line)) else { return [] }
            messages.append(message)
        }
        return messages
    }

    /// Starts `student`'s log for a session of theirs: after the `messages`
    /// its session replayed from it, or (none) a new log, the one before
    /// dropped; nil when no log may be kept (the most logs are kept, its
    /// tab's `address` keeps as many as it may, or it cannot be written).
    func writer(for student: String, after messages: Int, from address: String) -> Writer? {
        guard ClassRoster.isKey(student) else { return nil }
        let seated = addresses.withLock { addresses in
            guard
                addresses[student] == address
                    || addresses.values.lazy.filter({ $0 == address }).count < ClassRoster.mostStudentsPerAddress
            else { return false }
            addresses[student] = address
            return true
        }
        guard seated else { return nil }
        let fits = sizes.withLock { sizes in
            guard sizes[student] != nil || sizes.count < Self.mostLogs else { return false }
            if messages == 0 || sizes[student] == nil { sizes[student] = 0 }
            return true
        }
        guard fits else { return nil }
        // Without waiting (a FIFO planted in the folder would hold the server), and only a plain file of
        // one name (a hard link planted there would make the log write into another file).
        let flags = O_WRONLY | O_CREAT | O_APPEND | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK
        let descriptor = open(path(student), flags, 0o600)
        var status = stat()
        guard descriptor >= 0, fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG,
            status.st_nlink == 1
        else {
            if descriptor >= 0 { close(descriptor) }
            sizes.withLock { _ = $0.removeValue(forKey: student) }
            return nil
        }
        // A new session's log starts empty: cut once the file is known to be the log's own.
        if messages == 0 { _ = ftruncate(descriptor, 0) }
        return Writer(logs: self, student: student, descriptor: descriptor, messages: messages)
    }

    /// Removes `student`'s log: it cannot hold their session whole.
    fileprivate func remove(_ student: String) {
        unlink(path(student))
        _ = sizes.withLock { $0.removeValue(forKey: student) }
        _ = addresses.withLock { $0.removeValue(forKey: student) }
    }

    /// Counts `bytes` more for `student`'s log: false when they would pass its bound or the logs'.
    fileprivate func grow(_ student: String, by bytes: Int) -> Bool {
        let addresses = addresses.withLock { $0 }
        let address = addresses[student]
        return sizes.withLock { sizes in
            let size = sizes[student, default: 0] + bytes
            let total = sizes.values.reduce(0, +) + bytes
            let fromAddress =
                address.map { address in
                    sizes.reduce(bytes) { $0 + (addresses[$1.key] == address ? $1.value : 0) }
                } ?? bytes
            guard size <= mostBytes, total <= mostTotal, fromAddress <= mostPerAddress else { return false }
            sizes[student] = size
            return true
        }
    }

    /// Appends one session's messages to its student's log.
    final class Writer: @unchecked Sendable {
        // Unchecked: one tab's messages, written one at a time (its tab's answers come in turn).
        private let logs: SessionLogs
        private let student: String
        private var descriptor: Int32
        /// The messages the log holds.
        private var messages: Int

        fileprivate init(logs: SessionLogs, student: String, descriptor: Int32, messages: Int) {
            (self.logs, self.student, self.descriptor, self.messages) = (logs, student, descriptor, messages)
        }

        /// Appends `message`; a log that would pass its bounds is removed, and nothing more is written.
        func append(_ message: String) {
            guard descriptor >= 0 else { return }
            guard let data = try? JSONEncoder().encode(message), messages < SessionLogs.mostMessages,
                logs.grow(student, by: data.count + 1)
            else { return drop() }
            guard FileDescriptor.writeAll(([UInt8](data) + [0x0A])[...], to: descriptor).failure == nil else {
                return drop()
            }
            messages += 1
        }

        /// Stops the log and removes it.
        private func drop() {
            close(descriptor)
            descriptor = -1
            logs.remove(student)
        }

        deinit { if descriptor >= 0 { close(descriptor) } }
    }
}
