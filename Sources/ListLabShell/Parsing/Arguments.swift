public import ListLabCore
public import ListLabRecords

/// The arguments of one command, read in order by the command: each reader
/// consumes a token or throws a ``ShellError`` that names what was expected
/// and where.
public struct Arguments {
    /// The command's name, for messages.
    public let command: String
    /// How to write the command, for messages (`select PATH`).
    public let usage: String
    private let tokens: [Token]
    private var index = 0
    /// The column just after the line, for "missing" errors.
    private let endColumn: Int
    /// Whether a row must be written with its section (`0.2`, not `2`):
    /// under a diffable data source, where a bare number names an
    /// identifier (`snapshot reloadItems 2`).
    public var pathsNeedSection = false

    /// Creates a reader of `tokens`, the arguments after the command name.
    public init(command: String, usage: String, tokens: [Token], endColumn: Int) {
        self.command = command
        self.usage = usage
        self.tokens = tokens
        self.endColumn = endColumn
    }

    /// True when every argument has been read.
    public var isAtEnd: Bool { index >= tokens.count }

    /// The next token, without reading it.
    public var peek: Token? { index < tokens.count ? tokens[index] : nil }

    /// The next token's plain text, lowercased, without reading it.
    public var peekWord: String? {
        guard let peek, case .word(let text) = peek.kind else { return nil }
        return text.lowercased()
    }

    /// Reads the next token.
    public mutating func next() -> Token? {
        defer { index += 1 }
        return peek
    }

    /// Reads the next token when it is the word `keyword` (any case).
    public mutating func take(_ keyword: String) -> Bool {
        guard peekWord == keyword.lowercased() else { return false }
        index += 1
        return true
    }

    /// Reads a required word or quoted string, described as `what`.
    public mutating func string(_ what: String) throws(ShellError) -> String {
        guard let token = next() else { throw missing(what) }
        guard let text = token.stringValue else {
            throw ShellError(.expected(what, found: token.text), column: token.column)
        }
        return text
    }

    /// Reads a required word that must be one of `choices`.
    public mutating func choice(_ what: String, _ choices: [String]) throws(ShellError) -> String {
        guard let token = next() else { throw missing(what) }
        guard let text = token.stringValue?.lowercased(), choices.contains(text) else {
            throw ShellError(
                .expected(choices.map { "'\($0)'" }.joined(separator: " or "), found: token.text), column: token.column)
        }
        return text
    }

    /// Reads a required path.
    public mutating func path() throws(ShellError) -> ItemPath {
        guard let token = next() else { throw missing("a PATH") }
        guard case .word(let text) = token.kind else {
            throw ShellError(.expected("a PATH", found: token.text), column: token.column)
        }
        try checkNotAnOption(text, column: token.column)
        try checkSection(text, column: token.column)
        return try PathRange.path(text, column: token.column)
    }

    /// Throws for a row without its section where ``pathsNeedSection``.
    private func checkSection(_ text: String, column: Int) throws(ShellError) {
        guard pathsNeedSection, let first = text.first, first.isNumber,
            !text.prefix(while: { $0 != "-" }).contains(".")
        else { return }
        let number = text.prefix { $0.isNumber }
        throw ShellError(
            .usage(
                "'\(text)': under a diffable data source a row is written with its section (0.\(number), not "
                    + "\(number)): a bare number names an identifier, as in 'snapshot reloadItems \(number)'"
            ),
            column: column)
    }

    /// Reads a required path or range.
    public mutating func range() throws(ShellError) -> PathRange {
        guard let token = next() else { throw missing("a PATH or RANGE") }
        guard case .word(let text) = token.kind else {
            throw ShellError(.expected("a PATH or RANGE", found: token.text), column: token.column)
        }
        try checkNotAnOption(text, column: token.column)
        try checkSection(text, column: token.column)
        return try PathRange.parse(text, column: token.column)
    }

    /// Reads a required whole number in `bounds`.
    public mutating func integer(_ what: String, in bounds: ClosedRange<Int>) throws(ShellError) -> Int {
        guard let token = next() else { throw missing(what) }
        guard case .word(let text) = token.kind, text.allSatisfy({ $0.isNumber || $0 == "-" || $0 == "+" }),
            text.contains(where: \.isNumber)
        else {
            throw ShellError(.expected("\(what) (a whole number)", found: token.text), column: token.column)
        }
        guard let number = Int(text), bounds.contains(number) else {
            throw ShellError(.outOfBounds(what, bounds: bounds, found: text), column: token.column)
        }
        return number
    }

    /// Reads every remaining `FIELD=VALUE`.
    ///
    /// - Throws: ``ShellError`` at the first token that is not one, or for a
    ///   field named twice.
    public mutating func assignments() throws(ShellError) -> [(field: String, value: Value, column: Int)] {
        var result: [(field: String, value: Value, column: Int)] = []
        while let token = next() {
            guard case .assignment(let field, let value) = token.kind else {
                throw ShellError(.expected("FIELD=VALUE", found: token.text), column: token.column)
            }
            if result.contains(where: { $0.field == field }) {
                throw ShellError(.usage("the field '\(field)' is set twice"), column: token.column)
            }
            result.append((field, value, token.column))
        }
        return result
    }

    /// Reads every remaining argument as one of the flags `allowed` (any
    /// order), and returns those given.
    ///
    /// - Throws: ``ShellError`` for anything else, as ``expectEnd()`` does.
    public mutating func flags(_ allowed: [String]) throws(ShellError) -> [String] {
        var given: [String] = []
        while !isAtEnd {
            guard let flag = allowed.first(where: { take($0) }) else {
                try expectEnd()
                break
            }
            given.append(flag)
        }
        return given
    }

    /// Throws unless every argument has been read.
    public func expectEnd() throws(ShellError) {
        guard let token = peek else { return }
        if case .word(let text) = token.kind { try checkNotAnOption(text, column: token.column) }
        throw ShellError(.unexpected(token.text, usage: usage), column: token.column)
    }

    /// Throws for a word that reads as an option (`--xml`) where the command
    /// takes no such option: it is an unknown option, not a bad value.
    func checkNotAnOption(_ text: String, column: Int) throws(ShellError) {
        guard text.hasPrefix("--") else { return }
        throw ShellError(.unknownOption(text, command: command, usage: usage), column: column)
    }

    /// The error for a missing argument.
    public func missing(_ what: String) -> ShellError {
        ShellError(.missing(what, command: command, usage: usage), column: endColumn)
    }
}
