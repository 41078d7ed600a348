import Interruption
import ListLabCore
import ListLabPictures
import ListLabTestSupport
import Testing

@testable import ListLabShell

// A command returns what it did, and every observer reads that record: no counts taken before
// and after, no output text matched.

/// Hears a session as the journal, the pictures and a page do.
private final class Listener: StepObserver {
    var records: [CommandRecord] = []
    var events: [BatchUpdateEvent] = []
    var traced = 0

    func session(_ session: Session, list event: BatchUpdateEvent) { events.append(event) }
    func session(_ session: Session, traced event: TraceEvent) { traced += 1 }
    func session(_ session: Session, didRun record: CommandRecord) { records.append(record) }
}

@Test func aCommandReturnsItsRecordAndEveryObserverHearsIt() throws {
    let folder = try TemporaryFolder()
    let session = Session(output: RecordingOutput(), workingDirectory: folder.path)
    let listener = Listener()
    session.addStepObserver(listener)
    let load = session.execute("load contacts")
    #expect(load.command == "load contacts" && !load.failed && load.errors.isEmpty && load.isRecorded)
    #expect(load.output == ["loaded 8 items into an array provider (1 section)"])

    let update = session.execute(#"update 2 name="Diana of Themyscira""#)
    #expect(
        update.updates == [
            .willPerform(BatchUpdate(reconfiguredItems: [ItemPath(0, 2)])),
            .didPerform(BatchUpdate(reconfiguredItems: [ItemPath(0, 2)])),
        ])
    #expect(update.edited == ["contacts"])
    #expect(listener.events == update.updates, "observers hear the list as it happens")

    let refused = session.execute("batch delete 0.1")
    #expect(
        refused.failed && refused.errors.count == 1
            && refused.errors[0].hasPrefix("Invalid update: invalid number of rows in section 0."))
    if case .refused = refused.updates.last {
    } else {
        Issue.record("the refused update is in the record: \(refused.updates)")
    }

    let written = session.execute("show --svg screen.svg")
    #expect(written.written == ["screen.svg"])
    let saved = session.execute("session save s.lab")
    #expect(saved.written == ["s.lab"] && !saved.isRecorded)

    session.execute("trace on")
    session.execute("select 0")
    #expect(listener.traced > 0)
    let quit = session.execute("quit")
    #expect(quit.ended)
    #expect(
        listener.records.map(\.command) == [
            "load contacts", #"update 2 name="Diana of Themyscira""#, "batch delete 0.1", "show --svg screen.svg",
            "session save s.lab", "trace on", "select 0", "quit",
        ])
    session.removeStepObserver(listener)
}

/// An output that asks to stop at the first line it is given, as a budget's timer would.
private final class StoppingOutput: ShellOutput {
    let flag: Interruption.Flag
    init(flag: Interruption.Flag) { self.flag = flag }
    func write(_ line: String) { flag.request() }
    func writeError(_ message: String) {}
    func progress(_ text: String?) {}
}

@Test func aStoppedCommandSaysSoInTheRecordInTheWordsItWasGiven() throws {
    let folder = try TemporaryFolder()
    try folder.write("two.txt", "load contacts\nselect 1\n")
    let flag = Interruption.Flag()
    let session = Session(output: StoppingOutput(flag: flag), workingDirectory: folder.path)
    session.interruptionLine = {
        "error: stopped after 1 s, a classroom's budget for one command; the command it stopped changed nothing"
    }
    let record = Interruption.$current.withValue(flag) {
        // `run` checks for a stop before each command of its script: the load's line asks for one.
        session.execute("run two.txt")
    }
    // Stopped between two commands of its script: the load before it stays done (not "interrupted",
    // which changed nothing, so a recovery runs it again).
    #expect(record.stopped && !record.interrupted && !record.failed)
    #expect(
        record.output == [
            "loaded 8 items into an array provider (1 section)",
            "error: stopped after 1 s, a classroom's budget for one command; the command it stopped changed nothing",
        ])
}

