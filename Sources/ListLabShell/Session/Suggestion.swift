/// "Did you mean ...?": the nearest of a few names to a misspelled one.
enum Suggestion {
    /// The candidate nearest to `word` by edit distance, when it is near
    /// enough to be a typo (at most 2 edits, and fewer than the word's
    /// length); ties go to the earlier candidate.
    static func nearest(to word: String, in candidates: [String]) -> String? {
        let limit = min(2, max(1, word.count - 1))
        var best: (name: String, distance: Int)?
        for candidate in candidates {
            // Far longer in bytes is more edits away than a suggestion goes (a name may be 64 KiB).
            guard candidate.utf8.count <= word.utf8.count * 4 + 16 else { continue }
            let distance = editDistance(word.lowercased(), candidate.lowercased())
            if distance <= limit, distance < (best?.distance ?? .max) {
                best = (candidate, distance)
            }
        }
        return best?.name
    }

    /// Levenshtein distance with adjacent transpositions counted as one edit.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[b.count]
    }
}
