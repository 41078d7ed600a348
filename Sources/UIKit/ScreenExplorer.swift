internal import ListLabCore

/// Random steps over an app's screen, checked after each as UIKit and a
/// user would check them, and a failure shrunk to the fewest steps that
/// fail the same way: the sequence nobody wrote down that ends in UIKit's
/// exception, or in a row that shows what its data source no longer gives.
///
/// A run makes a new screen and takes ``steps`` steps, up to ``runs`` runs
/// (or until ``timeLimit`` passes). Each step runs one of the screen's
/// actions, chosen by a seeded generator, with values the action draws from
/// the step's own generator; the screen is laid out before the first and
/// after each (`screen.view.layoutIfNeeded()`, as the run loop does between
/// a user's taps), and then what UIKit raised ends the run, and so does a
/// stale row on screen (``StaleRow``). A failure is shrunk by taking steps
/// away while it fails the same way (the same rule of UIKit's, whatever its
/// counts and identifiers, or a stale row), each step keeping its own
/// values, and is confirmed by replaying what is left.
///
/// ```swift
/// let explorer = ScreenExplorer(seed: 7, steps: 2_000, screen: { InboxViewController() }, list: { $0.tableView }, actions: [
///     .init("receive") { screen, random in
///         let id = random.next(upTo: 100)
///         screen.receive(Message(id: id))
///         return "screen.receive(Message(id: \(id)))"
///     },
///     .init("delete the first") { screen, _ in
///         screen.deleteFirst()
///         return "screen.deleteFirst()"
///     },
/// ])
/// if let failure = explorer.run() { Issue.record("\(failure)") }
/// ```
@preconcurrency @MainActor
public struct ScreenExplorer<Screen: AnyObject> {
    /// One thing a user or the app does to the screen: it runs with a
    /// generator for the values it needs and returns its call as Swift.
    public struct Action {
        /// The action's name.
        public let name: String
        let perform: (Screen, inout ExplorerRandom) -> String

        /// An action named `name` that `perform` runs, returning the call it made, as Swift.
        public init(_ name: String, _ perform: @escaping (Screen, inout ExplorerRandom) -> String) {
            self.name = name
            self.perform = perform
        }
    }

    /// The search's seed: the same seed, the same steps.
    public var seed: UInt64
    /// How many steps a run takes at most, on a new screen.
    public var steps: Int
    /// How many runs the search makes at most: many short runs find what
    /// one long one does, and each starts from a screen of its own.
    public var runs: Int
    /// How long the search may take; nil for no bound. A search that runs
    /// out of time ends with the run it is in (the runs before are the same
    /// on every machine, so a failure found replays from its seed).
    public var timeLimit: Duration?
    /// How many steps the shrinking may replay in all, at most: a failure
    /// deep in a long run is shrunk as far as this allows.
    public var shrinkingSteps = 200_000
    private let makeScreen: () -> Screen
    private let list: (Screen) -> any StaleRowChecking
    private let actions: [Action]
    /// The waits of the screen's own tasks (``runWithWaits()``), when it has any.
    private let waits: ExplorerWaits?

    /// An explorer of the screens `screen` makes (its view loaded), whose list
    /// `list` names, through `actions`; `waits` holds what the screen's own
    /// tasks await (its service's stub waits there), for ``runWithWaits()``.
    public init(
        seed: UInt64 = 1, steps: Int = 1_000, runs: Int = 1, timeLimit: Duration? = nil, waits: ExplorerWaits? = nil,
        screen: @escaping () -> Screen, list: @escaping (Screen) -> any StaleRowChecking, actions: [Action]
    ) {
        self.seed = seed
        self.steps = steps
        self.runs = runs
        self.timeLimit = timeLimit
        self.waits = waits
        makeScreen = screen
        self.list = list
        self.actions = actions
    }

    /// One step: the action, and the seed of the values it draws (or,
    /// once shrunk so, the simplest values: every draw 0); or, when it
    /// `resumes`, the wait it lets go (``ExplorerWaits``), by its place
    /// among those held then.
    struct Step: Hashable {
        var action: Int
        var seed: UInt64
        var simplest = false
        var resumes = false