/// A script's commands count in the command that ran it: an expected error of a transcript
/// replayed by `run` does not fail it, an unexpected one does.
@Test func aScriptsCommandFailsByItsErrorsThatCount() throws {
    let folder = try TemporaryFolder()
    try folder.write(
        "good.lab",
        "  > load contacts\n  loaded 8 items into an array provider (1 section)\n  > select 99\n  error: no item at "
            + "0.99 (section 0 has 8 items)\n"
    )
    try folder.write("bad.txt", "load contacts\nselect 99\n")
    let session = Session(output: RecordingOutput(), workingDirectory: folder.path)
    let good = session.execute("run good.lab")
    let bad = session.execute("run bad.txt")
    #expect(!good.failed, "\(good.output)")
    #expect(bad.failed && bad.errors.count == 1, "\(bad.output)")
}

/// A snapshot operation of many identifiers stops when asked (a classroom's budget), changing
/// nothing; and the outline, like the snapshot, holds at most the session's items.
@Test func aLongSnapshotOperationStopsWhenAskedAndTheOutlineIsBounded() throws {
    let output = RecordingOutput()
    let session = Session(output: output)
    for line in ["load contacts", "diffable on"] { session.execute(line) }
    let mode = try #require(session.presentation.diffable)
    let ids = (1_000..<3_000).map(String.init).joined(separator: " ")
    let tokens = try Tokenizer.tokens(in: "snapshot appendItems " + ids)
    let operation = try #require(SnapshotOperation.named("appendItems"))
    var call = SnapshotCall(
        operation: operation.name,
        arguments: Arguments(command: "snapshot", usage: "", tokens: Array(tokens.dropFirst(2)), endColumn: 0),
        snapshot: mode.pending, mode: mode, iOSVersion: .standard)
    let stop = Interruption.Flag()
    stop.request()
    #expect(throws: Interrupted.self) { try Interruption.$current.withValue(stop) { _ = try operation.run(&call) } }
    #expect(mode.pending.numberOfItems == 8)
    // Without a stop, the same 2,000 identifiers are read and appended.
    call.arguments = Arguments(command: "snapshot", usage: "", tokens: Array(tokens.dropFirst(2)), endColumn: 0)
    _ = try operation.run(&call)
    #expect(call.snapshot.numberOfItems == 2_008)

    session.bounds.diffableItems = 9
    session.execute("outline append 101 102")
    #expect(
        output.lines.last
            == "error: outline append: a diffable data source holds at most 9 items in this session, and the snapshot "
            + "would hold 10 (filter it first)",
        "\(output.lines.last ?? "")")
    session.execute("outline expand 1")
    #expect(
        output.lines.last?.hasPrefix("expanded 1; 8 visible") == true, "within the bound: \(output.lines.last ?? "")")
}

/// A stop in a script that a script runs is said once, by the innermost.
@Test func aStopInANestedScriptIsSaidOnce() throws {
    let folder = try TemporaryFolder()
    try folder.write("inner.txt", "load contacts\nselect 1\n")
    try folder.write("outer.txt", "run inner.txt\nselect 2\n")
    let flag = Interruption.Flag()
    let session = Session(output: StoppingOutput(flag: flag), workingDirectory: folder.path)
    session.interruptionLine = { "error: stopped after 1 s" }
    let record = Interruption.$current.withValue(flag) { session.execute("run outer.txt") }
    #expect(record.stopped)
    #expect(record.output.filter { $0 == "error: stopped after 1 s" }.count == 1, "\(record.output)")
}

/// A command of thousands of changes (a script's) keeps its latest list events, a bounded number.
@Test func aCommandsRecordKeepsItsLatestListEventsOnly() throws {
    let folder = try TemporaryFolder()
    try folder.write("many.txt", "load contacts\n" + (0..<1_500).map { "append name=N\($0)\n" }.joined())
    let session = Session(output: RecordingOutput(), workingDirectory: folder.path)
    let record = session.execute("run many.txt")
    #expect(
        record.updates.count <= CommandRecord.mostListEvents && record.updates.count >= CommandRecord.mostListEvents / 2
    )
    #expect(
        record.updates.last == .didPerform(BatchUpdate(insertedItems: [ItemPath(0, 1_507)])),
        "\(String(describing: record.updates.last))")
}

/// An output that keeps what the session hands it, as it hands it.
private final class HandedOutput: ShellOutput {
    var joined: [String] = []
    var lines: [[String]] = []
    func write(_ line: String) {}
    func writeError(_ message: String) { joined.append(message) }
    func writeError(lines: [String]) { self.lines.append(lines) }
}

