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

/// The folder a replayed transcript may touch: a scratch copy of the
/// transcript's own folder, made file by file as the transcript names them.
///
/// A transcript is untrusted input (CI replays the ones a pull request
/// brings), so its commands read and write only inside that copy: a file it
/// names is copied from the transcript's folder the first time it is named,
/// and every later read and write goes to the copy. A name that resolves
/// outside the folder (an absolute path, `..`, a symbolic link whose target
/// is elsewhere) is refused, `--force` or not; the transcript's own files are
/// never written. Two replays of one folder have copies of their own, so
/// they cannot race.
///
/// Files are copied when first named, rather than the whole folder at the
/// start, so that a transcript kept at the top of a large repository costs
/// what it reads.
public final class ConfinedFolder: @unchecked Sendable {
    /// The transcript's folder, with its links resolved.
    public let original: String
    /// The scratch copy, with its links resolved.
    public let scratch: String
    /// The tool that replays, as a message names it (`listlab test --in-place`).
    public var toolName = "listlab"
    /// Why a name outside the folder is refused, when the folder is not a
    /// replay's (a classroom session of `listlab serve`); nil for a replay's words.
    public var outsideReason: String?
    /// The bytes and files the copy may hold, writes counted before they are
    /// made (a classroom tab's folder); nil for no bound.
    public var quota: (bytes: Int, files: Int)?

    /// The confinement of a copy made already (by another process): `scratch`, copied from `original`.
    package init(adopting scratch: String, of original: String) {
        self.original = original
        self.scratch = scratch
    }

