#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Interruption
import ListLabTestSupport
import Testing
@testable import ListLabShell

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
@Test(arguments: ["sort name", "sort city desc", "filter city=Oslo", "diff", "reload --diff --force", "reload --force", "save"])
func anInterruptedCommandChangesNothing(command: String) throws {
    let folder = try TemporaryFolder()
    let rows = Session.progressItemThreshold
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
