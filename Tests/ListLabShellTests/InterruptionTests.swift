import Interruption
import ListLabTestSupport
import Testing

@testable import ListLabShell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// An output that asks to stop (as Ctrl-C does) as soon as a progress line
/// is shown, so the command it belongs to is interrupted while it works.
private final class InterruptingOutput: ShellOutput {
    let flag: Interruption.Flag
    let recording = RecordingOutput()
    var lines: [String] { recording.lines }

    init(flag: Interruption.Flag) { self.flag = flag }

    func write(_ line: String) { recording.write(line) }
    func writeError(_ message: String) { recording.writeError(message) }
    func progress(_ text: String?) { if text != nil { flag.request() } }
}

/// Ctrl-C while a long command runs: `interrupted`, and the session as it was
/// before the command, unsaved edits and the file on disk included.
@Test(arguments: [
    "sort name", "sort city desc", "filter city=Oslo", "diff", "reload --diff --force", "reload --force", "save",
    "diffable on",
])
func anInterruptedCommandChangesNothing(command: String) throws {
    let folder = try TemporaryFolder()
    let rows = ProgressThreshold.items
    let text = "id,name,city\n" + (1...rows).map { "\($0),n\(rows - $0),\($0 % 7 == 0 ? "Oslo" : "Rome")\n" }.joined()
    try folder.write("rows.csv", text)
    let flag = Interruption.Flag()
    Interruption.$current.withValue(flag) {
        let output = InterruptingOutput(flag: flag)
        let session = Session(output: output, workingDirectory: folder.path)
        session.execute("load rows.csv")
        session.execute("update 0 name=Unsaved")
        session.execute("viewport 3")
        func state() -> [String] {
            let before = output.lines.count
            for line in ["providers", "show"] { session.execute(line) }
            return Array(output.lines[before...])
        }
        let before = state()
        #expect(before.first?.hasSuffix("unsaved edits") == true)
        let printed = output.lines.count
        session.execute(command)
        #expect(Array(output.lines[printed...]) == ["interrupted"], "\(command)")
        #expect(session.errorCount == 0)
        #expect(state() == before, "\(command) changed the session")
        // The next command runs as usual.
        session.execute("show 0")
        #expect(output.lines.last?.hasPrefix("   0.0  Unsaved") == true)
    }
    let onDisk = String(decoding: try Data(contentsOf: URL(fileURLWithPath: folder.path + "/rows.csv")), as: UTF8.self)
    #expect(onDisk == text)
}

/// An output that asks to stop once it has been written to `after` times since it was armed.
private final class CountingInterruptingOutput: ShellOutput {
    let flag: Interruption.Flag
    let recording = RecordingOutput()
    var armedWrites: Int?
    let after: Int
    var lines: [String] { recording.lines }

    init(flag: Interruption.Flag, after: Int) {
        self.flag = flag
        self.after = after
    }

    func write(_ line: String) {
        recording.write(line)
        guard let writes = armedWrites else { return }
        armedWrites = writes + 1
        if writes + 1 == after { flag.request() }
    }
    func writeError(_ message: String) { recording.writeError(message) }
    func progress(_ text: String?) {}
}

/// Ctrl-C during a script of quick commands, which finish before any check:
/// the script stops after the command it came in, and says `interrupted`.
@Test func aScriptStoppedBetweenItsCommandsSaysSo() throws {
    let folder = try TemporaryFolder()
    try folder.write(
        "more.txt", (1...5).map { "append name=\"P\($0)\" phone=555-000\($0)" }.joined(separator: "\n") + "\n")
    let flag = Interruption.Flag()
    Interruption.$current.withValue(flag) {
        let output = CountingInterruptingOutput(flag: flag, after: 2)
        let session = Session(output: output, workingDirectory: folder.path)
        session.execute("load contacts")
        output.armedWrites = 0
        let printed = output.lines.count
        session.execute("run more.txt")
        let said = Array(output.lines[printed...])
        #expect(said.count == 3 && said.last == "interrupted", "\(said)")
        #expect(session.errorCount == 0)
        output.armedWrites = nil
        session.execute("show 0.9")
        #expect(
            output.lines.last?.contains("P2") == true,
            "the second append ran, the third did not: \(output.lines.suffix(2))")
        session.execute("show 0.10")
        #expect(output.lines.last?.hasPrefix("error: no item at 0.10") == true, "\(output.lines.suffix(1))")
    }
}