        var random: ExplorerRandom { simplest ? .simplest : ExplorerRandom(seed: seed) }
    }

    /// Runs the steps; returns the failure, shrunk and confirmed, or nil
    /// when every step left the screen right (or the time ran out first:
    /// ``search()`` says which, and how far it went).
    public func run() -> ExplorerFailure? {
        search().failure
    }

    /// Searches as ``run()`` does, and says how far the search went.
    public func search() -> ExplorerSearch {
        var searched = ExplorerSearch()
        guard !actions.isEmpty, steps > 0 else { return searched }
        var random = ExplorerRandom(seed: seed)
        let deadline = timeLimit.map { ContinuousClock.now.advanced(by: $0) }
        for run in 0..<max(1, runs) {
            var outOfTime = false
            // Each step is drawn as it is taken, so that a run cut short by the time draws no more.
            let (found, taken) = replay { index in
                guard index < steps else { return nil }
                if let deadline, index % 16 == 0, ContinuousClock.now >= deadline {
                    outOfTime = true
                    return nil
                }
                return Step(action: random.next(upTo: actions.count), seed: random.nextWord())
            }
            searched.runs += 1
            searched.steps += taken.count
            guard let found else {
                if outOfTime {
                    searched.outOfTime = true
                    return searched
                }
                continue
            }
            let shrunk = shrink(taken, like: found.signature)
            guard let confirmed = replay(shrunk) else { return searched }
            var failure = ExplorerFailure(
                seed: seed, run: run + 1, stepsTaken: found.step + 1, calls: confirmed.calls,
                reason: confirmed.reason)
            failure.regressionTest = Self.regressionTest(confirmed)
            failure.steps = shrunk.map { ExplorerStep(action: $0.action, seed: $0.seed, simplest: $0.simplest) }
            searched.failure = failure
            return searched
        }
        return searched
    }

    /// The signature of a stale row.
    static var staleRow: String { "stale row" }

    /// Lays `screen` out as the run loop does between events: its view and
    /// the views in it, the list among them; a list outside them, itself.
    private func layOut(_ screen: Screen) {
        let list = self.list(screen)
        let root = (screen as? UIViewController)?.view ?? (screen as? UIView)
        root?.layoutIfNeeded()
        if root == nil || !Self.contains(root, list) { list.layoutIfNeeded() }
    }

    /// Whether `list` is `root` or a view inside it.
    private static func contains(_ root: UIView?, _ list: any StaleRowChecking) -> Bool {
        var view = list as? UIView
        while let current = view {
            if current === root { return true }
            view = current.superview
        }
        return false
    }

    /// `calls` as a regression test's body: the screen laid out before and
    /// after each as the explorer did, each of the screen's tasks let run
    /// after an action (`settles`), and a stale row checked at the end.
    private static func regressionTest(
        _ outcome: Outcome, settles: Bool = false
    ) -> [String] {
        var body = [outcome.viewName + ".layoutIfNeeded()"]
        for call in outcome.calls {
            body.append(call)
            if settles, !call.hasPrefix("await waits.") { body.append("await waits.settle()") }
            body.append(outcome.viewName + ".layoutIfNeeded()")
        }
        // Caught, so that the test fails with UIKit's words instead of ending every test's process.
        var lines = ["let exception = \(settles ? "await " : "")UIKitException.catching {"]
        lines += body.map { "    " + $0 }
        lines += ["}", "#expect(exception == nil)"]
        if outcome.signature == staleRow {
            lines.append(
                outcome.viewName == "list"
                    ? "#expect(list.staleRow() == nil)" : "#expect(\(outcome.viewName).firstStaleRow() == nil)")
        }
        return lines
    }

    /// How a regression test names the view the explorer lays out for
    /// `screen`: `screen.view` (a view controller whose view holds the
    /// list), `screen` (a view that does), or `list`.
    private func viewName(_ screen: Screen) -> String {
        let list = self.list(screen)
        if let controller = screen as? UIViewController, Self.contains(controller.view, list) { return "screen.view" }
        if let view = screen as? UIView, Self.contains(view, list) { return "screen" }
        return "list"
    }

