import FoundationEssentials
import ListLabTestSupport
import Testing
@testable import ListLabShell

/// A session in `folder` whose commands are journaled in `journals`.
private func journaledSession(in folder: TemporaryFolder, journals: String, date: Date = Date(timeIntervalSince1970: 1_800_000_000)) throws
    -> (session: Session, output: RecordingOutput, journal: SessionJournal)
{
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    // A process number no process has, so the journal does not look running.
    let journal = try SessionJournal(folder: journals, workingFolder: folder.path, date: date, processID: 999_999_999)
    session.commandObserver = { journal.append($0) }
    return (session, output, journal)
}

@Test func aJournalHoldsEachCommandWithItsOutputAndWhatItDid() throws {
    let folder = try TemporaryFolder()
    try folder.write("people.csv", "id,name\n1,Ada\n2,Bo\n")
    let journals = folder.path + "/journals"
    let (session, _, journal) = try journaledSession(in: folder, journals: journals)
    for line in ["load people.csv", "update 0 name=Al", "save", "select 9", "append name=Cy", "  ", "session save x.lab"] {
        session.execute(line)
    }
    #expect(journal.path.hasSuffix("/session-20270115-080000-999999999.lab"))
    let read = try #require(JournalFile(path: journal.path))
    #expect(read.started == "2027-01-15T08:00:00Z")
    #expect(read.folder == folder.path)
    #expect(!read.ended && !read.isRunning && read.isUnfinished)
    // Blank lines and `session save` are not commands of the session (as `session save` keeps them).
    #expect(read.records.map(\.command) == ["load people.csv", "update 0 name=Al", "save", "select 9", "append name=Cy"])
    #expect(read.records[0] == CommandRecord(command: "load people.csv", output: ["loaded 2 items from people.csv into a file provider (1 section)"], files: ["people.csv"]))
    #expect(read.records[1].edited == ["people"])
    #expect(read.records[2].saved == ["people"] && read.records[2].files == ["people.csv"])
    #expect(read.records[3].failed && read.records[3].output == ["error: no item at 0.9 (section 0 has 2 items)"])
    #expect(read.files == ["people.csv"])
    journal.finish()
    #expect(JournalFile(path: journal.path)?.ended == true)
    // As a transcript, the journal replays as a regression test, once the file is as it was.
    try folder.write("people.csv", "id,name\n1,Ada\n2,Bo\n")
    try folder.write("replay.lab", read.transcript)
    let result = TranscriptRunner.run(folder.path + "/replay.lab")
    #expect(result.passed, "\(result.report)")
}

@Test func recoveryBringsBackTheUnsavedEditsAndSkipsWhatIsOnDisk() throws {
    let folder = try TemporaryFolder()
    try folder.write("people.csv", "id,name\n1,Ada\n2,Bo\n3,Cy\n")
    let journals = folder.path + "/journals"
    let (crashed, output, journal) = try journaledSession(in: folder, journals: journals)
    let commands = [
        "load people.csv", "update 0 name=Al", "append name=Dee", "save", "delete 1", "sort name desc", "select 9",
        "save other.csv", "load tabs", "update 0 title=Home", "use people", "show --svg screen.svg", "move 0 2",
    ]
    for line in commands { crashed.execute(line) }
    output.clear()
    crashed.execute("show --all")
    let before = output.lines
    crashed.execute("providers")
    let providersBefore = Array(output.lines.dropFirst(before.count))
    // The process is killed here: no quit, nothing more.
    let recovering = RecordingOutput()
    let session = Session(output: recovering, workingDirectory: folder.path)
    let read = try #require(JournalFile(path: journal.path))
    let recovery = session.recover(read)
    #expect(recovery.unsaved == ["people", "tabs"])
    // Not again: the two edits and the save the file has, the failed select, the writes.
    #expect(recovery.skipped == 6)
    #expect(recovery.replayed == commands.count + 2 - 6)
    recovering.clear()
    session.execute("show --all")
    #expect(recovering.lines.map(cellless) == before.map(cellless))
    recovering.clear()
    session.execute("providers")
    #expect(recovering.lines == providersBefore)
}

