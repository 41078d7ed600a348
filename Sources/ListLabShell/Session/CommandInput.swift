/// Where a session's commands come from: the ones entered so far, the
/// script that runs the current one and how deep it is nested, how scripts
/// are bounded and stopped, and whether commands are echoed or the first
/// error ends the session.
///
/// The session reads it to run each command; `run` changes it while a
/// script runs. It knows nothing of the data or the list.
final class CommandInput {
    /// The commands entered so far (typed, piped, or a script's own with
    /// `listlab run`), in order; a step of `run FILE` is not one of them.
    private(set) var history: [String] = []
    /// The bytes of ``history``.
    private(set) var historyBytes = 0
    /// The bytes of history kept, when bounded (a classroom tab's): past
    /// them the oldest commands are forgotten; nil keeps every one.
    var historyLimit: Int?
    /// Where the command running came from, `FILE:LINE` (`-:LINE` for
    /// standard input), which errors name first; nil at the prompt.
    var location: String?
    /// How many `run`s deep the command running is: 0 for a command entered.
    private(set) var depth = 0
    /// Whether scripts, transcripts and piped input print each command
    /// (after the prompt) and the prose before it, ahead of its output.
    var echoesCommands = false
    /// Whether the echo is a command's own output, asked for by `run FILE
    /// --echo` (a transcript records it), rather than the session's
    /// display (`listlab run --echo`, which a saved session leaves out).
    private(set) var recordsEcho = false
    /// Whether the first error ends the session (sqlite3's `-bail`).
    var stopsAtFirstError = false
    /// The commands scripts have run in this session (``maximumScriptCommands`` bounds them).
    private(set) var scriptCommands = 0
    /// Set when a bound of `run` is passed: every script running stops (the
    /// innermost said why, once); cleared by the next command entered.
    var scriptsStopped = false
    /// Set when a stop ended a script between two of its commands (the
    /// entered command's record says it was stopped).
    var scriptWasStopped = false

    /// The deepest `run` inside `run` (a script that runs itself stops here).
    static let maximumDepth = 8
    /// The most commands that scripts run by `run` may run in one session,
    /// all together (a replay of a transcript from others is bounded in work).
    static let maximumScriptCommands = 100_000

    /// Whether the command running was entered rather than run by a script.
    var isEntered: Bool { depth == 0 }

    /// A command entered: it joins the history, and a stop of the scripts
    /// before it is forgotten.
    func enter(_ command: String) {
        history.append(command)
        historyBytes += command.utf8.count
        if let historyLimit, historyBytes > historyLimit {
            // Forgotten in one step, oldest first, down to three quarters of the bound.
            var forgotten = 0
            var bytes = historyBytes
            while forgotten < history.count - 1, bytes > historyLimit * 3 / 4 {
                bytes -= history[forgotten].utf8.count
                forgotten += 1
            }
            history.removeFirst(forgotten)
            historyBytes = bytes
        }
        scriptsStopped = false
        scriptWasStopped = false
    }

    /// Runs `body` as a script's, `nested` deeper than the command that
    /// runs it (0 for `listlab run`, whose commands count as entered), and
    /// echoing its commands when asked.
    func inScript<T>(nested: Int, echoing: Bool, _ body: () throws -> T) rethrows -> T {
        depth += nested
        let (echoedBefore, recordedBefore) = (echoesCommands, recordsEcho)
        echoesCommands = echoedBefore || echoing
        recordsEcho = recordedBefore || (echoing && nested > 0)
        defer {
            depth -= nested
            (echoesCommands, recordsEcho) = (echoedBefore, recordedBefore)
        }
        return try body()
    }

    /// Counts one more command run by a script; false once scripts have run
    /// ``maximumScriptCommands`` (every script then stops).
    func countScriptCommand() -> Bool {
        scriptCommands += 1
        guard scriptCommands <= Self.maximumScriptCommands else {
            scriptsStopped = true
            return false
        }
        return true
    }

    /// Whether scripts have run all the commands they may.
    var scriptCommandsAreSpent: Bool { scriptCommands > Self.maximumScriptCommands }
}
