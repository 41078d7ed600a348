import Foundation
import ListLabTestSupport
import Testing

@testable import ListLabShell

#if canImport(FoundationXML)
    import FoundationXML
#endif

@Test func aFailuresTextBreaksItsLinesAsTheDiffDoes() throws {
    let folder = try TemporaryFolder()
    try folder.write("fails.lab", "  > load contacts\n  loaded 9 items\n")
    let result = TranscriptRunner.run(folder.path + "/fails.lab")
    #expect(!result.passed && result.report.count > 2)
    let xml = JUnitReport(suite: "listlab test", results: [result]).xml
    let failure = try #require(xml.split(separator: "<failure").last?.split(separator: "</failure>").first)
    #expect(!failure.contains("\\n"), "no escaped line break: \(failure)")
    #expect(
        failure.split(separator: "\n").count == result.report.count, "a line of the text for each line of the report")
    #expect(
        failure.contains("-  loaded 9 items") || failure.contains("- loaded 9 items")
            || failure.contains("loaded 9 items"))
    // A control character inside a line is still escaped; the document parses.
    var hostile = result
    hostile.report.append("a line with \u{1B}[2J in it")
    let document = JUnitReport(suite: "listlab test", results: [hostile]).xml
    #expect(document.contains("\\u001b[2J") && !document.contains("\u{1B}"))
    let parsed = try XMLDocument(xmlString: document)
    #expect(try parsed.nodes(forXPath: "//failure").count == 1)
}
