#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Builds `Tests/DocExampleTests/DocExamples.swift` from the sources: every
/// ```` ```swift ```` block of a `///` comment under `Sources/`, and of an
/// article of a DocC catalog there, becomes the body of a test, so that the test command compiles and runs each one (the
/// names an example takes as given are in `Tests/DocExampleTests/Fixtures.swift`).
///
/// Two rewrites keep the copies free of warnings without changing what they
/// do: a one-line expression whose value the example shows in a comment
/// (`changes.moves   // [...]`) is evaluated into `_`, and every name an
/// example declares at its top level is used once at its end. A
/// playground's `main()` and `serveMain()`, which end the process, become a
/// start of it that loads each registration (`DocExamplePlayground`). The
/// line editor's example, which reads the terminal, is compiled but not run.
///
/// Written here, not in the test target that compiles the examples, so that
/// `swift run listlab-doc-examples` can write the file again even when an
/// example no longer compiles.
public enum DocExampleFile {
    /// One example: where it is and its lines, without the `///`.
    public struct Example: Sendable {
        /// The source file, from the package root.
        public var file: String
        /// The line of the opening fence.
        public var line: Int
        /// The code.
        public var lines: [String]
    }

    /// Where the file goes, from the package root.
    public static let path = "Tests/DocExampleTests/DocExamples.swift"

    /// The package root, found from this source file.
    public static var packageRoot: String {
        var parts = #filePath.split(separator: "/", omittingEmptySubsequences: false)
        parts.removeLast(3)
        return parts.joined(separator: "/")
    }

    /// The file's text, for the examples in the sources under `packageRoot`.
    public static func generate(packageRoot: String) throws -> String {
        var out = """
            // swift-format-ignore-file
            // Generated from the ```swift examples in the doc comments under Sources/
            // by `swift run listlab-doc-examples` (Tests/ListLabTestSupport/DocExampleFile.swift):
            // do not edit; run it again after changing an example. The names the examples
            // take as given are in Fixtures.swift.

            #if canImport(FoundationEssentials)
            import FoundationEssentials
            #else
            import Foundation
            #endif
            @testable import Interruption
            @testable import LineEditing
            @testable import ListDiff
            @testable import ListLabCore
            @testable import ListLabFiles
            @testable import ListLabPictures
            @testable import ListLabPlayground
            @testable import ListLabServer
            @testable import ListLabRecords
            @testable import ListLabShell
            import ListLabSnapshotTesting
            import SnapshotTesting
            import Testing

            """
        var counts: [String: Int] = [:]
        for example in try examples(under: packageRoot) {
            let fileName = example.file.split(separator: "/").last.map(String.init) ?? example.file
            let stem = String(fileName.prefix { $0 != "." }.map { $0 == "+" ? "_" : $0 })
            counts[stem, default: 0] += 1
            let name = stem.prefix(1).lowercased() + stem.dropFirst() + "Example\(counts[stem] ?? 1)"
            // A line editor reads the terminal (Scripts/check-terminal drives it in tmux): its example is compiled, not
            // run.
            let runs = example.file != "Sources/LineEditing/LineEditor.swift"
            out +=
                runs
                ? "\n@Test(\"\(example.file):\(example.line)\")\n"
                : "\n// \(example.file):\(example.line): compiled only, it reads the terminal.\n"
            out += "func \(name)() throws {\n"
            for line in body(of: example.lines) {
                out += line.isEmpty ? "\n" : "    " + line + "\n"
            }
            out += "}\n"
        }
        return out
    }

