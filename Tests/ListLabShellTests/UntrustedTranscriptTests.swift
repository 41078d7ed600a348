import Foundation
import ListLabTestSupport
import Testing

@testable import ListLabShell

// Transcripts, scripts and commands from others (a pull request's transcript in CI, a web page's
// command): what they cannot make ListLab do.

@Test(arguments: [
    "show 0\n  > session save --force x.lab", "show 0\r  > quit", "show 0\u{2028}quit", "show\u{2029}0",
    "load\u{0}contacts", "show\u{85}0",
])
func aCommandHoldingALineBreakIsRefusedWholeAndNotRecorded(command: String) throws {
    let output = RecordingOutput()
    let session = Session(output: output)
    session.execute("load contacts")
    output.clear()
    session.execute(command)
    #expect(output.lines.count == 1)
    #expect(output.lines.first?.hasPrefix("error: column ") == true)
    #expect(output.lines.first?.contains(": a command is one line, and this one holds U+") == true)
    #expect(session.recordedCommands.map(\.command) == ["load contacts"])
}

@Test func aSavedTranscriptHasNoCommandLineThatWasNotACommand() throws {
    // Data and output that read as commands stay output; a file name with a line break stays prose.
    let output = RecordingOutput()
    let session = Session(output: output)
    session.execute("load contacts")
    session.execute(#"update 0 name="x\n  > session save --force ~/.bashrc""#)
    session.execute("show 0")
    let text = try session.transcript(named: "a\n  > quit").text
    let commands = text.split(separator: "\n").filter { $0.hasPrefix("  > ") }
    #expect(
        commands == ["  > load contacts", #"  > update 0 name="x\n  > session save --force ~/.bashrc""#, "  > show 0"])
}

@Test func aTranscriptThatLinksOutOfItsFolderIsRefused() throws {
    let folder = try TemporaryFolder()
    try folder.write("tests/ok.lab", "  > help quit\n")
    try folder.write("secret.txt", "  > help quit\nTOKEN=hunter2\n")
    try FileManager.default.createSymbolicLink(
        atPath: folder.path + "/tests/leak.lab", withDestinationPath: "../secret.txt")
    try FileManager.default.createSymbolicLink(
        atPath: folder.path + "/tests/environ.lab", withDestinationPath: "/proc/self/environ")
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/tests/near.lab", withDestinationPath: "ok.lab")
    let leak = TranscriptRunner.run(folder.path + "/tests/leak.lab")
    #expect(!leak.passed)
    #expect(
        leak.report == [
            "FAIL \(folder.path)/tests/leak.lab: is a link to a file outside its folder, which a transcript may not "
                + "read"
        ])
    #expect(!TranscriptRunner.run(folder.path + "/tests/environ.lab").passed)
    #expect(TranscriptRenderer.render(folder.path + "/tests/leak.lab").html == nil)
    // A link to a file of its own folder is read.
    #expect(
        TranscriptRunner.run(folder.path + "/tests/near.lab", update: true).report.allSatisfy { !$0.contains("link") })
    // `listlab run FILE` reads no such link either.
    let output = RecordingOutput()
    Session(output: output, workingDirectory: folder.path).runScript("tests/leak.lab")
    #expect(
        output.lines == [
            "error: tests/leak.lab: is a link to a file outside its folder, which a transcript may not read"
        ])
}

@Test func scriptsThatRunScriptsAreBoundedInAllAndSayItOnce() throws {
    let folder = try TemporaryFolder()
    // Twenty lines of `run` nested eight deep would run 20^8 commands.
    try folder.write("fan.txt", String(repeating: "run fan.txt\n", count: 20))
    let fan = run(["run fan.txt"], workingDirectory: folder.path)
    #expect(fan == ["error: fan.txt:1: run: scripts nested more than 8 deep (does 'fan.txt' run itself?)"])
    // Wide rather than deep: 20 x 20 x 300 commands, past the bound of 100,000.
    try folder.write("a.txt", String(repeating: "run b.txt\n", count: 20))
    try folder.write("b.txt", String(repeating: "run c.txt\n", count: 20))
    try folder.write("c.txt", String(repeating: "help quit\n", count: 300))
    let wide = run(["run a.txt", "run c.txt"], workingDirectory: folder.path)
    let errors = wide.filter { $0.hasPrefix("error:") }
    #expect(errors.count == 2)
    #expect(
        errors.first?.hasSuffix(
            "run: scripts have run 100000 commands in this session, the most they may (do scripts run each other over "
                + "and over?)"
        ) == true)
    #expect(
        errors.last
            == "error: run: scripts have run 100000 commands in this session, the most they may (do scripts run each "
            + "other over and over?)"
    )
}

@Test func aFileThatIsNotAScriptIsRefusedWithoutShowingItsWords() throws {
    let folder = try TemporaryFolder()
    try folder.write(".env", "# settings\nAWS_SECRET_ACCESS_KEY=hunter2\n")
    let printed = run(["run .env"], workingDirectory: folder.path)
    #expect(
        printed == [
            "error: .env is not a script: its line 2 does not start with a command, so none of it was run (its lines "
                + "are not shown)"
        ])
}

