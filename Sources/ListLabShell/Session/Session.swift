import Interruption
public import ListLabCore
import ListLabFiles
import ListLabRecords

/// One playground session: the loaded providers, the headless list they are
/// shown in, and the commands that act on them.
///
/// A session reads nothing itself: give it lines with ``execute(_:)``, or
/// run a whole ``LineReader`` with ``run(reader:)``. Everything it prints
/// goes to its ``ShellOutput``, so it runs the same under tests, scripts
/// and the terminal.
///
/// ```swift
/// let output = RecordingOutput()
/// let session = Session(output: output)
/// session.execute("load contacts")
/// session.execute("select 0.2")
/// output.lines   // ["loaded 8 items into an array provider (1 section)", "selected 0.2: Diana Prince"]
/// ```
public final class Session {

    /// The prompt shown before each command on a terminal: the tool's name
    /// (`schedule-lab> ` in a playground of the user's), as its page shows it.
    public var prompt: String { toolName + "> " }

    /// Where the session writes (through a recorder that keeps each
    /// command's output for `session save`).
    public let output: any ShellOutput
    let recorder: SessionRecorder
    /// What the session works on: its providers, registrations and files.
    let workspace: Workspace
    /// The folder relative paths are read from.
    public var workingDirectory: String { workspace.workingDirectory }
    /// How the data is shown: the list, what joins the current provider to
    /// it, and the changes it was not told of.
    let presentation: Presentation
    /// The list every provider is shown in.
    public var list: HeadlessList { presentation.list }
    /// True once `quit` has run.
    public private(set) var isFinished = false
    /// Where the commands come from: the ones entered, the script running
    /// them, and how scripts are bounded and echoed.
    let input = CommandInput()
    /// The commands entered so far, in order.
    public var history: [String] { input.history }
    /// Whether `save` and `session save` may write files (off for fuzzing).
    public var canWriteFiles: Bool { workspace.canWriteFiles }
    /// The user's own providers and presenters that `load NAME` shows,
    /// beside the samples (a playground of the user's registers them).
    public var registrations: [ProviderRegistration] {
        get { workspace.registrations }
        set { workspace.registrations = newValue }
    }
    /// The tool's name, as messages that say what to run give it (`listlab`,
    /// or a playground of the user's).
    public var toolName = "listlab" {
        didSet { workspace.confinement?.toolName = toolName }
    }
    /// Whether ListLab's own samples can be loaded (a playground of the
    /// user's may offer only its registrations).
    public var offersSamples: Bool {
        get { workspace.offersSamples }
        set { workspace.offersSamples = newValue }
    }
    /// What the session may hold and do (``Bounds``): nothing bounded at
    /// the prompt; a classroom tab and a replay of a transcript from others
    /// set them, all at once.
    public var bounds: Bounds {
        get {
            Bounds(
                confinement: workspace.confinement, data: workspace.dataLimit, dataReason: workspace.dataLimitReason,
                threshold: presentation.thresholdLimit,
                viewportRows: presentation.viewportLimit, diffableItems: presentation.diffableItemLimit,
                record: recorder.limit,
                historyBytes: input.historyLimit, keptOutputBytes: recorder.mostKeptBytes)
        }
        set {
            workspace.confinement = newValue.confinement
            workspace.dataLimit = newValue.data
            workspace.dataLimitReason = newValue.dataReason
            presentation.thresholdLimit = newValue.threshold
            presentation.viewportLimit = newValue.viewportRows
            presentation.diffableItemLimit = newValue.diffableItems
            recorder.limit = newValue.record
            input.historyLimit = newValue.historyBytes
            recorder.mostKeptBytes = newValue.keptOutputBytes
        }
    }
    /// The bytes the session holds beside its data: its history, and what
    /// its record keeps for `session save`. A classroom counts them in a
    /// tab's memory.
    public var heldRecordBytes: Int { input.historyBytes + recorder.keptBytes }
    /// The number of commands that failed so far (an error a transcript
    /// run with `run` recorded as expected does not count), counted from
    /// their records (``countFailure()``): a tool's exit status.
    public private(set) var errorCount = 0
    /// Whether the running command has failed so far: it threw, or an error
    /// it wrote counts (a page that failed to load, a script's step whose
    /// error its transcript did not expect). Its record's `failed`.
    private(set) var runningCommandFailed = false
    /// Whether scripts, transcripts and piped input print each command
    /// (after the prompt) and the prose before it, ahead of its output.
    public var echoesCommands: Bool {
        get { input.echoesCommands }
        set { input.echoesCommands = newValue }
    }
    /// Whether the first error ends the session (sqlite3's `-bail`).
    public var stopsAtFirstError: Bool {
        get { input.stopsAtFirstError }
        set { input.stopsAtFirstError = newValue }
    }
    /// Who hears each command (``StepObserver``), in the order they were added.
    private var stepObservers: [any StepObserver] = []
    /// What the list did while the running command ran (its last ``CommandRecord/mostListEvents``).
    private var listEvents: [BatchUpdateEvent] = []
    /// How many updates the list has refused in this session, and the last (what `explore` checks after each step).
    private(set) var refusals = 0
    private(set) var lastRefusal: BatchUpdateError?
    /// The error the last failed command wrote, as a value (what a test asserts, where a user reads its words).
    package private(set) var lastError: (any Error)?
    /// The steps `explore` has taken in this session (bounded in a replay and a classroom's tab).
    var exploredSteps = 0
    /// The line a stopped command prints (a classroom's tab says why it
    /// stopped it); nil prints `interrupted`.
    public var interruptionLine: (() -> String)?
    /// Whether `quit` and the end of input ask once more when a file
    /// provider has unsaved edits (at a terminal).
    public var confirmsQuitWithUnsavedEdits = false
    /// Set by that warning; any other command clears it.
    var quitWasWarned = false

