import ListLabCore
import ListLabFiles

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Replays transcripts as regression tests: each in a fresh session, each
/// command's output compared with the recorded output.
///
/// A replay works in a scratch copy of the transcript's folder
/// (``ConfinedFolder``): a transcript is untrusted input, so it reads and
/// writes nothing outside that copy and never changes its own files. With
/// `inPlace`, for a transcript that must work on real files, it runs in the
/// transcript's folder itself with nothing confined.
public enum TranscriptRunner {
    /// The outcome of one transcript.
    public struct Result: Sendable {
        /// The transcript's path, as given or found.
        public var path: String
        /// Whether every block matched.
        public var passed: Bool
        /// What to print: the failures with their diffs, or why the file
        /// could not be read.
        public var report: [String]
        /// For `--update`: the new text, when it differs from the file.
        public var updatedText: String?
        /// For `--update`: the commands whose new output records an error
        /// that the file did not expect, to be read before the update is
        /// committed (a lesson that now teaches an error by mistake).
        public var notes: [String] = []

        /// Writes ``updatedText`` over the transcript, atomically (a
        /// transcript that is a hard link or read-only is refused, as a
        /// data file's save is). Does nothing without an update.
        public func writeUpdate() throws {
            guard let updatedText else { return }
            try AtomicFile.write(Array(updatedText.utf8), to: path)
        }
    }

    /// Replays the transcript at `path`.
    ///
    /// - Parameters:
    ///   - path: The `.lab` file.
    ///   - update: Whether to compute the text with the actual output
    ///     recorded (blocks that match keep their lines as they are).
    ///   - inPlace: Whether to replay in the transcript's own folder, on its
    ///     real files, rather than in a confined scratch copy of it.
    /// - Returns: The outcome; a file that cannot be read is a failure with
    ///   a message, never a crash.
    ///   - prepare: Sets up each fresh session (a playground's registrations).
    public static func run(
        _ path: String, update: Bool = false, inPlace: Bool = false, prepare: (Session) -> Void = { _ in }
    ) -> Result {
        run(path, update: update, inPlace: inPlace, outputLimit: mostOutputBytes, prepare: prepare)
    }

    /// ``run(_:update:inPlace:prepare:)``, keeping at most `outputLimit`
    /// bytes of a command's output.
    static func run(_ path: String, update: Bool, inPlace: Bool, outputLimit: Int, prepare: (Session) -> Void) -> Result
    {
        let text: String
        do {
            text = try TextFile.readTranscript(path)
        } catch {
            return Result(path: path, passed: false, report: ["FAIL \(path): \(error)"])
        }
        do {
            return try withReplaySession(
                forTranscriptAt: path, output: DiscardingOutput(), inPlace: inPlace, outputLimit: outputLimit,
                prepare: prepare
            ) { session in
                replay(Transcript(text: text), at: path, in: session, update: update, outputLimit: outputLimit)
            }
        } catch {
            return Result(path: path, passed: false, report: ["FAIL \(path): \(error)"])
        }
    }

    /// Replays `transcript` in `session`, comparing each command's record
    /// with what the transcript expected.
    private static func replay(
        _ transcript: Transcript, at path: String, in session: Session, update: Bool, outputLimit: Int
    ) -> Result {
        var report: [String] = []
        var notes: [String] = []
        var newOutputs: [[ExpectedLine]?] = []
        // What the replay keeps of all its commands together is bounded too: a few kilobytes of
        // `show --all` repeated would otherwise keep each one's diff, or its new output for --update.
        var keptBytes = 0
        var differencesNotKept = 0
        for block in transcript.blocks {
            guard keptBytes <= outputLimit else {
                // Past the bound, the commands still run (a later one may fail otherwise), unkept.
                if !OutputMatcher.matches(block.expected, session.execute(block.command).output) {
                    differencesNotKept += 1
                }
                newOutputs.append(nil)
                continue
            }
            let record = session.execute(block.command)
            if record.linesNotKept > 0 {
                newOutputs.append(nil)
                report.append(
                    "FAIL \(path):\(block.line): '\(block.command)' printed more than "
                        + "\(Self.described(bytes: outputLimit)) (\(record.linesNotKept) lines not kept), the most a "
                        + "replayed command may print"
                )
                continue
            }
            let printed = record.output
            if OutputMatcher.matches(block.expected, printed) {
                newOutputs.append(nil)
                continue
            }
            let updated = update ? OutputAlignment.updatedExpectation(expected: block.expected, actual: printed) : nil
            newOutputs.append(updated)
            keptBytes += printed.reduce(0) { $0 + $1.utf8.count + 1 } * (update ? 2 : 1)
            if update,
                let index = record.errorLines.first(where: { $0 < printed.count && printed[$0].hasPrefix("error: ") }),
                !block.expected.contains(where: { OutputMatcher.line($0, matches: printed[index]) })
            {
                notes.append(
                    "\(path):\(block.line): '\(block.command)' now records an error the file did not expect "
                        + "(\(printed[index].prefix(120)))"
                )
            }
            let firstDifference =
                zip(block.expected, printed).enumerated()
                .first { !OutputMatcher.line($0.element.0, matches: $0.element.1) }?.offset
                ?? min(block.expected.count, printed.count)
            let line = block.line + 1 + firstDifference
            report.append("FAIL \(path):\(line): the output of '\(block.command)' (line \(block.line)) differs")
            report.append(
                contentsOf: UnifiedDiff.lines(expected: block.expected, actual: printed, expectedStart: block.line + 1)
                    .map { "  " + $0 })
        }
        if transcript.blocks.isEmpty {
            report.append("FAIL \(path): no commands (a command line starts with two spaces and '> ')")
        }
        let overBound = keptBytes > outputLimit
        if overBound {
            report.append(
                "FAIL \(path): its differences came to more than \(Self.described(bytes: outputLimit)), the most a replay keeps: \(differencesNotKept) more \(differencesNotKept == 1 ? "command differs" : "commands differ") past them, not shown\(update ? ", and the file is not updated" : "")"
            )
        }
        let updated =
            update && !overBound && !report.isEmpty && !transcript.blocks.isEmpty
            ? transcript.rewritten(withExpected: newOutputs) : nil
        var result = Result(path: path, passed: report.isEmpty, report: report, updatedText: updated)
        result.notes = updated == nil ? [] : notes
        return result
    }