@Test func aMessageOfSeveralLinesIsSplitOnceAndHandedOnAsItsLines() {
    // UIKit's words since iOS 17 lay the counts and the updates out a line each.
    let output = HandedOutput()
    let session = Session(output: output)
    session.execute("load contacts")
    session.execute("set ios 17")
    let refused = session.execute("batch delete 0.1")
    #expect(output.joined.isEmpty, "the recorder hands an error on as its lines, not as one text to split again")
    #expect(output.lines.count == 1 && output.lines.first?.first?.hasPrefix("Invalid batch updates detected:") == true)
    #expect(output.lines.first?.contains("Data source before updates = { 1 section with row counts: [8] }") == true)
    #expect(refused.errors == [output.lines.first?.joined(separator: "\n")], "the record keeps the same message")

    // A recording keeps those lines as the error's lines, each marked.
    let recording = RecordingOutput()
    let recorded = Session(output: recording)
    recorded.execute("load contacts")
    recorded.execute("set ios 17")
    let before = recording.lines.count
    recorded.execute("batch delete 0.1")
    #expect(recording.lines.count - before == output.lines.first?.count)
    #expect(recording.errorLines == Array(before..<recording.lines.count))
    #expect(recording.lines[before].hasPrefix("error: Invalid batch updates detected:"))
}

/// The record says which of its lines are errors' (a reason of several lines
/// all of them), and a page's step is drawn from it alone: the session's
/// output may go nowhere.
@Test func theRecordMarksItsErrorLinesAndAStepIsDrawnFromIt() throws {
    let session = Session(output: DiscardingOutput())
    session.execute("load contacts")
    session.execute("set ios 17")
    let refused = session.execute("batch delete 0.1")
    let lines = try #require(refused.errors.first).split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.count > 2, "iOS 17 lays the reason out on several lines")
    #expect(refused.errorLines == Array(0..<lines.count))
    #expect(refused.output.first == "error: " + lines[0])

    let runner = StepRunner(session: session)
    defer { runner.detach() }
    let (step, record) = runner.run("select 1", number: 1)
    #expect(step.output == record.output && record.output == ["selected 0.1: Clark Kent"])
    #expect(step.errorLines.isEmpty && record.errorLines.isEmpty && record.linesNotKept == 0)
    let (failed, _) = runner.run("select 99", number: 2)
    #expect(failed.output == ["error: no item at 0.99 (section 0 has 8 items)"] && failed.errorLines == [0])
}

/// Past the output a session keeps of one command, one line stands for the
/// rest and the record counts what it left out; a step still shows the
/// errors that came after.
@Test func outputPastTheKeptBytesIsCountedAndAStepKeepsItsErrors() throws {
    let folder = try TemporaryFolder()
    try folder.write("long.txt", Array(repeating: "samples", count: 20).joined(separator: "\n") + "\nselect 99\n")
    let session = Session(
        output: DiscardingOutput(), workingDirectory: folder.path, bounds: Session.Bounds(keptOutputBytes: 400))
    session.execute("load contacts")
    let runner = StepRunner(session: session)
    defer { runner.detach() }
    let (step, record) = runner.run("run long.txt", number: 1)
    #expect(record.linesNotKept > 0 && record.failed)
    #expect(
        record.output.last?.hasPrefix("... (more output, past 400 bytes, not kept)") == true,
        "\(record.output.suffix(2))")
    #expect(record.output.joined(separator: "\n").utf8.count < 600)
    #expect(record.errorLines.isEmpty, "the error came after the kept lines")
    let error = "error: long.txt:21: no item at 0.99 (section 0 has 8 items)"
    #expect(step.output.last == error, "\(step.output.suffix(2))")
    #expect(step.errorLines == [step.output.count - 1])
}

/// What `run FILE --echo` echoes is its output, kept in its record, so a saved session replays it;
/// the session's own echo (`listlab run --echo`) is its display, and is not kept.
@Test func aRunsOwnEchoIsItsOutputAndASavedSessionReplaysIt() throws {
    let folder = try TemporaryFolder()
    try folder.write("s.txt", "load contacts\nselect 1\n")
    let session = Session(output: DiscardingOutput(), workingDirectory: folder.path)
    let record = session.execute("run s.txt --echo")
    #expect(
        record.output == [
            "listlab> load contacts", "loaded 8 items into an array provider (1 section)", "listlab> select 1",
            "selected 0.1: Clark Kent",
        ])
    session.execute("session save out.lab")
    let replay = TranscriptRunner.run(folder.path + "/out.lab")
    #expect(replay.passed, "\(replay.report)")
}
