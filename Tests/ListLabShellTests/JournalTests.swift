import Foundation
import ListLabTestSupport
import Testing

@testable import ListLabShell

/// A session in `folder` whose commands are journaled in `journals`.
private func journaledSession(
    in folder: TemporaryFolder, journals: String, date: Date = Date(timeIntervalSince1970: 1_800_000_000)
) throws
    -> (session: Session, output: RecordingOutput, journal: SessionJournal)
{
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    // A process number no process has, so the journal does not look running.
    let journal = try SessionJournal(folder: journals, workingFolder: folder.path, date: date, processID: 999_999_999)
    session.addStepObserver(journal)
    return (session, output, journal)
}

@Test func aJournalHoldsEachCommandWithItsOutputAndWhatItDid() throws {
    let folder = try TemporaryFolder()
    try folder.write("people.csv", "id,name\n1,Ada\n2,Bo\n")
    let journals = folder.path + "/journals"
    let (session, _, journal) = try journaledSession(in: folder, journals: journals)
    for line in [
        "load people.csv", "update 0 name=Al", "save", "select 9", "append name=Cy", "  ", "session save x.lab",
    ] {
        session.execute(line)
    }
    #expect(journal.path.hasSuffix("/session-20270115-080000-999999999.lab"))
    let read = try #require(JournalFile(path: journal.path))
    #expect(read.started == "2027-01-15T08:00:00Z")
    #expect(read.folder == folder.path)
    #expect(!read.ended && !read.isRunning && read.isUnfinished)
    // Blank lines and `session save` are not commands of the session (as `session save` keeps them).
    #expect(
        read.records.map(\.command) == ["load people.csv", "update 0 name=Al", "save", "select 9", "append name=Cy"])
    #expect(
        read.records[0]
            == CommandRecord(
                command: "load people.csv", output: ["loaded 2 items from people.csv into a file provider (1 section)"],
                files: ["people.csv"]))
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
    (
        CommandRecord(command: "update 0 name=X", output: [], edited: ["p"]),
        [CommandRecord(command: "save", output: [], saved: ["p"])], false
    ),
    (
        CommandRecord(command: "update 0 name=X", output: [], edited: ["p"]),
        [CommandRecord(command: "save", output: [], saved: ["q"])], true
    ),
    (CommandRecord(command: "update 0 name=X", output: [], edited: ["p"]), [], true),
    (CommandRecord(command: "sort name", output: ["interrupted"], interrupted: true), [], false),
    (CommandRecord(command: "select 9", output: ["error: ..."], failed: true), [], false),
    (CommandRecord(command: "save", output: [], saved: ["p"], written: ["p.csv"]), [], false),
    (CommandRecord(command: "save copy.csv", output: [], written: ["copy.csv"]), [], false),
    (CommandRecord(command: "export swift A.swift", output: [], written: ["A.swift"]), [], false),
    (CommandRecord(command: "show --svg a.svg", output: [], written: ["a.svg"]), [], false),
    (CommandRecord(command: "quit", output: [], ended: true), [], false),
    (CommandRecord(command: "show", output: []), [], true),
    (CommandRecord(command: "load people.csv", output: [], files: ["people.csv"]), [], true),
    // A script that wrote a file, said by its record, not by its words.
    (CommandRecord(command: "run make-screens.txt", output: [], written: ["a.svg"]), [], false),
])
func whatARecoveryRunsAgain(record: CommandRecord, later: [CommandRecord], replayed: Bool) {
    #expect(record.isReplayed(followedBy: later[...]) == replayed)
}

/// A journal of an earlier version, whose records do not say what they wrote: the command's
/// words say it.
@Test(arguments: ["save copy.csv", "export swift A.swift", "show --svg a.svg", "quit"])
func aJournalThatDoesNotSayWhatACommandWroteIsReadByItsWords(command: String) {
    #expect(!CommandRecord(command: command, output: []).isReplayed(followedBy: [], knowsWhatItWrote: false))
    #expect(CommandRecord(command: "show", output: []).isReplayed(followedBy: [], knowsWhatItWrote: false))
}

/// What a command wrote and whether it ended the session survive the journal, read back.
@Test func aJournalKeepsWhatEachCommandWroteAndWhetherItEndedTheSession() throws {
    let folder = try TemporaryFolder()
    let journal = try SessionJournal(folder: folder.path, workingFolder: folder.path)
    journal.append(CommandRecord(command: "show --svg a.svg", output: ["drew"], written: ["a.svg"]))
    journal.append(CommandRecord(command: "quit", output: [], ended: true))
    let read = try #require(JournalFile(path: journal.path))
    #expect(read.recordsSteps)
    #expect(read.records.map(\.written) == [["a.svg"], []])
    #expect(read.records.map(\.ended) == [false, true])
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
    #expect(
        second.lines.last == "people has unsaved edits: 'save' keeps them; quit (or Ctrl-D) again to leave without them"
    )
    // Saved, or a sample (which has no file of its own to save to): no question.
    #expect(
        run(["load people.csv", "update 0 name=Al", "save", "quit", "show 0"], workingDirectory: folder.path).last?
            .hasPrefix("saved") == true)
    let plain = Session(output: RecordingOutput())
    plain.run(reader: ScriptReader(["load contacts", "update 0 name=X", "quit"]))
    #expect(plain.isFinished)
}

