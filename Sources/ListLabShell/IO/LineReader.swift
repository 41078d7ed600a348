/// Where a shell reads its commands from: a line editor on a terminal, or
/// plain lines from a pipe or a script.
public protocol LineReader: AnyObject {
    /// The next line, shown `prompt` where there is someone to see it; nil
    /// at the end of input.
    func readLine(prompt: String) -> String?
    /// Remembers a line the user entered, where the reader keeps history.
    func addHistory(_ line: String)
}

extension LineReader {
    public func addHistory(_ line: String) {}
}

/// Lines from standard input, with no prompt and no history: what the
/// shell reads when standard input is not a terminal (`listlab < script`).
public final class StandardInputReader: LineReader {
    /// Creates a reader of standard input.
    public init() {}

    public func readLine(prompt: String) -> String? {
        guard var line = Swift.readLine(strippingNewline: true) else { return nil }
        if line.hasSuffix("\r") { line.removeLast() }
        return line
    }
}

/// Lines from memory, for tests and scripts.
public final class ScriptReader: LineReader {
    private var lines: ArraySlice<String>

    /// Creates a reader of `lines`.
    public init(_ lines: [String]) {
        self.lines = lines[...]
    }

    public func readLine(prompt: String) -> String? {
        lines.popFirst()
    }
}
