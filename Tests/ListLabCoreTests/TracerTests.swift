import ListLabCore
import Testing

struct TracerTests {
    @Test func callsNestAndNotesTakeTheCurrentDepth() {
        let tracer = Tracer()
        var lines: [String] = []
        tracer.sink = { lines.append($0.description) }
        let answer = tracer.call(.controller, .list, "reloadData()") {
            tracer.note(.list, .adapter, "numberOfSections → 1")
            return tracer.call(.list, .adapter, "cellForItem(at: 0.0)") {
                tracer.note(.presenter, .cell(3), "configure")
                return 42
            }
        }
        tracer.note(.controller, .list, "done")
        #expect(answer == 42)
        #expect(
            lines == [
                "controller → list: reloadData()",
                "  list → adapter: numberOfSections → 1",
                "  list → adapter: cellForItem(at: 0.0)",
                "    presenter → cell #3: configure",
                "controller → list: done",
            ])
    }

    @Test func withoutASinkNothingIsBuiltAndBodiesStillRun() {
        let tracer = Tracer()
        var built = 0
        func text() -> String {
            built += 1
            return "call"
        }
        #expect(!tracer.isOn)
        tracer.note(.list, .adapter, text())
        #expect(tracer.call(.list, .adapter, text()) { 7 } == 7)
        #expect(built == 0)
    }

    @Test func aThrowingBodyLeavesTheDepthAsItWas() {
        struct Failure: Error {}
        let tracer = Tracer()
        var depths: [Int] = []
        tracer.sink = { depths.append($0.depth) }
        #expect(throws: Failure.self) {
            try tracer.call(.controller, .list, "a") { () throws(Failure) in throw Failure() }
        }
        tracer.note(.controller, .list, "b")
        #expect(depths == [0, 0])
    }
}