@Test func theOldestJournalsGo() throws {
    let folder = try TemporaryFolder()
    let journals = folder.path + "/journals"
    for second in 0..<(SessionJournal.kept.count + 3) {
        _ = try SessionJournal(
            folder: journals, workingFolder: folder.path,
            date: Date(timeIntervalSince1970: Double(1_800_000_000 + second)), processID: 999_999_999)
    }
    SessionJournal.prune(journals)
    let left = JournalFile.all(in: journals)
    #expect(left.count == SessionJournal.kept.count)
    #expect(left.first?.started == "2027-01-15T08:00:22Z")
    #expect(SessionJournal.folder(environment: ["HOME": "/home/me"]) == "/home/me/.local/state/listlab")
    #expect(SessionJournal.folder(environment: ["HOME": "/home/me", "XDG_STATE_HOME": "/state"]) == "/state/listlab")
    #expect(SessionJournal.folder(environment: ["HOME": "/home/me", "LISTLAB_JOURNALS": "/j"]) == "/j")
    #expect(SessionJournal.folder(environment: [:]) == nil)
}

/// A disk that takes `room` more bytes, then refuses, as a full one does.
private final class Disk {
    var room: Int
    var bytes: [UInt8] = []
    init(room: Int) { self.room = room }
    func write(_ slice: ArraySlice<UInt8>) -> (written: Int, failure: String?) {
        let taken = min(room, slice.count)
        bytes += slice.prefix(taken)
        room -= taken
        return (taken, taken < slice.count ? "no space left on device" : nil)
    }
}

@Test func aFullDiskIsSaidAtOnceAndTheJournalCatchesUpWhenThereIsRoom() throws {
    let folder = try TemporaryFolder()
    let journals = folder.path + "/journals"
    let (session, _, journal) = try journaledSession(in: folder, journals: journals)
    // The disk fills in the middle of a command.
    let disk = Disk(room: 700)
    disk.bytes = [UInt8](FileManager.default.contents(atPath: journal.path) ?? Data())
    journal.writeBytes = disk.write
    var said: [String] = []
    journal.onProblem = { said.append($0) }
    let commands = (0..<12).map { "update \($0 % 8) name=N\($0)" }
    session.execute("load contacts")
    for command in commands { session.execute(command) }
    #expect(said.count == 1, "\(said)")
    #expect(said.first?.hasPrefix("(the journal cannot be written: no space left on device; ") == true)
    #expect(!journal.isWhole)
    // What reached the disk reads up to the command cut short, and says so.
    let partial = try #require(JournalFile(path: journal.path, bytes: disk.bytes))
    #expect(partial.records.count >= 2 && partial.records.count < commands.count + 1)
    #expect(partial.damage?.contains("the last command was not written whole") == true)
    // Room again: the next command writes everything that waited, and says so.
    disk.room = 1_000_000
    session.execute("show 0")
    #expect(said.last == "(the journal is written again: nothing was lost)")
    #expect(journal.isWhole)
    let whole = try #require(JournalFile(path: journal.path, bytes: disk.bytes))
    #expect(whole.damage == nil)
    #expect(whole.records.map(\.command) == ["load contacts"] + commands + ["show 0"])
}

@Test func aJournalFullFromItsStartKeepsItsHeaderFirst() throws {
    let folder = try TemporaryFolder()
    let disk = Disk(room: 0)
    // The header is refused at the start; it waits, and goes first once there is room.
    let journal = try SessionJournal(
        folder: folder.path + "/j", workingFolder: folder.path, date: Date(timeIntervalSince1970: 1_800_000_000),
        processID: 999_999_999)
    let header = [UInt8](FileManager.default.contents(atPath: journal.path) ?? Data())
    #expect(!header.isEmpty)
    journal.writeBytes = disk.write
    var said: [String] = []
    journal.onProblem = { said.append($0) }
    journal.append(CommandRecord(command: "load contacts", output: ["loaded"]))
    #expect(said.count == 1)
    disk.room = 10_000
    journal.append(CommandRecord(command: "show", output: []))
    let read = try #require(JournalFile(path: journal.path, bytes: header + disk.bytes))
    #expect(read.damage == nil && read.knowsFolder)
    #expect(read.records.map(\.command) == ["load contacts", "show"])
}

