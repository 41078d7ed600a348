/// Reads JSON text into ``Value``s, with errors that say where (line and
/// column) and what was expected.
///
/// Objects become ``Record``s with their fields in the order written; a run
/// of objects with the same field names shares one ``Record/Schema``.
/// Nesting deeper than ``maximumDepth`` is refused rather than risking the
/// stack.
///
/// ```swift
/// var reader = JSONReader(#"{"id": 1, "tags": ["a", "b"]}"#)
/// let value = try reader.readDocument()
/// ```
public struct JSONReader {
    /// The deepest nesting of arrays and objects accepted.
    public static let maximumDepth = 256

    private let bytes: [UInt8]
    /// The offset of the next byte to read.
    public private(set) var offset: Int
    /// Where the reader began.
    private let origin: Int
    private var depth = 0
    private var lastSchema: Record.Schema?
    /// Whether numbers keep their spelling (see ``init(_:offset:numbersAsWritten:)``).
    private let numbersAsWritten: Bool

    /// Creates a reader of `text`, starting at byte `offset`.
    ///
    /// - Parameter numbersAsWritten: Whether a number whose int or double
    ///   would print otherwise (`1e3`, `1.10`) is read as its text
    ///   (``Value/number(_:)``), for JSON a person typed, which must be saved
    ///   as typed. A file's numbers keep their text in the file instead.
    public init(_ text: String, offset: Int = 0, numbersAsWritten: Bool = false) {
        self.init(bytes: Array(text.utf8), offset: offset, numbersAsWritten: numbersAsWritten)
    }

    /// Creates a reader of UTF-8 `bytes`, starting at `offset`: an error's
    /// line and column count from there (its ``JSONError/offset`` is in
    /// `bytes`), so that a reader started far into them does not read them
    /// all again to say where it failed.
    public init(bytes: [UInt8], offset: Int = 0, numbersAsWritten: Bool = false) {
        self.bytes = bytes
        self.offset = offset
        origin = offset
        self.numbersAsWritten = numbersAsWritten
    }

    /// Reads one value that must make up the whole text (spaces around it aside).
    ///
    /// - Throws: ``JSONError`` at the first problem.
    public mutating func readDocument() throws(JSONError) -> Value {
        skipSpace()
        let value = try readValue()
        skipSpace()
        guard offset == bytes.count else { throw error("unexpected text after the JSON value") }
        return value
    }

    /// Reads one value and leaves ``offset`` just after it.
    ///
    /// - Throws: ``JSONError`` at the first problem.
    public mutating func readValue() throws(JSONError) -> Value {
        skipSpace()
        guard offset < bytes.count else { throw error("unexpected end of input: expected a value") }
        switch bytes[offset] {
        case UInt8(ascii: "{"): return try readObject()
        case UInt8(ascii: "["): return try readArray()
        case UInt8(ascii: "\""): return .string(try readString())
        case UInt8(ascii: "t"): return try readLiteral("true", .bool(true))
        case UInt8(ascii: "f"): return try readLiteral("false", .bool(false))
        case UInt8(ascii: "n"): return try readLiteral("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return try readNumber()
        default: throw error("expected a value, found \(describe(bytes[offset]))")
        }
    }

    private mutating func readObject() throws(JSONError) -> Value {
        try enter()
        offset += 1
        var names: [String] = []
        var values: [Value] = []
        skipSpace()
        if peek(UInt8(ascii: "}")) {
            offset += 1
            depth -= 1
            return .object(Record(fields: []))
        }
        while true {
            skipSpace()
            guard peek(UInt8(ascii: "\"")) else {
                throw offset < bytes.count
                    ? error("expected a field name in quotes") : error("unexpected end of input: unterminated object")
            }
            names.append(try readString())
            skipSpace()
            guard peek(UInt8(ascii: ":")) else { throw error("expected ':' after the field name") }
            offset += 1
            values.append(try readValue())
            skipSpace()
            if peek(UInt8(ascii: ",")) {
                offset += 1
                continue
            }
            if peek(UInt8(ascii: "}")) {
                offset += 1
                break
            }
            throw offset < bytes.count
                ? error("expected ',' or '}' in object") : error("unexpected end of input: unterminated object")
        }
        depth -= 1
        return .object(makeRecord(names: names, values: values))
    }

    /// A record over the last schema when the names repeat, else a new one.
    private mutating func makeRecord(names: [String], values: [Value]) -> Record {
        if let lastSchema, lastSchema.names == names {
            return Record(schema: lastSchema, values: values)
        }
        let record = Record(fields: Array(zip(names, values)))
        if record.schema.count == names.count { lastSchema = record.schema }
        return record
    }

    private mutating func readArray() throws(JSONError) -> Value {
        try enter()
        offset += 1
        var elements: [Value] = []
        skipSpace()
        if peek(UInt8(ascii: "]")) {
            offset += 1
            depth -= 1
            return .array([])
        }
        while true {
            elements.append(try readValue())
            skipSpace()
            if peek(UInt8(ascii: ",")) {
                offset += 1
                continue
            }
            if peek(UInt8(ascii: "]")) {
                offset += 1
                break
            }
            throw offset < bytes.count
                ? error("expected ',' or ']' in array") : error("unexpected end of input: unterminated array")
        }
        depth -= 1
        return .array(elements)
    }

    private mutating func enter() throws(JSONError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw error("nesting deeper than \(Self.maximumDepth) levels")
        }
    }

