// Checks the pages of `listlab render` as a browser drew them (Scripts/check-pictures):
//   listlab-page-check PAGES-FOLDER TRANSCRIPT...
// For each transcript, PAGES-FOLDER holds NAME.html (the page) and NAME.dom (the report the
// DevTools driver wrote into <pre id="listlab-check"> after every figure of the page, opened
// in headless Chromium, played to its end: Scripts/browse-tabs.py NAME@=URL). The check:
//   - replays the transcript in a fresh session, and after every command takes the lines
//     `show` prints at that point (HeadlessList.render, the list's text);
//   - compares them with the rows the page draws for that step: its picture, or the last
//     picture before it (a step without one changed nothing the list shows);
//   - requires no script error, no resource fetched, every animation finished, no text box
//     that runs into another in any picture, and no reference to anything outside the page
//     in its HTML.
// Exits 1 and says what differs when a page fails.
import Foundation
import ListLabCore
import ListLabPlayground
import ListLabShell

/// The lines `show` prints after each command of the transcript at `path`.
func screens(afterEachCommandOf path: String) throws -> [[String]] {
    let transcript = Transcript(text: try String(contentsOfFile: path, encoding: .utf8))
    // Replayed as `listlab render` replays it: with the tool's own registrations (`load agenda`).
    let playground = Playground.listlab
    return try TranscriptRunner.withReplaySession(
        forTranscriptAt: path, output: RecordingOutput(), prepare: playground.prepare
    ) { session in
        transcript.blocks.map { block in
            session.execute(block.command)
            return session.list.render()
        }
    }
}

/// What the page reported: its first lines, and the rows of each step's picture.
struct PageReport {
    var header: [String] = []
    var pictures: [(step: Int, lines: [String])] = []

    init(dom: String) throws {
        guard let start = dom.range(of: "<pre id=\"listlab-check\">"),
            let end = dom.range(of: "</pre>", range: start.upperBound..<dom.endIndex)
        else { throw CheckFailure("the page wrote no report (did its script run?)") }
        let text = Self.unescape(String(dom[start.upperBound..<end.lowerBound]))
        for line in text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.hasPrefix("step "), let step = Int(line.dropFirst(5)) {
                pictures.append((step, []))
            } else if pictures.isEmpty {
                header.append(line)
            } else {
                pictures[pictures.count - 1].lines.append(line)
            }
        }
    }

    /// The text of an element as Chromium's DOM dump escapes it.
    static func unescape(_ text: String) -> String {
        text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&nbsp;", with: "\u{A0}").replacingOccurrences(of: "&amp;", with: "&")
    }
}

struct CheckFailure: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// Checks one page; returns the number of steps compared.
func check(transcript path: String, pages: String) throws -> (steps: Int, pictures: Int, animations: String) {
    let name = String(path.split(separator: "/").last ?? "").replacingOccurrences(of: ".lab", with: "")
    var html = try String(contentsOfFile: pages + "/" + name + ".html", encoding: .utf8)
    // The served page's own parts, from its own server (its policy allows nothing else): not outside it.
    for own in [
        "<link rel=\"stylesheet\" href=\"/listlab.css\">", "<script src=\"/pictures.js\"></script>",
        "<script src=\"/page.js\"></script>",
    ] {
        html = html.replacingOccurrences(of: own, with: "")
    }
    // Text on the page is escaped (a `"` or `<` of a transcript is an entity), so these can only be markup.
    let references = [" src=\"", " href=\"", " action=\"", "<link", "<img", "<iframe", "<object", "<embed", "@import"]
    let urls = html.components(separatedBy: "url(").dropFirst().filter { !$0.hasPrefix("#") }
    if !urls.isEmpty { throw CheckFailure("the page refers to something outside itself ('url(\(urls[0].prefix(20))')") }
    for outside in references where html.contains(outside) {
        throw CheckFailure("the page refers to something outside itself ('\(outside)')")
    }
    let report = try PageReport(dom: try String(contentsOfFile: pages + "/" + name + ".dom", encoding: .utf8))
    guard report.header.first == "errors: 0" else {
        throw CheckFailure("the page reported script errors:\n" + report.header.joined(separator: "\n"))
    }
    guard report.header.contains("resources: 0") else {
        throw CheckFailure("the page fetched resources: " + report.header.joined(separator: "; "))
    }
    guard report.header.contains("overlaps: 0") else {
        throw CheckFailure(
            "text runs into other text in a picture:\n"
                + report.header.filter { $0.hasPrefix("overlap") }.joined(separator: "\n"))
    }
    guard let animations = report.header.first(where: { $0.hasPrefix("animations: ") }),
        let counts = Optional(animations.split(separator: " ")), counts.count >= 5, counts[1] == counts[3]
    else { throw CheckFailure("not every animation finished: " + report.header.joined(separator: "; ")) }
    let expected = try screens(afterEachCommandOf: path)
    let empty = HeadlessList().render()
    var pictureIndex = -1
    for (index, lines) in expected.enumerated() {
        let step = index + 1
        while pictureIndex + 1 < report.pictures.count, report.pictures[pictureIndex + 1].step <= step {
            pictureIndex += 1
        }
        let drawn = pictureIndex >= 0 ? report.pictures[pictureIndex].lines : empty
        guard drawn == lines else {
            let source =
                pictureIndex >= 0
                ? "the picture of step \(report.pictures[pictureIndex].step)" : "no picture yet (an empty list)"
            var message = "step \(step): the page draws (\(source)):\n"
            message += drawn.map { "  | " + $0 }.joined(separator: "\n")
            message += "\nbut after that step `show` prints:\n" + lines.map { "  | " + $0 }.joined(separator: "\n")
            throw CheckFailure(message)
        }
    }
    return (expected.count, report.pictures.count, String(animations.dropFirst("animations: ".count)))
}

let arguments = Array(CommandLine.arguments.dropFirst())
guard arguments.count >= 2 else {
    print("usage: listlab-page-check PAGES-FOLDER TRANSCRIPT...")
    exit(2)
}
var failed = 0
for path in try TranscriptRunner.transcripts(in: Array(arguments.dropFirst())) {
    do {
        let result = try check(transcript: path, pages: arguments[0])
        print(
            "ok \(path): \(result.steps) steps match their pictures (\(result.pictures) pictures; animations: "
                + "\(result.animations))"
        )
    } catch {
        print("FAIL \(path): \(error)")
        failed += 1
    }
}
print("\(failed == 0 ? "every page draws what the list showed" : "\(failed) pages differ from what the list showed")")
exit(failed == 0 ? 0 : 1)
