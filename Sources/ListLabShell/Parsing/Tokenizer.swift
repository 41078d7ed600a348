import ListLabCore
public import ListLabRecords

/// Splits a command line into tokens: bare words, quoted strings with
/// escapes, `FIELD=VALUE` assignments with typed values (`"FIELD"=VALUE`
/// for a name that is not a bare word), and JSON objects.
///
/// ```swift
/// let tokens = try Tokenizer.tokens(in: #"update 0.2 name="Diana Prince" age=30"#)
/// // word "update", word "0.2", name = .string("Diana Prince"), age = .int(30)
/// ```
///
/// Values are typed as JSON would type them: `42` an int, `4.5` a double,
/// `true` / `false` a bool, `null` null; anything else, or anything quoted,
/// a string. A number keeps its spelling (`1e3`, `1.10`, `-0`, 2^64), as a
/// number read from a file does.
public enum Tokenizer {
    /// The tokens of `line`.
    ///
    /// - Throws: ``ShellError`` with the column of an unterminated quote or
    ///   a bad escape.
    public static func tokens(in line: String) throws(ShellError) -> [Token] {
        // A Unicode scalar at a time: a combining mark is part of the Character before it, so read
        // by Characters, a space, a quote or an '=' followed by one was not itself (a space and an
        // accent were one space, and `x=` after them edited `x`). Columns still count Characters.
        let scalars = Array(line.unicodeScalars)
        let columns = CharacterColumns(of: line)
        func text(_ range: Range<Int>) -> String { string(scalars[range]) }
        var tokens: [Token] = []
        var (lineBytes, byteOffsets): ([UInt8], [Int]) = ([], [])
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar.properties.isWhitespace {
                index += 1
                continue
            }
            let start = index
            if scalar == "\"" || scalar == "'" {
                let (quotedText, end) = try quoted(scalars, from: index, columns: columns)
                if end < scalars.count, scalars[end] == "=" {
                    // "FIELD"=VALUE: a field whose name is not a bare word (a space, a mark first, an escape).
                    let (value, stop) = try assignedValue(scalars, from: end + 1, field: quotedText, columns: columns)
                    tokens.append(
                        Token(
                            kind: .assignment(field: quotedText, value: value), column: columns[start],
                            text: text(start..<stop)))
                    index = stop
                    continue
                }
                tokens.append(Token(kind: .quoted(quotedText), column: columns[start], text: text(start..<end)))
                index = end
                continue
            }
            if scalar == "{" || scalar == "[" {
                // Read in the line's bytes from this scalar's (the rest of the line copied for each
                // '{' made a line of many of them take the square of its length).
                if lineBytes.isEmpty { (lineBytes, byteOffsets) = utf8Offsets(of: line) }
                var reader = JSONReader(bytes: lineBytes, offset: byteOffsets[index], numbersAsWritten: true)
                do throws(JSONError) {
                    let value = try reader.readValue()
                    let consumed = scalarCount(lineBytes, byteOffsets[index]..<reader.offset)
                    tokens.append(
                        Token(kind: .json(value), column: columns[start], text: text(start..<(start + consumed))))
                    index = start + consumed
                    continue
                } catch {
                    let end = wordEnd(scalars, from: index)
                    let word = text(start..<end)
                    let before = scalarCount(
                        lineBytes, byteOffsets[index]..<min(max(error.offset, byteOffsets[index]), lineBytes.count))
                    let column = columns[min(start + before, scalars.count)]
                    tokens.append(
                        Token(
                            kind: .word(word), column: columns[start], text: word,
                            jsonError: "column \(column): \(error.message)"))
                    index = end
                    continue
                }
            }
            // A word, or FIELD=VALUE.
            var end = index
            while end < scalars.count, !scalars[end].properties.isWhitespace, scalars[end] != "=" { end += 1 }
            if end < scalars.count, scalars[end] == "=", end > start, isFieldName(scalars[start..<end]) {
                let field = text(start..<end)
                let (value, stop) = try assignedValue(scalars, from: end + 1, field: field, columns: columns)
                tokens.append(
                    Token(
                        kind: .assignment(field: field, value: value), column: columns[start], text: text(start..<stop))
                )
                index = stop
                continue
            }
            end = wordEnd(scalars, from: index)
            let word = text(start..<end)
            tokens.append(Token(kind: .word(word), column: columns[start], text: word))
            index = end
        }
        return tokens
    }

    /// The value of `FIELD=` whose first scalar is at `valueStart`: quoted
    /// (a string) or bare (typed as JSON would type it), and the index after it.
    private static func assignedValue(
        _ scalars: [Unicode.Scalar], from valueStart: Int, field: String, columns: CharacterColumns
    ) throws(ShellError) -> (Value, Int) {
        guard valueStart < scalars.count, !scalars[valueStart].properties.isWhitespace else {
            throw ShellError(
                .usage("missing value after '\(VisibleText.escaped(field))='"), column: columns[valueStart])
        }
        if scalars[valueStart] == "\"" || scalars[valueStart] == "'" {
            let (quotedText, stop) = try quoted(scalars, from: valueStart, columns: columns)
            return (.string(quotedText), stop)
        }
        let stop = wordEnd(scalars, from: valueStart)
        return (typedValue(string(scalars[valueStart..<stop])), stop)
    }

    /// `line`'s UTF-8 bytes, and where each of its Unicode scalars begins
    /// in them (and one past the end).
    private static func utf8Offsets(of line: String) -> ([UInt8], [Int]) {
        let bytes = Array(line.utf8)
        var offsets = bytes.indices.filter { bytes[$0] & 0xC0 != 0x80 }
        offsets.append(bytes.count)
        return (bytes, offsets)
    }

    /// The number of Unicode scalars that begin in `range` of `bytes` (UTF-8).
    private static func scalarCount(_ bytes: [UInt8], _ range: Range<Int>) -> Int {
        bytes[range].reduce(0) { count, byte in byte & 0xC0 != 0x80 ? count + 1 : count }
    }

    /// The column (counting Characters, from 1) of each of a line's
    /// Unicode scalars, and of one past the end: a mark is in its
    /// Character's column. A line of ASCII without a carriage return (a
    /// command as typed) has a Character per scalar, and no table.
    struct CharacterColumns {
        private let table: [Int]?

        init(of line: String) {
            guard !line.utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) else {
                table = nil
                return
            }
            var columns: [Int] = []
            columns.reserveCapacity(line.unicodeScalars.count + 1)
            var column = 1
            for character in line {
                for _ in character.unicodeScalars { columns.append(column) }
                column += 1
            }
            columns.append(column)
            table = columns
        }

        subscript(scalar: Int) -> Int { table?[scalar] ?? scalar + 1 }
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var text = String.UnicodeScalarView()
        text.append(contentsOf: scalars)
        return String(text)
    }

    /// A bare value typed as JSON would type it, numbers kept as written
    /// (``NumberScanner/valueAsWritten(_:)``): `1e3` is saved as `1e3`, an
    /// integer beyond 64 bits with every digit. What is not a number as JSON
    /// writes one (`007`, `+5`, `inf`) is text.
    public static func typedValue(_ raw: String) -> Value {
        switch raw {
        case "true": return .bool(true)
        case "false": return .bool(false)
        case "null": return .null
        default: return NumberScanner.valueAsWritten(raw) ?? .string(raw)
        }
    }

    /// Whether `name` is written bare before `=` (else it is written in
    /// quotes, `"NAME"=`).
    static func isBareFieldName(_ name: String) -> Bool {
        isFieldName(Array(name.unicodeScalars)[...])
    }

    /// `name` as it is typed before `=`: bare, or in quotes (`"a b"`,
    /// `""`), a quote or backslash in it after a backslash; for messages
    /// that name a field, so that `updated 0: "a=b" = 7` reads as typed.
    static func typedFieldName(_ name: String) -> String {
        guard !isBareFieldName(name) else { return name }
        var typed = "\""
        for character in name {
            if character == "\"" || character == "\\" { typed.append("\\") }
            typed.append(character)
        }
        return typed + "\""
    }

    /// Whether `scalars` spell a field name: a letter, `_` or `*`, then
    /// letters, digits, marks (an accent written as its own scalar) and `_ - . *`.
    private static func isFieldName(_ scalars: ArraySlice<Unicode.Scalar>) -> Bool {
        guard let first = scalars.first, first.properties.isAlphabetic || first == "_" || first == "*" else {
            return false
        }
        return scalars.allSatisfy { scalar in
            let properties = scalar.properties
            switch properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default:
                return properties.isAlphabetic || properties.numericType != nil
                    || "_-.*".unicodeScalars.contains(scalar)
            }
        }
    }

    /// The number that 1 to 8 hexadecimal digits spell, or nil (`UInt32(_:radix:)` takes a sign too:
    /// `\u+0e9` and `\u-000` were read as escapes).
    private static func hexValue(_ digits: ArraySlice<Unicode.Scalar>) -> UInt32? {
        guard (1...8).contains(digits.count), digits.allSatisfy({ $0.properties.isASCIIHexDigit }) else { return nil }
        return UInt32(string(digits), radix: 16)
    }

    private static func wordEnd(_ scalars: [Unicode.Scalar], from index: Int) -> Int {
        var end = index
        while end < scalars.count, !scalars[end].properties.isWhitespace { end += 1 }
        return end
    }

    /// A quoted string starting at `index`: its text and the index after
    /// the closing quote.
    private static func quoted(_ scalars: [Unicode.Scalar], from index: Int, columns: CharacterColumns)
        throws(ShellError) -> (String, Int)
    {
        let quote = scalars[index]
        var text = String.UnicodeScalarView()
        var position = index + 1
        let badUnicodeEscape = "bad escape: write \\u{HEX} or \\uXXXX, like \\u{e9} or \\u00e9"
        while position < scalars.count {
            let scalar = scalars[position]
            if scalar == quote { return (String(text), position + 1) }
            if scalar == "\\" {
                guard position + 1 < scalars.count else { break }
                let escaped = scalars[position + 1]
                switch escaped {
                case "n": text.append("\n")
                case "r": text.append("\r")
                case "t": text.append("\t")
                case "\\", "\"", "'": text.append(escaped)
                case "u" where position + 5 < scalars.count && scalars[position + 2] != "{":
                    // JSON's form, \u001b, as ListLab prints a control character.
                    guard let code = hexValue(scalars[(position + 2)...(position + 5)]),
                        let decoded = Unicode.Scalar(code)
                    else {
                        throw ShellError(.usage(badUnicodeEscape), column: columns[position])
                    }
                    text.append(decoded)
                    position += 6
                    continue
                case "u":
                    guard position + 2 < scalars.count, scalars[position + 2] == "{",
                        let close = scalars[(position + 3)...].firstIndex(of: "}"),
                        let code = hexValue(scalars[(position + 3)..<close]),
                        let decoded = Unicode.Scalar(code)
                    else {
                        throw ShellError(.usage(badUnicodeEscape), column: columns[position])
                    }
                    text.append(decoded)
                    position = close + 1
                    continue
                default:
                    throw ShellError(
                        .usage("unknown escape '\\\(escaped)' (use \\n, \\r, \\t, \\\\, \\\", \\' or \\u{HEX})"),
                        column: columns[position])
                }
                position += 2
                continue
            }
            text.append(scalar)
            position += 1
        }
        throw ShellError(.usage("unterminated quoted string"), column: columns[index])
    }
}
