import ListLabCore
import ListLabTestSupport
import Testing

@testable import ListLabPictures

@Suite struct DrawingTests {
    @Test func aScreenIsDrawnWithEveryRowCellAndSelection() throws {
        let fruits = FruitList(count: 6, viewportRows: 3)
        try fruits.list.selectItem(at: ItemPath(0, 1))
        fruits.list.scroll(toRow: 1)
        let svg = ScreenDrawing(title: "fruits").document(fruits.screen)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg></svg>\n"))
        #expect(svg.occurrences(of: "<g class=\"item") == 3)
        #expect(svg.contains("<g class=\"item sel\" data-path=\"0.1\">"))
        #expect(svg.contains(">Banana</text>"))
        #expect(svg.contains(">colour of Banana</text>"))
        #expect(svg.contains("class=\"cn\"") && svg.contains(">#1 reused</text>"))
        #expect(svg.contains("<tspan class=\"above\">1 row above</tspan>"))
        #expect(svg.contains("<tspan class=\"below\">2 rows below</tspan>"))
        #expect(svg.contains(">fruits</text>"))
        #expect(svg == ScreenDrawing(title: "fruits").document(fruits.screen))
    }

    /// A snapshot's SVG is one element a line, so a diff names what changed; a text's
    /// contents stay on its line (a line break there would be drawn as a space).
    @Test func aSnapshotsDrawingIsOneElementALine() throws {
        let fruits = FruitList(count: 6, viewportRows: 3)
        fruits.list.scroll(toRow: 1)
        let svg = ScreenDrawing(title: "fruits").document(fruits.screen)
        let lines = ScreenDrawing.oneElementPerLine(svg)
        #expect(String(lines.filter { $0 != "\n" }) + "\n" == svg)
        let split = lines.split(separator: "\n")
        #expect(split.count > 40)
        #expect(split.contains { $0.hasSuffix(">Banana</text>") && $0.hasPrefix("<text") })
        #expect(split.contains { $0.contains("<tspan class=\"above\">1 row above</tspan></text>") })
        #expect(split.allSatisfy { $0.hasPrefix("<") && $0.hasSuffix(">") })
    }

    /// Text that does not fit is cut where its letters end, as a label's tail is: measured by each
    /// letter's advance, so a line of wide letters is cut sooner than a line of narrow ones, and the cut
    /// text with its "…" always fits inside the clip around it.
    @Test func textIsCutByTheAdvancesOfItsLetters() {
        let wide = ScreenDrawing.fitted(String(repeating: "W", count: 20), width: 100, fontSize: 15)
        let narrow = ScreenDrawing.fitted(String(repeating: "i", count: 40), width: 100, fontSize: 15)
        #expect(wide.hasSuffix(">WWWWW\u{2026}"), "\(wide)")
        #expect(narrow.hasSuffix(">" + String(repeating: "i", count: 24) + "\u{2026}"), "\(narrow)")
        #expect(ScreenDrawing.fitted("Fits", width: 100, fontSize: 15) == ">Fits")
        // Every cut, of every length of a mixed text, fits in its width with a twentieth to spare.
        let text = "Compositional Layout: Advanced Layouts, Ünïcödé and 中文 mixed WWW iii"
        for width in stride(from: 20.0, through: 400, by: 7) {
            let fitted = ScreenDrawing.fitted(text, width: width, fontSize: 13, bold: true)
            let shown = String(fitted[fitted.index(after: fitted.lastIndex(of: ">") ?? fitted.startIndex)...])
            let ems = shown.reduce(0) { $0 + ScreenDrawing.advance(of: $1, bold: true) }
            #expect(ems * 13 <= width * 0.95 + 0.001 || shown == "\u{2026}", "\(width): \(shown)")
            #expect(shown == text || shown.hasSuffix("\u{2026}"))
        }
        // The tables cover ASCII to its last character, bold and regular.
        #expect(ScreenDrawing.advance(of: "~") == 0.584 && ScreenDrawing.advance(of: "~", bold: true) == 0.584)
        #expect(ScreenDrawing.advance(of: " ") == 0.278 && ScreenDrawing.advance(of: "m", bold: true) == 0.889)
    }

