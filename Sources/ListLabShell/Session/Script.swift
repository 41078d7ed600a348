import ListLabRecords

/// The commands of a script or a transcript, each with its line number,
/// the prose before it, and (in a transcript) the output it should print.
///
/// A transcript's commands are its lines that start with `  > `; a script's
/// are its other lines, where blank lines and `#` comments are prose.
struct Script {
    /// One command.
    struct Step {
        /// The lines before the command that are not commands or output: a
        /// transcript's prose, a script's comments and blank lines (`--echo`
        /// prints them).
        var prose: [String]
        /// The command line.
        var command: String
        /// Its line number in the file, from 1.
        var line: Int
        /// What a transcript recorded as its output; nil in a script.
        var expected: [ExpectedLine]?
    }

    /// Whether a script line is prose, not a command: blank, or a `#`
    /// comment (at the prompt too, such a line does nothing).
    static func isProse(_ line: String) -> Bool {
        let trimmed = line.trimmingWhitespace
        return trimmed.isEmpty || trimmed.hasPrefix("#")
    }

    /// The commands in order.
    var steps: [Step] = []
    /// The lines after the last command (its output excluded).
    var trailingProse: [String] = []

    /// Reads `text` as a transcript when it has a command line, else as a script.
    init(text: String) {
        let transcript = Transcript(text: text)
        guard !transcript.blocks.isEmpty else {
            var prose: [String] = []
            for (index, line) in text.textLines.enumerated() {
                if Self.isProse(line) {
                    prose.append(line)
                } else {
                    steps.append(Step(prose: prose, command: line.trimmingWhitespace, line: index + 1))
                    prose = []
                }
            }
            // A file's final line break is not a blank line of prose.
            if prose.last == "" { prose.removeLast() }
            trailingProse = prose
            return
        }
        var next = 0
        for block in transcript.blocks {
            steps.append(
                Step(
                    prose: Array(transcript.lines[next..<block.commandIndex]), command: block.command,
                    line: block.line, expected: block.expected))
            next = block.outputRange.upperBound
        }
        trailingProse = Array(transcript.lines[next...])
    }
}
