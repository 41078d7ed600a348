import ArgumentParser
import ListLabShell

/// `listlab run FILE...`: runs scripts or transcripts in one session.
struct RunScripts: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Runs the commands of scripts or transcripts, in order, in one session, and prints their output.",
        discussion: "The session starts empty. The exit status is 1 when any command failed.")

    @Argument(help: "Scripts (a command per line) or transcripts (.lab).")
    var files: [String]

    func run() throws {
        let session = Session(output: StandardStreams(), workingDirectory: ".")
        for file in files where !session.isFinished {
            session.runScript(file)
        }
        if session.errorCount > 0 { throw ExitCode(1) }
    }
}
