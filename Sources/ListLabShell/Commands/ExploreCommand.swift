import ListLabCore

extension Session {
    static let exploreCommands: [Command] = [
        Command(
            sessionCommand: "explore",
            usage: "explore [--steps N] [--seed N] [--ios VERSION] [--seconds N] [--save FILE [--force]]",
            summary: "takes the provider through random edits until the list refuses one or shows a stale row",
            details: [
                "Each step is an edit as you would type it (append, insert, delete, update, move), chosen from",
                "what the provider holds, so the provider's own change tracking says what the list is told. The",
                "steps run in sessions of their own that first replay this session's commands (they write no",
                "file, and this session is not changed), in runs of \(SessionExplorer.runLength). After each step it checks that the list took",
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

    /// Runs `explore` with `options` and says what it found.
    func explore(_ options: ExploreOptions) throws {
        _ = try workspace.current()
        if options.save != nil { try checkCanWrite("explore --save") }
        var prefix = recordedCommands.map(\.command)
        guard prefix.count <= ExploreOptions.mostReplayedCommands else {
            throw ShellError(
                "explore replays this session's commands before each run, and it has \(prefix.count) (at most \(ExploreOptions.mostReplayedCommands)): start a new session, load, and explore"
            )
        }
        if let version = options.iOS { prefix.append("set ios \(version)") }
        let explorer = SessionExplorer(prefix: prefix, makeSession: makeExploringSession)
        let deadline = options.seconds.map { ContinuousClock.now + .seconds($0) }
        let outcome = explorer.explore(steps: options.steps, seed: options.seed, until: deadline)
        let searched =
            "\(outcome.stepsRun) \(outcome.stepsRun == 1 ? "step" : "steps") in \(outcome.runs) \(outcome.runs == 1 ? "run" : "runs") (seed \(options.seed))"
        guard let found = outcome.found else {
            if let reason = outcome.stoppedBecause {
                output.write("explore: stopped by \(reason) after \(searched): nothing found so far")
            } else {
                output.write(
                    "explore: \(searched): the list took every update, and every row on screen showed its item")
            }
            return
        }
        let what = found.failure.kind == "stale row" ? "left a row stale" : "broke UIKit's rule \(found.failure.kind)"
        let fewest = found.steps.count == 1 ? "1 step does it" : "\(found.steps.count) steps do it"
        output.write("explore: after \(searched), a step \(what); \(fewest):")
        let final = explorer.start()
        for step in found.steps {
            output.write("  \(step)")
            final.execute(step)
        }
        output.write("the last step said:")
        for line in final.recordedCommands.last?.output ?? [] { output.write("  \(line)") }
        guard let file = options.save else {
            output.write(
                "keep them as a transcript: explore --seed \(options.seed) --steps \(outcome.foundAfter)\(options.iOS.map { " --ios \($0)" } ?? "") --save FILE"
            )
            return
        }
        let (text, count) = try final.transcript(named: file.split(separator: "/").last.map(String.init) ?? file)
        try writeNewFile(text, to: file, force: options.force)
        output.write(
            "saved \(count) commands to \(file), this session's and the steps: '\(toolName) test \(file)' replays them")
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
    /// The most commands of the session that each run replays first.
    static let mostReplayedCommands = 500

    var steps = 1_000
    var seed: UInt64 = 1
    var iOS: IOSVersion?
    var seconds: Int?
    var save: String?
    var force = false

    init(_ arguments: inout Arguments) throws(ShellError) {
        while !arguments.isAtEnd {
            if arguments.take("--steps") {
                steps = try arguments.integer("a number of steps", in: 1...Self.mostSteps)
            } else if arguments.take("--seed") {
                seed = UInt64(try arguments.integer("a seed", in: 0...Int.max))
            } else if arguments.take("--ios") {
                let text = try arguments.string("a VERSION")
                guard let version = IOSVersion(text) else {
                    throw ShellError("explore --ios: '\(text)' is not an iOS version from 13 to 26 (as 16 or 16.4)")
                }
                iOS = version
            } else if arguments.take("--seconds") {
                seconds = try arguments.integer("a number of seconds", in: 1...3_600)
            } else if arguments.take("--save") {
                save = try arguments.string("a FILE")
            } else if arguments.take("--force") {
                force = true
            } else {
                try arguments.expectEnd()
            }
        }
    }
}
