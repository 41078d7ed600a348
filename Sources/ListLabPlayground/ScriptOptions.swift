import ArgumentParser
import ListLabShell

/// The options of every way to run commands without a person at the prompt
/// (`listlab run`, `listlab < script`).
struct ScriptOptions: ParsableArguments {
    @Flag(
        help: "Print each command after the prompt (and a transcript's prose, a script's comments) before its output.")
    var echo = false

    @Flag(help: "Stop at the first command that fails (the exit status is 1).")
    var bail = false

    /// Sets the session up as asked.
    func configure(_ session: Session) {
        session.echoesCommands = echo
        session.stopsAtFirstError = bail
    }

    /// Ends the program with status 1 when a command of `session` failed
    /// (the one place a session's count of failures is read).
    func exit(after session: Session) throws {
        if session.errorCount > 0 { throw ExitCode(1) }
    }
}

extension Session {
    /// Loads the sample `name` without printing, as the session's start.
    ///
    /// - Throws: `ValidationError` when there is no such sample.
    func loadStartSample(_ name: String, output: StandardStreams) throws {
        output.isMuted = true
        let record = execute("load \(name)")
        output.isMuted = false
        guard !record.failed else {
            throw ValidationError(
                "no sample named '\(name)'; try '\(ToolIdentity.current.name) shell --empty' and 'samples'")
        }
    }
}
