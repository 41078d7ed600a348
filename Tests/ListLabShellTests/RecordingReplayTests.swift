import ListLabTestSupport
import Testing

@testable import ListLabShell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// A saved session always replays green, whatever the session was read from:
// typed at the prompt, piped in, run from a script with `listlab run`, run
// with the `run` command, journaled (`sessions save`), or recovered.

/// Commands that meet every kind of output: errors with columns, UIKit's
/// refusals, diffs, the diffable data source, the trace, changes the list was
/// not told of.
private let commandPool: [@Sendable (Int) -> String] = [
    { _ in "load contacts" }, { _ in "load tasks" }, { _ in "load menu" }, { _ in "load people.csv" },
    { "select \($0 % 9)" }, { "update \($0 % 9) name=X\($0)" }, { "update \($0 % 3) nme=x" }, { "delete \($0 % 9)" },
    { "append name=Z\($0)" }, { "insert \($0 % 9) name=Y" }, { "move \($0 % 5) \($0 % 7)" },
    { "batch delete 0.\($0 % 9)" },
    { "batch insert 0.\($0 % 9)" }, { _ in "sort name" }, { _ in "sort name desc" }, { _ in "filter city=Gotham" },
    { _ in "filter off" }, { _ in "show" }, { "show 0.\($0 % 9)" }, { "inspect \($0 % 9)" }, { _ in "diffable on" },
    { _ in "diffable off" }, { "snapshot appendItems \($0 % 12)" }, { _ in "snapshot new from data" }, { _ in "apply" },
    { _ in "bogus command" }, { _ in "selct 1" }, { "viewport \($0 % 5 + 1)" }, { _ in "scroll bottom" },
    { _ in "stats" },
    { _ in "trace on" }, { _ in "trace off" }, { _ in "fields" }, { _ in "reload --list" },
    { "delete \($0 % 4) --data-only" },
    { _ in "append name=Q --data-only" }, { "update id=\($0 % 10) city=K" }, { _ in "deselect" }, { _ in "history" },
    { _ in "providers" }, { _ in "diff" }, { "update 0 note=1e\($0 % 3)" }, { _ in "show --json 0.0" },
    { _ in "outline by parent" },
]

private func randomSession(seed: UInt64) -> [String] {
    var random = SplitMix64(seed: seed)
    return (0..<Int.random(in: 4...24, using: &random)).map { _ in
        let index = Int.random(in: 0..<commandPool.count, using: &random)
        return commandPool[index](Int.random(in: 0..<100, using: &random))
    }
}

/// The ways a session is recorded; each leaves the transcript in `recorded.lab`.
private enum Recording: String, CaseIterable {
    case prompt, pipe, listlabRun, runCommand, journal, recover

    func record(_ lines: [String], in folder: TemporaryFolder) throws {
        let output = RecordingOutput()
        let session = Session(output: output, workingDirectory: folder.path)
        switch self {
        case .prompt:
            session.run(reader: ScriptReader(lines + ["session save recorded.lab"]), source: nil)
        case .pipe:
            session.run(reader: ScriptReader(lines + ["session save recorded.lab"]), source: "-")
        case .listlabRun:
            // A script starts with a command (a file whose first line is not one is refused as not a script).
            try folder.write(
                "script.txt", (["providers"] + lines + ["session save recorded.lab"]).joined(separator: "\n") + "\n")
            session.runScript("script.txt")
        case .runCommand:
            try folder.write("inner.txt", (["providers"] + lines).joined(separator: "\n") + "\n")
            session.execute("run inner.txt")
            session.execute("session save recorded.lab")
        case .journal, .recover:
            let journal = try SessionJournal(
                folder: folder.path + "/journals", workingFolder: folder.path,
                date: Date(timeIntervalSince1970: 1_800_000_000),
                processID: 999_999_999)
            session.addStepObserver(journal)
            for line in lines { session.execute(line) }
            let file = try #require(JournalFile(path: journal.path))
            if self == .journal {
                try folder.write("recorded.lab", file.transcript)
            } else {
                let recovered = Session(output: RecordingOutput(), workingDirectory: folder.path)
                _ = recovered.recover(file)
                recovered.execute("session save recorded.lab")
            }
        }
    }
}

@Test(arguments: Recording.allCases)
private func aRecordedSessionReplaysAsItWasRecorded(recording: Recording) throws {
    for seed in 0..<60 {
        let folder = try TemporaryFolder()
        try folder.write("people.csv", "id,name,city,note\n1,Ada,Gotham,x\n2,Bo,Metropolis,y\n3,Cy,Gotham,z\n")
        let lines = randomSession(seed: UInt64(seed) &* 7_919 &+ 11)
        try recording.record(lines, in: folder)
        // A session with no command to keep (a recovery that skipped them all) saves nothing.
        guard recording != .recover || !folder.read("recorded.lab").isEmpty else { continue }
        let result = TranscriptRunner.run(folder.path + "/recorded.lab")
        #expect(result.passed, "\(recording) seed \(seed): \(lines)\n\(result.report.joined(separator: "\n"))")
        if !result.passed { break }
    }
}
