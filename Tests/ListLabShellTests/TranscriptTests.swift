import Testing

@testable import ListLabShell

@Test func commandsOutputAndProseAreTold() {
    let transcript = Transcript(
        text: """
            Prose at the margin.

              > load tabs
              loaded 3 items into an array provider (1 section)

            More prose.
              > samples
              > show 0
                 0.0  News  <TabCell #1>

            """)
    #expect(transcript.blocks.map(\.command) == ["load tabs", "samples", "show 0"])
    #expect(transcript.blocks.map(\.line) == [3, 7, 8])
    #expect(transcript.blocks[0].expected == [.pattern("loaded 3 items into an array provider (1 section)")])
    #expect(transcript.blocks[1].expected.isEmpty)
    #expect(transcript.blocks[2].expected == [.pattern("   0.0  News  <TabCell #1>")])
}

@Test func blankLinesInsideOutputAreOutputAndAfterItSeparators() {
    let transcript = Transcript(text: "  > x\n  a\n\n  b\n  \n\n\nprose\n")
    #expect(transcript.blocks[0].expected == [.pattern("a"), .pattern(""), .pattern("b"), .pattern("")])
}

@Test func escapedLinesAreLiteralAndWildcardsAreWildcards() {
    let transcript = Transcript(text: "  > x\n  \\> not a command\n  \\...\n  ...\n  a [..] b\n  \\a [..] b\n  \\\\x\n")
    #expect(transcript.blocks.count == 1)
    #expect(
        transcript.blocks[0].expected == [
            .literal("> not a command"), .literal("..."), .anyLines, .pattern("a [..] b"), .literal("a [..] b"),
            .literal("\\x"),
        ])
}

@Test func writingEscapesWhatWouldReadAsSomethingElse() {
    #expect(
        Transcript.fileLines(for: ["> x", "...", "a [..] b", "\\y", "", "plain"]) == [
            "  \\> x", "  \\...", "  \\a [..] b", "  \\\\y", "  ", "  plain",
        ])
}

@Test(arguments: [
    [], ["plain"], ["", "after an empty line", ""], ["> looks like a command", "...", "[..]", "\\"], ["  indented"],
])
func whatIsWrittenReadsBackAsTheSameOutput(output: [String]) {
    let text = Transcript.text(of: [("cmd", output), ("next", ["done"])], prose: ["Prose."])
    let transcript = Transcript(text: text)
    #expect(transcript.blocks.map(\.command) == ["cmd", "next"])
    #expect(OutputMatcher.matches(transcript.blocks[0].expected, output))
    #expect(!OutputMatcher.matches(transcript.blocks[0].expected, output + ["extra"]))
}

@Test func rewritingKeepsProseCommandsAndLineEndings() {
    let text = "Intro\r\n\r\n  > a\r\n  old\r\n  ...\r\nMiddle\r\n  > b\r\n  keep\r\n"
    let transcript = Transcript(text: text)
    #expect(transcript.usesCRLF)
    #expect(transcript.blocks.map(\.command) == ["a", "b"])
    #expect(transcript.rewritten(with: [nil, nil]) == text)
    #expect(
        transcript.rewritten(with: [["new", ""], nil])
            == "Intro\r\n\r\n  > a\r\n  new\r\n  \r\nMiddle\r\n  > b\r\n  keep\r\n")
}

@Test func aFileWithoutAFinalNewlineStaysThatWay() {
    let transcript = Transcript(text: "  > a\n  x")
    #expect(!transcript.endsWithNewline)
    #expect(transcript.rewritten(with: [["y"]]) == "  > a\n  y")
}

@Test func anUpdateKeepsTheWildcardsThatStillMatch() {
    func updated(_ expected: [String], _ actual: [String]) -> [String] {
        OutputAlignment.updatedExpectation(expected: expected.map { ExpectedLine(fileLine: "  " + $0) }, actual: actual)
            .map(\.text)
    }
    // `[..]` lines that match are kept; the changed line is replaced.
    #expect(
        updated(["loaded [..] items", "cell #[..]", "old"], ["loaded 9 items", "cell #4", "new"]) == [
            "loaded [..] items", "cell #[..]", "new",
        ])
    // A `...` stands for the lines that differ around it.
    #expect(updated(["start", "...", "end", "x"], ["start", "a", "b", "end", "y"]) == ["start", "...", "end", "y"])
    #expect(updated(["start", "...", "x"], ["start", "a", "y"]) == ["start", "...", "y"])
    // Printed lines that look like wildcards are escaped.
    #expect(updated(["a"], ["[..]", "..."]) == ["\\[..]", "\\..."])
    // Whatever is kept, the result matches what was printed.
    let cases: [([String], [String])] = [
        (["...", "a", "..."], ["b"]), (["[..]x", "...", "[..]"], ["1x", "2", "3"]), (["a", "a", "..."], ["a"]),
        ([], ["z"]),
    ]
    for (expected, actual) in cases {
        let result = OutputAlignment.updatedExpectation(
            expected: expected.map { ExpectedLine(fileLine: "  " + $0) }, actual: actual)
        #expect(OutputMatcher.matches(result, actual), "\(expected) -> \(result.map(\.text))")
    }
}
