#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Reading a whole UTF-8 text file, with a message that says why it could not
/// be read (the caller puts the file's name in front).
enum TextFile {
    /// The text of the file at `path`.
    ///
    /// - Throws: ``ShellError`` saying the file is missing, a folder,
    ///   unreadable, or not UTF-8.
    static func read(_ path: String) throws(ShellError) -> String {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ShellError("no such file")
        }
        guard !isDirectory else { throw ShellError("is a folder, not a file") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ShellError("cannot be read (permission denied?)")
        }
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ShellError("not UTF-8 text")
        }
        return text
    }
}
