import ListLabCore

/// A transcript: a `.lab` file that is at once a document and a test.
///
/// ```
/// Lines at the left margin are prose.
///
///   > load contacts
///   loaded 8 items into an array provider (1 section)
///   > select 0.2
///   selected 0.2: Diana Prince
/// ```
///
/// - A line that starts with two spaces and `> ` is a command.
/// - The lines after it that start with two spaces are its expected output
///   (the two spaces removed). A line of exactly two spaces is an empty
///   output line; a blank line between output lines is one too, while blank
///   lines after the last output line separate the block from what follows.
/// - In expected output, `[..]` matches any text within one line, and a line
///   that is only `...` matches any number of lines.
/// - An output line that would read as something else (it starts with `> `
///   or `\`, is `...`, or contains `[..]`) is written with a `\` before it
///   and matched as it is.
/// - Everything else is prose, kept byte for byte by ``rewritten(with:)``.
public struct Transcript: Sendable {
    /// One command and its expected output.
    public struct Block: Sendable, Hashable {
        /// The command line.
        public var command: String
        /// The expected output, line by line.
        public var expected: [ExpectedLine]
        /// The line number (from 1) of the command in the file.
        public var line: Int
        /// The index in ``Transcript/lines`` of the command line.
        package var commandIndex: Int
        /// The lines of the file that hold the expected output (indices into
        /// ``Transcript/lines``), not counting separating blank lines.
        package var outputRange: Range<Int>
    }

    /// The file's lines, without line endings.
    public let lines: [String]
    /// The command blocks, in order.
    public let blocks: [Block]
    /// Whether the file's lines end in CRLF.
    public let usesCRLF: Bool
    /// Whether the file ends with a line ending.
    public let endsWithNewline: Bool

    /// Reads a transcript from its text.
    public init(text: String) {
        usesCRLF = text.holdsCRLF
        endsWithNewline = text.last == "\n" || text.last == "\r\n"
        var lines = text.textLines
        if endsWithNewline { lines.removeLast() }
        self.lines = lines
        var blocks: [Block] = []
        var index = 0
        while index < lines.count {
            guard let command = Self.command(in: lines[index]) else {
                index += 1
                continue
            }
            let commandIndex = index
            index += 1
            var lastOutput = index
            var scan = index
            while scan < lines.count, Self.command(in: lines[scan]) == nil {
                if lines[scan].hasPrefix("  ") {
                    lastOutput = scan + 1
                } else if !lines[scan].isEmpty {
                    break
                }
                scan += 1
            }
            let range = index..<lastOutput
            blocks.append(
                Block(
                    command: command, expected: lines[range].map { ExpectedLine(fileLine: $0) },
                    line: commandIndex + 1, commandIndex: commandIndex, outputRange: range))
            index = lastOutput
        }
        self.blocks = blocks
    }

    /// The command on `line`, when it is a command line.
    static func command(in line: String) -> String? {
        line.hasPrefix("  > ") ? String(line.dropFirst(4)) : nil
    }

    /// The transcript's text with each block's expected output replaced by
    /// `outputs[i]` (printed lines, escaped where they would read as
    /// wildcards) where it is not nil; prose, commands and line endings stay
    /// as they were.
    public func rewritten(with outputs: [[String]?]) -> String {
        rewritten(withExpected: outputs.map { $0.map(Self.expectedLines(for:)) })
    }

    /// The transcript's text with each block's expected lines replaced by
    /// `expectations[i]` where it is not nil; prose, commands and line
    /// endings stay as they were.
    public func rewritten(withExpected expectations: [[ExpectedLine]?]) -> String {
        var result: [String] = []
        var next = 0
        for (blockIndex, block) in blocks.enumerated() {
            result.append(contentsOf: lines[next...block.commandIndex])
            if blockIndex < expectations.count, let expected = expectations[blockIndex] {
                result.append(contentsOf: expected.map { "  " + $0.text })
            } else {
                result.append(contentsOf: lines[block.outputRange])
            }
            next = block.outputRange.upperBound
        }
        result.append(contentsOf: lines[next...])
        let newline = usesCRLF ? "\r\n" : "\n"
        return result.joined(separator: newline) + (endsWithNewline ? newline : "")
    }