    /// A new, empty scratch copy of `folder`, made in `parent` (by default
    /// the temporary folder) under a name that starts with `prefix`.
    ///
    /// - Throws: ``ShellError`` when the folder does not exist or no scratch
    ///   folder can be made.
    public init(copying folder: String, in parent: String? = nil, prefix: String = "listlab-replay-") throws(ShellError)
    {
        guard let original = Self.realPath(folder) else { throw ShellError(.notFound("\(folder): no such folder")) }
        var template = Array(
            ((parent ?? FileManager.default.temporaryDirectory.path) + "/" + prefix + "XXXXXX").utf8CString)
        let made: String? = template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, let folder = mkdtemp(base) else { return nil }
            return String(cString: folder)
        }
        guard let made, let scratch = Self.realPath(made) else {
            throw ShellError(.failed("cannot make a scratch folder for the replay"))
        }
        self.original = original
        self.scratch = scratch
    }

    /// The plain files at the top of the copy (no link, no folder), by
    /// name, with their bytes; a file larger than `most` bytes is left out.
    package func plainFiles(most: Int) -> [(name: String, bytes: [UInt8])] {
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: scratch)) ?? []).sorted()
        return names.compactMap { name in
            let path = scratch + "/" + name
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, Int(info.st_size) <= most,
                let data = FileManager.default.contents(atPath: path)
            else { return nil }
            return (name, [UInt8](data))
        }
    }

    /// Removes the scratch copy.
    public func remove() {
        try? FileManager.default.removeItem(atPath: scratch)
    }

    /// The path in the copy of the file a command names as `name` (relative
    /// to the copy, or an absolute path inside the transcript's folder or
    /// the copy), copying it from the transcript's folder the first time: a
    /// file as a copy, a folder as a folder (its files come when named), a
    /// link inside the folder as a link to the copy of what it names.
    ///
    /// - Throws: ``ShellError`` naming `name` when it resolves outside the
    ///   folder, or is a link to a file outside it.
    func path(of name: String) throws(ShellError) -> String {
        guard let relative = relativePath(of: name) else {
            if let outsideReason { throw ShellError(.outsideFolder("\(name): \(outsideReason)")) }
            throw ShellError(
                .outsideFolder(
                    "\(name): outside the transcript's folder: a replay reads and writes only a copy of that folder "
                        + "(\(toolName) test --in-place replays on the real files)"
                )
            )
        }
        var built = ""
        for part in relative.split(separator: "/") {
            built += (built.isEmpty ? "" : "/") + part
            try copyIfNeeded(built, named: name)
        }
        return relative.isEmpty ? scratch : scratch + "/" + relative
    }

    /// Makes `relative` exist in the copy as it is in the transcript's
    /// folder, unless it is there already or the folder has nothing there
    /// (a file a command may make).
    private func copyIfNeeded(_ relative: String, named name: String) throws(ShellError) {
        let copy = scratch + "/" + relative
        let source = original + "/" + relative
        guard !Self.exists(copy), Self.exists(source) else { return }
        guard let resolved = Self.realPath(source) else { return }  // a link to nothing: nothing to copy
        guard resolved == original || resolved.hasPrefix(original + "/") else {
            throw ShellError(
                .outsideFolder(
                    "\(name): a link to a file outside the transcript's folder: a replay reads and writes only a copy "
                        + "of that folder"
                )
            )
        }
        if Self.isLink(source) {
            // The link stays a link, to the copy of what it names (saves go through it, as on real files).
            let target = try path(of: resolved)
            guard symlink(target, copy) == 0 else {
                throw ShellError(.notCopiedIntoReplay(name))
            }
            return
        }
        var isFolder = false
        _ = FileManager.default.fileExists(atPath: resolved, isDirectory: &isFolder)
        if isFolder {
            try? FileManager.default.createDirectory(atPath: copy, withIntermediateDirectories: false)
        } else if Self.isRegularFile(resolved) {
            guard (try? FileManager.default.copyItem(atPath: resolved, toPath: copy)) != nil else {
                throw ShellError(.notCopiedIntoReplay(name))
            }
        } else {
            throw ShellError(
                .outsideFolder("\(name): not a regular file (a FIFO, a device or a socket is not copied into a replay)")
            )
        }
    }

    /// The bytes and the files in the copy (links and folders count as files of no bytes).
    public func usage() -> (bytes: Int, files: Int) {
        var bytes = 0
        var files = 0
        for name in (try? FileManager.default.subpathsOfDirectory(atPath: scratch)) ?? [] {
            var info = stat()
            guard lstat(scratch + "/" + name, &info) == 0 else { continue }
            files += 1
            if info.st_mode & S_IFMT == S_IFREG { bytes += Int(info.st_size) }
        }
        return (bytes, files)
    }

    /// Why writing `count` bytes to `path` (in the copy) may not be done:
    /// it would take the copy past its ``quota`` (a file replaced counts only
    /// what it grows by); nil when it may.
    func roomRefusal(forWriting count: Int, at path: String) -> String? {
        guard let quota else { return nil }
        let (bytes, files) = usage()
        var info = stat()
        let existing = lstat(path, &info) == 0 ? (info.st_mode & S_IFMT == S_IFREG ? Int(info.st_size) : 0) : nil
        let after = (bytes: bytes - (existing ?? 0) + count, files: files + (existing == nil ? 1 : 0))
        guard after.bytes > quota.bytes || after.files > quota.files else { return nil }
        func megabytes(_ count: Int) -> String { ByteCount.text(count, exactBelowAMegabyte: true) }
        return
            "not written: this folder may hold \(megabytes(quota.bytes)) in \(quota.files) files, and holds "
            + "\(megabytes(bytes)) in \(files); "
            + "\(megabytes(count)) more would pass that (replace a file with --force to reuse its room)"
    }

    /// Throws ``roomRefusal(forWriting:at:)``, naming the file as `name`.
    func checkRoom(forWriting count: Int, at path: String, named name: String) throws(ShellError) {
        if let refusal = roomRefusal(forWriting: count, at: path) {
            throw ShellError(.outsideFolder("\(name): \(refusal)"))
        }
    }

    /// The folder in the copy that completion lists for a word whose folder
    /// part is `typed` (`data/`, `../`, `/`, or empty), ending in `/`; nil
    /// when it is outside, so that completion shows nothing there.
    func folderToList(_ typed: String) -> String? {
        guard let relative = relativePath(of: typed.isEmpty ? "." : typed) else { return nil }
        return relative.isEmpty ? scratch + "/" : scratch + "/" + relative + "/"
    }

    /// Where the file a command named `name` is in the copy, resolved as
    /// ``path(of:)`` resolves it but copying nothing; nil when it leaves
    /// the folder or names the folder itself (a classroom offers such a
    /// file as a download).
    public func writtenPath(of name: String) -> String? {
        guard let relative = relativePath(of: name), !relative.isEmpty else { return nil }
        return scratch + "/" + relative
    }

    /// `name` as a path from the folder, with `.` and `..` resolved by
    /// name; nil when it leaves the folder.
    private func relativePath(of name: String) -> String? {
        let absolute = name.hasPrefix("/") ? name : scratch + "/" + name
        var parts: [Substring] = []
        for part in absolute.split(separator: "/") {
            switch part {
            case ".": continue
            case "..":
                guard !parts.isEmpty else { return nil }
                parts.removeLast()
            default: parts.append(part)
            }
        }
        let path = "/" + parts.joined(separator: "/")
        for root in [scratch, original] {
            if path == root { return "" }
            if path.hasPrefix(root + "/") { return String(path.dropFirst(root.count + 1)) }
        }
        return nil
    }

    /// `path` with every link resolved; nil when it does not exist.
    static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    private static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
    }

    /// Whether something (a link too, even to nothing) is at `path`.
    private static func exists(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0
    }

    private static func isLink(_ path: String) -> Bool {
        var info = stat()
        return lstat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFLNK
    }
}
