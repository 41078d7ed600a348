import ListLabTestSupport
import Testing

@testable import ListLabShell

@Test(arguments: [
    ("abc", "abc", true), ("abc", "abd", false), ("a[..]c", "abbbc", true), ("a[..]c", "ac", true),
    ("a[..]c", "ab", false), ("[..]", "", true), ("[..]", "anything at all", true),
    ("took [..] ms", "took 12 ms", true),
    ("took [..] ms", "took 12 s", false), ("[..]x[..]y", "axbxcy", true), ("[..]x[..]y", "ayx", false),
    ("a[..]a", "a", false), ("a[..]a", "aa", true), ("é[..]", "éclair", true),
    // Byte for byte: é as one scalar is not é as e and an accent, though they are one String.
    ("caf\u{E9}", "cafe\u{301}", false), ("caf\u{E9} [..]", "cafe\u{301} 12", false),
    ("[..] caf\u{E9}", "12 cafe\u{301}", false),
    ("[..]e\u{301}[..]", "caf\u{E9}s", false), ("[..]e\u{301}[..]", "cafe\u{301}s", true), ("\u{212A}", "K", false),
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

@Test func literalLinesMatchByteForByte() {
    #expect(!OutputMatcher.line(.literal("caf\u{E9}"), matches: "cafe\u{301}"))
    #expect(OutputMatcher.line(.literal("cafe\u{301}"), matches: "cafe\u{301}"))
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

/// The matcher as a table of which suffixes match (quadratic, plainly right),
/// to check the linear one against.
private func referenceMatches(_ expected: [ExpectedLine], _ actual: [String]) -> Bool {
    var matched = [[Bool]](repeating: [Bool](repeating: false, count: actual.count + 1), count: expected.count + 1)
    matched[expected.count][actual.count] = true
    for i in stride(from: expected.count - 1, through: 0, by: -1) {
        for j in stride(from: actual.count, through: 0, by: -1) {
            if expected[i] == .anyLines {
                matched[i][j] = matched[i + 1][j] || (j < actual.count && matched[i][j + 1])
            } else {
                matched[i][j] =
                    j < actual.count && OutputMatcher.line(expected[i], matches: actual[j]) && matched[i + 1][j + 1]
            }
        }
    }
    return matched[0][0]
}

@Test func theLinearMatcherAgreesWithTheTableOnRandomBlocks() {
    var random = SplitMix64(seed: 0x5EED)
    func next(_ bound: Int) -> Int { random.below(bound) }
    let words = ["a", "b", "ab", "ba"]
    var agreedTrue = 0
    for _ in 0..<5_000 {
        let actual = (0..<next(7)).map { _ in words[next(words.count)] }
        let expected: [ExpectedLine] = (0..<next(7)).map { _ in
            switch next(6) {
            case 0: .anyLines
            case 1: .pattern("[..]b")
            case 2: .pattern("a[..]")
            default: .pattern(words[next(words.count)])
            }
        }
        let reference = referenceMatches(expected, actual)
        #expect(OutputMatcher.matches(expected, actual) == reference, "\(expected) against \(actual)")
        if reference { agreedTrue += 1 }
    }
    #expect(agreedTrue > 100, "the random blocks must also exercise matches")
}

@Test func aLongBlockDiffShowsOnlyTheChangedLineWithItsNeighbours() {
    let expected = (0..<10_000).map { ExpectedLine.pattern("line \($0)") }
    var actual = (0..<10_000).map { "line \($0)" }
    actual[5_000] = "changed"
    #expect(!OutputMatcher.matches(expected, actual))
    let diff = UnifiedDiff.lines(expected: expected, actual: actual, expectedStart: 1)
    #expect(
        diff.filter { $0.hasPrefix("-") || $0.hasPrefix("+") } == [
            "--- expected", "+++ actual", "-line 5000", "+changed",
        ])
}

/// The pattern matcher, which cuts and searches bytes by hand, agrees with a
/// plain reading of the rule (a piece at the start, each middle piece at
/// its first place after the one before, a piece at the end) on random
/// patterns and lines over a small alphabet, where pieces repeat and overlap.
@Test func aPatternMatchesAsThePlainRuleSaysOnRandomLines() {
    func reference(_ pattern: [UInt8], _ text: [UInt8]) -> Bool {
        let pieces = pattern.split(separator: Array("[..]".utf8), omittingEmptySubsequences: false).map(Array.init)
        guard pieces.count > 1, let first = pieces.first, let last = pieces.last else { return pattern == text }
        guard text.starts(with: first) else { return false }
        var rest = Array(text.dropFirst(first.count))
        for piece in pieces.dropFirst().dropLast() {
            guard
                let found = (0...max(0, rest.count - piece.count)).first(where: {
                    rest.count >= piece.count && Array(rest[$0..<($0 + piece.count)]) == piece
                })
            else { return false }
            rest = Array(rest[(found + piece.count)...])
        }
        return rest.count >= last.count && Array(rest.suffix(last.count)) == last
    }
    var generator = SplitMix64(seed: 60)
    let parts = ["a", "b", "ab", "[..]", "é", "[.", ".]"]
    for _ in 0..<20_000 {
        let pattern = (0..<Int.random(in: 0...6, using: &generator)).map { _ in
            parts[Int.random(in: 0..<parts.count, using: &generator)]
        }.joined()
        let text = (0..<Int.random(in: 0...8, using: &generator)).map { _ in
            parts[Int.random(in: 0..<3, using: &generator)]
        }.joined()
        #expect(
            OutputMatcher.matches(pattern: pattern, text) == reference(Array(pattern.utf8), Array(text.utf8)),
            "\(pattern) ~ \(text)")
    }
}

/// A wildcard pattern of tens of thousands of near-matches is matched in linear time.
@Test func aLongWildcardPatternMatchesInLinearTime() {
    let text = String(repeating: "a", count: 60_000)
    let pattern = ExpectedLine(fileLine: "  [..]" + String(repeating: "a", count: 30_000) + "b[..]")
    let started = ContinuousClock.now
    #expect(!OutputMatcher.matches([pattern], [text]))
    #expect(OutputMatcher.matches([ExpectedLine(fileLine: "  [..]aab[..]")], ["xaaaab!"]))
    #expect(OutputMatcher.matches([ExpectedLine(fileLine: "  x[..]abab[..]!")], ["xabaabab!"]))
    #expect(ContinuousClock.now - started < .seconds(5))
}
