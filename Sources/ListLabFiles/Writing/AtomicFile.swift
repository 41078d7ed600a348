internal import CFileSystem

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Writes files so that a reader, or a crash, sees the old file or the new
/// one whole, never a part, and so that the file keeps what it was: its
/// owner, group, permissions, extended attributes and the links that name it.
///
/// The bytes go to a new temporary file in the same folder as the file
/// (created with `O_EXCL`), which is flushed with `fsync`, given the old
/// file's permissions, owner and extended attributes, and renamed over the
/// old file; then the folder is synced so that the rename itself survives a
/// crash. Foundation's `.atomic` writes on Linux skip the folder sync and
/// reset the permissions (a 600 file comes back 644), hence this helper.
///
/// - A symbolic link is followed: its target is replaced and the link kept,
///   as editors and `sed -i --follow-symlinks` do.
/// - A file with more than one hard link, or without write permission, is
///   refused unless `force` is set: renaming a new file into place would
///   leave the other names with the old content, or replace a file its owner
///   made read-only.
/// - Temporary files left by earlier saves of the same file that were
///   killed (`.NAME.tmp-XXXXXX`) are removed.
///
/// ```swift
/// let notes = FileManager.default.temporaryDirectory.appendingPathComponent("notes.txt").path
/// try AtomicFile.write(Array("hello\n".utf8), to: notes)
/// ```
public enum AtomicFile {
    /// Replaces (or creates) the file at `path` with `bytes`.
    ///
    /// - Parameters:
    ///   - bytes: The new content.
    ///   - path: The file, or a symbolic link to it.
    ///   - force: Replace a file with several hard links or without write permission.
    /// - Throws: ``FileError`` when the folder cannot be written, the path is
    ///   not a regular file, the file is linked or read-only (without
    ///   `force`), or the disk refuses; the old file is then untouched and no
    ///   temporary file is left behind.
    public static func write(_ bytes: [UInt8], to path: String, force: Bool = false) throws(FileError) {
        let target = try resolvingLinks(path)
        let folder = target.lastIndex(of: "/").map { String(target[..<$0]) } ?? "."
        let name = target.lastIndex(of: "/").map { String(target[target.index(after: $0)...]) } ?? target
        let folderPath = folder.isEmpty ? "/" : folder
        var old: stat?
        var status = stat()
        if stat(target, &status) == 0 {
            guard (status.st_mode & S_IFMT) == S_IFREG else {
                throw FileError(path: path, message: "not a regular file; refusing to replace it")
            }
            if !force, status.st_nlink > 1 {
                throw FileError(
                    path: path,
                    message:
                        "has \(status.st_nlink) hard links, and replacing it would leave the other names with the old "
                        + "content; save --force writes it anyway"
                )
            }
            if !force, status.st_mode & 0o222 == 0 || access(target, W_OK) != 0 {
                throw FileError(
                    path: path,
                    message:
                        "is read-only (mode \(String(status.st_mode & 0o777, radix: 8))); save --force replaces it "
                        + "anyway"
                )
            }
            old = status
        } else if errno != ENOENT {
            throw FileError(path: path, errno: errno)
        }
        removeStaleTemporaries(of: name, in: folderPath)
        var template = Array("\(folderPath)/.\(name).tmp-XXXXXX".utf8CString)
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
        if failure == nil, let old {
            // Owner and group when the process may set them (root may; others keep their own).
            if old.st_uid != geteuid() || old.st_gid != getegid() { _ = fchown(descriptor, old.st_uid, old.st_gid) }
            copyExtendedAttributes(from: target, to: descriptor)
        }
        // After fchown, which clears set-user-ID bits.
        if failure == nil, fchmod(descriptor, old.map { $0.st_mode & 0o7777 } ?? 0o644) != 0 {
            failure = FileError(path: path, errno: errno)
        }
        if failure == nil, fsync(descriptor) != 0 { failure = FileError(path: path, errno: errno) }
        if close(descriptor) != 0, failure == nil { failure = FileError(path: path, errno: errno) }
        if failure == nil, rename(temporary, target) != 0 { failure = FileError(path: path, errno: errno) }
        if let failure {
            unlink(temporary)
            throw failure
        }
        let folderDescriptor = open(folderPath, O_RDONLY | O_DIRECTORY)
        if folderDescriptor >= 0 {
            fsync(folderDescriptor)
            close(folderDescriptor)
        }
    }

    /// The file that `path` names after following symbolic links (at most
    /// 40, as the kernel allows), relative links read from the link's folder.
    static func resolvingLinks(_ path: String) throws(FileError) -> String {
        var current = path
        for _ in 0..<40 {
            var status = stat()
            guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK else { return current }
            var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
            let length = readlink(current, &buffer, buffer.count - 1)
            guard length > 0 else { throw FileError(path: path, errno: errno) }
            let link = String(decoding: buffer[0..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if link.hasPrefix("/") {
                current = link
            } else {
                let folder = current.lastIndex(of: "/").map { String(current[...$0]) } ?? ""
                current = folder + link
            }
        }
        throw FileError(path: path, message: "too many levels of symbolic links")
    }

    /// Removes `.NAME.tmp-XXXXXX` files in `folder` that earlier, killed
    /// saves of `name` left behind.
    private static func removeStaleTemporaries(of name: String, in folder: String) {
        guard let directory = opendir(folder) else { return }
        defer { closedir(directory) }
        let prefix = Array(".\(name).tmp-".utf8)
        var stale: [String] = []
        while let entry = readdir(directory) {
            let entryName = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                Array(raw.prefix { $0 != 0 })
            }
            if entryName.count == prefix.count + 6, entryName.starts(with: prefix) {
                stale.append(folder + "/" + String(decoding: entryName, as: UTF8.self))
            }
        }
        for path in stale { unlink(path) }
    }

    /// Copies the extended attributes of the file at `path` to the open file
    /// `descriptor`; attributes the process may not set are left out.
    private static func copyExtendedAttributes(from path: String, to descriptor: Int32) {
        let size = cfs_listxattr(path, nil, 0)
        guard size > 0 else { return }
        var names = [CChar](repeating: 0, count: size)
        let listed = cfs_listxattr(path, &names, size)
        guard listed > 0 else { return }
        for name in names[0..<listed].split(separator: 0) {
            let key = Array(name) + [0]
            let valueSize = cfs_getxattr(path, key, nil, 0)
            guard valueSize >= 0 else { continue }
            var value = [UInt8](repeating: 0, count: max(valueSize, 1))
            let read = cfs_getxattr(path, key, &value, valueSize)
            guard read >= 0 else { continue }
            _ = cfs_fsetxattr(descriptor, key, value, read)
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
    /// Whether the save stopped because it was asked to (see
    /// `Interruption`); nothing was written.
    public var wasInterrupted = false

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
