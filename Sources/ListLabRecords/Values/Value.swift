package import ListLabCore

/// One field's value in a ``Record``: the JSON value kinds, with integers and
/// doubles kept apart.
///
/// Nested JSON arrays and objects are kept as values (``array(_:)`` and
/// ``object(_:)``), so a record read from a file can be written back as it was.
///
/// ```swift
/// let score: Value = 42
/// score.description      // "42"
/// Value.string("Ada").jsonText   // "\"Ada\""
/// ```
public enum Value: Hashable, Sendable {
    /// JSON `null`, or an empty CSV field.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A whole number that fits in 64 bits.
    case int(Int)
    /// Any other number that a `Double` holds.
    case double(Double)
    /// A number that neither ``int(_:)`` nor ``double(_:)`` can hold (an
    /// integer beyond 64 bits, `1e400`, `1e-400`), kept as the text the data
    /// gave, so that it is shown and saved as written, never as `null` or `0.0`.
    case number(String)
    /// Text.
    case string(String)
    /// A nested JSON array.
    case array([Value])
    /// A nested JSON object, with its fields in the order the data gave them.
    case object(Record)
}

extension Value: CustomStringConvertible {
    /// The value as a person reads it: strings without quotes, nested values
    /// as JSON.
    public var description: String {
        switch self {
        case .string(let text): text
        default: jsonText
        }
    }

    /// The value as JSON text (strings quoted and escaped).
    public var jsonText: String {
        var output = ""
        writeJSON(to: &output)
        return output
    }

    /// Appends the value's JSON text to `output`.
    public func writeJSON(to output: inout String) {
        switch self {
        case .null: output += "null"
        case .bool(let flag): output += flag ? "true" : "false"
        case .int(let number): output += String(number)
        case .double(let number): output += Value.jsonNumber(number)
        case .number(let text): output += text
        case .string(let text): output += JSONStringWriter.quoted(text)
        case .array(let elements):
            output += "["
            for (index, element) in elements.enumerated() {
                if index > 0 { output += "," }
                element.writeJSON(to: &output)
            }
            output += "]"
        case .object(let record):
            record.writeJSON(to: &output)
        }
    }

    /// Appends the value's JSON text to `text`, as ``jsonText`` writes it:
    /// integers as digits in place, the rest through ``jsonText``.
    package func writeJSON(to text: inout UTF8Text) {
        switch self {
        case .null: text.append("null")
        case .bool(let flag): text.append(flag ? "true" : "false")
        case .int(let number): text.append(number)
        default: text.append(jsonText)
        }
    }

    /// A double as JSON can carry it: finite numbers in Swift's shortest
    /// round-trip form, non-finite ones as `null` (JSON has no NaN or infinity).
    package static func jsonNumber(_ number: Double) -> String {
        guard number.isFinite else { return "null" }
        return String(number)
    }

}

extension Value: ExpressibleByStringLiteral, ExpressibleByIntegerLiteral,
    ExpressibleByFloatLiteral, ExpressibleByBooleanLiteral, ExpressibleByNilLiteral
{
    public init(stringLiteral value: String) { self = .string(value) }
    public init(integerLiteral value: Int) { self = .int(value) }
    public init(floatLiteral value: Double) { self = .double(value) }
    public init(booleanLiteral value: Bool) { self = .bool(value) }
    public init(nilLiteral: ()) { self = .null }
}

extension Value {
    /// The name of the value's kind, for messages: `int`, `double`,
    /// `number`, `bool`, `null`, `string`, `array` or `object`.
    public var kindName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .double: "double"
        case .number: "number"
        case .string: "string"
        case .array: "array"
        case .object: "object"
        }
    }
}

extension Value {
    /// The value as a message shows it: its JSON, cut short with `...` past
    /// 200 characters (a key may be a string of megabytes).
    package var messageText: String {
        let text = jsonText
        return text.count > 200 ? String(text.prefix(200)) + "..." : text
    }
}
