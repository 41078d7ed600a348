import Foundation
import ListLabTestSupport
import Testing

/// The documentation's pages: README.md, Docs/*.md, Examples/*/README.md and the DocC articles
/// (Sources/*/*.docc/*.md). Every link or image between them leads to a file that exists, and a
/// link to a heading (`page.md#anchor`, or `#anchor` on the same page) to a heading that exists.
/// Links to the web (http, https, mailto) and DocC's own (`doc:`, `<doc:...>`) are not followed;
/// links inside ```` ``` ```` fenced code blocks and code spans are not links.
@Test func everyLinkOfTheDocumentationLeadsToAFileAndItsHeading() throws {
    let root = DocExampleFile.packageRoot
    let pages = DocumentationPages.paths(root: root)
    #expect(pages.contains("README.md"))
    #expect(pages.contains("Docs/commands.md"))
    var broken: [String] = []
    var headingsOfPage: [String: Set<String>] = [:]
    func headings(ofFile path: String) -> Set<String>? {
        if let known = headingsOfPage[path] { return known }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let found = DocumentationPages.anchors(in: text)
        headingsOfPage[path] = found
        return found
    }
    for page in pages {
        let text = try String(contentsOfFile: root + "/" + page, encoding: .utf8)
        let folder =
            page.contains("/") ? root + "/" + page.split(separator: "/").dropLast().joined(separator: "/") : root
        for link in DocumentationPages.links(in: text) where DocumentationPages.isFollowed(link.target) {
            var target = link.target
            if target.hasPrefix("<"), target.hasSuffix(">") {
                target = String(target.dropFirst().dropLast())
            }
            let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
            let path = String(parts[0]).removingPercentEncoding ?? String(parts[0])
            let anchor = parts.count > 1 ? (String(parts[1]).removingPercentEncoding ?? String(parts[1])) : nil
            let file = path.isEmpty ? root + "/" + page : (path.hasPrefix("/") ? root + path : folder + "/" + path)
            guard FileManager.default.fileExists(atPath: file) else {
                broken.append("\(page):\(link.line): \(link.target)")
                continue
            }
            guard let anchor, path.isEmpty || path.hasSuffix(".md") else { continue }
            if !(headings(ofFile: file)?.contains(anchor) ?? false) {
                broken.append("\(page):\(link.line): \(link.target)")
            }
        }
    }
    #expect(broken.isEmpty, "links that lead nowhere:\n\(broken.joined(separator: "\n"))")
}

/// The README is read in five minutes; the rest is in Docs/.
@Test func theReadmeIsShort() throws {
    let readme = try String(contentsOfFile: DocExampleFile.packageRoot + "/README.md", encoding: .utf8)
    let lines = readme.reduce(0) { count, character in character == "\n" ? count + 1 : count }
    #expect(lines <= 300, "README.md has \(lines) lines: move the details to a page of Docs/ and link to it")
}

/// What the pages of Docs/ quote of the example packages (a ```` ```swift ```` block whose first
/// line names the file, `// Examples/...swift`) is in the file as written there, as the README's
/// quotes are (`theReadmeQuotesTheExamplePackagesAsTheyAre`).
@Test func theDocumentationPagesQuoteTheExamplePackagesAsTheyAre() throws {
    let root = DocExampleFile.packageRoot
    var quoted = 0
    for page in DocumentationPages.paths(root: root) where page.hasPrefix("Docs/") {
        let text = try String(contentsOfFile: root + "/" + page, encoding: .utf8)
        for excerpt in ReadmeExampleFile.excerpts(inReadme: text) {
            quoted += 1
            let file = try String(contentsOfFile: root + "/" + excerpt.file, encoding: .utf8)
            #expect(
                ReadmeExampleFile.isExcerpt(excerpt, of: file),
                "\(page):\(excerpt.line): these \(excerpt.lines.count) lines are not in \(excerpt.file) as written there"
            )
        }
    }
    #expect(quoted > 0)
}

/// Docs/your-own-data-source.md shows the README's schedule-lab session, which
/// Scripts/check-playground runs: the page's copy is the README's, line for line.
@Test func thePlaygroundPageShowsTheReadmesSession() throws {
    let root = DocExampleFile.packageRoot
    let heading = "## Your own data source at the prompt"
    let readme = try String(contentsOfFile: root + "/README.md", encoding: .utf8)
    let page = try String(contentsOfFile: root + "/Docs/your-own-data-source.md", encoding: .utf8)
    let inReadme = try #require(DocumentationPages.session(in: readme, under: heading))
    let inPage = try #require(DocumentationPages.session(in: page, under: heading))
    #expect(inPage == inReadme, "Docs/your-own-data-source.md's session is not the README's: copy the README's")
}

