import ListLabCore

extension Session {

    /// Runs `explore` with `options` and says what it found.
    func explore(_ options: ExploreOptions) throws {
        try checkCanExplore()
        if options.save != nil { try workspace.checkCanWrite("explore --save") }
        let then = options.iOS.map { ["set ios \($0)"] } ?? []
        let steps = try takeExploringSteps(options.steps)
        let prefix = zip(recordedCommands, recorder.cut).map { ($0.command, $0.output, $1) }
        let explorer = SessionExplorer(prefix: prefix, then: then, makeSession: makeExploringSession)
        let checked = try explorer.checkedStart()
        let deadline = options.seconds.map { ContinuousClock.now + .seconds($0) }
        let outcome = explorer.explore(steps: steps, seed: options.seed, until: deadline, from: checked)
        let searched =
            "\(outcome.stepsRun) \(outcome.stepsRun == 1 ? "step" : "steps") in \(outcome.runs) \(outcome.runs == 1 ? "run" : "runs") (seed \(options.seed))"
        guard let found = outcome.found else {
            let taken = "\(outcome.stepsTaken) taken by the provider"
            if outcome.stepsRun > 0, outcome.stepsTaken == 0, let refused = outcome.firstRefused {
                output.write("explore: the provider took none of \(searched): '\(refused.step)' says: \(refused.error)")
            } else if let reason = outcome.stoppedBecause {
                output.write("explore: \(reason) after \(searched), \(taken): nothing found so far")
            } else {
                output.write(
                    "explore: \(searched), \(taken): the list took every update, and every row on screen showed its "
                        + "item"
                )
            }
            if options.save != nil { output.write("explore --save: nothing found, nothing saved") }
            return
        }
        let what = found.failure.kind == "stale row" ? "left a row stale" : "broke UIKit's rule \(found.failure.kind)"
        let fewest = found.steps.count == 1 ? "1 step does it" : "\(found.steps.count) steps do it"
        output.write("explore: after \(searched), a step \(what); \(fewest):")
        let final = explorer.start()
        let records = found.steps.map { step in
            output.write("  \(step)")
            return final.execute(step)
        }
        output.write("the last step said:")
        for line in records.last?.output ?? [] { output.write("  \(line)") }
        guard let file = options.save else {
            output.write(
                "keep them as a transcript: explore --seed \(options.seed) --steps \(outcome.foundAfter)\(options.iOS.map { " --ios \($0)" } ?? "") --save FILE"
            )
            return
        }
        // This session's commands as it ran them (what they printed here), then the steps.
        let ios = final.recordedCommands.suffix(found.steps.count + then.count).prefix(then.count).map {
            CommandRecord(command: $0.command, output: $0.output)
        }
        let (text, count) = try transcript(
            named: file.split(separator: "/").last.map(String.init) ?? file, appending: ios + records)
        try workspace.writeNewFile(text, to: file, force: options.force)
        output.write(
            "saved \(count) commands to \(file), this session's and the steps: '\(toolName) test \(file)' replays them")
    }

    /// Throws unless the session is at a state `explore` can start from: at
    /// the top level (a script's commands are not yet the session's own), a
    /// provider loaded and shown through its adapter (under a diffable data
    /// source the list changes on `apply` alone), and the list showing the
    /// data (no change it was not told of, no stale row).
    private func checkCanExplore() throws {
        guard input.isEntered else {
            throw ShellError(
                .unsupported(
                    "explore runs at the top of a session, not inside 'run' (the script's commands are replayed with "
                        + "the session's once it ends)"
                )
            )
        }
        let loaded = try workspace.current()
        guard !recorder.isFull else {
            throw ShellError(
                .overBound(
                    "explore replays this session's commands, and its record is full (it keeps no more of them): "
                        + "start a new session, load, and explore"
                )
            )
        }
        guard presentation.diffable == nil else {
            throw ShellError(
                .needsFirst(
                    "explore takes the provider through edits whose updates its own change tracking reports, and "
                        + "under a diffable data source the list changes on 'apply' alone: 'diffable off' first"
                )
            )
        }
        if let change = presentation.currentUnannouncedChange() {
            throw ShellError(
                .needsFirst(
                    "explore: the list was not told of '\(change.command)': 'reload --list' first, so that it shows "
                        + "the data"
                )
            )
        }
        if let stale = commandContext.staleRow(of: loaded) {
            throw ShellError(
                .needsFirst("explore: the list does not show the data now (\(stale)): 'reload --list' first"))
        }
    }