    /// Every example in the Swift files under `Sources/` and in the articles
    /// of their DocC catalogs (`Sources/*/*.docc/*.md`), in path order.
    public static func examples(under packageRoot: String) throws -> [Example] {
        let sources = packageRoot + "/Sources"
        let files = try FileManager.default.subpathsOfDirectory(atPath: sources)
            .filter { $0.hasSuffix(".swift") || ($0.hasSuffix(".md") && $0.contains(".docc/")) }
            // The UIKit face's examples are an app's main-actor code over a view it has made; the
            // same calls run in Tests/UIKitTests, where a test makes the view.
            .filter { !$0.hasPrefix("UIKit/") && !$0.hasPrefix("UIKitTranscripts/") }
            .sorted()
        var found: [Example] = []
        for file in files {
            let text = try String(contentsOfFile: sources + "/" + file, encoding: .utf8)
            let isArticle = file.hasSuffix(".md")
            var current: Example?
            for (index, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                var line: String
                if isArticle {
                    line = String(raw)
                } else {
                    let trimmed = raw.drop { $0 == " " }
                    guard trimmed.hasPrefix("///") else {
                        current = nil
                        continue
                    }
                    line = String(trimmed.dropFirst(3))
                    if line.hasPrefix(" ") { line.removeFirst() }
                }
                if current == nil, line == "```swift" {
                    current = Example(file: "Sources/" + file, line: index + 1, lines: [])
                } else if var example = current {
                    if line == "```" {
                        found.append(example)
                        current = nil
                    } else {
                        example.lines.append(line)
                        current = example
                    }
                }
            }
        }
        return found
    }

    /// The example's lines as a test body (see the rewrites above).
    public static func body(of lines: [String]) -> [String] {
        var body: [String] = []
        var declared: [String] = []
        for line in lines {
            let isTopLevel = !line.hasPrefix(" ") && !line.hasPrefix("}")
            if isTopLevel, let name = declaredName(line) { declared.append(name) }
            if isTopLevel, isShownValue(line) {
                body.append("_ = " + line)
            } else {
                body.append(line)
            }
        }
        // A playground's `main()` and `serveMain()` end the process: the test starts the playground
        // in its place (Fixtures.swift), loading each registration as its prompt would.
        if let last = body.lastIndex(where: { !$0.isEmpty }) {
            for (call, start) in [(".main()", "start"), (".serveMain()", "serve")]
            where body[last].hasSuffix(call) && !body[last].hasPrefix(" ") {
                body[last] = "try DocExamplePlayground.\(start)(\(body[last].dropLast(call.count)))"
            }
        }
        return body + declared.map { "_ = \($0)" }
    }

    /// `ada` for `let ada = ...` or `var ada: Record = ...`.
    private static func declaredName(_ line: String) -> String? {
        for keyword in ["let ", "var "] where line.hasPrefix(keyword) {
            let name = line.dropFirst(keyword.count).prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            return name.isEmpty ? nil : String(name)
        }
        return nil
    }

    /// A complete one-line expression followed by a comment that shows its
    /// value (`// "Ada"`, `// 3`, `// [...]`, `// .int(2)`, `// true`).
    private static func isShownValue(_ line: String) -> Bool {
        let characters = Array(line)
        guard let comment = characters.indices.first(where: { characters[$0...].starts(with: "  //") }) else {
            return false
        }
        let code = String(characters[..<comment].drop { $0 == " " })
        let shown = characters[(comment + 4)...].drop { $0 == " " }
        guard let mark = shown.first,
            "\"[(.-{".contains(mark) || mark.isNumber
                || ["true", "false", "nil"].contains(where: { shown.starts(with: $0) })
        else {
            return false
        }
        guard let first = code.first, first.isLetter || first == "_" else { return false }
        let keywords = [
            "let", "var", "if", "guard", "for", "while", "return", "func", "struct", "class", "enum", "case", "switch",
            "print", "_",
        ]
        if let word = code.split(whereSeparator: { $0 == " " || $0 == "(" }).first, keywords.contains(String(word)) {
            return false
        }
        var depth = 0
        var inString = false
        var previous: Character = " "
        for (offset, character) in code.enumerated() {
            if character == "\"", previous != "\\" { inString.toggle() }
            if !inString {
                switch character {
                case "(", "[", "{": depth += 1
                case ")", "]", "}": depth -= 1
                case "=" where depth == 0:
                    // An assignment, not a comparison.
                    let next = code.dropFirst(offset + 1).first
                    if !"=!<>".contains(previous), next != "=" { return false }
                default: break
                }
            }
            previous = character
        }
        return depth == 0 && !inString
    }
}
