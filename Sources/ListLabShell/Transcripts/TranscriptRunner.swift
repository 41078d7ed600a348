#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListLabCore
import ListLabFiles

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
    public static func run(_ path: String, update: Bool = false, inPlace: Bool = false, prepare: (Session) -> Void = { _ in }) -> Result {
        let text: String
        do {
            text = try TextFile.readTranscript(path)
        } catch {
            return Result(path: path, passed: false, report: ["FAIL \(path): \(error)"])
        }
        let output = RecordingOutput()
        do {
            return try withReplaySession(forTranscriptAt: path, output: output, inPlace: inPlace, prepare: prepare) { session in
                replay(Transcript(text: text), at: path, in: session, output: output, update: update)
            }
        } catch {
            return Result(path: path, passed: false, report: ["FAIL \(path): \(error)"])
        }
    }

    /// Replays `transcript` in `session`, whose output goes to `output`.
    private static func replay(_ transcript: Transcript, at path: String, in session: Session, output: RecordingOutput, update: Bool) -> Result {
        var report: [String] = []
        var newOutputs: [[ExpectedLine]?] = []
        for block in transcript.blocks {
            output.clear()
            session.execute(block.command)
            if OutputMatcher.matches(block.expected, output.lines) {
                newOutputs.append(nil)
                continue
            }
            newOutputs.append(update ? OutputAlignment.updatedExpectation(expected: block.expected, actual: output.lines) : nil)
            let firstDifference = zip(block.expected, output.lines).enumerated()
                .first { !OutputMatcher.line($0.element.0, matches: $0.element.1) }?.offset
                ?? min(block.expected.count, output.lines.count)
            let line = block.line + 1 + firstDifference
            report.append("FAIL \(path):\(line): the output of '\(block.command)' (line \(block.line)) differs")
            report.append(contentsOf: UnifiedDiff.lines(expected: block.expected, actual: output.lines, expectedStart: block.line + 1).map { "  " + $0 })
        }
        if transcript.blocks.isEmpty {
            report.append("FAIL \(path): no commands (a command line starts with two spaces and '> ')")
        }
        let updated = update && !report.isEmpty && !transcript.blocks.isEmpty ? transcript.rewritten(withExpected: newOutputs) : nil
        return Result(path: path, passed: report.isEmpty, report: report, updatedText: updated)
    }

    /// Runs `body` with a fresh session to replay the transcript at `path`
    /// in (as `listlab test` and `listlab render` replay it): empty, working
    /// in a confined scratch copy of the transcript's folder, which is
    /// removed afterwards; with `inPlace`, in the folder itself.
    ///
    /// - Throws: ``ShellError`` when no scratch folder can be made.
    public static func withReplaySession<Result>(
        forTranscriptAt path: String, output: any ShellOutput, inPlace: Bool = false, prepare: (Session) -> Void = { _ in },
        _ body: (Session) throws -> Result
    ) throws -> Result {
        let folder = path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
        let transcriptFolder = folder.isEmpty ? "/" : folder
        guard !inPlace else {
            let session = Session(output: output, workingDirectory: transcriptFolder)
            prepare(session)
            return try body(session)
        }
        let confinement = try ConfinedFolder(copying: transcriptFolder)
        defer { confinement.remove() }
        let session = Session(output: output, workingDirectory: confinement.scratch)
        session.confinement = confinement
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
                let name = file.hasPrefix(base + "/") && file != path ? String(file.dropFirst(base.count + 1)) : file.split(separator: "/").last.map(String.init) ?? file
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
                throw ShellError("\(path): no such file or folder")
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
