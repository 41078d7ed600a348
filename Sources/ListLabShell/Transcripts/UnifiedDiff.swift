/// A unified diff of a block's expected and actual output, as `diff -u`
/// prints it, with wildcard lines counted as equal to what they match.
public enum UnifiedDiff {
    /// The diff, one hunk for the whole block.
    ///
    /// - Parameters:
    ///   - expected: The expected lines.
    ///   - actual: The actual lines.
    ///   - expectedStart: The file line (from 1) of the first expected line.
    /// - Returns: Lines, starting with `--- expected` and `+++ actual`.
    /// - Complexity: O(*e* + *a*) to find the lines that match at both
    ///   ends, then O(*m* × *n*) for the *m* and *n* lines between them, up
    ///   to a bound past which the lines between are shown as removed and
    ///   added without a search for what they share (a table of every pair
    ///   of a 10,000-line block took 162 s and 800 MB).
    public static func lines(expected: [ExpectedLine], actual: [String], expectedStart: Int) -> [String] {
        let e = expected.count
        let a = actual.count
        var head = 0
        while head < e, head < a, OutputMatcher.line(expected[head], matches: actual[head]) { head += 1 }
        var tail = 0
        while tail < e - head, tail < a - head, OutputMatcher.line(expected[e - 1 - tail], matches: actual[a - 1 - tail]) { tail += 1 }
        var body = actual[..<head].map { " " + $0 }
        body += middle(Array(expected[head..<(e - tail)]), Array(actual[head..<(a - tail)]))
        body += actual[(a - tail)...].map { " " + $0 }
        return ["--- expected", "+++ actual", "@@ -\(expectedStart),\(e) +1,\(a) @@"] + body
    }

    /// The most cells of the table of common lines (16 MB of it).
    static let tableBound = 2_000_000

    /// The diff of the lines between the matching head and tail.
    private static func middle(_ expected: [ExpectedLine], _ actual: [String]) -> [String] {
        let e = expected.count
        let a = actual.count
        guard (e + 1) * (a + 1) <= tableBound else {
            return expected.map { "-" + $0.text } + actual.map { "+" + $0 }
        }
        // common[i][j]: the longest common subsequence of expected[i...] and actual[j...].
        var common = [[Int]](repeating: [Int](repeating: 0, count: a + 1), count: e + 1)
        for i in stride(from: e - 1, through: 0, by: -1) {
            for j in stride(from: a - 1, through: 0, by: -1) {
                common[i][j] = OutputMatcher.line(expected[i], matches: actual[j])
                    ? common[i + 1][j + 1] + 1 : max(common[i + 1][j], common[i][j + 1])
            }
        }
        var body: [String] = []
        var i = 0
        var j = 0
        while i < e || j < a {
            if i < e, j < a, OutputMatcher.line(expected[i], matches: actual[j]) {
                body.append(" " + actual[j])
                i += 1
                j += 1
            } else if i < e, j == a || common[i + 1][j] >= common[i][j + 1] {
                body.append("-" + expected[i].text)
                i += 1
            } else {
                body.append("+" + actual[j])
                j += 1
            }
        }
        return body
    }
}