    /// Whether file providers sort, filter and diff on their columns where
    /// they can (`CommandContext+ColumnPaths.swift`); off, every provider takes the
    /// record path, for tests that compare the two.
    var usesColumnPaths: Bool {
        get { workspace.usesColumnPaths }
        set { workspace.usesColumnPaths = newValue }
    }

    /// Creates an empty session.
    ///
    /// - Parameters:
    ///   - output: Where to write.
    ///   - workingDirectory: Where relative paths start.
    ///   - viewportRows: The rows the list shows at first.
    ///   - bounds: What it may hold and do (``Bounds/none`` at the prompt).
    public init(
        output: any ShellOutput, workingDirectory: String = ".", viewportRows: Int = 10, canWriteFiles: Bool = true,
        bounds: Bounds = .none
    ) {
        workspace = Workspace(workingDirectory: workingDirectory, canWriteFiles: canWriteFiles)
        recorder = SessionRecorder(output)
        self.output = recorder
        presentation = Presentation(viewportRows: viewportRows)
        presentation.list.addBatchUpdateObserver { [weak self] event in
            guard let self else { return }
            // A script of thousands of appends keeps its last events, as its pictures keep their last updates.
            if listEvents.count == CommandRecord.mostListEvents {
                listEvents.removeFirst(CommandRecord.mostListEvents / 2)
            }
            listEvents.append(event)
            if case .refused(_, let error) = event {
                refusals += 1
                lastRefusal = error
            }
            for observer in stepObservers { observer.session(self, list: event) }
        }
        self.bounds = bounds
    }

    /// Adds `observer`, which hears every command from now on (kept until
    /// ``removeStepObserver(_:)``).
    public func addStepObserver(_ observer: any StepObserver) {
        stepObservers.append(observer)
    }

    /// Removes `observer`.
    public func removeStepObserver(_ observer: any StepObserver) {
        stepObservers.removeAll { $0 === observer }
    }

    /// Tells the observers of a call that `trace on` shows.
    func traced(_ event: TraceEvent) {
        for observer in stepObservers { observer.session(self, traced: event) }
    }

