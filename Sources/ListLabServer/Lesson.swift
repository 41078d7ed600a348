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
        case command(String, Role)
    }

    /// What a command is to the lesson.
    enum Role: String, Equatable {
        /// A step the learner runs (Step).
        case step
        /// `exercise TASK`: a step that asks the learner to reach a state
        /// with commands of their own.
        case task
        /// A command of the lesson's own solution to an exercise: `listlab
        /// test` runs it, the page hides it and the learner never runs it.
        case solution
        /// `exercise check`: what the page's Check runs and compares, until
        /// the learner's state is the one the lesson recorded.
        case check
        /// `exercise hint TEXT`: shown when the learner asks, one at a time;
        /// never run as a step.
        case hint
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
        var inExercise = false
        for block in transcript.blocks {
            prose(transcript.lines[next..<block.commandIndex])
            let words = block.command.split(whereSeparator: \.isWhitespace).map { $0.lowercased() }
            let role: Role
            if words.first == "exercise" {
                role = words == ["exercise", "check"] ? .check : words.dropFirst().first == "hint" ? .hint : .task
                if role != .hint { inExercise = role == .task }
            } else {
                role = inExercise ? .solution : .step
            }
            items.append(.command(block.command, role))
            expected.append(block.expected)
            next = block.outputRange.upperBound
        }
        prose(transcript.lines[min(next, transcript.lines.count)...])
        self.name = name
        self.items = items
        self.expected = expected
        title = String(
            (items.lazy.compactMap { item -> String? in
                if case .heading(let text) = item { return text }
                return nil
            }.first ?? name).prefix(200))
    }

    /// The commands, in order.
    var commands: [String] {
        items.compactMap { item in
            if case .command(let line, _) = item { return line }
            return nil
        }
    }

    /// What each command is to the lesson, in order.
    var roles: [Role] {
        items.compactMap { item in
            if case .command(_, let role) = item { return role }
            return nil
        }
    }

    /// The number of commands.
    var commandCount: Int { commands.count }

    /// The number, from 1, of the exercise whose check is command `index`.
    func exerciseNumber(atCheck index: Int) -> Int {
        roles.prefix(index + 1).count { $0 == .check }
    }

    /// The commands the learner does not step through before the check at
    /// `index` (the exercise's solution and hints, just before it); nil when
    /// command `index` is not a check.
    func hiddenSteps(beforeCheck index: Int) -> Range<Int>? {
        guard roles.indices.contains(index), roles[index] == .check else { return nil }
        var first = index
        while first > 0, roles[first - 1] == .solution || roles[first - 1] == .hint { first -= 1 }
        return first..<index
    }

    /// The steps among the first `count` commands that the learner sees as
    /// steps: not an exercise's hidden solution, nor its hints.
    func stepsShown(before count: Int) -> Int {
        roles.prefix(count).count { $0 != .solution && $0 != .hint }
    }

    /// A hint's text: its `exercise hint TEXT` line without the words before TEXT.
    static func hintText(of command: String) -> String {
        var rest = Substring(command)
        for word in ["exercise", "hint"] {
            rest = rest.drop { $0.isWhitespace }
            guard rest.lowercased().hasPrefix(word) else { return String(rest) }
            rest = rest.dropFirst(word.count)
        }
        return String(rest.drop { $0.isWhitespace })
    }

    /// What a learner's check printed that differs from what the lesson
    /// recorded: the first `limit` lines that differ, each as the learner's
    /// and the lesson's. The rest of the lesson's state stays unsaid: a
    /// "Not yet" names what to change, it does not give the answer away.
    static func differences(expected: [ExpectedLine], printed: [String], limit: Int = 2) -> [String] {
        // A wildcard over many lines has no line to set beside the learner's.
        guard !expected.contains(.anyLines) else { return ["your state differs from the one the exercise asks for"] }
        var lines: [String] = []
        var found = 0
        for index in 0..<max(expected.count, printed.count) where found < limit {
            let wanted = index < expected.count ? expected[index] : nil
            let yours = index < printed.count ? printed[index] : nil
            if let wanted, let yours, OutputMatcher.line(wanted, matches: yours) { continue }
            found += 1
            lines.append("yours:  " + (yours ?? "(nothing more)"))
            lines.append("wanted: " + (wanted.map(Self.shown) ?? "(nothing more)"))
        }
        return lines
    }

    /// A recorded line as the learner reads it (an escaped literal without its backslash).
    private static func shown(_ line: ExpectedLine) -> String {
        switch line {
        case .literal(let text), .pattern(let text): text
        case .anyLines: "..."
        }
    }
}
