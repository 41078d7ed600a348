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

/// Reading a whole UTF-8 text file, with a message that says why it could not
/// be read (the caller puts the file's name in front).
package enum TextFile {
    /// The text of the file at `path`.
    ///
    /// - Throws: ``ShellError`` saying the file is missing, a folder,
    ///   unreadable, or not UTF-8.
    static func read(_ path: String) throws(ShellError) -> String {
        var isDirectory = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ShellError(.notFound("no such file"))
        }
        guard !isDirectory else { throw ShellError(.failed("is a folder, not a file")) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ShellError(.failed("cannot be read (permission denied?)"))
        }
        try checkLines(data)
        guard let text = String(validating: data, as: UTF8.self) else {
            throw ShellError(.invalidData("not UTF-8 text"))
        }
        return text
    }

    /// The longest line a script or transcript may hold, in bytes: far more
    /// than any command (``CommandLineRule/longestLine``) or output line needs.
    static let longestLine = 1_024 * 1_024

    /// The most lines a script or transcript may hold: each line read is kept
    /// as a string, so a file of millions of empty lines would cost far more
    /// memory than its bytes.
    static let mostLines = 1_000_000

    /// Refuses a file with a line longer than ``longestLine`` or more lines
    /// than ``mostLines``, read from its bytes before any text is made of
    /// them: a transcript from a pull request is untrusted, and one line of
    /// megabytes (or millions of empty ones) would cost its replay time and
    /// memory for nothing.
    ///
    /// - Throws: ``ShellError`` naming the first such line.
    static func checkLines(_ bytes: some Collection<UInt8>) throws(ShellError) {
        var number = 1
        var length = 0
        for byte in bytes {
            if byte == 0x0A {
                number += 1
                length = 0
                if number > mostLines {
                    throw ShellError(
                        .overBound("holds more than \(mostLines) lines, the most a script or transcript may hold"))
                }
                continue
            }
            length += 1
            if length > longestLine {
                throw ShellError(
                    .overBound(
                        "line \(number) is longer than \(longestLine) bytes, the most a line of a script or "
                            + "transcript may hold (a command, \(CommandLineRule.longestLine))"
                    )
                )
            }
        }
    }

    /// The text of the transcript or script at `path`, which must be a file
    /// of its own folder: a link to a file elsewhere (`leak.lab ->
    /// ../../.git/config`, `-> /proc/self/environ`) is refused, as a
    /// transcript from others may not read outside its folder.
    ///
    /// - Throws: ``ShellError`` for such a link, and as ``read(_:)`` does.
    package static func readTranscript(_ path: String) throws(ShellError) -> String {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        if let resolved = realPath(path), let home = realPath(folder.isEmpty ? "/" : folder),
            !resolved.hasPrefix(home == "/" ? "/" : home + "/")
        {
            throw ShellError(.outsideFolder("is a link to a file outside its folder, which a transcript may not read"))
        }
        return try read(path)
    }

    /// `path` with every link resolved, or nil when it does not exist.
    private static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }
}
