public import ListLabRecords

/// Splits a command line into tokens: bare words, quoted strings with
/// escapes, `FIELD=VALUE` assignments with typed values, and JSON objects.
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
        let characters = Array(line)
        var tokens: [Token] = []
        var index = 0
        while index < characters.count {
            let character = characters[index]
            if character.isWhitespace {
                index += 1
                continue
            }
            let start = index
            if character == "\"" || character == "'" {
                let (text, end) = try quoted(characters, from: index)
                tokens.append(Token(kind: .quoted(text), column: start + 1, text: String(characters[start..<end])))
                index = end
                continue
            }
            if character == "{" || character == "[" {
                let rest = String(characters[index...])
                var reader = JSONReader(rest, numbersAsWritten: true)
                do throws(JSONError) {
                    let value = try reader.readValue()
                    let consumed = String(decoding: Array(rest.utf8)[..<reader.offset], as: UTF8.self).count
                    tokens.append(Token(kind: .json(value), column: start + 1, text: String(characters[start..<(start + consumed)])))
                    index = start + consumed
                    continue
                } catch {
                    let end = wordEnd(characters, from: index)
                    let text = String(characters[start..<end])
                    let column = start + String(decoding: Array(rest.utf8)[..<min(error.offset, rest.utf8.count)], as: UTF8.self).count + 1
                    tokens.append(Token(kind: .word(text), column: start + 1, text: text, jsonError: "column \(column): \(error.message)"))
                    index = end
                    continue
                }
            }
            // A word, or FIELD=VALUE.
            var end = index
            while end < characters.count, !characters[end].isWhitespace, characters[end] != "=" { end += 1 }
            if end < characters.count, characters[end] == "=", end > start, isFieldName(characters[start..<end]) {
                let field = String(characters[start..<end])
                let valueStart = end + 1
                guard valueStart < characters.count, !characters[valueStart].isWhitespace else {
                    throw ShellError("missing value after '\(field)='", column: valueStart + 1)
                }
                if characters[valueStart] == "\"" || characters[valueStart] == "'" {
                    let (text, stop) = try quoted(characters, from: valueStart)
                    tokens.append(Token(kind: .assignment(field: field, value: .string(text)), column: start + 1, text: String(characters[start..<stop])))
                    index = stop
                } else {
                    let stop = wordEnd(characters, from: valueStart)
                    let raw = String(characters[valueStart..<stop])
                    tokens.append(Token(kind: .assignment(field: field, value: typedValue(raw)), column: start + 1, text: String(characters[start..<stop])))
                    index = stop
                }
                continue
            }
            end = wordEnd(characters, from: index)
            let text = String(characters[start..<end])
            tokens.append(Token(kind: .word(text), column: start + 1, text: text))
            index = end
        }
        return tokens
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

    private static func isFieldName(_ characters: ArraySlice<Character>) -> Bool {
        guard let first = characters.first, first.isLetter || first == "_" || first == "*" else { return false }
        return characters.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" || $0 == "-" || $0 == "." || $0 == "*" }
    }

    private static func wordEnd(_ characters: [Character], from index: Int) -> Int {
        var end = index
        while end < characters.count, !characters[end].isWhitespace { end += 1 }
        return end
    }

    /// A quoted string starting at `index`: its text and the index after
    /// the closing quote.
    private static func quoted(_ characters: [Character], from index: Int) throws(ShellError) -> (String, Int) {
        let quote = characters[index]
        var text = ""
        var position = index + 1
        while position < characters.count {
            let character = characters[position]
            if character == quote { return (text, position + 1) }
            if character == "\\" {
                guard position + 1 < characters.count else { break }
                let escaped = characters[position + 1]
                switch escaped {
                case "n": text.append("\n")
                case "r": text.append("\r")
                case "t": text.append("\t")
                case "\\", "\"", "'": text.append(escaped)
                case "u" where position + 5 < characters.count && characters[position + 2] != "{":
                    // JSON's form, \u001b, as ListLab prints a control character.
                    guard let code = UInt32(String(characters[(position + 2)...(position + 5)]), radix: 16),
                        let scalar = Unicode.Scalar(code)
                    else {
                        throw ShellError("bad escape: write \\u{HEX} or \\uXXXX, like \\u{e9} or \\u00e9", column: position + 1)
                    }
                    text.unicodeScalars.append(scalar)
                    position += 6
                    continue
                case "u":
                    guard position + 2 < characters.count, characters[position + 2] == "{",
                        let close = characters[(position + 3)...].firstIndex(of: "}"),
                        let code = UInt32(String(characters[(position + 3)..<close]), radix: 16),
                        let scalar = Unicode.Scalar(code)
                    else {
                        throw ShellError("bad escape: write \\u{HEX} or \\uXXXX, like \\u{e9} or \\u00e9", column: position + 1)
                    }
                    text.unicodeScalars.append(scalar)
                    position = close + 1
                    continue
                default:
                    throw ShellError("unknown escape '\\\(escaped)' (use \\n, \\r, \\t, \\\\, \\\", \\' or \\u{HEX})", column: position + 1)
                }
                position += 2
                continue
            }
            text.append(character)
            position += 1
        }
        throw ShellError("unterminated quoted string", column: index + 1)
    }
}
