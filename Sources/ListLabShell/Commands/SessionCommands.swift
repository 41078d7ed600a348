import Interruption
import ListLabCore
import ListLabFiles
import ListLabRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Session {

    /// Writes the recorded commands as a transcript, atomically.
    func save(to file: String, force: Bool) throws {
        let (text, count) = try transcript(named: file.split(separator: "/").last.map(String.init) ?? file)
        let earlier = workspace.writtenPaths
        try workspace.writeNewFile(text, to: file, force: force)
        output.write("saved \(count) \(count == 1 ? "command" : "commands") to \(file)")
        // A replay copies the files its commands name from the transcript's folder: the ones this
        // session wrote there are there now, so writing them again needs --force.
        let folder =
            (workspace.writtenPaths.last ?? "").split(separator: "/", omittingEmptySubsequences: false).dropLast()
            .joined(separator: "/") + "/"
        var seen: Set<String> = []
        let inFolder = earlier.filter {
            $0.hasPrefix(folder) && $0 != workspace.writtenPaths.last && seen.insert($0).inserted
        }
        if !inFolder.isEmpty {
            let names = inFolder.map { String($0.dropFirst(folder.count)) }
            output.write(
                "note: this session wrote \(names.joined(separator: ", ")) in the transcript's folder: a replay finds \(names.count == 1 ? "it" : "them") there, "
                    + "so a command that writes \(names.count == 1 ? "it" : "them") again without --force fails (save sessions that write files in a folder of their own)"
            )
        }
    }

    /// The session so far as a transcript called `name` (what `session save`
    /// writes), and how many commands it holds.
    ///
    /// - Throws: when there is no command yet: a transcript with none would
    ///   fail its own replay.
    package func transcript(named name: String, appending later: [CommandRecord] = []) throws -> (
        text: String, commands: Int
    ) {
        let entries = recordedCommands
        guard !entries.isEmpty else { throw ShellError(.needsFirst("session save: no commands to save yet")) }
        // A bounded record (a classroom tab's) keeps the start of each output, matched by `...`,
        // and, once full, its first commands only: a transcript that still replays.
        let records =
            zip(entries.indices, entries).map { index, entry in
                var record = CommandRecord(command: entry.command, output: entry.output)
                record.outputCut = recorder.cut[index]
                record.notes = recorder.notes[index]
                return record
            } + later
        var prose = ["A ListLab session. Replay it with '\(toolName) test \(name)'; write notes at the left margin."]
        if recorder.isFull, let limit = recorder.limit {
            prose.append(
                "Its first \(entries.count) commands: this session keeps \(limit.total / 1_048_576) MB of its record.")
        }
        return (Transcript.text(of: records, prose: prose), records.count)
    }

    /// Keeps `prose` to write before the next command in a transcript of the
    /// session (`session save`, a classroom's collection): a lesson's marks
    /// of the steps its Solution ran and the hints a student was shown.
    package func noteInTranscript(_ prose: String) {
        recorder.note(prose)
    }

    /// Writes `text` to `file` (from the working directory) atomically; a file
    /// that exists is replaced only with `force`, a folder never. Errors name
    /// the file as the user wrote it (``Workspace/writeNewFile(bytes:to:force:)``).
    public func writeNewFile(_ text: String, to file: String, force: Bool) throws {
        try workspace.writeNewFile(bytes: Array(text.utf8), to: file, force: force)
    }

    /// Runs the commands of a script or transcript (`listlab run FILE`), each
    /// as if typed at the prompt: errors name `FILE:LINE:`, and each command
    /// is kept as the session's own, so that `session save` saves them. A
    /// file that cannot be read is one error line.
    public func runScript(_ file: String) {
        do {
            try runFile(file, asTopLevel: true)
        } catch {
            countFailure()
            output.writeError("\(error)")
        }
    }

    /// Runs the commands of `file`: errors name `FILE:LINE:`; in a
    /// transcript, an error whose output matches what the transcript
    /// recorded was expected, and is not counted as a failure.
    ///
    /// - Parameters:
    ///   - echoing: Whether to print each command and its prose (as
    ///     ``echoesCommands`` does for the whole session).
    ///   - bailing: Whether to stop this file at its first counted error
    ///     (``stopsAtFirstError`` ends the whole session).
    ///   - asTopLevel: Whether its commands are the session's own (`listlab
    ///     run`), each kept for `session save`, rather than the output of the
    ///     `run` command that runs the file.
    func runFile(_ file: String, echoing: Bool = false, bailing: Bool = false, asTopLevel: Bool = false) throws {
        guard input.depth < CommandInput.maximumDepth else {
            input.scriptsStopped = true
            throw ShellError(.scriptsTooDeep(file: file, limit: CommandInput.maximumDepth))
        }
        guard !input.scriptCommandsAreSpent else {
            throw ShellError(.scriptCommandsSpent(limit: CommandInput.maximumScriptCommands))
        }
        let script = Script(text: try readText(file, asTranscript: asTopLevel))
        // A file that is not a script (a `.env`, a key, a CSV) is refused whole, and none of its words are
        // printed: an error naming an unknown command would show a line of it. Its first command says which
        // it is (a script's later typo is an error of that line, as at the prompt).
        if let first = script.steps.first, first.expected == nil,
            Command.command(named: (first.command.whitespaceSeparatedWords.first ?? "").lowercased()) == nil
        {
            let notACommand = first
            throw ShellError(
                .invalidData(
                    "\(file) is not a script: its line \(notACommand.line) does not start with a command, so none of "
                        + "it was run (its lines are not shown)"
                )
            )
        }
        let nested = asTopLevel ? 0 : 1
        try input.inScript(nested: nested, echoing: echoing) {
            var saidInterrupted = false
            for step in script.steps {
                guard !isFinished else { break }
                // After a Ctrl-C the script stops too, and says so unless the command it stopped did
                // (a quick command, between whose steps no check came, finished first).
                // Scripts that run scripts are bounded in all (twenty lines of `run` nested eight deep
                // would run 20^8 commands): past the bound, the innermost says so once and every run stops.
                guard !input.scriptsStopped else { break }
                if nested > 0, !input.countScriptCommand() {
                    throw ShellError(.scriptCommandsSpent(limit: CommandInput.maximumScriptCommands))
                }
                guard !Interruption.isRequested else {
                    if !saidInterrupted { output.write(interruptionLine?() ?? "interrupted") }
                    input.scriptWasStopped = true
                    break
                }
                if input.echoesCommands {
                    for prose in step.prose { echo(prose: prose) }
                    echo(command: step.command)
                }
                let record = execute(step.command, at: "\(file):\(step.line)", expecting: step.expected)
                saidInterrupted = record.stopped
                guard record.failed else { continue }
                // A step inside `run` fails the `run` (a top-level step counted itself).
                if !input.isEntered { noteFailure() }
                if input.stopsAtFirstError { finish() }
                if bailing { return }
            }
            if input.echoesCommands, !isFinished {
                for prose in script.trailingProse { echo(prose: prose) }
            }
        }
    }

    /// The text of `file`, relative to the working directory.
    /// `asTranscript`: a file `listlab run` was given, which may not be a
    /// link out of its folder (``TextFile/readTranscript(_:)``).
    func readText(_ file: String, asTranscript: Bool = false) throws(ShellError) -> String {
        guard !file.isEmpty else { throw ShellError(.emptyFileName) }
        let path = try workspace.filePath(file)
        do {
            return try asTranscript ? TextFile.readTranscript(path) : TextFile.read(path)
        } catch {
            throw ShellError(.inFile(file, error.reason))
        }
    }
}

