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
    /// - Complexity: That of aligning the lines: linear in the lines that
    ///   match at both ends, bounded between them (see `OutputAlignment`).
    public static func lines(expected: [ExpectedLine], actual: [String], expectedStart: Int) -> [String] {
        let body = OutputAlignment.steps(expected: expected, actual: actual).map { step in
            switch step {
            case .same(_, let a): " " + actual[a]
            case .removed(let e): "-" + expected[e].text
            case .added(let a): "+" + actual[a]
            }
        }
        return ["--- expected", "+++ actual", "@@ -\(expectedStart),\(expected.count) +1,\(actual.count) @@"] + body
    }
}
