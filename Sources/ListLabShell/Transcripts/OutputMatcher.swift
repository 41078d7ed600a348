/// Matches actual output against a transcript's expected output, with its
/// wildcards: `[..]` for any text within a line, `...` for any number of lines.
public enum OutputMatcher {
    /// Whether `actual` matches `expected` as a whole.
    ///
    /// - Complexity: O(*e* × *a*) line comparisons at worst (a table of
    ///   which suffixes match), so many `...` lines cannot blow up.
    public static func matches(_ expected: [ExpectedLine], _ actual: [String]) -> Bool {
        // matched[i][j]: expected[i...] matches actual[j...].
        var matched = [[Bool]](repeating: [Bool](repeating: false, count: actual.count + 1), count: expected.count + 1)
        matched[expected.count][actual.count] = true
        for i in stride(from: expected.count - 1, through: 0, by: -1) {
            for j in stride(from: actual.count, through: 0, by: -1) {
                switch expected[i] {
                case .anyLines:
                    matched[i][j] = matched[i + 1][j] || (j < actual.count && matched[i][j + 1])
                default:
                    matched[i][j] = j < actual.count && line(expected[i], matches: actual[j]) && matched[i + 1][j + 1]
                }
            }
        }
        return matched[0][0]
    }

    /// Whether one expected line matches one actual line (`...` matches none
    /// on its own).
    public static func line(_ expected: ExpectedLine, matches actual: String) -> Bool {
        switch expected {
        case .anyLines: false
        case .literal(let text): text == actual
        case .pattern(let pattern): matches(pattern: pattern, actual)
        }
    }

    /// Whether `text` matches `pattern`, in which `[..]` stands for any text.
    public static func matches(pattern: String, _ text: String) -> Bool {
        let pieces = pattern.components(separatedBy: "[..]")
        guard pieces.count > 1 else { return pattern == text }
        guard let first = pieces.first, let last = pieces.last, text.hasPrefix(first) else { return false }
        var rest = text.dropFirst(first.count)
        for piece in pieces.dropFirst().dropLast() {
            guard let found = rest.range(of: piece) else { return false }
            rest = rest[found.upperBound...]
        }
        return rest.count >= last.count && rest.hasSuffix(last)
    }
}

extension String {
    /// The string cut at every `separator` (the standard library has no
    /// such split by a string without Foundation).
    func components(separatedBy separator: String) -> [String] {
        var pieces: [String] = []
        var rest = Substring(self)
        while let found = rest.range(of: separator) {
            pieces.append(String(rest[..<found.lowerBound]))
            rest = rest[found.upperBound...]
        }
        pieces.append(String(rest))
        return pieces
    }
}

extension Substring {
    /// The first range of `target` in the substring.
    func range(of target: String) -> Range<Index>? {
        guard !target.isEmpty else { return startIndex..<startIndex }
        var start = startIndex
        while start < endIndex {
            if self[start...].hasPrefix(target) {
                return start..<index(start, offsetBy: target.count)
            }
            start = index(after: start)
        }
        return nil
    }
}
