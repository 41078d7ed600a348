import ListLabCore

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
    ///
    /// Words are split as the tokenizer splits them: a quoted word may hold
    /// spaces. A candidate that needs quotes (a space, a quote, a backslash)
    /// comes quoted, and so does every candidate once the word being typed
    /// opens a quote; a folder's quote stays open, so that TAB can go on.
    public func candidates(for line: String) -> Candidates {
        let (previous, word) = Self.words(of: line)
        let options: [String]
        if let name = previous.first {
            let context = CompletionContext(
                arguments: Array(previous.dropFirst()), word: word.text, workspace: session.workspace,
                presentation: session.presentation)
            options = Command.command(named: name.lowercased())?.completes(context) ?? []
        } else {
            options = Command.names
        }
        let matches = Set(options.filter { $0.hasPrefix(word.text) }).sorted()
        return Candidates(word: word.raw, words: matches.map { Self.typed($0, quote: word.quote) })
    }

    /// The whole words before the last one (unquoted), and the last one: as
    /// typed, unquoted, and the quote it opens, if any.
    static func words(of line: String) -> (previous: [String], last: (raw: String, text: String, quote: Character?)) {
        var words: [(raw: String, text: String, quote: Character?)] = []
        var current: (raw: String, text: String, quote: Character?)?
        var quote: Unicode.Scalar?
        var escaped = false
        // A Unicode scalar at a time, as the tokenizer reads the line: a mark after a space starts a word.
        for scalar in line.unicodeScalars {
            if var word = current {
                word.raw.unicodeScalars.append(scalar)
                if escaped {
                    word.text.unicodeScalars.append(scalar)
                    escaped = false
                } else if quote != nil, scalar == "\\" {
                    escaped = true
                } else if scalar == quote {
                    quote = nil
                } else if quote == nil, scalar == "\"" || scalar == "'" {
                    // A quote inside a word (`name="Diana Prince"`) holds spaces too.
                    quote = scalar
                } else if quote == nil, scalar.properties.isWhitespace {
                    word.raw.unicodeScalars.removeLast()
                    words.append(word)
                    current = nil
                    continue
                } else {
                    word.text.unicodeScalars.append(scalar)
                }
                current = word
            } else if !scalar.properties.isWhitespace {
                let opensQuote = scalar == "\"" || scalar == "'"
                if opensQuote { quote = scalar }
                current = (String(scalar), opensQuote ? "" : String(scalar), opensQuote ? Character(scalar) : nil)
            }
        }
        return (words.map(\.text), current ?? ("", "", nil))
    }

    /// `candidate` as it is typed: in quotes (with `\` before the quote or
    /// a backslash) when it needs them or the word already opened a quote
    /// (that quote, else `"`); a folder (ending in `/`) leaves its quote open.
    /// A control character (a field name can hold one) is written as the
    /// escape the tokenizer reads back (`\u001b`), never as itself.
    static func typed(_ candidate: String, quote: Character?) -> String {
        // A field to assign (`NAME=`) whose name is not a bare word (`a=b`, `1st`, a space or a mark in
        // it) is typed `"NAME"=`, as the tokenizer reads it: typed bare, `a=b=7` set the field `a`.
        if candidate.hasSuffix("="), candidate.count > 1 {
            let name = String(candidate.dropLast())
            if quote != nil || !Tokenizer.isBareFieldName(name) { return quoted(name, with: quote ?? "\"") + "=" }
        }
        let needsQuotes =
            !VisibleText.isSafe(candidate)
            || candidate.contains { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "\\" }
        guard quote != nil || needsQuotes else { return candidate }
        let text = quoted(candidate, with: quote ?? "\"")
        return candidate.hasSuffix("/") ? String(text.dropLast()) : text
    }

    /// `text` in `mark` quotes, `\` before the quote or a backslash, a
    /// control character as the escape the tokenizer reads back.
    private static func quoted(_ text: String, with mark: Character) -> String {
        let isSafe = VisibleText.isSafe(text)
        var quoted = String(mark)
        for character in text {
            if character == mark || character == "\\" { quoted.append("\\") }
            if isSafe { quoted.append(character) } else { quoted += VisibleText.escaped(String(character)) }
        }
        return quoted + String(mark)
    }
}