    /// The most output a replayed command keeps: a transcript from a pull
    /// request is untrusted, and a few kilobytes of scripts that run one
    /// another can print gigabytes.
    public static let mostOutputBytes = 16 * 1_048_576

    /// `16 MB`, or `4096 bytes` below a megabyte.
    static func described(bytes: Int) -> String {
        bytes >= 1_048_576 ? "\(bytes / 1_048_576) MB" : "\(bytes) bytes"
    }

    /// What a replay's session keeps of its commands (for a `session save`
    /// in the transcript), as a classroom tab's does.
    static let replayRecordLimit = (lines: 200, bytes: 32 * 1_024, total: 8 * 1_048_576)

    /// Runs `body` with a fresh session to replay the transcript at `path`
    /// in (as `listlab test` and `listlab render` replay it): empty, working
    /// in a confined scratch copy of the transcript's folder, which is
    /// removed afterwards; with `inPlace`, in the folder itself. A command's
    /// output is kept up to ``mostOutputBytes``, and the session's record
    /// of its commands within ``replayRecordLimit``.
    ///
    /// - Throws: ``ShellError`` when no scratch folder can be made.
    public static func withReplaySession<Result>(
        forTranscriptAt path: String, output: any ShellOutput, inPlace: Bool = false,
        outputLimit: Int = mostOutputBytes,
        prepare: (Session) -> Void = { _ in },
        _ body: (Session) throws -> Result
    ) throws -> Result {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let transcriptFolder = folder.isEmpty ? "/" : folder
        (output as? RecordingOutput)?.byteLimit = outputLimit
        guard !inPlace else {
            let session = Session(
                output: output, workingDirectory: transcriptFolder,
                bounds: Session.Bounds(record: replayRecordLimit, keptOutputBytes: outputLimit))
            prepare(session)
            return try body(session)
        }
        let confinement = try ConfinedFolder(copying: transcriptFolder)
        defer { confinement.remove() }
        let session = Session(
            output: output, workingDirectory: confinement.scratch,
            bounds: Session.Bounds(confinement: confinement, record: replayRecordLimit, keptOutputBytes: outputLimit))
        prepare(session)
        confinement.toolName = session.toolName
        return try body(session)
    }

    /// The transcripts named by `paths`, as ``transcripts(in:)`` finds them,
    /// each with a name to show for it that says nothing of the machine: its
    /// path from the folder it was found in, or a file's own name.
    public static func namedTranscripts(in paths: [String]) throws(ShellError) -> [(path: String, name: String)] {
        var found: [(path: String, name: String)] = []
        for path in paths {
            let files = try transcripts(in: [path])
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            for file in files {
                let name =
                    file.hasPrefix(base + "/") && file != path
                    ? String(file.dropFirst(base.count + 1)) : file.split(separator: "/").last.map(String.init) ?? file
                found.append((file, name))
            }
        }
        return found
    }

    /// The transcripts named by `paths`: files as given, folders searched
    /// for `*.lab` files, in sorted order.
    ///
    /// - Throws: ``ShellError`` for a path that does not exist.
    public static func transcripts(in paths: [String]) throws(ShellError) -> [String] {
        var found: [String] = []
        for path in paths {
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                throw ShellError(.noSuchFile(path))
            }
            guard isDirectory else {
                found.append(path)
                continue
            }
            let base = path.hasSuffix("/") ? String(path.dropLast()) : path
            let inside = (try? FileManager.default.subpathsOfDirectory(atPath: path)) ?? []
            found.append(contentsOf: inside.filter { $0.hasSuffix(".lab") }.sorted().map { base + "/" + $0 })
        }
        return found
    }
}
