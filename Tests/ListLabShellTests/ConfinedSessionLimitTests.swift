import Foundation
import ListLabCore
import ListLabTestSupport
import Testing

@testable import ListLabShell

// What a classroom tab's session may hold and write, each past its bound one error that
// changes nothing; and where its completion looks.

/// A session confined to a folder of its own in `folder`, with room for `bytes` in `files`.
private func confinedSession(in folder: TemporaryFolder, bytes: Int = 1_048_576, files: Int = 100) throws -> (
    Session, RecordingOutput, ConfinedFolder
) {
    try FileManager.default.createDirectory(atPath: folder.path + "/empty", withIntermediateDirectories: true)
    let confined = try ConfinedFolder(copying: folder.path + "/empty", in: folder.path, prefix: "tab-")
    confined.quota = (bytes, files)
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: confined.scratch)
    session.bounds.confinement = confined
    return (session, output, confined)
}

@Test func aWriteThatWouldFillTheFolderIsRefusedAndWritesNothing() throws {
    let folder = try TemporaryFolder()
    let (session, output, confined) = try confinedSession(in: folder, bytes: 20_000, files: 4)
    let rows = "id,name\n" + (0..<1_000).map { "\($0),person \($0)\n" }.joined()
    try session.writeNewFile(rows, to: "people.csv", force: false)  // an upload: about 15 KB
    session.execute("load people.csv")
    session.execute("save copy.csv")
    #expect(
        output.lines.last?.hasPrefix(
            "error: copy.csv: not written: this folder may hold 20000 bytes in 4 files, and holds") == true,
        "\(output.lines.last ?? "")")
    #expect(!FileManager.default.fileExists(atPath: confined.scratch + "/copy.csv"))
    confined.quota = (16_000, 4)
    session.execute("export swift Lab.swift")
    #expect(
        output.lines.last?.hasPrefix("error: Lab.swift: not written") == true,
        "\(output.lines.suffix(2)) \(confined.usage())")
    #expect(confined.usage().files == 1)
    confined.quota = (20_000, 4)
    // Replacing a file counts only what it grows by: a save over itself fits.
    session.execute("update 0 name=Ada")
    session.execute("save")
    #expect(output.lines.last?.hasPrefix("saved 1000 items to people.csv") == true, "\(output.lines.last ?? "")")
    // Files count as well as bytes.
    for name in ["a", "b", "c", "d"] { session.execute("session save \(name).lab") }
    #expect(output.lines.last?.contains("in 4 files, and holds") == true, "\(output.lines.last ?? "")")
    #expect(confined.usage().files == 4)
    #expect(throws: ShellError.self) { try session.writeNewFile("x", to: "e.csv", force: false) }
}

@Test func aLoadPastTheDataLimitIsRefusedAndTheSessionIsAsItWas() throws {
    let folder = try TemporaryFolder()
    let (session, output, _) = try confinedSession(in: folder, bytes: 64 * 1_048_576)
    session.bounds.data = 2 * 1_048_576
    try session.writeNewFile("id,name\n1,Ada\n", to: "small.csv", force: false)
    let rows = "id,name,city\n" + (0..<30_000).map { "\($0),person number \($0),a city with a long name\n" }.joined()
    try session.writeNewFile(rows, to: "big.csv", force: false)
    session.execute("load small.csv")
    session.execute("load big.csv")
    let said = output.lines.last ?? ""
    #expect(
        said.hasPrefix("error: big: not loaded: it would take about ") && said.contains("of the 2.0 MB it may"),
        "\(said)")
    session.execute("providers")
    #expect(output.lines.suffix(1).joined().contains("small"), "\(output.lines.suffix(2))")
    #expect(!output.lines.suffix(1).joined().contains("big"))
    // Loading again under a name that is loaded replaces it: its room comes back.
    session.bounds.data = 64 * 1_048_576
    session.execute("load big.csv")
    #expect(output.lines.last?.hasPrefix("loaded 30000 items") == true)
    let held = session.estimatedDataBytes
    session.bounds.data = held + 1_024
    session.execute("load big.csv")
    #expect(
        output.lines.last?.hasPrefix("loaded 30000 items") == true,
        "the same data again fits in the room of what it replaces: \(output.lines.last ?? "")")
    // The estimate is of what the data holds: more than the file, less than ten times it.
    #expect(held > rows.utf8.count && held < rows.utf8.count * 10, "\(held) for a file of \(rows.utf8.count) bytes")
}

@Test func completionInAConfinedSessionListsOnlyItsOwnFolder() throws {
    let folder = try TemporaryFolder()
    let (session, _, confined) = try confinedSession(in: folder)
    // Another tab's folder beside this one, with a file of its own.
    let other = try ConfinedFolder(copying: folder.path + "/empty", in: folder.path, prefix: "tab-")
    try "id\n1\n".write(toFile: other.scratch + "/alice-grades-private.csv", atomically: true, encoding: .utf8)
    try session.writeNewFile("id\n1\n", to: "mine.csv", force: false)
    let completer = ShellCompleter(session: session)
    for line in ["load ../", "load /", "load ../../", "load \(other.scratch)/", "load \(folder.path)/", "load ./../"] {
        #expect(completer.candidates(for: line).words.isEmpty, "\(line): \(completer.candidates(for: line).words)")
    }
    #expect(completer.candidates(for: "load mi").words == ["mine.csv"])
    #expect(completer.candidates(for: "load ./").words == ["./mine.csv"])
    #expect(completer.candidates(for: "load \(confined.scratch)/").words == ["\(confined.scratch)/mine.csv"])
    // Outside a confinement, completion lists any folder, as a shell's does.
    let free = ShellCompleter(session: Session(output: RecordingOutput(), workingDirectory: confined.scratch))
    #expect(!free.candidates(for: "load ../").words.isEmpty)
}