    /// Runs one command line: blank lines and `#` comments do nothing; an
    /// error is written as one line and changes nothing. Once the session
    /// has ended (`quit`), lines are ignored.
    ///
    /// - Parameters:
    ///   - line: The command line.
    ///   - location: Where the line came from (`FILE:LINE`), named before
    ///     the message of an error; nil for a line typed at the prompt.
    /// - Returns: What the command did: its step record (for a line inside
    ///   a script, its outcome; the script's command holds the output).
    @discardableResult
    public func execute(_ line: String, at location: String? = nil) -> CommandRecord {
        execute(line, at: location, expecting: nil)
    }

    /// Runs one command line, as ``execute(_:at:)``; when it fails and
    /// prints `expected` (a transcript's recorded output, its wildcards
    /// matching), the error was expected: the record says it did not fail.
    func execute(_ line: String, at location: String?, expecting expected: [ExpectedLine]?) -> CommandRecord {
        guard !isFinished, !Script.isProse(line) else {
            return CommandRecord(command: line, output: [], isRecorded: false)
        }
        let trimmed = line.trimmingWhitespace
        // A command is one line, wherever it comes from (a page, a pipe, a library's caller): a line
        // break in one would become lines of their own in a saved transcript, commands among them.
        // And a bounded one: a line of megabytes (a transcript's, a pipe's) would be tokenized, kept in the
        // history and journaled; a value that large belongs in a file that `load` reads.
        if let reason = CommandLineRule.refusal(of: trimmed) {
            countFailure()
            output.writeError(reason)
            return CommandRecord(
                command: String(trimmed.prefix(200)), output: ["error: " + reason], failed: true, errors: [reason],
                isRecorded: false)
        }
        return input.isEntered
            ? runEntered(trimmed, at: location, expecting: expected)
            : runStep(trimmed, at: location, expecting: expected)
    }

    /// A command entered (typed, piped, a `listlab run` script's own): it
    /// joins the history, its output the record, Ctrl-C before it is
    /// forgotten, and its record says what it changed; the step observers
    /// (the journal, the pictures) hear of it. A transcript's command that
    /// prints what it `expected` did not fail (its error was expected).
    private func runEntered(_ trimmed: String, at location: String?, expecting expected: [ExpectedLine]?)
        -> CommandRecord
    {
        input.enter(trimmed)
        recorder.startCommand()
        defer { workspace.finishCommand() }
        // A Ctrl-C before this command does not stop it; one during it (or during the script it runs) does.
        Interruption.clear()
        let countsBefore = workspace.providers.map { ($0, $0.editCount, $0.saveCount) }
        workspace.startCommand()
        listEvents = []
        let outcome = perform(trimmed, at: location)
        let failed = outcome.failed && !printedAsExpected(recorder.currentLines, expected, at: location)
        if Command.command(of: trimmed)?.endsSession != true { quitWasWarned = false }
        if failed { countFailure() }
        let kept = recorder.finishCommand(trimmed)
        // A provider that is new since (a load) counts from nothing.
        func before(_ loaded: LoadedProvider) -> (edits: Int, saves: Int) {
            countsBefore.first { $0.0 === loaded }.map { ($0.1, $0.2) } ?? (0, 0)
        }
        var record = CommandRecord(
            command: trimmed, output: kept ?? recorder.currentLines,
            edited: workspace.providers.filter { $0.editCount > before($0).edits }.map(\.name),
            saved: workspace.providers.filter { $0.saveCount > before($0).saves }.map(\.name),
            files: workspace.touchedFiles, failed: failed,
            interrupted: outcome.interrupted, stopped: outcome.interrupted || input.scriptWasStopped,
            errors: recorder.currentErrors, updates: listEvents,
            written: workspace.writtenFiles, ended: isFinished, isRecorded: kept != nil)
        record.errorLines = recorder.currentErrorLines
        record.linesNotKept = recorder.currentLinesNotKept
        listEvents = []
        for observer in stepObservers { observer.session(self, didRun: record) }
        return record
    }