    private mutating func readString() throws(JSONError) -> String {
        let start = offset
        offset += 1
        var utf8: [UInt8] = []
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                offset += 1
                return String(decoding: utf8, as: UTF8.self)
            case UInt8(ascii: "\\"):
                let backslash = offset
                do throws(JSONStringEscape.Failure) {
                    try bytes.withUnsafeBufferPointer { buffer throws(JSONStringEscape.Failure) in
                        try JSONStringEscape.decode(buffer, at: &offset, into: &utf8)
                    }
                } catch {
                    offset = backslash
                    throw self.error(error.message)
                }
            case 0x00..<0x20:
                throw error("control character in string (escape it as \\u\(hex4(UInt32(byte))))")
            default:
                utf8.append(byte)
                offset += 1
            }
        }
        offset = start
        throw error("unterminated string")
    }

    private mutating func readNumber() throws(JSONError) -> Value {
        let start = offset
        if peek(UInt8(ascii: "-")) { offset += 1 }
        guard offset < bytes.count, isDigit(bytes[offset]) else {
            offset = start
            throw error("invalid number")
        }
        if bytes[offset] == UInt8(ascii: "0") {
            offset += 1
        } else {
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if peek(UInt8(ascii: ".")) {
            offset += 1
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit after '.'") }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if peek(UInt8(ascii: "e")) || peek(UInt8(ascii: "E")) {
            offset += 1
            if peek(UInt8(ascii: "+")) || peek(UInt8(ascii: "-")) { offset += 1 }
            guard offset < bytes.count, isDigit(bytes[offset]) else { throw error("expected a digit in the exponent") }
            while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
        }
        if numbersAsWritten {
            let text = String(decoding: bytes[start..<offset], as: UTF8.self)
            if let value = NumberScanner.valueAsWritten(text) { return value }
        }
        return bytes.withUnsafeBufferPointer { NumberScanner.value($0, start, offset) }
    }

    private mutating func readLiteral(_ word: StaticString, _ value: Value) throws(JSONError) -> Value {
        guard bytes.withUnsafeBufferPointer({ JSONLexis.hasLiteral(word, in: $0, at: offset) }) else {
            throw error("expected a value, found \(describe(bytes[offset]))")
        }
        offset += word.utf8CodeUnitCount
        return value
    }

    private func isDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }

    private func peek(_ byte: UInt8) -> Bool { offset < bytes.count && bytes[offset] == byte }

    private mutating func skipSpace() {
        while offset < bytes.count, JSONLexis.isWhitespace(bytes[offset]) { offset += 1 }
    }

    private func describe(_ byte: UInt8, quoted: Bool = true) -> String {
        let text = byte >= 0x20 && byte < 0x7F ? String(UnicodeScalar(byte)) : "\\x" + String(byte, radix: 16)
        return quoted ? "'\(text)'" : text
    }

    private func hex4(_ value: UInt32) -> String {
        let digits = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// An error at the current offset, with its line and column (from 1).
    private func error(_ message: String) -> JSONError {
        var line = 1
        var lineStart = min(origin, bytes.count)
        let end = max(min(offset, bytes.count), lineStart)
        for index in lineStart..<end where bytes[index] == 0x0A {
            line += 1
            lineStart = index + 1
        }
        // Columns count characters, not bytes.
        let column = String(decoding: bytes[lineStart..<end], as: UTF8.self).count + 1
        return JSONError(line: line, column: column, offset: offset, message: message)
    }
}

/// JSON that cannot be read: where, and what was expected.
public struct JSONError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The line (from 1).
    public var line: Int
    /// The column in characters (from 1).
    public var column: Int
    /// The byte offset.
    public var offset: Int
    /// What is wrong.
    public var message: String

    /// `line:column: message`.
    public var description: String { "\(line):\(column): \(message)" }
}
