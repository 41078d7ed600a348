@testable import ListLabShell

// Helpers the session tests share.

/// Runs `lines` in a new session and returns what it printed.
func run(_ lines: [String], workingDirectory: String = ".") -> [String] {
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: workingDirectory)
    session.run(reader: ScriptReader(lines))
    return output.lines
}

/// What the last of `lines` printed, after the others ran.
func last(_ lines: [String]) -> [String] {
    let output = RecordingOutput()
    let session = Session(output: output)
    for line in lines.dropLast() { session.execute(line) }
    output.clear()
    session.execute(lines.last ?? "")
    return output.lines
}
