import Interruption
import ListLabCore
import ListLabRecords

/// What `explore` does: runs of random edits of the loaded provider
/// (``ExploreSteps``), each run in a session of its own that first replays
/// this session's commands (and writes no file), checked after every step
/// for an update the list refused (by which of UIKit's rules) and for a row
/// on screen that does not show its item; a failure is shrunk to the fewest
/// steps, with the simplest words, that fail the same way, and confirmed by
/// replaying them.
struct SessionExplorer {
    /// How a step failed: the rule broken (or `stale row`), and the words.
    struct Failure: Equatable {
        /// The same for two failures of one kind: a rule's name, or `stale row`.
        var kind: String
        /// What went wrong, in full: UIKit's reason, or the row and what it should show.
        var reason: String
    }

    /// A failing sequence of steps.
    struct Found {
        var steps: [String]
        var failure: Failure
    }

    /// What a search ends with.
    struct Outcome {
        /// The steps run, in all runs.
        var stepsRun = 0
        var runs = 0
        /// The steps the provider took (a step it refuses changes nothing).
        var stepsTaken = 0
        /// The first step refused, with what it said, while none has been taken.
        var firstRefused: (step: String, error: String)?
        /// The shortest failing steps found, if any.
        var found: Found?
        /// The steps the first failure took before it was shrunk.
        var foundAfter = 0
        /// Why the search stopped early (Ctrl-C, the time bound), if it did.
        var stoppedBecause: String?
    }

    /// Steps in one run before the data starts again from the session's.
    static let runLength = 40
    /// Replays shrinking may take.
    static let mostShrinkingReplays = 2_000

    /// The commands that take a new session to this one's state, with what they printed then
    /// (`cut`: only the start of it, as a bounded record keeps it).
    let prefix: [(command: String, output: [String], cut: Bool)]
    /// Commands run after them, not compared (`set ios` for `--ios`).
    let then: [String]
    /// Makes a new session, with this one's registrations, that writes no file.
    let makeSession: () -> Session
    /// Ctrl-C's flag for the search, checked between steps: the sessions it
    /// runs clear a flag of their own as each command starts.
    private let stop = Interruption.current
    private let sessionsFlag = Interruption.Flag()

    init(
        prefix: [(command: String, output: [String], cut: Bool)], then: [String] = [],
        makeSession: @escaping () -> Session
    ) {
        self.prefix = prefix
        self.then = then
        self.makeSession = makeSession
    }

    /// Runs `steps` random steps from `seed` (in runs of ``runLength``), or
    /// until `deadline`; a failure is shrunk before it is returned. The first
    /// run starts from `first` (the session ``checkedStart()`` made), when given.
    func explore(steps: Int, seed: UInt64, until deadline: ContinuousClock.Instant?, from first: Session? = nil)
        -> Outcome
    {
        var first = first
        var outcome = Outcome()
        var maker = ExploreSteps(seed: seed)
        do {
            while outcome.stepsRun < steps {
                outcome.runs += 1
                let session = first ?? start()
                first = nil
                // A run whose replay loads no provider takes no step, and no later run would either.
                guard (try? session.workspace.current()) != nil else { break }
                var taken: [String] = []
                for _ in 0..<min(Self.runLength, steps - outcome.stepsRun) {
                    try checkStop(deadline)
                    guard let loaded = try? session.workspace.current() else { break }
                    let step = maker.next(for: loaded)
                    taken.append(step)
                    outcome.stepsRun += 1
                    let (failure, record) = runStep(step, in: session)
                    if !record.failed {
                        outcome.stepsTaken += 1
                    } else if outcome.stepsTaken == 0, outcome.firstRefused == nil {
                        outcome.firstRefused = (step, record.errors.first ?? "")
                    }
                    if let failure {
                        outcome.foundAfter = outcome.stepsRun
                        outcome.found = shrink(Found(steps: taken, failure: failure), until: deadline)
                        return outcome
                    }
                }
            }
        } catch {
            outcome.stoppedBecause = error is Interrupted ? "interrupted" : "\(error)"
        }
        return outcome
    }

