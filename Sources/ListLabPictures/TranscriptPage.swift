public import ListLabCore

/// A transcript as one self-contained HTML page: its prose (headings and
/// paragraphs), each command with its output, and beside every step that
/// changes what the list shows, pictures of the list; batch updates
/// animate (play, step, replay), and with script disabled the page is a
/// static sequence of pictures. Steps traced with `trace on` get a
/// sequence diagram.
///
/// The page holds everything it needs (inline CSS, SVG and script, no
/// network, no external file) and is the same bytes for the same steps.
///
/// ```swift
/// let list = HeadlessList(viewportRows: 3)
/// ListAdapter(provider: contacts, presenter: SingleKindPresenter(ContactCell.self)).attach(to: list)
/// let step = TranscriptPage.Step(number: 1, line: 3, command: "show", output: ["..."], frames: [.screen(ListScreen(list))])
/// let page = TranscriptPage(title: "Contacts", source: "contacts.lab", elements: [.paragraph("The first screen."), .step(step)])
/// page.html().contains("<figure")   // true
/// ```
public struct TranscriptPage: Sendable {
    /// A part of the page, in the transcript's order.
    public enum Element: Sendable {
        /// A heading of the prose (level 1 or 2).
        case heading(level: Int, text: String)
        /// A paragraph of the prose.
        case paragraph(String)
        /// A command, its output and its pictures.
        case step(Step)
    }

    /// What a picture of a step shows, in order.
    public enum Frame: Sendable {
        /// A batch update: animated from the screen before to the screen
        /// after, or, refused, the attempted update on the unchanged screen.
        case transition(ScreenTransition)
        /// The screen as it is (after a change that is not a batch update:
        /// a load, a scroll, a selection, a reload).
        case screen(ListScreen)
    }

    /// One command of the transcript.
    public struct Step: Sendable {
        /// The command's number on the page, from 1.
        public var number: Int
        /// The command's line in the transcript.
        public var line: Int
        /// The command line.
        public var command: String
        /// What the command printed.
        public var output: [String]
        /// The indices in ``output`` of the lines of its errors (every line
        /// of a message of several), shown in the error colour.
        public var errorLines: Set<Int> = []
        /// The recorded output, when it differs from what the command printed.
        public var expected: [String]?
        /// The pictures: empty when the step does not change what the list shows.
        public var frames: [Frame]
        /// The calls across the split, when tracing was on.
        public var trace: [TraceEvent]
        /// The title bar of the pictures (the provider shown).
        public var title: String?
        /// How many of the step's earliest batch updates ``frames`` leaves
        /// out (a script that made thousands); the page says so.
        public var updatesLeftOut = 0

        /// Creates a step.
        public init(
            number: Int, line: Int, command: String, output: [String], expected: [String]? = nil, frames: [Frame] = [],
            trace: [TraceEvent] = [], title: String? = nil
        ) {
            self.number = number
            self.line = line
            self.command = command
            self.output = output
            self.expected = expected
            self.frames = frames
            self.trace = trace
            self.title = title
        }

        /// Whether the command's output differs from the transcript's.
        public var failed: Bool { expected != nil }
    }

    /// The page's title.
    public var title: String
    /// The transcript's path, as given.
    public var source: String
    /// The prose and the steps.
    public var elements: [Element]

    /// How large its pictures' text is.
    package var typeSize = ScreenDrawing.TypeSize.phone

    /// Creates a page.
    public init(title: String, source: String, elements: [Element]) {
        self.title = title
        self.source = source
        self.elements = elements
    }

    /// The steps of the page, in order.
    public var steps: [Step] {
        elements.compactMap { element in
            if case .step(let step) = element { return step }
            return nil
        }
    }

    /// The prose of a transcript as headings and paragraphs: a line
    /// underlined with `===` or `---` is a heading (as is a line that starts
    /// with `#`); other lines run together into paragraphs, which blank
    /// lines separate. A line that starts as an item of a list does (`- `,
    /// `* `, `1. `) starts a paragraph of its own, which pages draw as an
    /// item of a list.
    public static func prose(_ lines: [String]) -> [Element] {
        var elements: [Element] = []
        var paragraph: [String] = []
        func flush() {
            if !paragraph.isEmpty { elements.append(.paragraph(paragraph.joined(separator: " "))) }
            paragraph = []
        }
        var index = 0
        while index < lines.count {
            let line = lines[index].trimmedOfSpaces
            let next = index + 1 < lines.count ? lines[index + 1].trimmedOfSpaces : ""
            if !line.isEmpty, next.count >= 3, next.allSatisfy({ $0 == "=" }) || next.allSatisfy({ $0 == "-" }) {
                flush()
                elements.append(.heading(level: next.first == "=" ? 1 : 2, text: line))
                index += 2
                continue
            }
            if line.hasPrefix("#") {
                flush()
                let level = line.prefix { $0 == "#" }.count
                elements.append(.heading(level: min(level, 2), text: line.drop { $0 == "#" }.trimmedOfSpaces))
            } else if line.isEmpty {
                flush()
            } else {
                if Self.listMarker(of: line) != nil { flush() }
                paragraph.append(line)
            }
            index += 1
        }
        flush()
        return elements
    }

