import Foundation
import ListLabShell
import ListLabSnapshotTesting
import SnapshotTesting
import Testing

/// A transcript snapshot is a `.lab` file: recorded on the first run, the same text passes, a
/// changed line fails; and the file it wrote replays.
@Test func aTranscriptSnapshotIsALabFileThatReplays() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-snapshots-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let session = Session(output: DiscardingOutput(), canWriteFiles: false)
    let records = ["rows \"Ada\" \"Grace\"", "batch insert 0.2"].map { session.execute($0) }
    #expect(records.map(\.failed) == [false, true])
    let text = Transcript.text(of: records, prose: ["Two rows, and an insert the data never had."])

    let first = verifySnapshot(
        of: text, as: .transcript, named: "steps", record: .missing, snapshotDirectory: folder.path,
        testName: "recording")
    #expect(first != nil, "the first run records and fails, as swift-snapshot-testing does")
    let file = folder.appendingPathComponent("recording.steps.lab").path
    #expect(FileManager.default.fileExists(atPath: file))
    #expect(
        verifySnapshot(
            of: text, as: .transcript, named: "steps", record: .never, snapshotDirectory: folder.path,
            testName: "recording") == nil)
    let changed = text.replacingOccurrences(of: "Grace", with: "Alan")
    #expect(
        verifySnapshot(
            of: changed, as: .transcript, named: "steps", record: .never, snapshotDirectory: folder.path,
            testName: "recording") != nil)
    #expect(TranscriptRunner.run(file).passed, "\(TranscriptRunner.run(file).report)")
}
