import ListLabPictures
import ListLabShell

/// A transcript opened in a tab (a tour, or a file the learner chose): its
/// prose and its commands in order, which the page runs one at a time in a
/// session of the lesson's own (Step) or all in turn (Play); each step's
/// output is compared with what the transcript recorded (``expected``).
struct Lesson: Equatable {
    /// One part of the lesson, in order.
    enum Item: Equatable {
        case heading(String)
        case paragraph(String)
        case command(String)
    }

    /// What the page calls it: the transcript's first heading, else its name.
    var title: String
    /// The file's name.
    var name: String
    var items: [Item]
    /// What the transcript recorded for each command, in order: what a
    /// step's output is compared with, as `listlab test` compares it.
    var expected: [[ExpectedLine]] = []

    /// The lesson of the transcript `text`, called `name`.
    init(name: String, text: String) {
        let transcript = Transcript(text: text)
        var items: [Item] = []
        var expected: [[ExpectedLine]] = []
        var next = 0
        func prose(_ lines: ArraySlice<String>) {
            for element in TranscriptPage.prose(Array(lines)) {
                switch element {
                case .heading(_, let text): items.append(.heading(text))
                case .paragraph(let text): items.append(.paragraph(text))
                case .step: break
                }
            }
        }
        for block in transcript.blocks {
            prose(transcript.lines[next..<block.commandIndex])
            items.append(.command(block.command))
            expected.append(block.expected)
            next = block.outputRange.upperBound
        }
        prose(transcript.lines[min(next, transcript.lines.count)...])
        self.name = name
        self.items = items
        self.expected = expected
        title = items.lazy.compactMap { item -> String? in
            if case .heading(let text) = item { return text }
            return nil
        }.first ?? name
    }

    /// The commands, in order.
    var commands: [String] {
        items.compactMap { item in
            if case .command(let line) = item { return line }
            return nil
        }
    }

    /// The number of commands.
    var commandCount: Int { commands.count }
}
