/// Passes output through to the session's output, and keeps each command's
/// lines so that the session can be saved as a transcript.
final class SessionRecorder: ShellOutput {
    private let base: any ShellOutput
    private(set) var entries: [(command: String, output: [String])] = []
    private var current: [String] = []

    init(_ base: any ShellOutput) {
        self.base = base
    }

    func write(_ line: String) {
        current.append(line)
        base.write(line)
    }

    func writeError(_ message: String) {
        current.append("error: " + message)
        base.writeError(message)
    }

    func progress(_ text: String?) {
        base.progress(text)
    }

    func startCommand() {
        current = []
    }

    /// Keeps `command` with what it printed; `session save` itself is not kept.
    func finishCommand(_ command: String) {
        let words = command.split(whereSeparator: \.isWhitespace)
        guard words.first?.lowercased() != "session" else { return }
        entries.append((command, current))
    }
}
