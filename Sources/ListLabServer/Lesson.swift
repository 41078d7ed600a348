import ListLabPictures
import ListLabShell

/// A transcript opened in a tab (a tour, or a file the learner chose): its
/// prose and its commands in order, which the page runs one at a time in
/// the tab's session (Step) or all in turn (Play). The recorded output is
/// left out: the session prints its own.
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

    /// The lesson of the transcript `text`, called `name`.
    init(name: String, text: String) {
        let transcript = Transcript(text: text)
        var items: [Item] = []
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
            next = block.outputRange.upperBound
        }
        prose(transcript.lines[min(next, transcript.lines.count)...])
        self.name = name
        self.items = items
        title = items.lazy.compactMap { item -> String? in
            if case .heading(let text) = item { return text }
            return nil
        }.first ?? name
    }

    /// The number of commands.
    var commandCount: Int {
        items.count { item in
            if case .command = item { return true }
            return false
        }
    }
}