    /// Takes `steps` from what a bounded session (a replayed transcript, a
    /// classroom's tab) may explore in all, ``ExploreOptions/mostStepsOfABoundedSession``.
    private func takeExploringSteps(_ steps: Int) throws(ShellError) -> Int {
        guard recorder.limit != nil else { return steps }
        let left = ExploreOptions.mostStepsOfABoundedSession - exploredSteps
        guard left > 0 else {
            throw ShellError(
                .overBound(
                    "explore: this session has explored \(ExploreOptions.mostStepsOfABoundedSession) steps, the most "
                        + "a replayed transcript or a classroom's tab may"
                )
            )
        }
        exploredSteps += min(steps, left)
        return min(steps, left)
    }

    /// A session with this one's registrations, samples and bounds that writes no file.
    private func makeExploringSession() -> Session {
        var bounds = self.bounds
        bounds.record = nil
        let session = Session(
            output: DiscardingOutput(), workingDirectory: workspace.workingDirectory, canWriteFiles: false,
            bounds: bounds)
        session.registrations = registrations
        session.offersSamples = offersSamples
        session.toolName = toolName
        return session
    }
}

/// What `explore` was asked.
struct ExploreOptions {
    static let mostSteps = 100_000
    /// The most steps a bounded session (a replayed transcript, a classroom's tab) explores in all.
    static let mostStepsOfABoundedSession = 100_000

    var steps = 1_000
    var seed: UInt64 = 1
    var iOS: IOSVersion?
    var seconds: Int?
    var save: String?
    var force = false

    init(_ arguments: inout Arguments) throws(ShellError) {
        var given: Set<String> = []
        func once(_ option: String) throws(ShellError) {
            guard given.insert(option).inserted else { throw ShellError(.usage("explore: \(option) is given twice")) }
        }
        while !arguments.isAtEnd {
            if arguments.take("--steps") {
                try once("--steps")
                steps = try arguments.integer("a number of steps", in: 1...Self.mostSteps)
            } else if arguments.take("--seed") {
                try once("--seed")
                seed = UInt64(try arguments.integer("a seed", in: 0...Int.max))
            } else if arguments.take("--ios") {
                try once("--ios")
                let text = try arguments.string("a VERSION")
                guard let version = IOSVersion(text) else {
                    throw ShellError(
                        .usage("explore --ios: '\(text)' is not an iOS version from 13 to 26 (as 16 or 16.4)"))
                }
                iOS = version
            } else if arguments.take("--seconds") {
                try once("--seconds")
                seconds = try arguments.integer("a number of seconds", in: 1...3_600)
            } else if arguments.take("--save") {
                try once("--save")
                save = try arguments.string("a FILE")
            } else if arguments.take("--force") {
                try once("--force")
                force = true
            } else {
                try arguments.expectEnd()
            }
        }
        if force, save == nil { throw ShellError(.usage("explore: --force goes with --save FILE")) }
    }
}

extension Command {
    static let exploreCommands: [Command] = [
        Command(
            sessionCommand: "explore",
            usage: "explore [--steps N] [--seed N] [--ios VERSION] [--seconds N] [--save FILE [--force]]",
            summary: "takes the provider through random edits until the list refuses one or shows a stale row",
            details: [
                "Each step is an edit as you would type it (append, insert, delete, update, move), chosen from",
                "what the provider holds, so the provider's own change tracking says what the list is told. The",
                "steps run in sessions of their own that first replay this session's commands (they write no",
                "file, and this session is not changed), in runs of \(SessionExplorer.runLength). After each step it "
                    + "checks that the list took",
                "the update (UIKit's rules) and that each row on screen shows its item. A failure is shrunk to",
                "the fewest steps, with the simplest words, that fail the same way, and printed with what the",
                "last step said; --save keeps them, after this session's commands, as a transcript that",
                "'listlab test' replays. --steps: how many (1000 by default, at most 100000); --seed: where the",
                "random choices start (1 by default: a seed takes the same steps every time); --ios: the iOS",
                "version the runs behave as; --seconds: a time bound. Ctrl-C stops it with what it found so",
                "far. 'load agenda' is a provider with a bug planted for it to find.",
            ],
            examples: ["explore --steps 200", "explore --seed 7 --steps 50 --ios 17"], isRecorded: false,
            completes: { context in
                ["--steps", "--seed", "--ios", "--seconds", "--save", "--force"].filter {
                    !context.arguments.contains($0)
                }
            }
        ) { session, arguments in
            let options = try ExploreOptions(&arguments)
            try session.explore(options)
        }
    ]
}