@Test func aCommandThatIsOneLineIsSavedAsTyped() throws {
    let output = RecordingOutput()
    let session = Session(output: output)
    session.execute("load contacts")
    session.execute("update 0 name=\"a\tb\"")
    let commands = try session.transcript(named: "s.lab").text.split(separator: "\n").filter { $0.hasPrefix("  > ") }
    #expect(commands == ["  > load contacts", "  > update 0 name=\"a\tb\""])
}

/// A command of megabytes (a pipe's, a transcript's) is refused whole before it is read as a
/// command, and not kept; a transcript or script with a line past the bound is refused before it
/// is made text, by `test`, `render` and `run` alike.
@Test func longLinesAreRefusedBeforeTheyAreRead() throws {
    let output = RecordingOutput()
    let session = Session(output: output)
    session.execute("select " + String(repeating: "1", count: CommandLineRule.longestLine))
    #expect(
        output.lines == [
            "error: a command line of \(CommandLineRule.longestLine + 7) bytes is more than "
                + "\(CommandLineRule.longestLine): put large values in a file and load it; nothing was run"
        ])
    #expect(session.recordedCommands.isEmpty)
    let folder = try TemporaryFolder()
    try folder.write(
        "long.lab", "Prose.\n\n  > help quit\n  " + String(repeating: "y", count: TextFile.longestLine + 1) + "\n")
    let reason =
        "line 4 is longer than \(TextFile.longestLine) bytes, the most a line of a script or transcript may hold (a "
        + "command, \(CommandLineRule.longestLine))"
    #expect(TranscriptRunner.run(folder.path + "/long.lab").report == ["FAIL \(folder.path)/long.lab: \(reason)"])
    #expect(TranscriptRenderer.render(folder.path + "/long.lab").failures == ["\(folder.path)/long.lab: \(reason)"])
    let ran = RecordingOutput()
    Session(output: ran, workingDirectory: folder.path).runScript("long.lab")
    #expect(ran.lines == ["error: long.lab: \(reason)"])
}

/// A transcript of millions of empty lines (a few megabytes that would each cost a string) is
/// refused before it is made text; one line fewer than the bound is read.
@Test func aTranscriptOfTooManyLinesIsRefused() throws {
    let folder = try TemporaryFolder()
    try folder.write("many.lab", String(repeating: "\n", count: TextFile.mostLines))
    let reason = "holds more than \(TextFile.mostLines) lines, the most a script or transcript may hold"
    #expect(TranscriptRunner.run(folder.path + "/many.lab").report == ["FAIL \(folder.path)/many.lab: \(reason)"])
    let ran = RecordingOutput()
    Session(output: ran, workingDirectory: folder.path).runScript("many.lab")
    #expect(ran.lines == ["error: many.lab: \(reason)"])
    try folder.write("enough.lab", "Prose." + String(repeating: "\n", count: TextFile.mostLines - 1))
    #expect(
        TranscriptRunner.run(folder.path + "/enough.lab").report == [
            "FAIL \(folder.path)/enough.lab: no commands (a command line starts with two spaces and '> ')"
        ])
}

/// Scripts that run one another print far more than their bytes: a replay keeps a command's
/// output up to its bound, says the command printed more, and goes on.
@Test func aReplayKeepsACommandsOutputWithinItsBound() throws {
    let folder = try TemporaryFolder()
    try folder.write("leaf.lab", "  > show --all\n")
    try folder.write("mid.lab", String(repeating: "  > run leaf.lab\n", count: 10))
    try folder.write(
        "top.lab",
        "  > load contacts\n  loaded 8 items into an array provider (1 section)\n  > run mid.lab\n  > deselect\n  "
            + "nothing is selected\n"
    )
    let report = TranscriptRunner.run(folder.path + "/top.lab", update: false, inPlace: false, outputLimit: 1_024) {
        _ in
    }.report
    #expect(
        report == [
            "FAIL \(folder.path)/top.lab:3: 'run mid.lab' printed more than 1024 bytes (50 lines not kept), the most "
                + "a replayed command may print"
        ])
}

/// Lines are split at LF and CRLF as a split by `Character` splits them, from the bytes.
@Test(arguments: ["", "a", "a\n", "a\r\nb", "a\r\r\nb\n", "\n\n", "x\ré\n\u{301}y", "\r", "a\rb\r\n"])
func textLinesSplitAsCharactersDo(text: String) {
    #expect(
        text.textLines == text.split(omittingEmptySubsequences: false) { $0 == "\n" || $0 == "\r\n" }.map(String.init))
    #expect(text.holdsCRLF == text.contains("\r\n"))
}

/// `test --update` records what runs now, errors too, and names each command whose new output
/// holds an error the file did not expect: a lesson's typo is read before it is committed.
@Test func anUpdateNamesTheCommandsThatNowRecordAnError() throws {
    let folder = try TemporaryFolder()
    try folder.write(
        "l.lab",
        "  > load contacts\n  > selct 0\n  > selct 1\n  error: unknown command 'selct' (did you mean 'select'?); type "
            + "'help' for the list\n"
    )
    let result = TranscriptRunner.run(folder.path + "/l.lab", update: true)
    #expect(result.updatedText?.contains("  error: unknown command 'selct'") == true)
    #expect(
        result.notes == [
            "\(folder.path)/l.lab:2: 'selct 0' now records an error the file did not expect (error: unknown command "
                + "'selct' (did you mean 'select'?); type 'help' for the list)"
        ])
}
