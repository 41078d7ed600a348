import ArgumentParser
import ListLabShell

/// `listlab run FILE...`: runs scripts or transcripts in one session.
struct RunScripts: PlaygroundCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "run",
            abstract: "Runs the commands of scripts or transcripts, in order, in one session, and prints their output.",
            discussion: """
                The session starts empty, as it does for commands piped to '\(ToolIdentity.current.name)' (--sample \
                loads one first). An error names the file and line: 'error: FILE:LINE: message'. The exit status is 1 \
                when any command failed; in a transcript, an error whose output is the one the transcript recorded was \
                expected and does not count.
                """)
    }

    @Argument(help: "Scripts (a command per line) or transcripts (.lab).", completion: .file())
    var files: [String]

    @Option(help: "A sample to load (quietly) before the first command.", completion: .list(BuiltInSamples.names))
    var sample: String?

    @OptionGroup var options: ScriptOptions

    func run(in playground: Playground) throws {
        let output = StandardStreams()
        let session = playground.makeSession(output: output)
        options.configure(session)
        if let sample { try session.loadStartSample(sample, output: output) }
        for file in files where !session.isFinished {
            session.runScript(file)
        }
        try options.exit(after: session)
    }
}
