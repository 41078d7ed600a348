import ListLabTestSupport
import Testing

@testable import ListLabShell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

private let passing = """
    The tabs of FountainKit.

      > load tabs
      loaded 3 items into an array provider (1 section)
      > select 2
      selected 0.2: Settings
      > show [..]
      error: [..] is not a path: write S.I (like 1.4), or I for section 0
      > help
      ...
        quit[..]

    """

@Test func aCorrectTranscriptPasses() throws {
    let folder = try TemporaryFolder()
    try folder.write("tabs.lab", passing)
    let result = TranscriptRunner.run(folder.path + "/tabs.lab")
    #expect(result.passed)
    #expect(result.report.isEmpty)
}

@Test func aChangedLineFailsWithTheLineAndADiff() throws {
    let folder = try TemporaryFolder()
    try folder.write("tabs.lab", passing.replacing("selected 0.2: Settings", with: "selected 0.2: News"))
    let path = folder.path + "/tabs.lab"
    let result = TranscriptRunner.run(path)
    #expect(!result.passed)
    #expect(
        result.report == [
            "FAIL \(path):6: the output of 'select 2' (line 5) differs",
            "  --- expected", "  +++ actual", "  @@ -6,1 +1,1 @@", "  -selected 0.2: News", "  +selected 0.2: Settings",
        ])
}

@Test func updateRepairsTheOutputAndKeepsProseAndWildcards() throws {
    let folder = try TemporaryFolder()
    let broken = passing.replacing("selected 0.2: Settings", with: "selected 0.2: News")
        .replacing("  > help", with: "A note in the middle.\n  > help")
    try folder.write("tabs.lab", broken)
    let result = TranscriptRunner.run(folder.path + "/tabs.lab", update: true)
    let expected = passing.replacing("  > help", with: "A note in the middle.\n  > help")
    #expect(result.updatedText == expected)
}

@Test func relativePathsAreReadFromTheTranscriptsFolder() throws {
    let folder = try TemporaryFolder()
    try folder.write("sub/script.txt", "load tabs\n")
    try folder.write("sub/uses-script.lab", "  > run script.txt\n  loaded 3 items into an array provider (1 section)\n")
    #expect(TranscriptRunner.run(folder.path + "/sub/uses-script.lab").passed)
}

@Test func unreadableTranscriptsFailWithAMessage() throws {
    let folder = try TemporaryFolder()
    try folder.write("empty.lab", "Only prose.\n")
    #expect(
        TranscriptRunner.run(folder.path + "/missing.lab").report == ["FAIL \(folder.path)/missing.lab: no such file"])
    #expect(TranscriptRunner.run(folder.path).report == ["FAIL \(folder.path): is a folder, not a file"])
    #expect(
        TranscriptRunner.run(folder.path + "/empty.lab").report == [
            "FAIL \(folder.path)/empty.lab: no commands (a command line starts with two spaces and '> ')"
        ])
    try Data([0xFF, 0xFE, 0x00]).write(to: URL(fileURLWithPath: folder.path + "/binary.lab"))
    #expect(
        TranscriptRunner.run(folder.path + "/binary.lab").report == ["FAIL \(folder.path)/binary.lab: not UTF-8 text"])
}

@Test func foldersAreSearchedForTranscriptsInOrder() throws {
    let folder = try TemporaryFolder()
    for name in ["b.lab", "a.lab", "notes.txt", "deep/c.lab"] {
        try folder.write(name, "  > samples\n")
    }
    #expect(
        try TranscriptRunner.transcripts(in: [folder.path])
            == ["a.lab", "b.lab", "deep/c.lab"].map { folder.path + "/" + $0 })
    #expect(throws: ShellError.self) { try TranscriptRunner.transcripts(in: [folder.path + "/nope"]) }
}

@Test func parallelReplaysReportInTheGivenOrder() throws {
    let folder = try TemporaryFolder()
    var paths: [String] = []
    for index in 0..<12 {
        let name = "t\(index).lab"
        try folder.write(name, index % 3 == 0 ? "  > samples\n  wrong\n" : passing)
        paths.append(folder.path + "/" + name)
    }
    let results = TranscriptRunner.runAll(paths, jobs: 4)
    #expect(results.map(\.path) == paths)
    #expect(results.map(\.passed) == (0..<12).map { $0 % 3 != 0 })
    #expect(TranscriptRunner.runAll(paths, jobs: 1).map(\.report) == results.map(\.report))
}

@Test func aSavedSessionReplaysGreen() throws {
    let folder = try TemporaryFolder()
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    for line in [
        "load tasks", "select 1.1", "bogus", "viewport 4", "show", #"append title="Ship it" list=Work"#,
        "session save rec.lab",
    ] {
        session.execute(line)
    }
    #expect(output.lines.last == "saved 6 commands to rec.lab")
    session.execute("session save rec.lab")
    #expect(output.lines.last == "error: rec.lab exists: add --force to replace it")
    session.execute("session save rec.lab --force")
    #expect(output.lines.last == "saved 6 commands to rec.lab")
    #expect(TranscriptRunner.run(folder.path + "/rec.lab").passed)
}

/// A small transcript whose every command prints much that it does not expect: the replay keeps
/// the differences up to its bound, says how many more there were, and updates nothing.
@Test func aReplayKeepsItsDifferencesWithinOneBoundForAllItsCommands() throws {
    let folder = try TemporaryFolder()
    let commands = ["  > load contacts"] + Array(repeating: "  > show --all", count: 200)
    try folder.write("many.lab", commands.joined(separator: "\n") + "\n")
    for update in [false, true] {
        let result = TranscriptRunner.run(
            folder.path + "/many.lab", update: update, inPlace: false, outputLimit: 10_000, prepare: { _ in })
        #expect(!result.passed)
        #expect(result.updatedText == nil)
        let kept = result.report.reduce(0) { $0 + $1.utf8.count }
        #expect(kept < 30_000, "\(kept) bytes of report")
        let last = try #require(result.report.last)
        #expect(
            last.hasPrefix(
                "FAIL \(folder.path)/many.lab: its differences came to more than 10000 bytes, the most a replay keeps: "
            ))
        #expect(last.contains(" more commands differ past them, not shown"))
        #expect(last.hasSuffix(update ? ", and the file is not updated" : "not shown"))
    }
}
