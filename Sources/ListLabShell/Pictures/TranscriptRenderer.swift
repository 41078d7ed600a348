import ListLabCore
import ListLabFiles
import ListLabPictures
import ListLabRecords

/// Renders transcripts as pages (`listlab render`): each replays in a fresh
/// session in its own folder, as `listlab test` replays it, while a
/// ``StepRecorder`` keeps the list's states; the page shows the prose, each
/// command with its output, and the pictures drawn from those states.
public enum TranscriptRenderer {
    /// The outcome of one transcript.
    public struct Result: Sendable {
        /// The transcript's path, as given.
        public var path: String
        /// The page (nil when the transcript could not be read).
        public var html: String?
        /// The steps whose output differs from the transcript's, as
        /// `FILE:LINE: ...` lines, or why the file could not be read.
        public var failures: [String]
        /// The number of commands.
        public var stepCount: Int
        /// The number of steps with pictures.
        public var pictureCount: Int
    }

    /// Replays and renders the transcript at `path`, confined to a scratch
    /// copy of its folder as `listlab test` replays it (or, `inPlace`, in
    /// the folder itself).
    ///
    /// - Parameters:
    ///   - name: What the page calls the transcript (by default its file's
    ///     name): never a path that says where the machine keeps it.
    ///   - prepare: Sets up the fresh session (a playground's registrations).
    public static func render(
        _ path: String, name: String? = nil, inPlace: Bool = false, prepare: (Session) -> Void = { _ in }
    ) -> Result {
        let text: String
        do {
            text = try TextFile.readTranscript(path)
        } catch {
            return Result(path: path, html: nil, failures: ["\(path): \(error)"], stepCount: 0, pictureCount: 0)
        }
        do {
            return try TranscriptRunner.withReplaySession(
                forTranscriptAt: path, output: DiscardingOutput(), inPlace: inPlace, prepare: prepare
            ) { session in
                render(Transcript(text: text), at: path, named: name ?? fileName(path), in: session)
            }
        } catch {
            return Result(path: path, html: nil, failures: ["\(path): \(error)"], stepCount: 0, pictureCount: 0)
        }
    }

    private static func render(_ transcript: Transcript, at path: String, named name: String, in session: Session)
        -> Result
    {
        let runner = StepRunner(session: session)
        defer { runner.detach() }
        var elements: [TranscriptPage.Element] = []
        var failures: [String] = []
        var next = 0
        var pictures = 0
        for (index, block) in transcript.blocks.enumerated() {
            elements += TranscriptPage.prose(Array(transcript.lines[next..<block.commandIndex]))
            next = block.outputRange.upperBound
            var step = runner.run(block.command, number: index + 1, line: block.line).step
            if !OutputMatcher.matches(block.expected, step.output) {
                failures.append("\(path):\(block.line): the output of '\(block.command)' differs from the transcript's")
                step.expected = block.expected.map(\.text)
            }
            if !step.frames.isEmpty { pictures += 1 }
            elements.append(.step(step))
        }
        elements += TranscriptPage.prose(Array(transcript.lines[min(next, transcript.lines.count)...]))
        if transcript.blocks.isEmpty {
            failures.append("\(path): no commands (a command line starts with two spaces and '> ')")
        }
        let title =
            elements.lazy.compactMap { element -> String? in
                if case .heading(_, let text) = element { return text }
                return nil
            }.first ?? Self.fileName(path)
        let page = TranscriptPage(title: title, source: name, elements: elements)
        return Result(
            path: path, html: page.html(), failures: failures, stepCount: transcript.blocks.count,
            pictureCount: pictures)
    }

    /// The page's file name for a transcript: its name with `.html` for `.lab`.
    public static func pageName(for path: String) -> String {
        let name = fileName(path)
        return (name.hasSuffix(".lab") ? String(name.dropLast(4)) : name) + ".html"
    }

    private static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }
}
