import ListLabCore
public import ListLabRecords

/// One piece of a command line.
public struct Token: Hashable, Sendable {
    /// What the piece is.
    public enum Kind: Hashable, Sendable {
        /// A bare word: a command, keyword, path, number or name.
        case word(String)
        /// A quoted string, with its escapes resolved.
        case quoted(String)
        /// `FIELD=VALUE`, with the value typed.
        case assignment(field: String, value: Value)
        /// A JSON object or array.
        case json(Value)
    }

    /// What the piece is.
    public var kind: Kind
    /// The column (from 1) where it starts.
    public var column: Int
    /// The text as typed.
    public var text: String
    /// For a word that starts like JSON but is not valid JSON: why not.
    public var jsonError: String?

    /// `text` as a quoted string that the prompt reads back as `text`: its
    /// quotes and backslashes escaped, and each character that could act on
    /// a terminal or break the line (``VisibleText``) as `\u{HEX}`.
    public static func quoted(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where VisibleText.mustEscape(scalar): quoted += "\\u{" + String(scalar.value, radix: 16) + "}"
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }

    /// The token's text as a plain string: a word's or a quoted string's
    /// content; nil for assignments and JSON.
    public var stringValue: String? {
        switch kind {
        case .word(let text), .quoted(let text): text
        case .assignment, .json: nil
        }
    }
}
