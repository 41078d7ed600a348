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
        var text = String.UnicodeScalarView()
        // Scalars, not Characters: `{` followed by a combining mark is one Character, and a
        // field whose name starts with one (`{\u{301}x}`) lost its brace. Columns count Characters.
        let scalars = Array(source.unicodeScalars)
        func column(_ index: Int) -> Int { String(String.UnicodeScalarView(scalars[..<index])).count + 1 }
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            let next = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch (scalar, next) {
            case ("{", "{"), ("}", "}"):
                text.append(scalar)
                index += 2
            case ("{", _) where Self.opensQuotedName(scalars, at: index + 1):
                let (name, end) = try Self.quotedName(
                    scalars, from: index + 1, placeholderColumn: column(index), column: column)
                if !text.isEmpty {
                    parts.append(.text(String(text)))
                    text = String.UnicodeScalarView()
                }
                parts.append(.field(name))
                index = end
            case ("{", _):
                guard let close = scalars[(index + 1)...].firstIndex(of: "}") else {
                    throw TemplateError(column: column(index), message: "unclosed '{'")
                }
                let name = String(String.UnicodeScalarView(scalars[(index + 1)..<close])).trimmingWhitespace
                guard !name.isEmpty, !name.unicodeScalars.contains("{") else {
                    throw TemplateError(column: column(index), message: name.isEmpty ? "empty '{}'" : "unclosed '{'")
                }
                if !text.isEmpty {
                    parts.append(.text(String(text)))
                    text = String.UnicodeScalarView()
                }
                parts.append(.field(name))
                index = close + 1
            case ("}", _):
                throw TemplateError(column: column(index), message: "stray '}' (write '}}' for a brace)")
            default:
                text.append(scalar)
                index += 1
            }
        }
        if !text.isEmpty { parts.append(.text(String(text))) }
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
        let plain =
            !field.isEmpty && field.trimmingWhitespace == field && !field.hasPrefix("\"")
            && !field.contains(where: { $0 == "{" || $0 == "}" })
            && !field.unicodeScalars.contains(where: { $0.value < 0x20 })
        guard !plain else { return "{\(field)}" }
        var quoted = "{"
        quoted += JSONStringWriter.quoted(field)
        return quoted + "}"
    }

    /// Whether a quoted name starts at `index` (after spaces): `{"name"}`.
    private static func opensQuotedName(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        var position = index
        while position < scalars.count, scalars[position] == " " { position += 1 }
        return position < scalars.count && scalars[position] == "\""
    }

    /// The JSON-quoted name starting after the `{` at `index`, and the index
    /// after its `}`; `column` gives a scalar's column for an error.
    private static func quotedName(
        _ scalars: [Unicode.Scalar], from index: Int, placeholderColumn: Int, column: (Int) -> Int
    ) throws(TemplateError) -> (String, Int) {
        var position = index
        while scalars[position] == " " { position += 1 }
        let rest = String(String.UnicodeScalarView(scalars[position...]))
        var reader = JSONReader(rest)
        guard case .string(let name)? = try? reader.readValue() else {
            throw TemplateError(column: column(position), message: "unterminated quoted field name")
        }
        position += String(decoding: Array(rest.utf8)[..<reader.offset], as: UTF8.self).unicodeScalars.count
        while position < scalars.count, scalars[position] == " " { position += 1 }
        guard position < scalars.count, scalars[position] == "}" else {
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
        quoted += JSONStringWriter.quoted(source)
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
    /// The string without whitespace at either end, a Unicode scalar at a
    /// time: a combining mark after a space is kept (as a `Character`, the
    /// space and the mark are one whitespace, and the mark went with it).
    package var trimmingWhitespace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }

    /// The words of the string: its runs of Unicode scalars that are not
    /// whitespace (as the shell's tokenizer splits a line).
    package var whitespaceSeparatedWords: [String] {
        unicodeScalars.split(whereSeparator: \.properties.isWhitespace).map { String($0) }
    }
}
