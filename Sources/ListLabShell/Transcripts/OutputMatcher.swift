/// Matches actual output against a transcript's expected output, with its
/// wildcards: `[..]` for any text within a line, `...` for any number of lines.
public enum OutputMatcher {
    /// Whether `actual` matches `expected` as a whole.
    ///
    /// The expected lines are runs of single-line matchers separated by
    /// `...` lines. The first run must match the start of `actual` and the
    /// last its end; each run between is matched where it first fits. For
    /// glob-like patterns, whose only variable part is `...`, taking the
    /// first fit is never wrong: a later fit leaves less room for the runs
    /// after it, never more.
    ///
    /// - Complexity: O(*a*) line comparisons for a block without `...`;
    ///   with them, O(*a* × *k*) at worst for a run of *k* lines, never a
    ///   table of every pair of lines.
    public static func matches(_ expected: [ExpectedLine], _ actual: [String]) -> Bool {
        var runs: [ArraySlice<ExpectedLine>] = []
        var start = expected.startIndex
        for index in expected.indices where expected[index] == .anyLines {
            runs.append(expected[start..<index])
            start = index + 1
        }
        runs.append(expected[start...])
        guard runs.count > 1, let first = runs.first, let last = runs.last else {
            return expected.count == actual.count && zip(expected, actual).allSatisfy { line($0, matches: $1) }
        }
        // The first run at the start, the last at the end, not overlapping.
        guard first.count + last.count <= actual.count, run(first, matchesAt: 0, in: actual),
            run(last, matchesAt: actual.count - last.count, in: actual)
        else { return false }
        var position = first.count
        let end = actual.count - last.count
        for middle in runs.dropFirst().dropLast() where !middle.isEmpty {
            var found: Int?
            var candidate = position
            while candidate + middle.count <= end {
                if run(middle, matchesAt: candidate, in: actual) {
                    found = candidate
                    break
                }
                candidate += 1
            }
            guard let found else { return false }
            position = found + middle.count
        }
        return true
    }

    /// Whether the lines of `run` match `actual` from `offset` on.
    private static func run(_ run: ArraySlice<ExpectedLine>, matchesAt offset: Int, in actual: [String]) -> Bool {
        var position = offset
        for expected in run {
            guard position < actual.count, line(expected, matches: actual[position]) else { return false }
            position += 1
        }
        return true
    }

    /// Whether one expected line matches one actual line (`...` matches none
    /// on its own).
    public static func line(_ expected: ExpectedLine, matches actual: String) -> Bool {
        switch expected {
        case .anyLines: false
        case .literal(let text): text.utf8.elementsEqual(actual.utf8)
        case .pattern(let pattern): matches(pattern: pattern, actual)
        }
    }

    /// Whether `text` matches `pattern`, in which `[..]` stands for any
    /// text, byte for byte: `String ==` would take `é` written as one scalar
    /// and as `e` and an accent for one text, and a transcript pins which
    /// one is printed.
    public static func matches(pattern: String, _ text: String) -> Bool {
        // Cut and searched in the bytes by hand: the standard library's generic split and
        // firstRange(of:) over byte arrays were most of a 10,000-line block's replay.
        let pattern = Array(pattern.utf8)
        let text = Array(text.utf8)
        let wildcard = Array("[..]".utf8)
        var pieces: [Range<Int>] = []
        var start = 0
        var position = 0
        while let found = firstOffset(of: wildcard, in: pattern, from: position) {
            pieces.append(start..<found)
            start = found + wildcard.count
            position = start
        }
        pieces.append(start..<pattern.count)
        guard pieces.count > 1, let first = pieces.first, let last = pieces.last else { return pattern == text }
        guard text.count >= first.count, text[0..<first.count].elementsEqual(pattern[first]) else { return false }
        var rest = first.count
        for piece in pieces.dropFirst().dropLast() {
            guard let found = firstOffset(of: Array(pattern[piece]), in: text, from: rest) else { return false }
            rest = found + piece.count
        }
        return text.count - rest >= last.count && text[(text.count - last.count)...].elementsEqual(pattern[last])
    }

    /// Where `target` first begins in `bytes` at or after `start`, or nil.
    /// Knuth–Morris–Pratt: linear in both, where a naive search took the
    /// product (a transcript of 90 KB held `listlab test` for a minute).
    private static func firstOffset(of target: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        guard !target.isEmpty else { return start <= bytes.count ? start : nil }
        guard bytes.count >= target.count, start <= bytes.count - target.count else { return nil }
        // fallback[i]: the length of the longest proper prefix of target[0...i] that is also its suffix.
        var fallback = [Int](repeating: 0, count: target.count)
        var length = 0
        for index in 1..<target.count {
            while length > 0, target[index] != target[length] { length = fallback[length - 1] }
            if target[index] == target[length] { length += 1 }
            fallback[index] = length
        }
        var matched = 0
        for offset in start..<bytes.count {
            while matched > 0, bytes[offset] != target[matched] { matched = fallback[matched - 1] }
            if bytes[offset] == target[matched] { matched += 1 }
            if matched == target.count { return offset - target.count + 1 }
        }
        return nil
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