    /// `set badges off`: each row drawn as an iPhone shows it, its text to the edge; its cell is
    /// still named in the picture, hidden, for a reader and a check.
    @Test func withoutBadgesARowIsDrawnAsAnIPhoneShowsIt() {
        let fruits = FruitList(count: 3, viewportRows: 3)
        var screen = fruits.screen
        let with = ScreenDrawing(title: "fruits").document(screen)
        screen.showsCellBadges = false
        let without = ScreenDrawing(title: "fruits").document(screen)
        #expect(with.contains("fill=\"#e8f0fd\"") && !without.contains("fill=\"#e8f0fd\""))
        #expect(without.contains("<text class=\"cn\" display=\"none\">#1</text>"))
        #expect(without.occurrences(of: "class=\"ci\" display=\"none\"") == 3)
        // The text's clip reaches the edge: 320 less the gutter (64) and the right margin (28).
        #expect(without.contains("<svg x=\"64\" y=\"0\" width=\"228\""), "\(without.prefix(1200))")
    }

    @Test func textIsEscapedNeverInterpreted() {
        let screen = ListScreen(
            rows: [
                .header(section: 0, title: "<b>&\"'"),
                .items([ListScreen.Item(path: ItemPath(0, 0), text: "a < b & \u{1}", cell: nil)]),
            ],
            viewportRows: 2, sectionCount: 1)
        let svg = ScreenDrawing(title: "x\"y").document(screen)
        #expect(svg.contains(">&lt;b&gt;&amp;&quot;&#39;</text>"))
        #expect(svg.contains(">(no cell)</text>"))
        #expect(!svg.contains("<b>"))
        #expect(svg.contains(">x&quot;y</text>"))
        // Control characters and bidirectional overrides are drawn as the terminal prints them.
        #expect(Markup.escape("a < b & \u{1}\u{1B}[2J \u{202E}x") == "a &lt; b &amp; \\u0001\\u001b[2J \\u202ex")
        // Text with nothing to escape comes back as it is; each character that needs it, alone
        // in longer text, is escaped (tab and line feed are kept).
        for plain in ["", "Bruce Wayne", "555-0100 → é ✓", "0.12"] { #expect(Markup.escape(plain) == plain) }
        let cases = [
            "&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;", "'": "&#39;", "\t": "\t", "\n": "\n",
            "\u{7F}": "\\u007f", "\u{2066}": "\\u2066",
        ]
        for (character, escaped) in cases.sorted(by: { $0.key < $1.key }) {
            #expect(
                Markup.escape("name " + character + " é") == "name " + escaped + " é", "\(character.debugDescription)")
        }
    }

    @Test func anEmptyListSaysSo() {
        let svg = ScreenDrawing().document(ListScreen(HeadlessList(viewportRows: 2)))
        #expect(svg.contains(">(empty: 0 sections, no rows)</text>"))
    }

    @Test func numbersAreWrittenTheSameOnEveryRun() {
        #expect(Markup.number(44) == "44")
        #expect(Markup.number(-1) == "-1")
        #expect(Markup.number(0.5) == "0.5")
        #expect(Markup.number(106.666) == "106.67")
        #expect(Markup.number(-0.05) == "-0.05")
    }

    @Test func aTransitionDrawsItsSpritesInAHiddenLayer() throws {
        let fruits = FruitList(count: 5, viewportRows: 4)
        try fruits.list.performBatchUpdates(try fruits.provider.delete(at: [ItemPath(0, 1)]))
        let transition = try #require(fruits.transitions.first)
        let svg = ScreenDrawing().svg(
            transition.after, marks: transition.markAfter, sprites: transition.sprites, banner: nil)
        #expect(svg.contains("<g class=\"anim\" style=\"display:none\">"))
        #expect(svg.contains("data-motion=\"collapses\" data-from=\"44\" data-to=\"-1\""))
        #expect(svg.contains("data-motion=\"slides\" data-from=\"88\" data-to=\"44\""))
        let before = ScreenDrawing().svg(transition.before, marks: transition.markBefore, sprites: [], banner: nil)
        #expect(before.contains(">delete</text>"))
    }

