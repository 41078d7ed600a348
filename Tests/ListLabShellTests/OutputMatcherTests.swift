import Testing
@testable import ListLabShell

@Test(arguments: [
    ("abc", "abc", true), ("abc", "abd", false), ("a[..]c", "abbbc", true), ("a[..]c", "ac", true),
    ("a[..]c", "ab", false), ("[..]", "", true), ("[..]", "anything at all", true), ("took [..] ms", "took 12 ms", true),
    ("took [..] ms", "took 12 s", false), ("[..]x[..]y", "axbxcy", true), ("[..]x[..]y", "ayx", false),
    ("a[..]a", "a", false), ("a[..]a", "aa", true), ("é[..]", "éclair", true),
])
func patternLines(pattern: String, text: String, matches: Bool) {
    #expect(OutputMatcher.matches(pattern: pattern, text) == matches)
}

@Test func dotsMatchAnyNumberOfLinesIncludingNone() {
    let expected: [ExpectedLine] = [.pattern("first"), .anyLines, .pattern("last")]
    #expect(OutputMatcher.matches(expected, ["first", "last"]))
    #expect(OutputMatcher.matches(expected, ["first", "a", "b", "c", "last"]))
    #expect(!OutputMatcher.matches(expected, ["first", "a"]))
    #expect(!OutputMatcher.matches(expected, ["a", "first", "last"]))
    #expect(OutputMatcher.matches([.anyLines], []))
    #expect(OutputMatcher.matches([.anyLines, .anyLines], ["x"]))
    #expect(!OutputMatcher.matches([], ["x"]))
}

@Test func literalLinesMatchOnlyThemselves() {
    #expect(OutputMatcher.matches([.literal("a [..] b")], ["a [..] b"]))
    #expect(!OutputMatcher.matches([.literal("a [..] b")], ["a x b"]))
    #expect(OutputMatcher.matches([.literal("...")], ["..."]))
    #expect(!OutputMatcher.matches([.literal("...")], ["x", "y"]))
}

@Test func manyDotLinesStayFast() {
    let expected = Array(repeating: ExpectedLine.anyLines, count: 200) + [.pattern("end")]
    let actual = Array(repeating: "x", count: 200)
    #expect(!OutputMatcher.matches(expected, actual))
}

@Test func theDiffShowsWhatDiffers() {
    let diff = UnifiedDiff.lines(
        expected: [.pattern("same"), .pattern("old"), .pattern("tail [..]")], actual: ["same", "new", "tail 42"],
        expectedStart: 7)
    #expect(diff == ["--- expected", "+++ actual", "@@ -7,3 +1,3 @@", " same", "-old", "+new", " tail 42"])
}