@Test func aDamagedJournalIsListedAndReadUpToTheDamage() throws {
    let folder = try TemporaryFolder()
    let journals = folder.path + "/journals"
    let (session, _, journal) = try journaledSession(in: folder, journals: journals)
    for line in ["load contacts", "update 0 name=A", "update 1 name=B", "update 2 name=C"] { session.execute(line) }
    let good = [UInt8](FileManager.default.contents(atPath: journal.path) ?? Data())
    let third = try #require(String(decoding: good, as: UTF8.self).range(of: "  > update 1 name=B"))
    let offset =
        String(decoding: good, as: UTF8.self).utf8.distance(
            from: String(decoding: good, as: UTF8.self).startIndex, to: third.lowerBound) + 14

    // A byte that is not UTF-8.
    var invalid = good
    invalid[offset] = 0xFF
    let badByte = try #require(JournalFile(path: journal.path, bytes: invalid))
    #expect(badByte.records.map(\.command) == ["load contacts", "update 0 name=A"])
    #expect(badByte.damage?.contains("changed since they were written") == true)
    // A flipped byte that is still text: update 1 name=B would have run as name=C.
    var flipped = good
    flipped[offset + 6] ^= 0x01
    let changed = try #require(JournalFile(path: journal.path, bytes: flipped))
    #expect(changed.records.count == 2)
    #expect(changed.damage?.hasPrefix("stopped at line ") == true)
    // Garbage where the header was: listed from its name, commands read where they check out.
    var headless = good
    for index in 0..<40 { headless[index] = 0xFE }
    let garbage = try #require(JournalFile(path: journal.path, bytes: headless))
    #expect(garbage.started == "2027-01-15T08:00:00Z" && garbage.processID == 999_999_999)
    #expect(garbage.damage != nil)
    #expect(JournalFile(path: folder.path + "/notes.lab", bytes: [0xFF, 0x00]) == nil)
    // A recovery of a damaged journal marks it, though its tail is cut.
    try Data(good.dropLast(5)).write(to: URL(fileURLWithPath: journal.path))
    let cut = try #require(JournalFile(path: journal.path))
    #expect(cut.records.count == 3 && cut.damage != nil)
    cut.markRecovered()
    #expect(JournalFile(path: journal.path)?.recovered == true)
}

@Test func aZombieOrAReusedProcessNumberIsNotARunningSession() {
    // This process runs; a start time that is not its own is another process with its number.
    let me = getpid()
    #expect(ProcessStart.isRunning(me, startTicks: nil))
    #expect(ProcessStart.isRunning(me, startTicks: ProcessStart.ticks(of: me)))
    #expect(!ProcessStart.isRunning(me, startTicks: (ProcessStart.ticks(of: me) ?? 0) + 1))
    #expect(!ProcessStart.isRunning(999_999_999, startTicks: nil))
}

@Test func twoSessionsOfOneSecondAreListedNewestFirst() throws {
    // The older process has the longer number as text ("9998" sorts after "10003"):
    // the process start time orders them, as a name's text never could.
    let folder = try TemporaryFolder()
    func write(processID: Int, start: Int) throws {
        let header =
            #"#journal {"started":"2026-11-24T10:00:00Z","folder":"/x","pid":\#(processID),"pstart":\#(start)}"#
        try Data((header + "\n").utf8).write(
            to: URL(fileURLWithPath: folder.path + "/session-20261124-100000-\(processID).lab"))
    }
    try write(processID: 9_998, start: 500)
    try write(processID: 10_003, start: 530)
    #expect(JournalFile.all(in: folder.path).map(\.processID) == [10_003, 9_998])
    // Without start times (older journals), the process numbers are compared as numbers.
    let plain = try TemporaryFolder()
    for processID in [9_998, 10_003] {
        let header = #"#journal {"started":"2026-11-24T10:00:00Z","folder":"/x","pid":\#(processID)}"#
        try Data((header + "\n").utf8).write(
            to: URL(fileURLWithPath: plain.path + "/session-20261124-100000-\(processID).lab"))
    }
    #expect(JournalFile.all(in: plain.path).map(\.processID) == [10_003, 9_998])
}

@Test func tabsOfOneServerHaveJournalsOfTheirOwnThatAreReadBackAsTabs() throws {
    let folder = try TemporaryFolder()
    let journals = folder.path + "/journals"
    let date = Date(timeIntervalSince1970: 1_800_000_000)
    // Two tabs opened in one second by one process: two journals, told apart by the tab.
    let first = try SessionJournal(
        folder: journals, workingFolder: folder.path, date: date, processID: 999_999_999, tab: 1)
    let second = try SessionJournal(
        folder: journals, workingFolder: folder.path, date: date, processID: 999_999_999, tab: 2)
    #expect(first.path.hasSuffix("/session-20270115-080000-999999999-tab1.lab"))
    #expect(second.path.hasSuffix("/session-20270115-080000-999999999-tab2.lab"))
    first.append(CommandRecord(command: "load contacts", output: ["loaded 8 items into an array provider (1 section)"]))
    let read = try #require(JournalFile(path: first.path))
    #expect(read.tab == 1 && read.records.map(\.command) == ["load contacts"] && read.isUnfinished)
    #expect(JournalFile.all(in: journals).count == 2)
    // A name alone (the header lost) still says when and in what process.
    #expect(JournalFile.session(named: "/j/session-20270115-080000-42-tab7.lab")?.processID == 42)
    #expect(JournalFile.session(named: "/j/session-20270115-080000-42-tab.lab") == nil)
}