    /// A step of a script that `run` runs: its output goes where the
    /// entered command's goes, and is kept only to compare with what its
    /// transcript `expected`, which, printed, makes its error an expected
    /// one (the record says it did not fail).
    private func runStep(_ trimmed: String, at location: String?, expecting expected: [ExpectedLine]?) -> CommandRecord
    {
        var outcome: (failed: Bool, interrupted: Bool, errors: [String]) = (false, false, [])
        var printed: [String] = []
        if expected != nil {
            printed = recorder.capturing { outcome = perform(trimmed, at: location) }
        } else {
            outcome = perform(trimmed, at: location)
        }
        let failed = outcome.failed && !printedAsExpected(printed, expected, at: location)
        return CommandRecord(
            command: trimmed, output: printed, failed: failed, interrupted: outcome.interrupted,
            stopped: outcome.interrupted || input.scriptWasStopped, errors: outcome.errors, isRecorded: false)
    }

    /// Whether `printed` is the `expected` output of a transcript's command
    /// (its wildcards matching, its errors named without `location`).
    private func printedAsExpected(_ printed: [String], _ expected: [ExpectedLine]?, at location: String?) -> Bool {
        guard let expected else { return false }
        return OutputMatcher.matches(
            expected, printed.map { line in location.map { ErrorLine.removingLocation($0, from: line) } ?? line })
    }

    /// Runs one command line, entered or a script's step: its errors
    /// written, a stop said, and after it the next page a scroll asked for.
    /// Whether it failed counts the errors of the scripts it ran.
    private func perform(_ line: String, at location: String?) -> (failed: Bool, interrupted: Bool, errors: [String]) {
        let outerLocation = input.location
        input.location = location
        defer { input.location = outerLocation }
        // A script's command fails on its own; the script's `run` decides what its failure means.
        let outerFailed = runningCommandFailed
        runningCommandFailed = false
        defer { runningCommandFailed = outerFailed }
        var interrupted = false
        var errors: [String] = []
        presentation.diffable?.identifiers.dataMayHaveChanged()
        presentation.diffable?.forgetKnownIdentifiers()
        do {
            try dispatch(line)
        } catch  where Interrupted.isCause(of: error) {
            interrupted = true
            output.progress(nil)
            output.write(interruptionLine?() ?? "interrupted")
        } catch {
            runningCommandFailed = true
            errors.append(ErrorLine.text(for: error, at: nil))
            writeError(error)
        }
        // After each command, a script's too, as a load completes after the scroll that asked for it.
        if presentation.wantsNextPage {
            presentation.wantsNextPage = false
            do {
                try commandContext.loadNextPage(because: "near the end: ")
            } catch {
                runningCommandFailed = true
                errors.append(ErrorLine.text(for: error, at: nil))
                writeError(error)
            }
        }
        return (runningCommandFailed, interrupted, errors)
    }

    /// Every top-level command so far with its output, for `session save`.
    public var recordedCommands: [(command: String, output: [String])] { recorder.entries }

    /// Reads and runs lines from `reader` until the end of input or `quit`
    /// (or the first error, with ``stopsAtFirstError``).
    ///
    /// - Parameters:
    ///   - reader: Where lines come from.
    ///   - source: The name errors give the input, with the line number
    ///     (`-` for standard input: `-:3:`); nil at a prompt, where the
    ///     line in error is the one just typed.
    public func run(reader: any LineReader, source: String? = nil) {
        var lineNumber = 0
        while !isFinished {
            guard let line = reader.readLine(prompt: prompt) else {
                // Ctrl-D: with unsaved edits, once more to leave.
                if warnsBeforeQuitting() { continue }
                break
            }
            lineNumber += 1
            reader.addHistory(line)
            if echoesCommands {
                if Script.isProse(line) { echo(prose: line) } else { echo(command: line.trimmingWhitespace) }
            }
            let timer = workspace.timesCommands ? CommandTimer() : nil
            let record = execute(line, at: source.map { "\($0):\(lineNumber)" })
            // After the output, and not recorded: a saved session replays without it.
            if let timer, workspace.timesCommands { recorder.writeUnrecorded(timer.line()) }
            if stopsAtFirstError, record.failed { finish() }
        }
    }

    /// The providers with edits not saved yet, by name.
    public var unsavedProviderNames: [String] { workspace.unsavedProviderNames }