    /// Whether `line` starts as an item of a list (`- `, `* `, `12. `), and
    /// its text after the marker; nil for another line.
    package static func listMarker(of line: String) -> (ordered: Bool, item: String)? {
        if line.hasPrefix("- ") || line.hasPrefix("* ") { return (false, String(line.dropFirst(2))) }
        let digits = line.prefix { $0.isASCII && $0.isNumber }
        guard !digits.isEmpty, digits.count <= 3, line.dropFirst(digits.count).hasPrefix(". ") else { return nil }
        return (true, String(line.dropFirst(digits.count + 2)))
    }

    /// The page.
    public func html() -> String {
        var body = ""
        var pictureNumber = 0
        for element in elements {
            switch element {
            case .heading(let level, let text):
                body += "<h\(level + 1)>\(Markup.escape(text))</h\(level + 1)>\n"
            case .paragraph(let text):
                // A list's items, one after another, are one list.
                if let (ordered, item) = Self.listMarker(of: text) {
                    let tag = ordered ? "ol" : "ul"
                    if body.hasSuffix("</\(tag)>\n") {
                        body.removeLast("</\(tag)>\n".count)
                    } else {
                        body += "<\(tag)>"
                    }
                    body += "<li>\(Markup.escape(item))</li></\(tag)>\n"
                } else {
                    body += "<p>\(Markup.escape(text))</p>\n"
                }
            case .step(let step):
                body += html(of: step, pictureNumber: &pictureNumber)
            }
        }
        let failed = steps.filter(\.failed).count
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page +=
            "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; "
            + "script-src 'unsafe-inline'\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"
        page += "<meta name=\"generator\" content=\"listlab render\">\n"
        page += "<title>\(Markup.escape(title))</title>\n<style>\n\(PageAssets.css)</style>\n</head>\n<body>\n<main>\n"
        page +=
            "<p class=\"source\">\(Markup.escape(source)) · \(steps.count) \(steps.count == 1 ? "step" : "steps") · \(pictureNumber) \(pictureNumber == 1 ? "picture" : "pictures")</p>\n"
        if failed > 0 {
            page +=
                "<p class=\"failure-note\">\(failed) \(failed == 1 ? "step does" : "steps do") not replay as recorded: marked below.</p>\n"
        }
        page += body
        page += "</main>\n<script>\n\(PageAssets.script)</script>\n</body>\n</html>\n"
        return page
    }

    /// The section of one step, as the page holds it: for a page that adds
    /// steps as they run (`listlab serve`), beside the page's CSS and script
    /// (``css``, ``script``).
    /// Its pictures' text is a room's (see ``ScreenDrawing/TypeSize/room``):
    /// such a page is read across a classroom.
    package static func section(of step: Step) -> String {
        var pictures = 0
        var page = TranscriptPage(title: "", source: "", elements: [])
        page.typeSize = .room
        return page.html(of: step, pictureNumber: &pictures)
    }

    /// The CSS every page carries.
    package static var css: String { PageAssets.css }

    /// The script every page carries: the player of the pictures.
    package static var script: String { PageAssets.script }

