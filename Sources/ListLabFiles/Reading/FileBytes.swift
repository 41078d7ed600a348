#if canImport(Glibc)
internal import Glibc
#elseif canImport(Darwin)
internal import Darwin
#endif

/// A whole file read into memory, with what is needed to notice later that
/// someone else changed it: its size, modification time and a hash of its
/// bytes.
public struct FileBytes: Sendable {
    /// The file's bytes.
    public let bytes: [UInt8]
    /// What the file was when read.
    public let fingerprint: FileFingerprint

    /// Reads the file at `path`; `name` is how messages name it.
    ///
    /// - Throws: ``LoadError``: no such file, not a regular file (a folder,
    ///   a FIFO, a device or a socket, after following links), larger than
    ///   4 GiB, permission denied, or another reason from the system.
    public static func read(_ path: String, name: String) throws(LoadError) -> FileBytes {
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw LoadError(file: name, message: message(for: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw LoadError(file: name, message: message(for: errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw LoadError(file: name, message: "is a folder, not a file")
        case S_IFIFO: throw LoadError(file: name, message: "is a named pipe (FIFO), not a regular file")
        case S_IFCHR, S_IFBLK: throw LoadError(file: name, message: "is a device, not a regular file")
        case S_IFSOCK: throw LoadError(file: name, message: "is a socket, not a regular file")
        default: throw LoadError(file: name, message: "is not a regular file")
        }
        guard status.st_size <= ReaderLimits.fileSize else {
            throw LoadError(file: name, message: "is larger than 4 GiB, the most ListLab reads (\(status.st_size) bytes)")
        }
        let size = Int(status.st_size)
        var failure: Int32 = 0
        var bytes = [UInt8](unsafeUninitializedCapacity: max(size, 0)) { buffer, initialized in
            var offset = 0
            while offset < size, let base = buffer.baseAddress {
                let count = Glibc.read(descriptor, base + offset, size - offset)
                if count < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    break
                }
                if count == 0 { break }
                offset += count
            }
            initialized = offset
        }
        if failure != 0 { throw LoadError(file: name, message: message(for: failure)) }
        // A file that grew while it was read is read to its end, within the bound.
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= ReaderLimits.fileSize {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        guard bytes.count <= ReaderLimits.fileSize else {
            throw LoadError(file: name, message: "is larger than 4 GiB, the most ListLab reads")
        }
        let fingerprint = FileFingerprint(size: bytes.count, modified: modificationTime(status), hash: FileFingerprint.hash(bytes))
        return FileBytes(bytes: bytes, fingerprint: fingerprint)
    }

    /// Whether the file at `path` has `fingerprint`'s size and modification
    /// time now (one `stat`, no read): false says the file changed, true
    /// that it may not have (only its bytes' hash can say).
    public static func hasSizeAndTime(of fingerprint: FileFingerprint, at path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return Int(status.st_size) == fingerprint.size && modificationTime(status) == fingerprint.modified
    }

    /// The fingerprint of the file at `path` now (it reads the whole file),
    /// or nil when it cannot be read.
    public static func currentFingerprint(of path: String) -> FileFingerprint? {
        (try? read(path, name: path))?.fingerprint
    }

    /// The fingerprint of a file just written with `bytes`: its time from the
    /// file system, its size and hash from the bytes, without reading it back.
    public static func fingerprint(of path: String, written bytes: [UInt8]) -> FileFingerprint? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileFingerprint(size: bytes.count, modified: modificationTime(status), hash: FileFingerprint.hash(bytes))
    }

    private static func modificationTime(_ status: stat) -> Int {
        #if canImport(Darwin)
        Int(status.st_mtimespec.tv_sec) &* 1_000_000_000 &+ Int(status.st_mtimespec.tv_nsec)
        #else
        Int(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(status.st_mtim.tv_nsec)
        #endif
    }

    private static func message(for code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES, EPERM: "permission denied"
        case EISDIR: "is a folder, not a file"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}

/// What a file was when it was read: size, modification time (ns) and a
/// 64-bit hash of its bytes. Any difference means someone changed it.
public struct FileFingerprint: Hashable, Sendable {
    /// The size in bytes.
    public var size: Int
    /// The modification time, in nanoseconds since 1970.
    public var modified: Int
    /// A hash of the content.
    public var hash: UInt64

    /// A fast 64-bit hash of `bytes`, eight bytes a step (not for security:
    /// for noticing a changed file).
    public static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw -> UInt64 in
            var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(raw.count)
            var offset = 0
            while offset + 8 <= raw.count {
                let word = raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                state = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
                state ^= state >> 29
                offset += 8
            }
            while offset < raw.count {
                state = (state ^ UInt64(raw[offset])) &* 0x94D0_49BB_1331_11EB
                offset += 1
            }
            return state ^ (state >> 31)
        }
    }
}
