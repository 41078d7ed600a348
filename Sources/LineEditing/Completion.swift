/// What TAB can complete: the partial word before the cursor, and the
/// words that could finish it.
///
/// ```swift
/// let completion = Completion(word: "sel", candidates: ["select"])
/// ```
public struct Completion: Hashable, Sendable {
    /// The partial word the cursor is at the end of.
    public var word: String
    /// The whole words that could take the place of `word`, in the order to
    /// list them: most start with it; one that does not (`"my file.csv"` for
    /// `my`, a name that needs quotes) replaces it.
    public var candidates: [String]

    /// Creates a completion.
    public init(word: String, candidates: [String]) {
        self.word = word
        self.candidates = candidates
    }

    /// The longest prefix all `words` share, by characters.
    public static func commonPrefix(of words: [String]) -> String {
        guard let first = words.first else { return "" }
        var prefix = Substring(first)
        for word in words.dropFirst() {
            while !word.hasPrefix(prefix) { prefix.removeLast() }
        }
        return String(prefix)
    }

    /// `words` laid out in columns no wider than `width`, one line per row,
    /// each line ending in a line break.
    public static func columns(_ words: [String], width: Int) -> String {
        let cell = (words.map(\.count).max() ?? 0) + 2
        let perRow = max(1, width / max(1, cell))
        var text = ""
        for (index, word) in words.enumerated() {
            let isLast = index % perRow == perRow - 1 || index == words.count - 1
            text += isLast ? word + "\n" : word + String(repeating: " ", count: cell - word.count)
        }
        return text
    }
}