@Test func aSessionMayBoundTheChangeThreshold() {
    let output = RecordingOutput()
    let session = Session(output: output)
    session.bounds.threshold = 10_000
    session.execute("set threshold 10000")
    #expect(output.lines.last == "threshold 10000")
    session.execute("set threshold 100000000")
    #expect(output.lines.last?.hasPrefix("error: threshold 100000000: this session takes at most 10000") == true)
    #expect(session.presentation.changeThreshold == 10_000)
}

@Test func aRecordingKeepsLinesUpToItsBytesAndCountsTheRest() {
    let output = RecordingOutput()
    output.byteLimit = 20
    for line in ["0123456789", "0123456789", "more", "and more"] { output.write(line) }
    output.writeError("kept")
    #expect(output.lines == ["0123456789", "error: kept"] && output.droppedLines == 3)
    output.clear()
    output.write("again")
    #expect(output.lines == ["again"] && output.droppedLines == 0)
}

@Test func aBoundedRecordKeepsTheStartOfEachOutputAndStillReplays() throws {
    let folder = try TemporaryFolder()
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.bounds.record = (lines: 2, bytes: 1_000, total: 600)
    for line in ["load contacts", "show --all", "select 1"] { session.execute(line) }
    #expect(session.recordedCommands[1].output.count == 2, "\(session.recordedCommands[1].output)")
    let (text, count) = try session.transcript(named: "kept.lab")
    #expect(count == 3 && text.contains("  > show --all\n") && text.contains("\n  ...\n"))
    try folder.write("kept.lab", text)
    let replay = TranscriptRunner.run(folder.path + "/kept.lab")
    #expect(replay.passed, "\(replay.report)")
    // Past its total, no more commands are kept, and the transcript says so.
    for _ in 0..<40 { session.execute("show 0.1") }
    let (full, kept) = try session.transcript(named: "full.lab")
    #expect(kept < 43 && full.contains("Its first \(kept) commands"), "\(kept)")
    try folder.write("full.lab", full)
    #expect(TranscriptRunner.run(folder.path + "/full.lab").passed)
}

@Test func aSessionMayBoundTheViewport() {
    let output = RecordingOutput()
    let session = Session(output: output)
    session.bounds.viewportRows = 50
    session.execute("load contacts")
    session.execute("viewport 51")
    #expect(
        output.lines.last
            == "error: a viewport of 51 rows: this session shows at most 50 (each row is drawn in every picture)")
    session.execute("viewport 50")
    #expect(output.lines.last?.hasPrefix("viewport 50 rows") == true)
}

@Test func appendsPastTheDataLimitAreRefused() throws {
    let folder = try TemporaryFolder()
    let (session, output, _) = try confinedSession(in: folder)
    try session.writeNewFile("id,a\n" + (1...1_000).map { "\($0),x\n" }.joined(), to: "p.csv", force: false)
    session.execute("load p.csv")
    session.bounds.data = session.estimatedDataBytes + 300_000
    let big = String(repeating: "y", count: 60_000)
    var refused = 0
    for _ in 0..<10 {
        session.execute("append a=\(big)")
        if output.lines.last?.hasPrefix("error: not changed: this session holds about") == true { refused += 1 }
    }
    // About 60 KB each: four fit in 300 KB, the rest are refused and change nothing.
    #expect(refused == 6, "\(output.lines.suffix(1))")
    session.execute("providers")
    #expect(output.lines.last?.contains("1004 items") == true, "\(output.lines.suffix(1))")
}

/// A classroom's diffable data source holds a bounded number of items (1,600,000 rows took
/// 8 s and 800 MB to identify): past it, `diffable on`, `snapshot new from data` and a
/// snapshot operation are each one error that changes nothing.
@Test func aDiffableDataSourceHoldsAtMostTheSessionsItems() {
    let output = RecordingOutput()
    let session = Session(output: output)
    session.bounds.diffableItems = 5
    session.execute("load contacts")
    session.execute("diffable on")
    #expect(
        output.lines.last
            == "error: diffable on: a diffable data source holds at most 5 items in this session, and 'contacts' has "
            + "8 (filter it first)"
    )
    #expect(session.presentation.diffable == nil)
    session.execute("filter city=Gotham")
    session.execute("diffable on")
    #expect(session.presentation.diffable != nil, "\(output.lines.suffix(3))")
    #expect(session.presentation.diffable?.pending.numberOfItems == 1)
    session.execute("snapshot appendItems 101 102 103 104 105")
    #expect(
        output.lines.last
            == "error: appendItems: a diffable data source holds at most 5 items in this session, and the snapshot "
            + "would hold 6 (filter it first)",
        "\(output.lines.last ?? "")")
    #expect(session.presentation.diffable?.pending.numberOfItems == 1)
    session.execute("snapshot appendItems 101 102 103 104")
    #expect(session.presentation.diffable?.pending.numberOfItems == 5)
    #expect(session.errorCount == 2)
}