    /// Replays `failure`'s steps on a new screen, after `prepare` has seen
    /// it (a recording attached to its list): what UIKit raised, if anything.
    package func replay(
        _ failure: ExplorerFailure, after prepare: (Screen, any StaleRowChecking) -> Void
    ) -> UIKitException? {
        let screen = makeScreen()
        prepare(screen, list(screen))
        return UIKitException.catching {
            layOut(screen)
            for step in failure.steps {
                var random = step.simplest ? ExplorerRandom.simplest : ExplorerRandom(seed: step.seed)
                _ = actions[step.action].perform(screen, &random)
                layOut(screen)
            }
        }
    }

    /// What a replay of `steps` ended in, or nil when it went right.
    struct Outcome {
        var step: Int
        var calls: [String]
        var reason: String
        var signature: String
        /// How a regression test names the view laid out (``viewName(_:)``).
        var viewName = "list"
    }

    /// What a replay of `steps` ended in, or nil when it went right.
    func replay(_ steps: [Step]) -> Outcome? {
        replay { index in index < steps.count ? steps[index] : nil }.outcome
    }

    /// What a replay of the steps `next` gives (from the step's index, nil
    /// to stop) ended in, and the steps taken.
    private func replay(next: (Int) -> Step?) -> (outcome: Outcome?, taken: [Step]) {
        let screen = makeScreen()
        var calls: [String] = []
        var taken: [Step] = []
        if let raised = UIKitException.catching({ layOut(screen) }) {
            let outcome = Outcome(
                step: 0, calls: [], reason: raised.description, signature: Self.signature(of: raised),
                viewName: viewName(screen))
            return (outcome, [])
        }
        while let step = next(taken.count) {
            let index = taken.count
            taken.append(step)
            var random = step.random
            var call = ""
            let raised = UIKitException.catching {
                call = actions[step.action].perform(screen, &random)
                layOut(screen)
            }
            calls.append(call)
            if let raised {
                let outcome = Outcome(
                    step: index, calls: calls, reason: raised.description, signature: Self.signature(of: raised),
                    viewName: viewName(screen))
                return (outcome, taken)
            }
            if let stale = list(screen).staleRow() {
                let outcome = Outcome(
                    step: index, calls: calls, reason: "a stale row: \(stale)", signature: Self.staleRow,
                    viewName: viewName(screen))
                return (outcome, taken)
            }
        }
        return (nil, taken)
    }

    /// `steps` with steps taken away while a replay still fails as `signature` says.
    func shrink(_ steps: [Step], like signature: String) -> [Step] {
        var shrinking = Shrinking(steps, like: signature, budget: shrinkingSteps)
        while let candidate = shrinking.candidate() { shrinking.accept(replay(candidate)) }
        return shrinking.current
    }

    // MARK: - The screen's own tasks

    /// Runs the steps as ``run()`` does, and between the user's actions lets
    /// the screen's own tasks' waits go (``ExplorerWaits``), in an order the
    /// seed chooses: a step that finds waits held lets one go a time in
    /// three. The failure's calls let each wait go as the run did
    /// (`await waits.letGo("…")`), to paste into an async test.
    public func runWithWaits() async -> ExplorerFailure? {
        await searchWithWaits().failure
    }