extension CommandContext {
    /// `command`'s examples as this session can run them: with ListLab's
    /// samples off (a playground of the user's), none that loads a sample,
    /// and `load` shows the registrations first.
    func examples(of command: Command) -> [String] {
        guard !workspace.offersSamples else { return command.examples }
        let samples = BuiltInSamples.names
        let own = command.name == "load" ? workspace.registrations.map { "load \($0.name)" } : []
        return own
            + command.examples.filter { example in
                !example.split(separator: " ").contains { samples.contains(String($0)) }
            }
    }
}

extension Command {
    /// `trace`'s words.
    static let traceWords = CommandWords(words: [("on", "on"), ("off", "off")])
    /// The commands about the session: its own (`trace`, `run`, `session`,
    /// `history`, `quit`, given the session itself), and `stats` and `help`,
    /// which read a command context as every other command does.
    static let sessionCommands: [Command] = [
        Command(
            sessionCommand: "trace", usage: "trace " + traceWords.usage,
            summary: "prints each call across the split as it happens: list, adapter, provider, presenter",
            examples: ["trace on", "trace off"],
            completes: { context in context.arguments.isEmpty ? traceWords.names : [] }
        ) { session, arguments in
            let state = try traceWords.read(&arguments)
            try arguments.expectEnd()
            if state == "on" {
                session.list.tracer.sink = { [weak session] event in
                    session?.output.write(session?.commandContext.traceLine(event) ?? event.description)
                    session?.traced(event)
                }
            } else {
                session.list.tracer.sink = nil
            }
            session.output.write("trace \(state)")
        },
        Command(
            name: "stats", usage: "stats",
            summary: "counts cells created and reused, data source calls, items, sections",
            details: [
                "provider: items and sections the provider holds. cells: created (dequeued with an empty reuse",
                "queue), reused (taken from the queue), configured (each configure call; in place: again in the",
                "same cell, a reconfigure), replaced by reloads (a reload dequeues a new cell). calls: to the data",
                "source (counts, cells, titles) and to the delegate (selection, display). list: reloadData calls,",
                "batch updates performed (and refused by UIKit's rules), and the viewport's height.",
            ],
            examples: ["stats"]
        ) { context, arguments in
            try arguments.expectEnd()
            let loaded = try context.current()
            let stats = context.list.statistics
            context.output.write("provider \(loaded.name): \(loaded.countDescription)")
            context.output.write(
                "cells: \(stats.cellsCreated) created, \(stats.cellsReused) reused, \(stats.configurations) "
                    + "configured (\(stats.reconfigurations) in place), \(stats.reloadedCells) replaced by reloads"
            )
            context.output.write(
                "calls: \(stats.dataSourceCalls) to the data source, \(stats.delegateCalls) to the delegate")
            context.output.write(
                "list: \(stats.reloads) reloadData, \(stats.batchUpdates) batch updates (\(stats.refusedBatchUpdates) "
                    + "refused), viewport \(context.list.viewportRows) rows"
            )
        },
        Command(
            sessionCommand: "run", usage: "run FILE [--echo] [--bail]",
            summary: "runs the commands of a script or transcript in this session",
            details: [
                "A transcript's commands are its lines that start with '  > '; a script's are its lines.",
                "An error names the file and line (FILE:LINE:); one a transcript recorded was expected.",
                "--echo prints each command, and the prose before it, ahead of its output;",
                "--bail stops the script at its first unexpected error.",
            ],
            examples: ["run Samples/tests/setup.txt", "run Samples/tours/1-fountainkit.lab --echo --bail"],
            completes: { context in context.arguments.isEmpty ? context.paths : ["--echo", "--bail"] }
        ) { session, arguments in
            let file = try arguments.string("a FILE")
            let flags = try arguments.flags(["--echo", "--bail"])
            try session.runFile(file, echoing: flags.contains("--echo"), bailing: flags.contains("--bail"))
        },
        Command(
            sessionCommand: "session", usage: "session save FILE [--force]",
            summary: "saves this session so far as a transcript that replays as a regression test",
            details: [
                "Every command with its output, errors included. 'listlab test FILE' replays it;",
                "an existing file is replaced only with --force.",
            ],
            examples: ["session save contacts-demo.lab", "session save contacts-demo.lab --force"], isRecorded: false,
            completes: { context in
                switch context.arguments.count {
                case 0: ["save"]
                case 1: context.paths
                default: ["--force"]
                }
            }
        ) { session, arguments in
            _ = try arguments.choice("'save'", ["save"])
            let force = arguments.take("--force")
            let file = try arguments.string("a FILE")
            let forceAfter = arguments.take("--force")
            try arguments.expectEnd()
            try session.workspace.checkCanWrite("session save")
            try session.save(to: file, force: force || forceAfter)
        },
        Command(
            sessionCommand: "history", usage: "history", summary: "lists the commands of this session",
            examples: ["history"]
        ) { session, arguments in
            try arguments.expectEnd()
            let width = String(session.history.count).count
            for (index, line) in session.history.enumerated() {
                let number = String(index + 1)
                session.output.write(String(repeating: " ", count: width - number.count + 2) + number + "  " + line)
            }
        },
        Command(
            name: "help", usage: "help [COMMAND]", summary: "lists the commands, or explains one with an example",
            examples: ["help", "help select"],
            completes: { context in context.arguments.isEmpty ? context.commandNames : [] }
        ) { context, arguments in
            if arguments.isAtEnd {
                context.output.write("commands (help COMMAND for more):")
                let width = all.map(\.name.count).max() ?? 0
                for command in all {
                    context.output.write("  \(command.name.padded(to: width))  \(command.summary)")
                }
                return
            }
            let name = try arguments.string("a COMMAND")
            try arguments.expectEnd()
            guard let command = command(named: name.lowercased()) else {
                let suggestion =
                    Suggestion.nearest(to: name, in: all.map(\.name)).map { " (did you mean '\($0)'?)" } ?? ""
                throw ShellError(.notFound("no command '\(name)'\(suggestion); type 'help' for the list"))
            }
            context.output.write(command.usage)
            context.output.write("  \(command.summary)")
            for line in command.details { context.output.write("  \(line)") }
            if command.speaksUIKitWords {
                context.output.write(
                    "  Its refusals are UIKit's words on iOS \(context.list.iOSVersion) ('set ios VERSION' changes "
                        + "the version)."
                )
            }
            if command.name == "load", !context.workspace.registrations.isEmpty {
                context.output.write(
                    "  Registered with this playground: \(context.workspace.registrations.map { "\($0.name) (\($0.providerTypeName))" }.joined(separator: ", "))."
                )
            }
            if command.takesDataOnly {
                context.output.write(
                    "  --data-only: the data changes and the list is not told (its rows stay as they were), to see")
                context.output.write(
                    "  the batch update UIKit would then need: 'batch' hands it one, 'reload --list' reloads.")
            }
            for example in context.examples(of: command) { context.output.write("  example: \(example)") }
        },
        Command(
            sessionCommand: "quit", aliases: ["exit"], usage: "quit", summary: "ends the session (Ctrl-D does too)",
            details: [
                "At a terminal, with unsaved edits in a file provider, the first quit names them; a second leaves."
            ],
            examples: ["quit"], endsSession: true
        ) { session, arguments in
            try arguments.expectEnd()
            guard !session.warnsBeforeQuitting() else { return }
            session.finish()
        },
    ]
}
