/// Passes output through to the session's output, and keeps each command's
/// lines so that the session can be saved as a transcript (and a script's
/// command can be checked against what its transcript expected).
final class SessionRecorder: ShellOutput {
    private let base: any ShellOutput
    private(set) var entries: [(command: String, output: [String])] = []
    private var current: [String] = []
    /// The lines of each capture still open, outermost first.
    private var captures: [[String]] = []

    init(_ base: any ShellOutput) {
        self.base = base
    }

    func write(_ line: String) {
        keep(line)
        base.write(line)
    }

    func writeError(_ message: String) {
        keep("error: " + message)
        base.writeError(message)
    }

    func progress(_ text: String?) {
        base.progress(text)
    }

    /// Writes a line that is not any command's output (`--echo`'s copy of a
    /// command or of prose): not kept, not captured.
    func writeUnrecorded(_ line: String) {
        base.write(line)
    }

    private func keep(_ line: String) {
        current.append(line)
        for index in captures.indices { captures[index].append(line) }
    }

    func startCommand() {
        current = []
    }

    /// Keeps `command` with what it printed, and returns the lines; `session
    /// save` itself is not kept (nil).
    func finishCommand(_ command: String) -> [String]? {
        let words = command.split(whereSeparator: \.isWhitespace)
        guard words.first?.lowercased() != "session" else { return nil }
        entries.append((command, current))
        return current
    }

    /// Runs `body` and returns the lines written meanwhile (they are written
    /// and kept as usual too).
    func capturing(_ body: () -> Void) -> [String] {
        captures.append([])
        body()
        return captures.removeLast()
    }
}