    /// A room's drawing (the live page's, read across a classroom at its drawn size): no text under 14
    /// points, whatever the screen holds, and a mark's longest word ends before its item's text begins.
    @Test func aRoomsDrawingHasNoTextUnderFourteenPoints() throws {
        let fruits = FruitList(count: 5, viewportRows: 3)
        fruits.list.scroll(toRow: 1)
        try fruits.list.performBatchUpdates(try fruits.provider.delete(at: [ItemPath(0, 2)]))
        let transition = try #require(fruits.transitions.first)
        var drawing = ScreenDrawing(title: "fruits")
        drawing.typeSize = .room
        let cell = ListScreen.Cell(identifier: "FruitCell", serial: 12, reuseCount: 1)
        let items = (0..<4).map {
            ListScreen.Item(path: ItemPath(0, $0), text: "Fruit \($0)", detail: "colour \($0)", cell: cell)
        }
        let grid = ListScreen(
            rows: [.items(Array(items.prefix(3))), .items([items[3]])], viewportRows: 3, columns: 3, sectionCount: 1)
        let headed = ListScreen(
            rows: [
                .header(section: 0, title: "Fruit"),
                .items([ListScreen.Item(path: ItemPath(0, 0), text: "Fig", cell: nil)]),
                .footer(section: 0, title: "1 fruit"),
            ],
            rowsBelow: 4, viewportRows: 3, sectionCount: 1)
        let drawings = [
            drawing.svg(transition.before, marks: transition.markBefore, sprites: [], banner: nil),
            drawing.svg(transition.after, marks: transition.markAfter, sprites: transition.sprites, banner: nil),
            drawing.svg(transition.before, marks: { _ in .reconfigure }, sprites: [], banner: ("refused: x", "why")),
            drawing.document(grid), drawing.document(headed),
            drawing.document(ListScreen(HeadlessList(viewportRows: 2))),
        ]
        for svg in drawings {
            let sizes = svg.matches(of: /font-size="([0-9.]+)"/).compactMap { Double($0.output.1) }
            #expect(sizes.count >= 2 && sizes.allSatisfy { $0 >= 14 }, "\(sizes)")
        }
        #expect(drawings[0].contains(">delete</text>") && drawings[2].contains(">reconfigure</text>"))
        #expect(drawings[0].contains("class=\"above\"") && drawings[3].contains(">#12</text>"))
        // The longest mark's word, bold at 14 points from x 8, ends before the item's text (its clip at the gutter).
        let word = "reconfigure".reduce(0) { $0 + ScreenDrawing.advance(of: $1, bold: true) } * 14
        #expect(drawings[2].contains("<svg x=\"98\" y=\"0\"") && 8 + word < 98 - 2, "\(word)")
        // With no item marked, the paths alone: more room for the items' text.
        let unmarked = drawing.document(fruits.screen)
        #expect(unmarked.contains("<svg x=\"68\" y=\"0\"") && !unmarked.contains("<svg x=\"98\" y=\"0\""))
        // A room's tile (several columns) has two lines: its detail and "reused" are kept for a reader, not drawn.
        #expect(drawings[3].contains("<text class=\"d\" display=\"none\">colour 0</text>"))
        #expect(drawings[3].contains("<text class=\"cn\" display=\"none\">#12 reused</text>"))
        // A phone's drawing (pages, snapshots) keeps a phone's sizes.
        let phone = ScreenDrawing(title: "fruits").svg(
            transition.before, marks: transition.markBefore, sprites: [], banner: nil)
        #expect(phone.contains("font-size=\"7.5\"") && phone.contains("<svg x=\"64\" y=\"0\""))
    }

    @Test func aSequenceDiagramHasALifelinePerRoleThatTakesPart() {
        let events = [
            TraceEvent(caller: .list, callee: .adapter, call: "cellForItem(at: 0.0)", depth: 0),
            TraceEvent(caller: .adapter, callee: .provider, call: "item(at: 0.0) → Apple", depth: 1),
            TraceEvent(caller: .presenter, callee: .cell(3), call: "configure(with: Apple, at: 0.0)", depth: 2),
            TraceEvent(caller: .adapter, callee: .presenter, call: "cell(for: Apple, at: 0.0)", depth: 1),
        ]
        let diagram = SequenceDiagram(events: events)
        #expect(diagram.lifelines == ["list", "adapter", "provider", "presenter", "cells"])
        let svg = diagram.svg(id: "t1")
        #expect(svg.occurrences(of: "class=\"call\"") == 4)
        #expect(svg.contains(">cell #3: configure(with: Apple, at: 0.0)</text>"))
        #expect(svg.contains("url(#t1-arrow)"))
        let long = SequenceDiagram(events: Array(repeating: events[0], count: SequenceDiagram.maximumCalls + 5)).svg()
        #expect(long.contains("… and 5 more calls"))
    }
}
