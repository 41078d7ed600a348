import Foundation
import ListLabTestSupport
import Testing

@testable import ListLabShell

// Journals a server can write all day: a classroom tab's is marked as such and
// never recovered; each command keeps only the start of its output; journals are
// pruned by bytes as well as count; and a listing reads each journal's two ends only.

/// A journal in `folder/journals` of a process that no longer runs.
private func journal(in folder: TemporaryFolder, second: Int = 0, tab: Int? = nil, classroom: Bool = false) throws
    -> SessionJournal
{
    try SessionJournal(
        folder: folder.path + "/journals", workingFolder: folder.path,
        date: Date(timeIntervalSince1970: Double(1_800_000_000 + second)),
        processID: 999_999_999, tab: tab, classroom: classroom)
}

@Test func aClassroomTabsJournalIsNeverOfferedForRecovery() throws {
    let folder = try TemporaryFolder()
    let student = try journal(in: folder, tab: 1, classroom: true)
    student.append(
        CommandRecord(
            command: "session save --force /home/teacher/.bashrc", output: ["error: outside this tab's folder"]))
    let own = try journal(in: folder, second: 1, tab: 2)
    own.append(CommandRecord(command: "load contacts", output: []))
    let read = try #require(JournalFile(path: student.path))
    #expect(read.isClassroom && !read.isUnfinished, "a student's commands are not run again as the one who recovers")
    #expect(try #require(JournalFile(path: own.path)).isUnfinished)
    let summaries = JournalFile.summaries(in: folder.path + "/journals")
    #expect(summaries.map(\.isClassroom) == [false, true])
    #expect(summaries.map(\.isUnfinished) == [true, false])
    // A tab's journal whose header is lost may have been a classroom's: it is not recovered either.
    let headless = folder.path + "/journals/session-20270115-080009-999999998-tab3.lab"
    try "  > load contacts\n".write(toFile: headless, atomically: true, encoding: .utf8)
    #expect(JournalFile(path: headless)?.isClassroom == true && JournalFile(path: headless)?.isUnfinished == false)
    #expect(JournalSummary(path: headless)?.isUnfinished == false)
}

@Test func aCommandKeepsTheStartOfItsOutputAndTheTranscriptStillReplays() throws {
    let folder = try TemporaryFolder()
    let keeps = SessionJournal.keptOutput(classroom: false)
    let long = (0..<(keeps.lines + 50)).map { "line \($0)" }
    let terminal = try journal(in: folder)
    terminal.append(CommandRecord(command: "show --all", output: long))
    terminal.append(CommandRecord(command: "show 0", output: ["short"]))
    let read = try #require(JournalFile(path: terminal.path))
    #expect(read.records[0].output == Array(long.prefix(keeps.lines)) && read.records[0].outputCut)
    #expect(read.records[1].output == ["short"] && !read.records[1].outputCut)
    let transcript = Transcript(text: read.transcript)
    #expect(transcript.blocks[0].expected.last == .anyLines && transcript.blocks[0].expected.count == keeps.lines + 1)
    // A classroom's keeps less, and bytes count as well as lines.
    let student = try journal(in: folder, second: 1, tab: 1, classroom: true)
    student.append(CommandRecord(command: "show --all", output: long))
    student.append(CommandRecord(command: "show 0", output: [String(repeating: "x", count: 10_000)]))
    let small = try #require(JournalFile(path: student.path))
    #expect(small.records[0].output.count == SessionJournal.keptOutput(classroom: true).lines)
    #expect(small.records[1].output.isEmpty && small.records[1].outputCut)
}

@Test func aClassroomJournalStopsAtItsLimitAndSaysSo() throws {
    let folder = try TemporaryFolder()
    let student = try journal(in: folder, tab: 1, classroom: true)
    let command = "append name=" + String(repeating: "x", count: 60_000)
    for _ in 0..<(SessionJournal.classroomLimit / 60_000 + 10) {
        student.append(CommandRecord(command: command, output: ["appended"]))
    }
    student.finish()
    let size = try #require(try FileManager.default.attributesOfItem(atPath: student.path)[.size] as? Int)
    #expect(size <= SessionJournal.classroomLimit + 1_024)
    let bytes = try String(contentsOfFile: student.path, encoding: .utf8)
    #expect(bytes.contains("\n\(JournalFile.fullMark)\n"))
    let read = try #require(JournalFile(path: student.path))
    #expect(read.ended && read.damage == nil && read.records.count < SessionJournal.classroomLimit / 60_000 + 10)
}