    /// Searches as ``runWithWaits()`` does, and says how far the search went.
    public func searchWithWaits() async -> ExplorerSearch {
        var searched = ExplorerSearch()
        guard !actions.isEmpty, steps > 0 else { return searched }
        var random = ExplorerRandom(seed: seed)
        let deadline = timeLimit.map { ContinuousClock.now.advanced(by: $0) }
        for run in 0..<max(1, runs) {
            var outOfTime = false
            let (found, taken) = await replayWithWaits { index, held in
                guard index < steps else { return nil }
                if let deadline, index % 16 == 0, ContinuousClock.now >= deadline {
                    outOfTime = true
                    return nil
                }
                if held > 0, random.next(upTo: 3) == 0 {
                    return Step(action: random.next(upTo: held), seed: 0, resumes: true)
                }
                return Step(action: random.next(upTo: actions.count), seed: random.nextWord())
            }
            searched.runs += 1
            searched.steps += taken.count
            guard let found else {
                if outOfTime {
                    searched.outOfTime = true
                    return searched
                }
                continue
            }
            var shrinking = Shrinking(taken, like: found.signature, budget: shrinkingSteps)
            while let candidate = shrinking.candidate() { shrinking.accept(await replayWithWaits(candidate)) }
            guard let confirmed = await replayWithWaits(shrinking.current) else { return searched }
            var failure = ExplorerFailure(
                seed: seed, run: run + 1, stepsTaken: found.step + 1, calls: confirmed.calls,
                reason: confirmed.reason)
            failure.regressionTest = Self.regressionTest(confirmed, settles: true)
            failure.withWaits = true
            failure.steps = shrinking.current.map {
                ExplorerStep(action: $0.action, seed: $0.seed, simplest: $0.simplest, resumes: $0.resumes)
            }
            searched.failure = failure
            return searched
        }
        return searched
    }

    /// What a replay of `steps`, the screen's tasks let go as they say, ended in.
    func replayWithWaits(_ steps: [Step]) async -> Outcome? {
        await replayWithWaits { index, _ in index < steps.count ? steps[index] : nil }.outcome
    }

    /// Replays the steps of `failure` (of ``runWithWaits()``) on a new screen
    /// with its tasks let go as the exploration did, after `prepare` has seen
    /// it (a recording attached to its list): what UIKit raised, if anything.
    package func replayWithWaits(
        _ failure: ExplorerFailure, after prepare: (Screen, any StaleRowChecking) -> Void
    ) async -> UIKitException? {
        let steps = failure.steps.map {
            Step(action: $0.action, seed: $0.seed, simplest: $0.simplest, resumes: $0.resumes)
        }
        var raised: UIKitException?
        _ = await replayWithWaits(
            next: { index, _ in index < steps.count ? steps[index] : nil },
            prepare: { screen in prepare(screen, list(screen)) }, raised: { raised = $0 })
        return raised
    }

    /// Replays the steps `next` gives (from the step's index and the waits
    /// held then, nil to stop) on a new screen, all in one catching of
    /// UIKit's exceptions, which the screen's tasks inherit: what it ended
    /// in, and the steps taken.
    private func replayWithWaits(
        next: (Int, Int) -> Step?, prepare: (Screen) -> Void = { _ in },
        raised report: (UIKitException) -> Void = { _ in }
    ) async -> (outcome: Outcome?, taken: [Step]) {
        let waits = self.waits ?? ExplorerWaits()
        await waits.cancelAll()
        let screen = makeScreen()
        prepare(screen)
        var calls: [String] = []
        var taken: [Step] = []
        var stale: String?
        let raised = await UIKitException.catching {
            layOut(screen)
            if UIKitException.hasBeenRaised { return }
            while let step = next(taken.count, waits.pending.count) {
                taken.append(step)
                if step.resumes {
                    let held = waits.pending
                    guard !held.isEmpty else {
                        calls.append("")
                        continue
                    }
                    let index = step.action % held.count
                    calls.append("await waits.letGo(\(String(reflecting: held[index])))")
                    await waits.letGo(at: index)
                } else {
                    var random = step.random
                    calls.append(actions[step.action].perform(screen, &random))
                    await ExplorerWaits.settle()
                }
                layOut(screen)
                if UIKitException.hasBeenRaised { return }
                if let row = list(screen).staleRow() {
                    stale = "\(row)"
                    return
                }
            }
        }
        // The screen goes away: its tasks' waits end in cancellation (within the run's catching, which they inherit).
        await waits.cancelAll()
        if let raised { report(raised) }
        let kept = calls.filter { !$0.isEmpty }
        if let raised {
            return (
                Outcome(
                    step: max(0, taken.count - 1), calls: kept, reason: raised.description,
                    signature: Self.signature(of: raised), viewName: viewName(screen)), taken
            )
        }
        if let stale {
            return (
                Outcome(
                    step: taken.count - 1, calls: kept, reason: "a stale row: \(stale)", signature: Self.staleRow,
                    viewName: viewName(screen)),
                taken
            )
        }
        return (nil, taken)
    }

