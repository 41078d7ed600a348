import ArgumentParser
import ListLabFiles
import ListLabShell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// `listlab test PATH...`: replays transcripts as regression tests.
struct TestTranscripts: PlaygroundCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "test",
            abstract: "Replays transcripts (files, or folders searched for *.lab) and compares every command's output.",
            discussion: """
                Each transcript runs in a fresh session, in a scratch copy of its own folder: it reads and writes only \
                files in that copy (a file is copied when the transcript first names it), never outside it nor the \
                folder's own files, so a transcript from a pull request cannot touch the machine that replays it. A \
                mismatch prints the transcript's path and line and a unified diff; the last line is 'N passed, N \
                failed', and the exit status is 1 when anything failed. --update rewrites the recorded output in place \
                instead, keeping prose, commands and wildcard lines that still match; a transcript whose new output \
                holds an error it did not expect (a lesson's typo) is not rewritten unless --accept-errors says the \
                transcript means to show it.
                """)
    }

    @Argument(help: "Transcripts, or folders of them.", completion: .file())
    var paths: [String]

    @Flag(help: "Rewrite the recorded output of transcripts that differ.")
    var update = false

    @Flag(
        name: .customLong("accept-errors"),
        help:
            "With --update, record errors the transcript did not expect (without it, such a transcript is not rewritten)."
    )
    var acceptErrors = false

    @Flag(
        help: ArgumentHelp(
            "Replay in each transcript's own folder, on its real files, with nothing confined.",
            discussion:
                "A transcript replayed so can read, change and replace any file the user running it can: only for transcripts you trust."
        ))
    var inPlace = false

    @Option(
        help: ArgumentHelp(
            "Also write a JUnit XML report to FILE (replaced if it exists): a test case per transcript, its diff as "
                + "the failure.",
            valueName: "FILE"))
    var junit: String?

    @Option(
        help:
            "How many transcripts to replay at once (default: the number of cores; one with providers of your own registered)."
    )
    var jobs: Int = ProcessInfo.processInfo.activeProcessorCount

    func validate() throws {
        guard jobs >= 1 else { throw ValidationError("--jobs must be at least 1") }
        guard update || !acceptErrors else { throw ValidationError("--accept-errors goes with --update") }
    }

    func run(in playground: Playground) throws {
        let files: [String]
        do {
            files = try TranscriptRunner.transcripts(in: paths)
        } catch {
            printLine("error: \(error)")
            printLine("0 passed, 1 failed")
            throw ExitCode(1)
        }
        var passed = 0
        var failed = 0
        // The user's providers are made and loaded by their own code, which need not be safe to run
        // on several threads at once: with such registrations, one transcript at a time.
        let results =
            playground.sessionsRunOneAtATime
            ? files.map { TranscriptRunner.run($0, update: update, inPlace: inPlace, prepare: playground.prepare) }
            : TranscriptRunner.runAll(
                files, update: update, inPlace: inPlace, jobs: jobs, prepare: SharingNothing(playground).prepare)
        if let junit {
            do {
                try AtomicFile.write(
                    Array(JUnitReport(suite: "\(ToolIdentity.current.name) test", results: results).xml.utf8), to: junit
                )
            } catch {
                printLine("error: \(junit): cannot write the JUnit report (\(error))")
                throw ExitCode(1)
            }
        }
        for result in results {
            guard update, result.updatedText != nil else {
                for line in result.report { printLine(line) }
                if result.passed { passed += 1 } else { failed += 1 }
                continue
            }
            // An error the transcript did not expect is a typo more often than a lesson: not recorded unless said.
            guard acceptErrors || result.notes.isEmpty else {
                for note in result.notes {
                    printLine(
                        "FAIL \(note): not recorded; correct the command, or add --accept-errors if the transcript "
                            + "means to show it"
                    )
                }
                failed += 1
                continue
            }
            do {
                try result.writeUpdate()
                printLine("updated \(result.path)")
                for note in result.notes { printLine("note: \(note): recorded (--accept-errors)") }
                passed += 1
            } catch {
                printLine("FAIL \(error)")
                failed += 1
            }
        }
        printLine("\(passed) passed, \(failed) failed")
        if failed > 0 { throw ExitCode(1) }
    }
}

/// A playground whose registrations share nothing between sessions
/// (``Playground/sessionsRunOneAtATime`` is false), so that its sessions may
/// be prepared on several threads at once. `@unchecked Sendable`: the
/// registrations' closures are not `Sendable` by type, only by that promise.
private struct SharingNothing: @unchecked Sendable {
    let playground: Playground

    init(_ playground: Playground) {
        precondition(!playground.sessionsRunOneAtATime, "a playground whose sessions must run one at a time")
        self.playground = playground
    }

    @Sendable func prepare(_ session: Session) { playground.prepare(session) }
}