/// A `show` line without its cell number, which replays need not keep.
private func cellless(_ line: String) -> String {
    line.split(separator: "<").first.map(String.init) ?? line
}

@Test(arguments: [
    (CommandRecord(command: "update 0 name=X", output: [], edited: ["p"]), [CommandRecord(command: "save", output: [], saved: ["p"])], false),
    (CommandRecord(command: "update 0 name=X", output: [], edited: ["p"]), [CommandRecord(command: "save", output: [], saved: ["q"])], true),
    (CommandRecord(command: "update 0 name=X", output: [], edited: ["p"]), [], true),
    (CommandRecord(command: "sort name", output: ["interrupted"], interrupted: true), [], false),
    (CommandRecord(command: "select 9", output: ["error: ..."], failed: true), [], false),
    (CommandRecord(command: "save", output: [], saved: ["p"]), [], false),
    (CommandRecord(command: "save copy.csv", output: []), [], false),
    (CommandRecord(command: "export swift A.swift", output: []), [], false),
    (CommandRecord(command: "show --svg a.svg", output: []), [], false),
    (CommandRecord(command: "show", output: []), [], true),
    (CommandRecord(command: "load people.csv", output: [], files: ["people.csv"]), [], true),
])
func whatARecoveryRunsAgain(record: CommandRecord, later: [CommandRecord], replayed: Bool) {
    #expect(Session.isReplayed(record, followedBy: later[...]) == replayed)
}

@Test func quitAndTheEndOfInputAskOnceMoreOverUnsavedEdits() throws {
    let folder = try TemporaryFolder()
    try folder.write("people.csv", "id,name\n1,Ada\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.confirmsQuitWithUnsavedEdits = true
    session.run(reader: ScriptReader(["load people.csv", "update 0 name=Al", "quit", "show 0", "quit"]))
    #expect(!session.isFinished)
    #expect(output.lines.filter { $0.hasPrefix("people has unsaved edits") }.count == 2)
    session.execute("quit")
    #expect(session.isFinished)
    // Ctrl-D (the end of input): the same, once.
    let second = RecordingOutput()
    let other = Session(output: second, workingDirectory: folder.path)
    other.confirmsQuitWithUnsavedEdits = true
    let reader = ScriptReader(["load people.csv", "update 0 name=Al"])
    other.run(reader: reader)
    #expect(second.lines.last == "people has unsaved edits: 'save' keeps them; quit (or Ctrl-D) again to leave without them")
    // Saved, or a sample (which has no file of its own to save to): no question.
    #expect(run(["load people.csv", "update 0 name=Al", "save", "quit", "show 0"], workingDirectory: folder.path).last?.hasPrefix("saved") == true)
    let plain = Session(output: RecordingOutput())
    plain.run(reader: ScriptReader(["load contacts", "update 0 name=X", "quit"]))
    #expect(plain.isFinished)
}

@Test func theOldestJournalsGo() throws {
    let folder = try TemporaryFolder()
    let journals = folder.path + "/journals"
    for second in 0..<(SessionJournal.kept + 3) {
        _ = try SessionJournal(folder: journals, workingFolder: folder.path, date: Date(timeIntervalSince1970: Double(1_800_000_000 + second)), processID: 999_999_999)
    }
    SessionJournal.prune(journals)
    let left = JournalFile.all(in: journals)
    #expect(left.count == SessionJournal.kept)
    #expect(left.first?.started == "2027-01-15T08:00:22Z")
    #expect(SessionJournal.folder(environment: ["HOME": "/home/me"]) == "/home/me/.local/state/listlab")
    #expect(SessionJournal.folder(environment: ["HOME": "/home/me", "XDG_STATE_HOME": "/state"]) == "/state/listlab")
    #expect(SessionJournal.folder(environment: ["HOME": "/home/me", "LISTLAB_JOURNALS": "/j"]) == "/j")
    #expect(SessionJournal.folder(environment: [:]) == nil)
}