    /// With ``confirmsQuitWithUnsavedEdits``, the first `quit` (or Ctrl-D)
    /// while a file provider has unsaved edits names them and returns true:
    /// the session goes on. A second one in a row leaves.
    func warnsBeforeQuitting() -> Bool {
        guard confirmsQuitWithUnsavedEdits, !quitWasWarned else { return false }
        let unsaved = workspace.providers.filter { $0.hasUnsavedEdits && $0.file != nil }.map(\.name)
        guard !unsaved.isEmpty else { return false }
        quitWasWarned = true
        let names = unsaved.joined(separator: ", ")
        output.write(
            "\(names) \(unsaved.count == 1 ? "has" : "have") unsaved edits: 'save' keeps them; quit (or Ctrl-D) again to leave without them"
        )
        return true
    }

    /// `--echo`: a command as it would have been typed at the prompt.
    func echo(command: String) {
        echo(line: prompt + command)
    }

    /// `--echo`: a transcript's prose, a script's comment or blank line, as it is.
    func echo(prose line: String) {
        echo(line: line)
    }

    /// An echoed line: the output of a `run FILE --echo`, which a transcript
    /// records; the session's own display otherwise (`listlab run --echo`),
    /// which it does not.
    private func echo(line: String) {
        if input.recordsEcho { recorder.write(line) } else { recorder.writeUnrecorded(line) }
    }

    /// Counts a failed command in ``errorCount``: the one place it grows.
    func countFailure() {
        errorCount += 1
    }

    /// Marks the running command as failed by an error it wrote without
    /// throwing (its record says it failed).
    func noteFailure() {
        runningCommandFailed = true
    }

    /// Writes `error` with the location of the command running. A top-level
    /// command's error is recorded without it: where the line came from (a
    /// pipe, a script) is not the command's output, and a replay of the
    /// recording runs it from elsewhere. Inside `run`, the location is the
    /// script's, which a replay of `run` prints again.
    func writeError(_ error: any Error) {
        lastError = error
        let shown = ErrorLine.text(for: error, at: input.location)
        recorder.writeError(shown, recording: input.isEntered ? ErrorLine.text(for: error, at: nil) : shown)
    }

    private func dispatch(_ line: String) throws {
        let tokens = try Tokenizer.tokens(in: line)
        guard let first = tokens.first else { return }
        guard case .word(let word) = first.kind else {
            throw ShellError(.expected("a command", found: first.text), column: first.column)
        }
        let name = word.lowercased()
        guard let command = Command.command(named: name) else {
            throw ShellError(.unknownCommand(word, suggestion: Suggestion.nearest(to: name, in: Command.names)))
        }
        var rest = Array(tokens.dropFirst())
        // `--data-only` (on a change): the data changes, the list is not told.
        if command.takesDataOnly,
            let flag = rest.firstIndex(where: { $0.kind == .word("--data-only") })
        {
            rest.remove(at: flag)
            presentation.changesDataOnly = true
        }
        defer { presentation.changesDataOnly = false }
        var arguments = Arguments(command: command.name, usage: command.usage, tokens: rest, endColumn: line.count + 1)
        arguments.pathsNeedSection = presentation.diffable != nil
        switch command.run {
        case .inContext(let run): try run(commandContext, &arguments)
        case .onSession(let run): try run(self, &arguments)
        }
    }

    /// Ends the session.
    func finish() { isFinished = true }

    // MARK: - The current provider

    /// The provider the list shows.
    func current() throws(ShellError) -> LoadedProvider {
        try workspace.current()
    }

    /// The name of the provider the list shows, if any.
    package var currentName: String? { try? current().name }
}

extension Interrupted {
    /// Whether `error` is a command stopped by Ctrl-C (``Interruption``),
    /// which changed nothing: the stop itself, or a load or a file read it stopped.
    static func isCause(of error: any Error) -> Bool {
        error is Interrupted || (error as? LoadError)?.wasInterrupted == true
            || (error as? FileError)?.wasInterrupted == true
    }
}
