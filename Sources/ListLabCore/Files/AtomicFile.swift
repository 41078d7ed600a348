#if canImport(Glibc)
internal import Glibc
#endif

/// Writes files so that a reader, or a crash, sees the old file or the new
/// one whole, never a part.
///
/// The bytes go to a new temporary file in the same folder (created with
/// `O_EXCL`), which is flushed with `fsync`, given the old file's
/// permissions, and renamed over the old file; then the folder is synced so
/// that the rename itself survives a crash. Foundation's `.atomic` writes
/// on Linux skip the folder sync and reset the permissions (a 600 file
/// comes back 644), hence this helper.
///
/// ```swift
/// try AtomicFile.write(Array("hello\n".utf8), to: "notes.txt")
/// ```
public enum AtomicFile {
    /// Replaces (or creates) the file at `path` with `bytes`.
    ///
    /// - Throws: ``FileError`` when the folder cannot be written, the path is
    ///   not a regular file, or the disk refuses; the old file is then
    ///   untouched and no temporary file is left behind.
    public static func write(_ bytes: [UInt8], to path: String) throws(FileError) {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let name = path.lastIndex(of: "/").map { String(path[path.index(after: $0)...]) } ?? path
        var mode: mode_t = 0o644
        var status = stat()
        if lstat(path, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFREG else {
                throw FileError(path: path, message: "not a regular file; refusing to replace it")
            }
            mode = status.st_mode & 0o7777
        } else if errno != ENOENT {
            throw FileError(path: path, errno: errno)
        }
        var template = Array("\(folder.isEmpty ? "/" : folder)/.\(name).tmp-XXXXXX".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemp(base)
        }
        guard descriptor >= 0 else { throw FileError(path: path, errno: errno) }
        let temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var failure: FileError?
        var offset = 0
        bytes.withUnsafeBytes { buffer in
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    failure = FileError(path: path, errno: errno)
                    return
                }
                offset += written
            }
        }
        if failure == nil, fsync(descriptor) != 0 { failure = FileError(path: path, errno: errno) }
        if failure == nil, fchmod(descriptor, mode) != 0 { failure = FileError(path: path, errno: errno) }
        if close(descriptor) != 0, failure == nil { failure = FileError(path: path, errno: errno) }
        if failure == nil, rename(temporary, path) != 0 { failure = FileError(path: path, errno: errno) }
        if let failure {
            unlink(temporary)
            throw failure
        }
        let folderDescriptor = open(folder.isEmpty ? "/" : folder, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }
}

/// A file that cannot be read or written; the description names the file
/// and says why.
public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file, as the user named it.
    public var path: String
    /// Why.
    public var message: String

    /// Creates an error for `path`.
    public init(path: String, message: String) {
        self.path = path
        self.message = message
    }

    /// Creates an error for `path` from a C library error number.
    init(path: String, errno code: Int32) {
        self.init(path: path, message: String(cString: strerror(code)).lowercased())
    }

    /// `path: message`.
    public var description: String { "\(path): \(message)" }
}
