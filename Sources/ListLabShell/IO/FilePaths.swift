#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Paths as the commands name them and as the workspace keeps them.
enum FilePaths {
    /// The folder part of a file name as typed, with its slash (`out/` for
    /// `out/A.swift`, nothing for `A.swift`).
    static func parentFolder(ofName name: String) -> String {
        name.lastIndex(of: "/").map { String(name[...$0]) } ?? ""
    }

    /// `path` from the root: relative paths start at the process's folder;
    /// `.` and `..` are resolved by name.
    static func absolutePath(_ path: String) -> String {
        let full = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        var parts: [Substring] = []
        for part in full.split(separator: "/") {
            switch part {
            case ".": continue
            case "..": if !parts.isEmpty { parts.removeLast() }
            default: parts.append(part)
            }
        }
        return "/" + parts.joined(separator: "/")
    }
}