@Test func journalsArePrunedByBytesAsWellAsCount() throws {
    let folder = try TemporaryFolder()
    for second in 0..<6 {
        let one = try journal(in: folder, second: second)
        one.append(CommandRecord(command: "show --all", output: (0..<100).map { "line \($0) of journal \(second)" }))
    }
    let journals = folder.path + "/journals"
    let each = try #require(JournalFile.summaries(in: journals).first).bytes
    SessionJournal.prune(journals, keeping: (count: 20, bytes: each * 3 + each / 2))
    let left = JournalFile.summaries(in: journals)
    #expect(
        left.map(\.started) == ["2027-01-15T08:00:05Z", "2027-01-15T08:00:04Z", "2027-01-15T08:00:03Z"],
        "the newest that fit")
    SessionJournal.prune(journals, keeping: (count: 2, bytes: .max))
    #expect(JournalFile.summaries(in: journals).count == 2)
}

@Test func aSummaryReadsAJournalsEndsAndAgreesWithTheWholeOfIt() throws {
    let folder = try TemporaryFolder()
    let big = try journal(in: folder)
    // More than the summary reads from the end: its commands are counted from the last #did line.
    let output = (0..<150).map { "row \($0): " + String(repeating: "y", count: 100) }
    for index in 0..<200 {
        big.append(
            CommandRecord(
                command: "show --all", output: output, files: index == 0 ? ["a.csv"] : index == 7 ? ["b.csv"] : []))
    }
    let size = try #require(try FileManager.default.attributesOfItem(atPath: big.path)[.size] as? Int)
    #expect(size > JournalSummary.tailBytes + JournalSummary.headBytes, "\(size)")
    let handle = try #require(FileHandle(forReadingAtPath: big.path))
    let head = [UInt8](handle.readData(ofLength: JournalSummary.headBytes))
    try handle.seek(toOffset: UInt64(size - JournalSummary.tailBytes))
    let tail = [UInt8](handle.readDataToEndOfFile())
    var readWhole = false
    let summary = try #require(
        JournalSummary(path: big.path, size: size, head: head, tail: tail, tailIsWhole: false) {
            readWhole = true
            return []
        })
    let whole = try #require(JournalFile(path: big.path))
    #expect(!readWhole, "a journal that numbers its commands is never read whole for a listing")
    #expect(summary.commandCount == whole.records.count && summary.commandCount == 200)
    #expect(summary.files == whole.files && summary.files == ["a.csv", "b.csv"])
    #expect(
        summary.started == whole.started && summary.folder == whole.folder && !summary.ended && summary.damage == nil)
    big.finish()
    #expect(JournalSummary(path: big.path)?.ended == true)
    // Cut short by a kill: said from the end alone.
    let cut = try journal(in: folder, second: 1)
    cut.append(CommandRecord(command: "load contacts", output: []))
    let descriptor = try #require(FileHandle(forWritingAtPath: cut.path))
    descriptor.seekToEndOfFile()
    descriptor.write(Data("#did {\"n\":2}\n  > show\n".utf8))
    #expect(JournalSummary(path: cut.path)?.damage?.contains("not written whole") == true)
}

@Test func aClassNeverPushesOutYourOwnJournals() throws {
    let folder = try TemporaryFolder()
    let own = try journal(in: folder)
    own.append(CommandRecord(command: "update 0 name=Unsaved", output: [], edited: ["people"]))
    for tab in 1...30 {
        let student = try journal(in: folder, second: tab, tab: tab, classroom: true)
        student.append(CommandRecord(command: "show", output: []))
    }
    SessionJournal.prune(folder.path + "/journals")
    let left = JournalFile.summaries(in: folder.path + "/journals")
    #expect(left.filter(\.isClassroom).count == SessionJournal.kept.count)
    #expect(left.contains { $0.path == own.path && $0.isUnfinished }, "your own session is still there to recover")
}

@Test func aStudentsCommandIsKeptAsItReads() throws {
    let folder = try TemporaryFolder()
    let student = try journal(in: folder, tab: 1, classroom: true)
    student.append(CommandRecord(command: "load \"exe.\u{202E}vsc.txt\"", output: []))
    let text = try String(contentsOfFile: student.path, encoding: .utf8)
    #expect(!text.contains("\u{202E}") && text.contains("\\u202e"))
    #expect(try #require(JournalFile(path: student.path)).records.count == 1)
}
