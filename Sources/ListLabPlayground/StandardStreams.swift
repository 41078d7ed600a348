import ListLabCore
import ListLabShell
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Output to standard output, errors to standard error as `error: ...`.
///
/// A session's lines reach it through the session's recorder, which made
/// each one safe (``VisibleText``) for every way out: they are written as
/// they come, not escaped or split again.
final class StandardStreams: ShellOutput {
    /// While true, nothing is written (the start-up sample loads quietly).
    var isMuted = false
    /// Whether a progress line is on the terminal, to be erased before the
    /// next line (a command that writes its result while it shows progress).
    private var isShowingProgress = false

    func write(_ line: String) {
        guard !isMuted else { return }
        eraseProgress()
        ToolOutput.current.writeLine(line)
    }

    /// A progress line on standard error, only when it is a terminal; nil
    /// erases it.
    func progress(_ text: String?) {
        guard !isMuted, ToolOutput.current.isProcess, isatty(STDERR_FILENO) != 0 else { return }
        guard let text else { return eraseProgress() }
        writeToStandardError("\r" + VisibleText.escaped(text))
        isShowingProgress = true
    }

    /// Erases the progress line, if one shows.
    private func eraseProgress() {
        guard isShowingProgress else { return }
        isShowingProgress = false
        writeToStandardError("\r\u{1B}[K")
    }

    func writeError(_ message: String) {
        guard !isMuted else { return }
        eraseProgress()
        // Keep output and errors in order when both go to one place.
        fflush(nil)
        // A message of several lines (UIKit's layout of a set) reaches here with each line escaped.
        writeToStandardError("error: " + message + "\n")
    }

    /// ArgumentParser's own message (usage, help) on standard error, line by
    /// line, each made safe as every line is.
    func writeLines(_ text: String) {
        fflush(nil)
        writeToStandardError(Self.safeLines(text))
    }

    /// `text`'s lines, each escaped (``VisibleText``), each ending in a line break.
    static func safeLines(_ text: String) -> String {
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        return body.split(separator: "\n", omittingEmptySubsequences: false).map {
            VisibleText.escaped(String($0)) + "\n"
        }.joined()
    }

    /// A line on standard error that is neither output nor an error of a
    /// command (the journal's state).
    func writeNote(_ line: String) {
        guard !isMuted else { return }
        fflush(nil)
        writeToStandardError(VisibleText.escaped(line) + "\n")
    }

    private func writeToStandardError(_ text: String) {
        ToolOutput.current.writeError(text)
    }
}

/// What the executable reads from its environment.
enum Environment {
    /// `$LISTLAB_HISTORY`, else `~/.TOOL_history` (`~/.listlab_history`);
    /// nil without a home.
    static var historyFile: String? {
        if let path = getenv("LISTLAB_HISTORY").map({ String(cString: $0) }), !path.isEmpty { return path }
        guard let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty else { return nil }
        return home + "/.\(ToolIdentity.current.name)_history"
    }
}

/// Prints one line to standard output with its control characters escaped
/// (``VisibleText``): names and text from files and transcripts never act on
/// the terminal.
package func printLine(_ line: String) {
    ToolOutput.current.write(VisibleText.escaped(line) + "\n")
}

/// Prints one line to standard error, escaped as ``printLine(_:)`` escapes.
package func printError(_ line: String) {
    ToolOutput.current.writeError(VisibleText.escaped(line) + "\n")
}

/// Where a playground's tool writes: the process's standard output and
/// standard error, or, for a test, text kept in order
/// (``Playground/run(arguments:output:)``).
public final class ToolOutput: Sendable {
    /// What was written to standard output, when kept.
    public var standardOutput: String { kept.withLock { $0.output } }
    /// What was written to standard error, when kept.
    public var standardError: String { kept.withLock { $0.error } }
    /// Whether it writes to the process's streams (else it keeps the text).
    let isProcess: Bool
    private let kept = Mutex((output: "", error: ""))

    /// An output that keeps what the tool writes, for a test to read.
    public convenience init() { self.init(isProcess: false) }

    private init(isProcess: Bool) { self.isProcess = isProcess }

    /// The process's standard output and standard error.
    public static let process = ToolOutput(isProcess: true)

    /// Where the tool running in this task writes.
    @TaskLocal static var current = ToolOutput.process

    func write(_ text: String) {
        if isProcess { print(text, terminator: "") } else { kept.withLock { $0.output += text } }
    }

    /// Writes `line` and a line break, without a copy of the line to add it
    /// (a staged diff of a big file prints lines of megabytes).
    func writeLine(_ line: String) {
        if isProcess { print(line) } else { kept.withLock { $0.output += line + "\n" } }
    }

    func writeError(_ text: String) {
        if isProcess {
            // Output and errors in order when both go to one place.
            fflush(nil)
            FileDescriptor.writeAll(text, to: STDERR_FILENO)
        } else {
            kept.withLock { $0.error += text }
        }
    }
}
