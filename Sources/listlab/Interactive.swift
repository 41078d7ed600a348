import ArgumentParser
import LineEditing
import ListLabShell

/// `listlab [shell]`: the interactive shell, or commands from a pipe.
struct Interactive: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "shell",
        abstract: "The interactive shell (the default). Reads commands from standard input when it is not a terminal.")

    @Option(help: "The sample to start with.")
    var sample: String = "contacts"

    @Flag(help: "Start with nothing loaded.")
    var empty = false

    func run() throws {
        let output = StandardStreams()
        let session = Session(output: output, workingDirectory: ".")
        if !empty {
            output.isMuted = true
            session.execute("load \(sample)")
            output.isMuted = false
            guard session.errorCount == 0 else { throw ValidationError("no sample named '\(sample)'; try 'listlab shell --empty' and 'samples'") }
        }
        if let editor = LineEditor(programName: "listlab", historyFile: Environment.historyFile) {
            let completer = ShellCompleter(session: session)
            editor.completer = { line in
                let candidates = completer.candidates(for: line)
                return Completion(word: candidates.word, candidates: candidates.words)
            }
            if !empty { print("ListLab 0.1: '\(sample)' is loaded and bound. Type 'show', 'help', or Ctrl-D to leave.") }
            session.run(reader: editor)
            editor.saveHistory()
        } else {
            session.run(reader: StandardInputReader())
            if session.errorCount > 0 { throw ExitCode(1) }
        }
    }
}