    /// Printed lines as expected lines that match exactly them: a line that
    /// would read as something else (`> `, `\`, `...`, `[..]`) is escaped.
    public static func expectedLines(for output: [String]) -> [ExpectedLine] {
        output.map { line in
            let needsEscape = line.hasPrefix("> ") || line.hasPrefix("\\") || line == "..." || line.contains("[..]")
            return needsEscape ? .literal(line) : .pattern(line)
        }
    }

    /// Output lines as a transcript writes them under a command.
    public static func fileLines(for output: [String]) -> [String] {
        expectedLines(for: output).map { "  " + $0.text }
    }

    /// A transcript of `entries`, each a command and its output, after a
    /// line of prose.
    public static func text(of entries: [(command: String, output: [String])], prose: [String]) -> String {
        text(of: entries.map { CommandRecord(command: $0.command, output: $0.output) }, prose: prose)
    }

    /// A transcript of `records` after a line of prose; a record whose output
    /// was cut ends in `...`, which matches any lines.
    public static func text(of records: [CommandRecord], prose: [String]) -> String {
        var lines = prose.map(VisibleText.escaped)
        if !prose.isEmpty { lines.append("") }
        for entry in records {
            if !entry.notes.isEmpty {
                // Prose at the left margin, a blank line either side of it, as a transcript's notes are.
                if lines.last?.isEmpty == false { lines.append("") }
                // A note never starts at the command margin: it is prose, whatever it says.
                lines += entry.notes.map { String(VisibleText.escaped($0).drop(while: \.isWhitespace)) }
                lines.append("")
            }
            // A command is one line (Session refuses others); one that is not is escaped all the same, so
            // that no text can stand at the command margin of a saved transcript unless it was a command.
            // Any other command is kept as typed (a tab in a value replays as the tab).
            lines.append(
                "  > "
                    + (CommandLineRule.lineBreak(in: entry.command) == nil
                        ? entry.command : VisibleText.escaped(entry.command))
            )
            lines.append(contentsOf: fileLines(for: entry.output))
            if entry.outputCut { lines.append("  " + ExpectedLine.anyLines.text) }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}

/// One line of expected output.
public enum ExpectedLine: Sendable, Hashable {
    /// Text that must match exactly, but where `[..]` matches any text.
    case pattern(String)
    /// Text that must match exactly (it was escaped with `\`).
    case literal(String)
    /// `...`: any number of lines.
    case anyLines

    /// The line as the transcript writes it (without its two spaces).
    public var text: String {
        switch self {
        case .pattern(let text): text
        case .literal(let text): "\\" + text
        case .anyLines: "..."
        }
    }

    /// Reads a line of the file under a command.
    init(fileLine: String) {
        let text = fileLine.hasPrefix("  ") ? String(fileLine.dropFirst(2)) : fileLine
        if text == "..." {
            self = .anyLines
        } else if text.hasPrefix("\\") {
            self = .literal(String(text.dropFirst()))
        } else {
            self = .pattern(text)
        }
    }
}

extension String {
    /// The lines of the text, split at LF and CRLF. (Swift reads CRLF as one
    /// `Character`, so a split at "\n" alone would miss it.)
    ///
    /// Split on the UTF-8 bytes: a line feed always stands alone as a
    /// `Character` (or ends CRLF), so this is the split by `Character`,
    /// in time linear in the bytes rather than in grapheme breaking's.
    var textLines: [String] {
        var text = self
        return text.withUTF8 { bytes in
            var lines: [String] = []
            var start = 0
            for index in bytes.indices where bytes[index] == 0x0A {
                let end = index > start && bytes[index - 1] == 0x0D ? index - 1 : index
                lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                start = index + 1
            }
            lines.append(String(decoding: UnsafeBufferPointer(rebasing: bytes[start...]), as: UTF8.self))
            return lines
        }
    }

    /// Whether the text holds a CRLF, read from its bytes.
    var holdsCRLF: Bool {
        var text = self
        return text.withUTF8 { bytes in
            bytes.indices.dropFirst().contains { bytes[$0] == 0x0A && bytes[$0 - 1] == 0x0D }
        }
    }
}