    private func html(of step: Step, pictureNumber: inout Int) -> String {
        var out =
            "<section class=\"step\(step.failed ? " failed" : "")\" id=\"step-\(step.number)\" data-step=\"\(step.number)\">\n<div class=\"io\">\n"
        out += "<pre class=\"command\"><span class=\"prompt\">&gt; </span>\(Markup.escape(step.command))</pre>\n"
        if !step.output.isEmpty {
            let lines = step.output.enumerated().map { index, line in
                step.errorLines.contains(index)
                    ? "<span class=\"error\">\(Markup.escape(line))</span>" : Markup.escape(line)
            }
            out += "<pre class=\"output\">\(lines.joined(separator: "\n"))</pre>\n"
        }
        if let expected = step.expected {
            out +=
                "<p class=\"failure\">line \(step.line): this step does not replay as recorded; the transcript "
                + "expected:</p>\n"
            out += "<pre class=\"output expected\">\(expected.map(Markup.escape).joined(separator: "\n"))</pre>\n"
        }
        out += "</div>\n"
        if !step.frames.isEmpty {
            pictureNumber += 1
            if step.updatesLeftOut > 0 {
                let drawn = step.frames.count { if case .transition = $0 { true } else { false } }
                out +=
                    "<p>The pictures show the last \(drawn) of this step's \(step.updatesLeftOut + drawn) batch "
                    + "updates.</p>\n"
            }
            out += figure(of: step)
        }
        if !step.trace.isEmpty {
            out += "<figure class=\"trace\"><figcaption>The calls across the split</figcaption>"
            out +=
                "<div class=\"scroll\">" + SequenceDiagram(events: step.trace).svg(id: "trace-\(step.number)")
                + "</div></figure>\n"
        }
        return out + "</section>\n"
    }

    /// What the list and the data source disagree on, in one line: `the
    /// data source has 9 rows in section 0; the list still has 8`; nil when
    /// they agree.
    static func mismatch(_ counts: ScreenTransition.SectionCounts, noun: String) -> String? {
        if counts.list.count != counts.data.count {
            return "the data source has \(counts.data.count) sections; the list still has \(counts.list.count)"
        }
        let differing = counts.list.indices.filter { counts.list[$0] != counts.data[$0] }
        guard !differing.isEmpty else { return nil }
        return differing.map { section in
            "the data source has \(counts.data[section]) \(noun) in section \(section); the list still has "
                + "\(counts.list[section])"
        }.joined(separator: "; ")
    }

    private func figure(of step: Step) -> String {
        var drawing = ScreenDrawing(title: step.title)
        drawing.typeSize = typeSize
        let animated = step.frames.contains { frame in
            if case .transition = frame { return true }
            return false
        }
        var out = "<figure class=\"pictures\" data-step=\"\(step.number)\">\n<div class=\"frames\">"
        let stageCount = step.frames.count
        var performed = 0
        for (index, frame) in step.frames.enumerated() {
            let stage = stageCount > 1 ? " \(index + 1) of \(stageCount)" : ""
            switch frame {
            case .screen(let screen):
                out += "<div class=\"frame after\"><div class=\"label\">\(stageCount > 1 ? "then" : "the list")</div>"
                out += drawing.svg(screen, marks: { _ in nil }, sprites: [], banner: nil) + "</div>"
            case .transition(let transition):
                let words = Markup.escape(transition.update.description)
                if let refusal = transition.refusal {
                    out += "<div class=\"frame after refused\"><div class=\"label\">refused\(stage): \(words)</div>"
                    out += drawing.svg(
                        transition.before, marks: transition.markBefore, sprites: [],
                        banner: ("refused: \(transition.update.description)", refusal))
                    if let counts = transition.counts,
                        let mismatch = Self.mismatch(counts, noun: transition.before.columns > 1 ? "items" : "rows")
                    {
                        out += "<div class=\"mismatch\">\(Markup.escape(mismatch))</div>"
                    }
                    out += "<div class=\"reason\">\(Markup.escape(refusal))</div></div>"
                } else {
                    out += "<div class=\"frame before\"><div class=\"label\">before\(stage): \(words)</div>"
                    out +=
                        drawing.svg(transition.before, marks: transition.markBefore, sprites: [], banner: nil)
                        + "</div>"
                    out +=
                        "<div class=\"frame after\" data-stage=\"\(performed)\"><div class=\"label\">after\(stage): "
                        + "\(words)</div>"
                    performed += 1
                    out +=
                        drawing.svg(
                            transition.after, marks: transition.markAfter, sprites: transition.sprites, banner: nil)
                        + "</div>"
                }
            }
        }
        out += "</div>\n"
        // Several stages: each named under the pictures (the player marks the one it shows).
        let stages = step.frames.compactMap { frame -> String? in
            if case .transition(let transition) = frame, !transition.isRefused { return transition.update.description }
            return nil
        }
        if stages.count > 1 {
            out +=
                "<ol class=\"stages\">"
                + stages.enumerated().map { "<li data-stage=\"\($0.offset)\">\(Markup.escape($0.element))</li>" }
                .joined() + "</ol>\n"
        }
        if animated {
            out += "<div class=\"controls\" hidden><button type=\"button\" data-action=\"play\">Play</button>"
            out +=
                "<button type=\"button\" data-action=\"step\">Step</button><button type=\"button\" "
                + "data-action=\"replay\">Replay</button></div>\n"
        }
        return out + "</figure>\n"
    }
}
