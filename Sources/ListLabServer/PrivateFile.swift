#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file a classroom keeps for itself beside its token file (its record,
/// its students' session logs), read back only while it is a plain file of
/// the user running the server that no one else may read or write.
enum PrivateFile {
    /// The bytes of the file at `path`, when there are at most `most`; nil when there is no such file.
    ///
    /// - Throws: ``TokenFile/Problem`` when the file is a link, not a plain
    ///   file, someone else's, open to others, longer than `most` or cannot be read.
    static func contents(of path: String, most: Int) throws(TokenFile.Problem) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else {
            if errno == ENOENT { return nil }
            if errno == ELOOP { throw TokenFile.Problem(description: "\(path) is a link: name the file itself") }
            throw TokenFile.Problem(description: "\(path) cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            throw TokenFile.Problem(description: "\(path) is not a plain file")
        }
        guard status.st_nlink == 1 else {
            throw TokenFile.Problem(description: "\(path) has another name (a hard link): name a file of its own")
        }
        try checkOwnership(status, of: path, chmod: "600")
        guard Int(status.st_size) <= most else {
            throw TokenFile.Problem(description: "\(path) holds more than the \(most) bytes it may")
        }
        var bytes = [UInt8](repeating: 0, count: Int(status.st_size))
        var filled = 0
        while filled < bytes.count {
            let count = bytes.withUnsafeMutableBytes { read(descriptor, $0.baseAddress! + filled, $0.count - filled) }
            guard count > 0 else { break }
            filled += count
        }
        guard filled == bytes.count else { throw TokenFile.Problem(description: "\(path) could not be read whole") }
        return bytes
    }

    /// Throws unless `status` (of `path`) is the server's user's, and no one
    /// else's to read or write (`chmod`: the mode to tell the teacher).
    static func checkOwnership(_ status: stat, of path: String, chmod: String) throws(TokenFile.Problem) {
        guard status.st_uid == geteuid() else {
            throw TokenFile.Problem(description: "\(path) belongs to another user")
        }
        guard status.st_mode & 0o077 == 0 else {
            throw TokenFile.Problem(description: "others may read or write \(path): chmod \(chmod) it")
        }
    }
}
