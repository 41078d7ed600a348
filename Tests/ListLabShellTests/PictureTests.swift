import ListLabTestSupport
import Testing

@testable import ListLabShell

@Test func showSVGDrawsTheScreenIntoAFile() throws {
    let folder = try TemporaryFolder()
    try folder.write("taken.svg", "keep me")
    let lines = [
        "load contacts", "viewport 3", "select 1", "show --svg screen.svg", "show --svg taken.svg", "show --svg",
        "show --svg . --force",
    ]
    #expect(
        run(lines, workingDirectory: folder.path) == [
            "loaded 8 items into an array provider (1 section)",
            "viewport 3 rows: rows 0-2 of 8",
            "selected 0.1: Clark Kent",
            "drew rows 0-2 of 8 of contacts in screen.svg",
            "error: taken.svg exists: add --force to replace it",
            "error: column 11: show needs a FILE for the picture (usage: show [PATH | RANGE] [--all] [--json] | show "
                + "--svg FILE [--force])",
            "error: .: is a folder",
        ])
    let svg = folder.read("screen.svg")
    #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
    #expect(svg.contains(">Clark Kent</text>"))
    #expect(svg.contains("<g class=\"item sel\" data-path=\"0.1\">"))
    #expect(svg.contains("<tspan class=\"below\">5 rows below</tspan>"))
    #expect(folder.read("taken.svg") == "keep me")
    #expect(
        run(["load contacts", "show --svg taken.svg --force"], workingDirectory: folder.path).last
            == "drew rows 0-7 of 8 of contacts in taken.svg")
    #expect(folder.read("taken.svg").contains(">Bruce Wayne</text>"))
}

@Test func aRenderedTranscriptHasAPicturePerChangeAndMarksAStepThatDoesNotReplay() throws {
    let folder = try TemporaryFolder()
    try folder.write(
        "tour.lab",
        """
        Deleting
        ========

        A delete collapses its row.

          > load tabs
          loaded 3 items into an array provider (1 section)
          > delete 0
          deleted 0.0: News
          > stats
          ...
          > select 0
          selected 0.0: Something else

        """)
    let result = TranscriptRenderer.render(folder.path + "/tour.lab")
    #expect(result.stepCount == 4)
    #expect(result.pictureCount == 3)  // the load, the delete, the selection; not `stats`
    #expect(result.failures == ["\(folder.path)/tour.lab:12: the output of 'select 0' differs from the transcript's"])
    let html = try #require(result.html)
    #expect(html.contains("<title>Deleting</title>"))
    #expect(html.contains("<p>A delete collapses its row.</p>"))
    #expect(html.contains("<div class=\"label\">before: delete 0.0</div>"))
    #expect(html.contains("data-motion=\"collapses\""))
    #expect(html.contains("<section class=\"step failed\" id=\"step-4\" data-step=\"4\">"))
    #expect(html == TranscriptRenderer.render(folder.path + "/tour.lab").html)
    #expect(TranscriptRenderer.pageName(for: "Samples/tours/1-a.lab") == "1-a.html")
}

@Test func aTracedStepGetsASequenceDiagram() throws {
    let folder = try TemporaryFolder()
    try folder.write(
        "t.lab",
        "  > load tabs\n  loaded 3 items into an array provider (1 section)\n  > trace on\n  trace on\n  > select 1\n "
            + " ...\n"
    )
    let html = try #require(TranscriptRenderer.render(folder.path + "/t.lab").html)
    #expect(html.occurrences(of: "<figure class=\"trace\">") == 1)
    #expect(html.contains(">didSelectItem(at: 0.1)</text>"))
}

@Test func aTranscriptThatCannotBeReadIsAFailureNotAPage() {
    let result = TranscriptRenderer.render("/nonexistent/t.lab")
    #expect(result.html == nil)
    #expect(result.failures == ["/nonexistent/t.lab: no such file"])
}

@Test func aPageNamesItsTranscriptWithoutTheMachinesPathAndShowsWhatARefusalIsAbout() throws {
    let folder = try TemporaryFolder()
    try folder.write(
        "lessons/crash.lab",
        """
        The crash
        =========

          > load contacts
          > viewport 4
          > append name=Oliver --data-only
          > batch delete 0.1
          > reload --list
          > update 0 name=X
          > move 0 3
          > reload --diff --force
        """)
    let named = try TranscriptRunner.namedTranscripts(in: [folder.path])
    #expect(named.map(\.name) == ["lessons/crash.lab"])
    let html = try #require(TranscriptRenderer.render(named[0].path, name: named[0].name).html)
    #expect(html.contains("<title>The crash</title>"))
    #expect(html.contains("<p class=\"source\">lessons/crash.lab · "))
    #expect(!html.contains(folder.path))
    // The refused update: what the data holds against what the list has.
    #expect(
        html.contains("<div class=\"mismatch\">the data source has 9 rows in section 0; the list still has 8</div>"))
    // A change in two stages names each stage under its pictures.
    #expect(
        html.contains(
            "<ol class=\"stages\"><li data-stage=\"0\">delete 0.8; move 0.3 -&gt; 0.0</li><li "
                + "data-stage=\"1\">reconfigure 0.0</li></ol>"
        ))
    #expect(TranscriptRenderer.render(named[0].path).html?.contains("<p class=\"source\">crash.lab · ") == true)
}

@Test func aStepOfThousandsOfBatchUpdatesDrawsTheLastHundredAndSaysSo() throws {
    let folder = try TemporaryFolder()
    try folder.write(
        "more.txt", (1...250).map { "append name=\"P\($0)\" phone=555-\($0)" }.joined(separator: "\n") + "\n")
    try folder.write("t.lab", "  > load contacts\n  > run more.txt\n")
    let html = try #require(TranscriptRenderer.render(folder.path + "/t.lab").html)
    #expect(html.contains("<p>The pictures show the last 100 of this step's 250 batch updates.</p>"))
    #expect(html.components(separatedBy: "class=\"frame before\"").count - 1 == 100)
    #expect(html.contains("before 100 of 100: insert 0.257<"), "the last append is drawn")
    #expect(html.contains("before 1 of 100: insert 0.158<"), "the 151st is the first drawn")
    #expect(!html.contains(": insert 0.8<"), "the first is not")
}