/// Reading the documentation's pages: which they are, their links, and their headings' anchors.
enum DocumentationPages {
    /// A link's target as written between its parentheses, and the line it is on (from 1).
    struct Link: Equatable {
        var line: Int
        var target: String
    }

    /// The pages checked, from the package root: README.md, Docs/*.md, Examples/*/README.md and
    /// Sources/*/*.docc/*.md.
    static func paths(root: String) -> [String] {
        var paths = ["README.md"]
        paths += markdownFiles(in: root, folder: "Docs")
        for example in entries(of: root + "/Examples")
        where FileManager.default.fileExists(atPath: root + "/Examples/" + example + "/README.md") {
            paths.append("Examples/" + example + "/README.md")
        }
        for source in entries(of: root + "/Sources") {
            for catalog in entries(of: root + "/Sources/" + source) where catalog.hasSuffix(".docc") {
                paths += markdownFiles(in: root, folder: "Sources/" + source + "/" + catalog)
            }
        }
        return paths
    }

    /// The names in a folder, sorted; none when it is not a folder.
    static func entries(of folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).sorted()
    }

    /// The `.md` files right in `folder` (from `root`), as paths from `root`.
    static func markdownFiles(in root: String, folder: String) -> [String] {
        entries(of: root + "/" + folder).filter { $0.hasSuffix(".md") }.map { folder + "/" + $0 }
    }

    /// Whether a link's target is a file of the package to look for: not the web, not DocC's.
    static func isFollowed(_ target: String) -> Bool {
        let lowered = target.lowercased()
        if target.isEmpty { return false }
        for prefix in ["http://", "https://", "mailto:", "doc:", "<doc:", "<http://", "<https://"]
        where lowered.hasPrefix(prefix) {
            return false
        }
        return true
    }

    /// The lines of `text`, each with whether it is part of a fenced code block (its fences too).
    static func lines(of text: String) -> [(text: String, fenced: Bool)] {
        var result: [(text: String, fenced: Bool)] = []
        var fence: String?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            let marker = fenceMarker(line)
            if let open = fence {
                result.append((line, true))
                if let marker, marker.first == open.first, marker.count >= open.count,
                    line.drop(while: { $0 == " " }).dropFirst(marker.count).allSatisfy({ $0 == " " })
                {
                    fence = nil
                }
            } else if let marker {
                fence = marker
                result.append((line, true))
            } else {
                result.append((line, false))
            }
        }
        return result
    }

    /// The run of three or more backticks or tildes that opens or closes a fenced code block on
    /// `line` (indented at most three spaces), or nil. A run of backticks followed by another
    /// backtick on the line is a code span (```` ```swift ```` in a sentence), not a fence.
    static func fenceMarker(_ line: String) -> String? {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        guard let first = rest.first, first == "`" || first == "~" else { return nil }
        let run = rest.prefix { $0 == first }
        guard run.count >= 3 else { return nil }
        if first == "`", rest.dropFirst(run.count).contains("`") { return nil }
        return String(run)
    }

    /// Every `[text](target)` and `![alt](target)` of `text` outside fenced code blocks and code
    /// spans, with the line it starts on.
    static func links(in text: String) -> [Link] {
        // Fenced lines are blanked, so that the line numbers stay the file's.
        let prose = lines(of: text).map { $0.fenced ? "" : $0.text }.joined(separator: "\n")
        let characters = Array(prose)
        var links: [Link] = []
        var line = 1
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character == "\n" {
                line += 1
                index += 1
            } else if character == "`" {
                var count = 0
                while index + count < characters.count, characters[index + count] == "`" { count += 1 }
                if let close = closingRun(of: count, in: characters, from: index + count) {
                    line += characters[index..<(close + count)].filter { $0 == "\n" }.count
                    index = close + count
                } else {
                    index += count
                }
            } else if character == "]", index + 1 < characters.count, characters[index + 1] == "(" {
                let (target, end) = linkTarget(in: characters, from: index + 2)
                if let target {
                    links.append(Link(line: line, target: target))
                }
                index = end
            } else {
                index += 1
            }
        }
        return links
    }

    /// Where a run of exactly `count` backticks closes a code span opened before `start`, before
    /// the paragraph ends (a blank line), or nil.
    static func closingRun(of count: Int, in characters: [Character], from start: Int) -> Int? {
        var index = start
        while index < characters.count {
            if characters[index] == "\n", index + 1 < characters.count, characters[index + 1] == "\n" {
                return nil
            }
            if characters[index] == "`" {
                var run = 0
                while index + run < characters.count, characters[index + run] == "`" { run += 1 }
                if run == count { return index }
                index += run
            } else {
                index += 1
            }
        }
        return nil
    }

    /// The target of a link whose `(` is just before `start`, and where reading goes on: the
    /// target ends at its `)` (parentheses inside it balanced), or at a space before a title;
    /// `<...>` holds a target with spaces. Nil when no `)` closes it on the line.
    static func linkTarget(in characters: [Character], from start: Int) -> (target: String?, end: Int) {
        var index = start
        var target = ""
        if index < characters.count, characters[index] == "<" {
            while index < characters.count, characters[index] != ">", characters[index] != "\n" {
                target.append(characters[index])
                index += 1
            }
            guard index < characters.count, characters[index] == ">" else { return (nil, start) }
            target.append(">")
            index += 1
        } else {
            var depth = 0
            while index < characters.count {
                let character = characters[index]
                if character == " " || character == "\n" { break }
                if character == "(" { depth += 1 }
                if character == ")" {
                    if depth == 0 { break }
                    depth -= 1
                }
                target.append(character)
                index += 1
            }
        }
        // A title may follow the target: `[text](target "title")`.
        while index < characters.count, characters[index] != ")", characters[index] != "\n" { index += 1 }
        guard index < characters.count, characters[index] == ")" else { return (nil, start) }
        return (target, index + 1)
    }

    /// The anchors GitHub gives the headings of `text` (outside fenced code blocks): each one's
    /// slug, and for a slug that repeats, `-1`, `-2`, ... after it.
    static func anchors(in text: String) -> Set<String> {
        var anchors: Set<String> = []
        var seen: [String: Int] = [:]
        for line in lines(of: text) where !line.fenced {
            guard let heading = headingText(line.text) else { continue }
            let slug = slug(heading)
            if let times = seen[slug] {
                anchors.insert("\(slug)-\(times)")
                seen[slug] = times + 1
            } else {
                anchors.insert(slug)
                seen[slug] = 1
            }
        }
        return anchors
    }

    /// The text of an ATX heading (`# Title` to `###### Title`), or nil for any other line.
    static func headingText(_ line: String) -> String? {
        let indent = line.prefix { $0 == " " }.count
        guard indent <= 3 else { return nil }
        let rest = line.dropFirst(indent)
        let hashes = rest.prefix { $0 == "#" }.count
        guard (1...6).contains(hashes) else { return nil }
        let after = rest.dropFirst(hashes)
        guard after.isEmpty || after.first == " " else { return nil }
        var heading = String(after).trimmingCharacters(in: .whitespaces)
        // A closing sequence of #s is not part of the text.
        while heading.hasSuffix("#") { heading.removeLast() }
        return heading.trimmingCharacters(in: .whitespaces)
    }

    /// GitHub's anchor for a heading: lowercased; letters, digits, spaces, hyphens and
    /// underscores kept, and the rest dropped; spaces made hyphens.
    static func slug(_ heading: String) -> String {
        var slug = ""
        for character in heading.lowercased() {
            if character == " " {
                slug.append("-")
            } else if character.isLetter || character.isNumber || character == "-" || character == "_" {
                slug.append(character)
            }
        }
        return slug
    }

    /// The lines of the first ```` ```text ```` block under `heading` whose first line starts
    /// with `$ `, the block the awk line of Scripts/check-playground reads.
    static func session(in text: String, under heading: String) -> [String]? {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        guard let start = lines.firstIndex(of: heading) else { return nil }
        var index = start + 1
        while index + 1 < lines.count {
            if lines[index] == "```text", lines[index + 1].hasPrefix("$ ") {
                guard let close = lines[(index + 1)...].firstIndex(of: "```") else { return nil }
                return Array(lines[(index + 1)..<close])
            }
            index += 1
        }
        return nil
    }
}

