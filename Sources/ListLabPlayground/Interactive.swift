import ArgumentParser
import LineEditing
import ListLabShell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `listlab [shell]`: the interactive shell, or commands from a pipe.
struct Interactive: PlaygroundCommand {
    static var configuration: CommandConfiguration {
        let tool = ToolIdentity.current.name
        return CommandConfiguration(
            commandName: "shell",
            abstract:
                "The interactive shell (the default). Reads commands from standard input when it is not a terminal.",
            discussion: """
                At a terminal the session starts with its first provider loaded and shown (or --sample, or --empty), \
                and is journaled as it goes ('\(tool) sessions', '\(tool) recover'). Commands from a pipe or a file \
                start empty, as '\(tool) run' does, unless --sample names one; an error names the line ('error: \
                -:LINE: message') and the exit status is 1 when any command failed.
                """)
    }

    @Option(
        help: "The provider or sample to start with (at a terminal, the playground's first unless --empty).",
        completion: .list(BuiltInSamples.names))
    var sample: String?

    @Flag(help: "Start with nothing loaded, at a terminal too.")
    var empty = false

    @OptionGroup var options: ScriptOptions

    func run(in playground: Playground) throws {
        let output = StandardStreams()
        let session = playground.makeSession(output: output)
        guard let editor = LineEditor(programName: playground.name, historyFile: Environment.historyFile) else {
            // Not a terminal: one start state for every script (see RunScripts); no journal.
            options.configure(session)
            if let sample, !empty { try session.loadStartSample(sample, output: output) }
            session.run(reader: StandardInputReader(), source: "-")
            try options.exit(after: session)
            return
        }
        let journal = Journaling.start(for: session, workingFolder: FileManager.default.currentDirectoryPath)
        let startSample = empty ? nil : sample ?? playground.startName
        if let startSample { try session.loadStartSample(startSample, output: output) }
        if let startSample {
            printLine(
                "\(playground.banner): '\(startSample)' is loaded and bound. Type 'show', 'help', or Ctrl-D to leave.")
        } else {
            printLine(
                "\(playground.banner): nothing is loaded. Type 'samples', 'load \(playground.registrations.first?.name ?? "contacts")', 'help', or Ctrl-D to leave."
            )
        }
        Journaling.mentionRecoverableSession(besides: journal)
        InteractiveLoop.run(session, editor: editor, journal: journal)
    }
}

/// The prompt, once a session is set up: Ctrl-C stops commands, TAB
/// completes, a second quit is asked for over unsaved edits, the history and
/// the journal are closed at the end.
enum InteractiveLoop {
    static func run(_ session: Session, editor: LineEditor, journal: SessionJournal?) {
        InterruptHandler.install()
        session.confirmsQuitWithUnsavedEdits = true
        let completer = ShellCompleter(session: session)
        editor.completer = { line in
            let candidates = completer.candidates(for: line)
            return Completion(word: candidates.word, candidates: candidates.words)
        }
        session.run(reader: editor)
        editor.saveHistory()
        journal?.finish()
    }
}
