import ListLabPlayground
import ListLabTestSupport
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The transcripts of Samples/ (the tours, the tests of the shell, the sessions of the README) are the
// shell's own tests: `swift test` replays them as `listlab test Samples/` does, each in a scratch copy
// of its folder, so that a Swift developer's first command runs them too.

/// Every transcript in Samples/ replays: each command prints what the transcript recorded.
@Test func theSamplesTranscriptsReplay() throws {
    let samples = DocExampleFile.packageRoot + "/Samples"
    let files = try FileManager.default.subpathsOfDirectory(atPath: samples).filter { $0.hasSuffix(".lab") }.sorted()
    #expect(files.count >= 30, "\(files)")
    let replay = Playground.listlab.replayTranscripts([samples])
    #expect(replay.failed == 0, "\(replay)")
    #expect(replay.passed == files.count, "\(replay)")
}
