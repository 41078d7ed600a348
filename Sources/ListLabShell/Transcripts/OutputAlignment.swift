/// How a block's expected lines line up with the lines a command printed:
/// the longest run of lines in common, wildcard lines counted as equal to
/// what they match. The unified diff of a failure prints it; `--update`
/// keeps the expected lines it finds in common.
enum OutputAlignment {
    /// One step through both blocks.
    enum Step: Equatable {
        /// `expected[e]` matches `actual[a]`.
        case same(expected: Int, actual: Int)
        /// `expected[e]` matches nothing.
        case removed(expected: Int)
        /// `actual[a]` is matched by nothing.
        case added(actual: Int)
    }

    /// The most cells of the table of common lines (16 MB of it).
    static let tableBound = 2_000_000

    /// The steps, in order.
    ///
    /// - Complexity: O(*e* + *a*) to find the lines that match at both
    ///   ends, then O(*m* × *n*) for the *m* and *n* lines between them, up
    ///   to a bound past which the lines between are removed and added
    ///   without a search for what they share (a table of every pair of
    ///   lines grows with the square of a block's length).
    static func steps(expected: [ExpectedLine], actual: [String]) -> [Step] {
        let e = expected.count
        let a = actual.count
        var head = 0
        while head < e, head < a, OutputMatcher.line(expected[head], matches: actual[head]) { head += 1 }
        var tail = 0
        while tail < e - head, tail < a - head,
            OutputMatcher.line(expected[e - 1 - tail], matches: actual[a - 1 - tail])
        { tail += 1 }
        var steps = (0..<head).map { Step.same(expected: $0, actual: $0) }
        steps += middle(expected, actual, expectedRange: head..<(e - tail), actualRange: head..<(a - tail))
        steps += (0..<tail).reversed().map { Step.same(expected: e - 1 - $0, actual: a - 1 - $0) }
        return steps
    }

    /// The steps through the lines between the matching head and tail.
    private static func middle(
        _ expected: [ExpectedLine], _ actual: [String], expectedRange: Range<Int>, actualRange: Range<Int>
    ) -> [Step] {
        let e = expectedRange.count
        let a = actualRange.count
        guard (e + 1) * (a + 1) <= tableBound else {
            return expectedRange.map { Step.removed(expected: $0) } + actualRange.map { Step.added(actual: $0) }
        }
        func matches(_ i: Int, _ j: Int) -> Bool {
            OutputMatcher.line(expected[expectedRange.lowerBound + i], matches: actual[actualRange.lowerBound + j])
        }
        // common[i][j]: the longest common subsequence of expected[i...] and actual[j...].
        var common = [[Int]](repeating: [Int](repeating: 0, count: a + 1), count: e + 1)
        for i in stride(from: e - 1, through: 0, by: -1) {
            for j in stride(from: a - 1, through: 0, by: -1) {
                common[i][j] = matches(i, j) ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var steps: [Step] = []
        var i = 0
        var j = 0
        while i < e || j < a {
            if i < e, j < a, matches(i, j) {
                steps.append(.same(expected: expectedRange.lowerBound + i, actual: actualRange.lowerBound + j))
                i += 1
                j += 1
            } else if i < e, j == a || common[i + 1][j] >= common[i][j + 1] {
                steps.append(.removed(expected: expectedRange.lowerBound + i))
                i += 1
            } else {
                steps.append(.added(actual: actualRange.lowerBound + j))
                j += 1
            }
        }
        return steps
    }

    /// The expected lines `--update` writes for a block that printed
    /// `actual`: the expected lines that still match, wildcards included,
    /// kept as they were; the other actual lines as printed, except that a
    /// `...` among lines that differ keeps standing for the lines between
    /// the ones that took the places of the lines before and after it. When
    /// that would not match `actual`, the actual lines alone.
    static func updatedExpectation(expected: [ExpectedLine], actual: [String]) -> [ExpectedLine] {
        let plain = Transcript.expectedLines(for: actual)
        var result: [ExpectedLine] = []
        // Between two matching lines: the expected lines removed before the
        // first `...` and after it (nil without one), and the lines added.
        var removedBefore = 0
        var removedAfter: Int?
        var added: [ExpectedLine] = []
        func closeGap() {
            if let after = removedAfter, added.count >= removedBefore + after {
                result += added.prefix(removedBefore)
                result.append(.anyLines)
                result += added.suffix(after)
            } else {
                result += added
            }
            (removedBefore, removedAfter, added) = (0, nil, [])
        }
        for step in steps(expected: expected, actual: actual) {
            switch step {
            case .same(let e, _):
                closeGap()
                result.append(expected[e])
            case .removed(let e):
                if expected[e] == .anyLines, removedAfter == nil {
                    removedAfter = 0
                } else if expected[e] != .anyLines {
                    if let after = removedAfter { removedAfter = after + 1 } else { removedBefore += 1 }
                }
            case .added(let a):
                added.append(plain[a])
            }
        }
        closeGap()
        return OutputMatcher.matches(result, actual) ? result : plain
    }
}
