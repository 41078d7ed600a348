#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Builds `Tests/ListLabCoreTests/ReadmeExample.swift` from the README's
/// "Use it from Swift" section: its program (the ```` ```swift ```` block that
/// starts with `import`) becomes the body of a function whose `print` writes
/// into a string, and the ```` ```text ```` block after it becomes the text the
/// program must print. A test runs the function and compares; another checks
/// that the file is what the README says now, so that the README cannot drift:
/// an example that no longer compiles fails the build, one whose output
/// changed fails the test.
///
/// The program's types are declared inside the function (Swift allows local
/// types), so that its names cannot clash with the test target's.
public enum ReadmeExampleFile {
    /// The README's example: its code and the output it shows.
    public struct Example: Sendable, Equatable {
        /// The program, without its `import` lines.
        public var code: [String]
        /// The `import` lines.
        public var imports: [String]
        /// What the README says it prints, line by line.
        public var output: [String]
        /// The line of the program's opening fence in the README.
        public var line: Int
    }

    /// Why the README's example cannot be found.
    public struct MissingExample: Error, CustomStringConvertible {
        public var description: String
    }

    /// Where the file goes, from the package root.
    public static let path = "Tests/ListLabCoreTests/ReadmeExample.swift"

    /// The heading of the README section that holds the example.
    public static let heading = "## Use it from Swift"

    /// The example in `readme`'s section ``heading``.
    public static func example(inReadme readme: String) throws(MissingExample) -> Example {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: heading) else {
            throw MissingExample(description: "README.md has no section '\(heading)'")
        }
        let end = lines[(start + 1)...].firstIndex { $0.hasPrefix("## ") } ?? lines.endIndex
        var blocks: [(fence: String, line: Int, lines: [String])] = []
        var index = start + 1
        while index < end {
            let fence = lines[index]
            guard fence.hasPrefix("```"), fence.count > 3 else {
                index += 1
                continue
            }
            guard let close = lines[(index + 1)..<end].firstIndex(of: "```") else {
                throw MissingExample(description: "README.md:\(index + 1): a code block that is not closed")
            }
            blocks.append((String(fence.dropFirst(3)), index + 1, Array(lines[(index + 1)..<close])))
            index = close + 1
        }
        guard
            let program = blocks.firstIndex(where: {
                $0.fence == "swift" && ($0.lines.first?.hasPrefix("import ") ?? false)
            })
        else {
            throw MissingExample(description: "README.md: '\(heading)' has no ```swift block that starts with 'import'")
        }
        guard program + 1 < blocks.count, blocks[program + 1].fence == "text" else {
            throw MissingExample(
                description:
                    "README.md:\(blocks[program].line): the example is not followed by a ```text block of its output")
        }
        let code = blocks[program].lines
        return Example(
            code: Array(code.drop { $0.hasPrefix("import ") || $0.isEmpty }),
            imports: code.prefix { $0.hasPrefix("import ") || $0.isEmpty }.filter { !$0.isEmpty },
            output: blocks[program + 1].lines,
            line: blocks[program].line)
    }

    /// The file's text, for the README under `packageRoot`.
    public static func generate(packageRoot: String) throws -> String {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let example = try example(inReadme: readme)
        var out = """
            // Generated from README.md's "Use it from Swift" example by
            // `swift run listlab-doc-examples` (Tests/ListLabTestSupport/ReadmeExampleFile.swift):
            // do not edit; change the README and run it again.

            \(example.imports.joined(separator: "\n"))

            /// The README's example, as written there; `print` writes into the text it returns.
            func runReadmeExample() throws -> String {
                final class Printed { var text = "" }
                let printed = Printed()
                func print(_ items: Any..., separator: String = " ", terminator: String = "\\n") {
                    printed.text += items.map { "\\($0)" }.joined(separator: separator) + terminator
                }

            """
        for line in example.code {
            out += line.isEmpty ? "\n" : "    " + line + "\n"
        }
        out += """

                return printed.text
            }

            /// What the README says the example prints.
            let readmeExampleOutput = \(literal(example.output))

            """
        return out
    }

    /// Where the README's program goes as it is meant to be used, the
    /// `main.swift` of an executable (`Scripts/check-readme-program` builds
    /// and runs it and compares what it prints with the README).
    public static let programPath = "Examples/ReadmeProgram/Sources/readme-program/main.swift"

    /// The program file's text: the README's example as it is written there.
    public static func generateProgram(packageRoot: String) throws -> String {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let example = try example(inReadme: readme)
        return """
            // The README's "Use it from Swift" program, as the README says to put it: the main.swift of
            // an executable that depends on ListLabCore. Written by `swift run listlab-doc-examples`
            // (Tests/ListLabTestSupport/ReadmeExampleFile.swift): do not edit; change the README.

            \(example.imports.joined(separator: "\n"))

            \(example.code.joined(separator: "\n"))

            """
    }

    /// What the README says its program prints, with a final line break.
    public static func output(packageRoot: String) throws -> String {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        return try example(inReadme: readme).output.joined(separator: "\n") + "\n"
    }

    /// `lines` as a Swift multi-line string literal of raw text (`#"""`), each
    /// line ending in a line break.
    private static func literal(_ lines: [String]) -> String {
        var text = "#\"\"\"\n"
        for line in lines { text += "    " + line + "\n" }
        return text + "\n    \"\"\"#"
    }
}

extension ReadmeExampleFile {
    /// A ```` ```swift ```` block of the README that shows part of a file: its
    /// first line is a comment naming the file (`// Examples/...swift`).
    public struct Excerpt: Sendable, Equatable {
        /// The file, from the package root.
        public var file: String
        /// The lines shown, after the comment.
        public var lines: [String]
        /// The line of the block's opening fence in the README.
        public var line: Int
    }

    /// Every excerpt in `readme`: blocks whose first line is `// PATH` with a
    /// path that ends in `.swift`.
    public static func excerpts(inReadme readme: String) -> [Excerpt] {
        let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var found: [Excerpt] = []
        var index = 0
        while index < lines.count {
            defer { index += 1 }
            guard lines[index] == "```swift", index + 1 < lines.count else { continue }
            let first = lines[index + 1]
            guard first.hasPrefix("// "), first.hasSuffix(".swift"), !first.dropFirst(3).contains(" "),
                let close = lines[(index + 1)...].firstIndex(of: "```")
            else { continue }
            found.append(
                Excerpt(file: String(first.dropFirst(3)), lines: Array(lines[(index + 2)..<close]), line: index + 1))
            index = close
        }
        return found
    }

    /// Whether `excerpt`'s lines appear in `text`, one after another, as written.
    public static func isExcerpt(_ excerpt: Excerpt, of text: String) -> Bool {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard !excerpt.lines.isEmpty, excerpt.lines.count <= lines.count else { return false }
        return (0...(lines.count - excerpt.lines.count)).contains { start in
            lines[start..<(start + excerpt.lines.count)].elementsEqual(excerpt.lines)
        }
    }
}
