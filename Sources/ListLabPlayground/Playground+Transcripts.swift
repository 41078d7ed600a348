import ListLabShell

extension Playground {
    /// Replays transcripts against this playground's providers and
    /// presenters, as `test` does (each in a fresh session, confined to a
    /// scratch copy of its folder), and returns the outcome: what a Swift
    /// Testing test of your tool asserts.
    ///
    /// ```swift
    /// let replay = Playground.listlab.replayTranscripts(["Samples/tests/basics.lab"])
    /// replay.failed   // 0; in a test: #expect(replay.failed == 0, "\(replay)")
    /// ```
    ///
    /// - Parameter paths: Transcripts, or folders searched for `*.lab`.
    /// - Returns: How many passed and failed, and for each failure its path,
    ///   line and unified diff (a path that does not exist is a failure).
    public func replayTranscripts(_ paths: [String]) -> TranscriptReplay {
        let files: [String]
        do {
            files = try TranscriptRunner.transcripts(in: paths)
        } catch {
            return TranscriptReplay(passed: 0, failed: 1, report: ["error: \(error)"])
        }
        var replay = TranscriptReplay(passed: 0, failed: 0, report: [])
        for file in files {
            let result = TranscriptRunner.run(file, prepare: prepare)
            replay.report += result.report
            if result.passed { replay.passed += 1 } else { replay.failed += 1 }
        }
        return replay
    }
}

/// What replaying transcripts found (``Playground/replayTranscripts(_:)``).
public struct TranscriptReplay: Sendable, CustomStringConvertible {
    /// The transcripts whose every command printed what they recorded.
    public var passed: Int
    /// The others.
    public var failed: Int
    /// Each failure: `FAIL PATH:LINE: ...` and the unified diff of what
    /// differs (`--- expected` / `+++ actual`).
    public var report: [String]

    /// The report, then `N passed, N failed`, as `test` prints it.
    public var description: String {
        (report + ["\(passed) passed, \(failed) failed"]).joined(separator: "\n")
    }
}
