/// Text with `{field}` placeholders, filled from a record: how a presenter
/// is described at the prompt (`"{name} — {phone}"`).
///
/// `{{` and `}}` stand for literal braces. A placeholder for a field the
/// record lacks, or whose value is null, fills in as nothing. A field whose
/// name holds a brace, starts or ends with a space or is empty is named in
/// JSON quotes: `{"}"}`, `{" padded "}`, `{""}` (``placeholder(for:)``
/// writes one for any name).
///
/// ```swift
/// let template = try Template("{name} — {phone}")
/// template.fields                 // ["name", "phone"]
/// template.render(diana)          // "Diana Prince — 555-0103"
/// ```
public struct Template: Hashable, Sendable, CustomStringConvertible {
    /// A piece of a template: literal text, or a field's placeholder.
    public enum Part: Hashable, Sendable {
        /// Text shown as it is (`{{` already read as `{`).
        case text(String)
        /// `{name}`: the field's value.
        case field(String)
    }

    /// The template's pieces, in order (what code generation reads).
    public let parts: [Part]
    /// The template as written.
    public let source: String

    /// Parses `source`.
    ///
    /// - Throws: ``TemplateError`` for an unclosed `{`, an empty `{}` or a
    ///   stray `}`, with the column where it is.
    public init(_ source: String) throws(TemplateError) {
        self.source = source
        var parts: [Part] = []
        var text = ""
        let characters = Array(source)
        var index = 0
        while index < characters.count {
            let character = characters[index]
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            switch (character, next) {
            case ("{", "{"), ("}", "}"):
                text.append(character)
                index += 2
            case ("{", _) where Self.opensQuotedName(characters, at: index + 1):
                let (name, end) = try Self.quotedName(characters, from: index + 1, placeholderColumn: index + 1)
                if !text.isEmpty {
                    parts.append(.text(text))
                    text = ""
                }
                parts.append(.field(name))
                index = end
            case ("{", _):
                guard let close = characters[(index + 1)...].firstIndex(of: "}") else {
                    throw TemplateError(column: index + 1, message: "unclosed '{'")
                }
                let name = String(characters[(index + 1)..<close]).trimmingWhitespace
                guard !name.isEmpty, !name.contains("{") else {
                    throw TemplateError(column: index + 1, message: name.isEmpty ? "empty '{}'" : "unclosed '{'")
                }
                if !text.isEmpty {
                    parts.append(.text(text))
                    text = ""
                }
                parts.append(.field(name))
                index = close + 1
            case ("}", _):
                throw TemplateError(column: index + 1, message: "stray '}' (write '}}' for a brace)")
            default:
                text.append(character)
                index += 1
            }
        }
        if !text.isEmpty { parts.append(.text(text)) }
        self.parts = parts
    }

    /// A template of one placeholder for `field`, which cannot fail to parse.
    package init(showing field: String) {
        parts = [.field(field)]
        source = Self.placeholder(for: field)
    }

    /// The placeholder that names `field`: `{name}`, or the name in JSON
    /// quotes when it would not read back as itself (a brace or a quote in
    /// it, spaces at either end, a control character, or no name at all).
    ///
    /// ```swift
    /// Template.placeholder(for: "name")   // "{name}"
    /// Template.placeholder(for: "}")      // "{\"}\"}"
    /// ```
    public static func placeholder(for field: String) -> String {
        let plain = !field.isEmpty && field.trimmingWhitespace == field && !field.hasPrefix("\"")
            && !field.contains(where: { $0 == "{" || $0 == "}" }) && !field.unicodeScalars.contains(where: { $0.value < 0x20 })
        guard !plain else { return "{\(field)}" }
        var quoted = "{"
        Value.writeJSONString(field, to: &quoted)
        return quoted + "}"
    }

    /// Whether a quoted name starts at `index` (after spaces): `{"name"}`.
    private static func opensQuotedName(_ characters: [Character], at index: Int) -> Bool {
        var position = index
        while position < characters.count, characters[position] == " " { position += 1 }
        return position < characters.count && characters[position] == "\""
    }

    /// The JSON-quoted name starting after the `{` at `index`, and the index after its `}`.
    private static func quotedName(_ characters: [Character], from index: Int, placeholderColumn: Int) throws(TemplateError) -> (String, Int) {
        var position = index
        while characters[position] == " " { position += 1 }
        let rest = String(characters[position...])
        var reader = JSONReader(rest)
        guard case .string(let name)? = try? reader.readValue() else {
            throw TemplateError(column: position + 1, message: "unterminated quoted field name")
        }
        position += String(decoding: Array(rest.utf8)[..<reader.offset], as: UTF8.self).count
        while position < characters.count, characters[position] == " " { position += 1 }
        guard position < characters.count, characters[position] == "}" else {
            throw TemplateError(column: placeholderColumn, message: "expected '}' after the quoted field name")
        }
        return (name, position + 1)
    }

    /// The fields the template names, in order of first use.
    public var fields: [String] {
        var seen: Set<String> = []
        return parts.compactMap { part in
            if case .field(let name) = part, seen.insert(name).inserted { return name }
            return nil
        }
    }

    /// The text for `record`.
    public func render(_ record: Record) -> String {
        render { record[$0] }
    }

    /// The text with each placeholder's value from `value` (nil or null: nothing).
    public func render(_ value: (String) -> Value?) -> String {
        var output = ""
        for part in parts {
            switch part {
            case .text(let text): output += text
            case .field(let name):
                switch value(name) {
                case nil, .null?: break
                case let found?: output += found.description
                }
            }
        }
        return output
    }

    /// The template as written, quoted: `"{name} — {phone}"`.
    public var description: String {
        var quoted = ""
        Value.writeJSONString(source, to: &quoted)
        return quoted
    }
}

/// A template that cannot be parsed.
public struct TemplateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The column (from 1) of the problem in the template.
    public var column: Int
    /// What is wrong.
    public var message: String

    public var description: String { "template column \(column): \(message)" }
}

extension String {
    /// The string without whitespace at either end.
    package var trimmingWhitespace: String {
        var slice = Substring(self)
        while let first = slice.first, first.isWhitespace { slice.removeFirst() }
        while let last = slice.last, last.isWhitespace { slice.removeLast() }
        return String(slice)
    }
}