    /// A new session at this one's state, checked: each command of the
    /// session, replayed, must print what it printed then (a file changed
    /// since, or a provider that loads otherwise, would explore another
    /// state), but for the commands that write files, which these sessions
    /// may not; and the replay may run at most ``mostReplayedCommands``
    /// commands, those of the scripts it runs included.
    ///
    /// - Throws: ``ShellError`` naming the first command that printed otherwise.
    func checkedStart() throws(ShellError) -> Session {
        let session = makeSession()
        for (index, entry) in prefix.enumerated() {
            let record = Interruption.$current.withValue(sessionsFlag) { session.execute(entry.command) }
            let writes = Command.writesFilesOrEnds(entry.command)
            let compared = min(entry.output.count, record.output.count)
            let same =
                (entry.output.count == record.output.count || entry.cut)
                && Array(entry.output.prefix(compared)) == Array(record.output.prefix(compared))
            if !same, !writes {
                let then = entry.output.first.map { "\"\($0)\"" } ?? "nothing"
                let now = record.output.first.map { "\"\($0)\"" } ?? "nothing"
                throw ShellError(
                    .unsupported(
                        "explore replays this session's commands first, and command \(index + 1), '\(entry.command)', "
                            + "prints \(now) where it printed \(then): explore needs a session that replays (a file "
                            + "changed since?)"
                    )
                )
            }
        }
        for command in then { Interruption.$current.withValue(sessionsFlag) { _ = session.execute(command) } }
        let ran = prefix.count + session.input.scriptCommands
        guard ran <= Self.mostReplayedCommands else {
            throw ShellError(
                .overBound(
                    "explore replays this session's commands before each run, and they come to \(ran) with the "
                        + "scripts they run (at most \(Self.mostReplayedCommands)): start a new session, load, and "
                        + "explore"
                )
            )
        }
        return session
    }

    /// The most commands a run replays first.
    static let mostReplayedCommands = 1_000

    /// A new session at this one's state.
    func start() -> Session {
        let session = makeSession()
        Interruption.$current.withValue(sessionsFlag) {
            for entry in prefix { session.execute(entry.command) }
            for command in then { session.execute(command) }
        }
        return session
    }

    /// Runs `step`, and says how it failed, if it did.
    func run(_ step: String, in session: Session) -> Failure? {
        runStep(step, in: session).failure
    }

    /// Runs `step`: how it failed, if it did, and its record (a step whose
    /// command failed was not taken).
    func runStep(_ step: String, in session: Session) -> (failure: Failure?, record: CommandRecord) {
        let refusals = session.refusals
        let record = Interruption.$current.withValue(sessionsFlag) { session.execute(step) }
        return (failure(in: session, after: refusals), record)
    }

    private func failure(in session: Session, after refusals: Int) -> Failure? {
        if session.refusals > refusals, let error = session.lastRefusal {
            return Failure(kind: error.rule.name, reason: error.description)
        }
        guard let loaded = try? session.workspace.current(),
            let stale = session.commandContext.staleRow(of: loaded)
        else { return nil }
        return Failure(kind: "stale row", reason: "a stale row: " + stale)
    }

    /// How `steps` fail from the start, if they do: the steps up to the one that fails, and how.
    func replay(_ steps: [String]) -> Found? {
        let session = start()
        for (index, step) in steps.enumerated() {
            if let failure = run(step, in: session) { return Found(steps: Array(steps[...index]), failure: failure) }
        }
        return nil
    }

    /// The fewest steps, with the simplest words, that fail as `found` does:
    /// runs of steps taken away while the rest fail the same way (halving
    /// the run each time none can go), then each word made the simplest.
    func shrink(_ found: Found, until deadline: ContinuousClock.Instant?) -> Found {
        var current = found
        var replays = 0
        func failsTheSame(_ steps: [String]) -> Found? {
            replays += 1
            guard let again = replay(steps), again.failure.kind == found.failure.kind else { return nil }
            return again
        }
        var chunk = max(1, current.steps.count / 2)
        while chunk >= 1, replays < Self.mostShrinkingReplays, (try? checkStop(deadline)) != nil {
            var removed = false
            var start = 0
            while start < current.steps.count, replays < Self.mostShrinkingReplays, (try? checkStop(deadline)) != nil {
                var candidate = current.steps
                candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                if let shorter = failsTheSame(candidate) {
                    current = shorter
                    removed = true
                } else {
                    start += chunk
                }
            }
            if !removed { chunk /= 2 }
        }
        // Each value made the simplest, one at a time, while the steps still fail the same way.
        for index in current.steps.indices {
            var variants = ExploreSteps.simplerVariants(of: current.steps[index])
            while let variant = variants.first, replays < Self.mostShrinkingReplays,
                (try? checkStop(deadline)) != nil
            {
                variants.removeFirst()
                var candidate = current.steps
                candidate[index] = variant
                if let simpler = failsTheSame(candidate), simpler.steps.count == current.steps.count {
                    current = simpler
                    variants = ExploreSteps.simplerVariants(of: variant)
                }
            }
        }
        return current
    }

    /// Throws when Ctrl-C was pressed or `deadline` has passed.
    private func checkStop(_ deadline: ContinuousClock.Instant?) throws {
        if stop.isRequested { throw Interrupted() }
        if let deadline, ContinuousClock.now >= deadline { throw TimeBound() }
    }

    /// The search's time bound passed.
    struct TimeBound: Error, CustomStringConvertible {
        var description: String { "the time bound came" }
    }
}