    /// What makes two failures alike: the rule of UIKit's the exception
    /// stands for, by its case (a count mismatch by whether sections or
    /// items disagree), whatever its counts and identifiers; for an
    /// exception raised by no rule of the face's, its reason with each run
    /// of digits as one `#`.
    static func signature(of exception: UIKitException) -> String {
        guard let rule = exception.rule else {
            return exception.reason.replacing(/[0-9]+/, with: "#")
        }
        if case .countMismatch(let mismatch) = rule {
            return "rule countMismatch of " + (mismatch.section == nil ? "sections" : "items")
        }
        return "rule " + caseName(of: rule)
    }

    /// The case of an enum value, and of the enum it carries, if it carries
    /// one alone (`snapshot.duplicateItem`).
    private static func caseName(of value: Any) -> String {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .enum, let payload = mirror.children.first else { return "\(value)" }
        let name = payload.label ?? ""
        guard Mirror(reflecting: payload.value).displayStyle == .enum else { return name }
        return name + "." + caseName(of: payload.value)
    }
}

extension ScreenExplorer {
    /// Shrinking a failing run, one candidate at a time: first steps taken
    /// away, in halves, then quarters and so on, while a replay still fails
    /// the same way; then every step's values made the simplest at once
    /// (every draw 0), then each step's alone; and again from the start while
    /// a round takes anything away, as a simpler value can make a step
    /// unneeded. The same for a run with waits, which replays asynchronously.
    struct Shrinking {
        /// The fewest steps found so far that fail as ``signature`` says.
        private(set) var current: [Step]
        let signature: String
        /// The steps the replays may take in all.
        let budget: Int
        private var replayed = 0
        private var simplifying = false
        private var chunk: Int
        private var start = 0
        private var removed = false
        /// The step whose values the next candidate makes simplest; -1 for every step at once.
        private var index = -1
        private var indexLimit = 0
        /// Whether this round kept a candidate: then another round may take more away.
        private var changed = false
        private var tried: [Step] = []

        init(_ steps: [Step], like signature: String, budget: Int) {
            current = steps
            self.signature = signature
            self.budget = budget
            chunk = max(1, steps.count / 2)
        }

        /// The next steps to replay, or nil when shrinking is done.
        mutating func candidate() -> [Step]? {
            while replayed < budget {
                if !simplifying {
                    if chunk < 1 {
                        simplifying = true
                        index = -1
                        indexLimit = current.count
                        continue
                    }
                    guard start < current.count else {
                        if !removed { chunk /= 2 }
                        start = 0
                        removed = false
                        continue
                    }
                    var candidate = current
                    candidate.removeSubrange(start..<min(start + chunk, candidate.count))
                    guard !candidate.isEmpty else {
                        start += chunk
                        continue
                    }
                    return tried(candidate)
                }
                if index < indexLimit {
                    var candidate = current
                    if index < 0 {
                        for position in candidate.indices where !candidate[position].resumes {
                            candidate[position].simplest = true
                        }
                    } else if index < candidate.count, !candidate[index].simplest, !candidate[index].resumes {
                        candidate[index].simplest = true
                    }
                    guard candidate != current else {
                        index += 1
                        continue
                    }
                    return tried(candidate)
                }
                // A round ended: another, while this one kept a candidate.
                guard changed else { return nil }
                changed = false
                simplifying = false
                chunk = max(1, current.count / 2)
                start = 0
                removed = false
            }
            return nil
        }

        private mutating func tried(_ candidate: [Step]) -> [Step] {
            replayed += candidate.count
            tried = candidate
            return candidate
        }

        /// What the replay of the last candidate ended in.
        mutating func accept(_ outcome: Outcome?) {
            let failsAlike = outcome.map { $0.signature == signature } ?? false
            if let outcome, failsAlike {
                current = Array(tried.prefix(outcome.step + 1))
                changed = true
            }
            if simplifying {
                index += 1
            } else if failsAlike {
                removed = true
            } else {
                start += chunk
            }
        }
    }
}

