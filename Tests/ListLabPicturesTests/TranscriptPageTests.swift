import ListLabCore
import ListLabTestSupport
import Testing

@testable import ListLabPictures

@Suite struct TranscriptPageTests {
    @Test func proseKeepsItsHeadingsAndParagraphs() {
        let elements = TranscriptPage.prose([
            "Tour 1: lists", "============", "", "A list asks", "its data source.", "", "# Cells", "Reuse.",
        ])
        let described = elements.map { element -> String in
            switch element {
            case .heading(let level, let text): "h\(level) \(text)"
            case .paragraph(let text): "p \(text)"
            case .step: "step"
            }
        }
        #expect(described == ["h1 Tour 1: lists", "p A list asks its data source.", "h1 Cells", "p Reuse."])
    }

    /// A line that starts as a list's item starts a paragraph of its own; a page draws a run of
    /// them as one list, escaped as everything else.
    @Test func listItemsAreParagraphsOfTheirOwnAndOneListOnThePage() {
        let elements = TranscriptPage.prose([
            "Steps:", "- load <it>", "- show it", "and look", "", "1. first", "2. second", "3.14 is not an item",
        ])
        let described = elements.map { element -> String in
            if case .paragraph(let text) = element { return text }
            return "?"
        }
        #expect(
            described == ["Steps:", "- load <it>", "- show it and look", "1. first", "2. second 3.14 is not an item"])
        let html = TranscriptPage(title: "t", source: "t.lab", elements: elements).html()
        #expect(
            html.contains(
                "<p>Steps:</p>\n<ul><li>load &lt;it&gt;</li><li>show it and "
                    + "look</li></ul>\n<ol><li>first</li><li>second 3.14 is not an item</li></ol>\n"
            ), "\(html.prefix(2000))")
    }

    func page(failing: Bool = false) throws -> TranscriptPage {
        let fruits = FruitList(count: 5, viewportRows: 4)
        let first = fruits.screen
        try fruits.list.performBatchUpdates(try fruits.provider.delete(at: [ItemPath(0, 0)]))
        let steps = [
            TranscriptPage.Step(
                number: 1, line: 3, command: "show", output: ["   0.0  Apple"], frames: [.screen(first)],
                title: "fruits"),
            TranscriptPage.Step(
                number: 2, line: 5, command: "delete 0", output: ["deleted 0.0"],
                expected: failing ? ["deleted 0.1"] : nil,
                frames: fruits.transitions.map(TranscriptPage.Frame.transition),
                trace: [TraceEvent(caller: .controller, callee: .provider, call: "delete(at: 0.0)", depth: 0)],
                title: "fruits"),
            TranscriptPage.Step(number: 3, line: 7, command: "stats", output: ["..."]),
        ]
        return TranscriptPage(
            title: "Fruits <&>", source: "fruits.lab",
            elements: [.heading(level: 1, text: "Fruits")] + steps.map { .step($0) })
    }

    @Test func aPageHoldsEverythingItNeeds() throws {
        let html = try page().html()
        #expect(html.hasPrefix("<!DOCTYPE html>\n"))
        #expect(html.contains("<title>Fruits &lt;&amp;&gt;</title>"))
        #expect(html.contains("Content-Security-Policy\" content=\"default-src 'none'"))
        for outside in [" src=\"", " href=\"", "<link", "@import", "url(h"] {
            #expect(!html.contains(outside), "the page refers to something outside it: \(outside)")
        }
        #expect(html.contains("<p class=\"source\">fruits.lab · 3 steps · 2 pictures</p>"))
        #expect(html == (try page().html()))
    }

    @Test func onlyStepsThatChangeTheListHavePicturesAndOnlyUpdatesHaveControls() throws {
        let html = try page().html()
        #expect(html.occurrences(of: "<figure class=\"pictures\"") == 2)
        #expect(html.occurrences(of: "<div class=\"controls\" hidden>") == 1)
        #expect(html.contains("<div class=\"label\">before: delete 0.0</div>"))
        #expect(html.contains("<div class=\"label\">after: delete 0.0</div>"))
        #expect(html.contains("<figure class=\"trace\">"))
        #expect(!html.contains("class=\"step failed\""))
    }

    @Test func aStepThatDoesNotReplayIsMarked() throws {
        let html = try page(failing: true).html()
        #expect(html.contains("<section class=\"step failed\" id=\"step-2\" data-step=\"2\">"))
        #expect(html.contains("line 5: this step does not replay as recorded"))
        #expect(html.contains("1 step does not replay as recorded"))
    }

    @Test func aRefusedUpdateIsPicturedAsAttemptedAndRefused() throws {
        let fruits = FruitList(count: 3, viewportRows: 4)
        _ = try? fruits.list.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(0, 9)]))
        let step = TranscriptPage.Step(
            number: 1, line: 1, command: "batch insert 0.9", output: [],
            frames: fruits.transitions.map(TranscriptPage.Frame.transition))
        let html = TranscriptPage(title: "t", source: "t.lab", elements: [.step(step)]).html()
        #expect(html.contains("<div class=\"frame after refused\"><div class=\"label\">refused: insert 0.9</div>"))
        #expect(html.contains(">refused: insert 0.9</text>"))
        #expect(
            html.contains(
                "<div class=\"reason\">attempt to insert row 9 into section 0, but there are only 3 rows in section 0 "
                    + "after the update</div>"
            ))
    }
}