/// `listlab` links FoundationEssentials, not Foundation with its ICU data, which cost its start
/// twice sqlite3's (Scripts/bench-start): every module it is made of imports Foundation only
/// where FoundationEssentials is not there (`#if canImport(FoundationEssentials) ... #else`).
@Test func theToolsModulesImportFoundationOnlyWhereTheEssentialsAreMissing() throws {
    let modules = [
        "ListLabCore", "ListLabShell", "ListLabFiles", "ListLabRecords", "ListLabPlayground", "ListDiff", "LineEditing",
        "Interruption", "listlab",
    ]
    var unconditional: [String] = []
    for module in modules {
        let folder = DocExampleFile.packageRoot + "/Sources/" + module
        let files = try #require(FileManager.default.enumerator(atPath: folder)).compactMap { $0 as? String }
        for file in files.sorted() where file.hasSuffix(".swift") {
            let lines = try String(contentsOfFile: folder + "/" + file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (index, line) in lines.enumerated()
            where line.trimmingCharacters(in: .whitespaces) == "import Foundation" {
                if index == 0 || lines[index - 1].trimmingCharacters(in: .whitespaces) != "#else" {
                    unconditional.append("\(module)/\(file):\(index + 1)")
                }
            }
        }
    }
    #expect(unconditional == [])
}