/// What an exploration found: the steps that fail, fewest first found, as
/// Swift calls ready to paste as a regression test; how they end, in UIKit's
/// words; and the seed that finds them again.
public struct ExplorerFailure: Hashable, Sendable, CustomStringConvertible {
    /// The seed of the search.
    public let seed: UInt64
    /// The run that failed, from 1.
    public let run: Int
    /// How many steps the run took before it failed.
    public let stepsTaken: Int
    /// The fewest steps found that fail the same way: the actions' calls, as Swift.
    public let calls: [String]
    /// The calls as a regression test's body, to paste after making the
    /// screen as the explorer's `screen` closure does (named `screen`; its
    /// tasks' waits `waits`): the screen laid out before and after each call
    /// as the explorer did, the screen's tasks let run after each of the
    /// user's actions, and a stale row checked at the end.
    public internal(set) var regressionTest: [String] = []
    /// Whether the failure came from ``ScreenExplorer/runWithWaits()``: its
    /// steps replay only with the screen's tasks, which a transcript cannot hold.
    public internal(set) var withWaits = false
    /// How they end: UIKit's exception, or the stale row.
    public let reason: String
    /// The steps, to replay them (``ScreenExplorer``'s, as UIKitTranscripts records them).
    package var steps: [ExplorerStep] = []

    package init(seed: UInt64, run: Int = 1, stepsTaken: Int, calls: [String], reason: String) {
        self.seed = seed
        self.run = run
        self.stepsTaken = stepsTaken
        self.calls = calls
        self.reason = reason
    }

    /// The failure as a test's message.
    public var description: String {
        let runText = run == 1 ? "" : " in run \(run) (a search of \(run) runs or more finds it)"
        let head =
            "explore (seed \(seed)) failed after \(stepsTaken) step\(stepsTaken == 1 ? "" : "s")\(runText), shrunk to "
            + "\(calls.count):"
        return
            ([head] + (regressionTest.isEmpty ? calls : regressionTest).map { "    " + $0 } + ["ending in: \(reason)"])
            .joined(separator: "\n")
    }
}

/// How far a search went: the failure it found, if any; the runs and the
/// steps it took; and whether its ``ScreenExplorer/timeLimit`` ran out first.
public struct ExplorerSearch: Hashable, Sendable {
    /// The failure found, shrunk and confirmed; nil when none was.
    public internal(set) var failure: ExplorerFailure?
    /// The runs made (the last one cut short when the time ran out).
    public internal(set) var runs = 0
    /// The steps taken in all, before any shrinking.
    public internal(set) var steps = 0
    /// Whether the time limit ended the search before its runs were made.
    public internal(set) var outOfTime = false
}

/// One step of an exploration: which action, with the seed of the values it draws; or, when it
/// `resumes`, which of the waits held it lets go.
package struct ExplorerStep: Hashable, Sendable {
    package var action: Int
    package var seed: UInt64
    package var simplest = false
    package var resumes = false
}

/// The generator an exploration's steps draw their values from: SplitMix64,
/// seeded, so a run is the same on every machine.
public struct ExplorerRandom: RandomNumberGenerator, Sendable {
    /// The core's seeded generator, which the playground's `explore` draws from too.
    private var base: SeededRandom
    /// Whether every draw is 0: the simplest values, which shrinking tries.
    private var drawsZero = false

    /// The generator of the simplest values: every draw is 0.
    static var simplest: ExplorerRandom {
        var random = ExplorerRandom(seed: 0)
        random.drawsZero = true
        return random
    }

    /// A generator seeded with `seed`.
    public init(seed: UInt64) {
        base = SeededRandom(seed: seed)
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 { nextWord() }

    /// The next 64 random bits (SplitMix64).
    mutating func nextWord() -> UInt64 {
        drawsZero ? 0 : base.next()
    }

    /// A number from 0 up to `bound` (0 when `bound` is not positive).
    public mutating func next(upTo bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        return Int(nextWord() % UInt64(bound))
    }
}
