#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The server's tokens kept in a file of the user's (`--token-file FILE`),
/// so that a server that restarts keeps its links: the students' and the
/// teacher's pages open again with the addresses they had.
///
/// The file is made on first use, readable by its owner alone, and holds a
/// line per token (`token=…`, `teacher=…`). It is read back only when it is
/// a plain file (not a link) of the user running the server, that no one
/// else may read or write: a token another user could read lets them in.
/// A classroom's teacher token is added to a file made without one.
package struct TokenFile: Equatable, Sendable {
    /// The token of the page's socket.
    package var token: String
    /// The teacher's page's token, a classroom's only.
    package var teacher: String?

    /// What is wrong with a token file, in one line.
    package struct Problem: Error, Equatable, CustomStringConvertible {
        /// The line said after `--token-file FILE: `.
        package var description: String
    }

    /// The tokens kept in `path`, made (and written there) when the file does
    /// not exist; `needsTeacher` for a classroom, which adds a teacher token
    /// to a file that has none.
    ///
    /// - Throws: ``Problem`` when the file is a link, not a plain file,
    ///   someone else's, open to others, or not a token file; nothing is
    ///   written then.
    package static func tokens(at path: String, needsTeacher: Bool) throws(Problem) -> TokenFile {
        guard let existing = try existingTokens(at: path) else {
            let made = TokenFile(token: Door.makeToken(), teacher: needsTeacher ? Door.makeToken() : nil)
            try made.save(to: path, replacing: false)
            return made
        }
        guard needsTeacher, existing.teacher == nil else { return existing }
        let added = TokenFile(token: existing.token, teacher: Door.makeToken())
        try added.save(to: path, replacing: true)
        return added
    }

    /// The file's text.
    var text: String {
        "token=\(token)\n" + (teacher.map { "teacher=\($0)\n" } ?? "")
    }

    /// The tokens in `path`; nil when there is no file there.
    private static func existingTokens(at path: String) throws(Problem) -> TokenFile? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw Problem(description: "is a link: name the file itself") }
            throw Problem(description: "cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw Problem(description: "is not a plain file")
        }
        guard status.st_uid == geteuid() else { throw Problem(description: "belongs to another user") }
        guard status.st_mode & 0o077 == 0 else {
            throw Problem(description: "others may read or write it: chmod 600 it, and start a new class if they did")
        }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0, count < bytes.count else { throw Problem(description: "is not a token file") }
        return try parse(String(decoding: bytes[..<count], as: UTF8.self))
    }

    /// The tokens in a token file's `text`.
    static func parse(_ text: String) throws(Problem) -> TokenFile {
        var token: String?
        var teacher: String?
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: "=", maxSplits: 1).map(String.init)
            guard parts.count == 2, isToken(parts[1]) else { throw Problem(description: "is not a token file") }
            switch parts[0] {
            case "token" where token == nil: token = parts[1]
            case "teacher" where teacher == nil: teacher = parts[1]
            default: throw Problem(description: "is not a token file")
            }
        }
        guard let token else { throw Problem(description: "is not a token file") }
        guard teacher != token else { throw Problem(description: "gives the teacher the students' token") }
        return TokenFile(token: token, teacher: teacher)
    }

    /// Whether `text` is a token as ``Door/makeToken()`` makes them: 48
    /// lowercase hex digits.
    private static func isToken(_ text: String) -> Bool {
        text.utf8.count == 48 && text.utf8.allSatisfy { (0x30...0x39).contains($0) || (0x61...0x66).contains($0) }
    }

    /// Writes the file, readable by its owner alone: a new one, or (when
    /// `replacing`) one in place of the file read, through a temporary file
    /// renamed over it.
    private func save(to path: String, replacing: Bool) throws(Problem) {
        let target = replacing ? path + ".new" : path
        // A FILE.new left by a start that was killed mid-write is ours to replace (unlink removes a link, not its
        // target).
        if replacing { unlink(target) }
        let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            throw Problem(
                description: "cannot be made\(replacing ? " (as \(target))" : "") (\(String(cString: strerror(errno))))"
            )
        }
        let bytes = Array(text.utf8)
        let written = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, !replacing || rename(target, path) == 0 else {
            unlink(target)
            throw Problem(description: "cannot be written (is the disk full?)")
        }
    }
}
