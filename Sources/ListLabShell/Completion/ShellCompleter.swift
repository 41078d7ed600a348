/// What TAB offers at the prompt: command names, then what the command's
/// own ``Command/completes`` offers for its arguments (options, sample and
/// provider names, field names of the data shown, file paths).
public struct ShellCompleter {
    /// The partial word before the cursor and the words that could finish it.
    public struct Candidates: Hashable, Sendable {
        /// The partial word.
        public var word: String
        /// Whole words starting with `word`, sorted.
        public var words: [String]
    }

    private let session: Session

    /// Creates a completer for `session`.
    public init(session: Session) {
        self.session = session
    }

    /// The candidates for the word that ends `line` (the line up to the cursor).
    public func candidates(for line: String) -> Candidates {
        let endsInSpace = line.last?.isWhitespace ?? true
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        let word = endsInSpace ? "" : words.last ?? ""
        let previous = endsInSpace ? words : Array(words.dropLast())
        let options: [String]
        if let name = previous.first {
            let context = CompletionContext(arguments: Array(previous.dropFirst()), word: word, session: session)
            options = Session.command(named: name.lowercased())?.completes(context) ?? []
        } else {
            options = Session.commandNames
        }
        let matches = Set(options.filter { $0.hasPrefix(word) }).sorted()
        return Candidates(word: word, words: matches)
    }
}
