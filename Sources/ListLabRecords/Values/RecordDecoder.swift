#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
/// Decodes your `Decodable` model types from records, whatever file they were
/// read from (CSV, JSON, NDJSON): the bridge from ListLab's dynamic records
/// to typed items, which is what `export swift` writes code for.
///
/// A record's fields are the model's keys; a field that is missing or null
/// decodes as nil into an optional property. Numbers decode into any integer
/// or floating-point type that holds them exactly; text into `String`, and so
/// do numbers and booleans (a CSV column of codes such as `0042` stays text);
/// nested JSON arrays and objects into arrays and nested `Decodable` types.
/// A `Date` is read from ISO 8601 text (`2026-11-26T09:30:00Z`, or with
/// milliseconds), as ``RecordEncoder`` writes it; a number is refused, since
/// which clock's seconds it counts cannot be known.
///
/// ```swift
/// struct Person: Decodable {
///     var id: Int
///     var name: String
///     var email: String?
/// }
/// let record = Record(fields: [("id", 1), ("name", "Ada")])
/// let ada = try RecordDecoder().decode(Person.self, from: record)
/// ada.email   // nil
/// ```
///
/// Written here rather than taken from a package: Foundation's decoders
/// read JSON or property lists, not values already parsed, and a record
/// must decode the same whichever format it came from.
public struct RecordDecoder: Sendable {
    /// Creates a decoder.
    public init() {}

    /// Decodes a `T` from `record`'s fields.
    ///
    /// - Throws: `DecodingError` naming the field (its coding path) and
    ///   what it held, when a field is missing, null for a non-optional
    ///   property, or of another type.
    public func decode<T: Decodable>(_ type: T.Type, from record: Record) throws -> T {
        try T(from: ValueDecoder(value: .object(record), codingPath: []))
    }
}

/// The `Decoder` over one value, at a coding path.
private struct ValueDecoder: Decoder {
    let value: Value
    let codingPath: [any CodingKey]
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        guard case .object(let record) = value else {
            throw DecodingError.typeMismatch(
                Record.self,
                .init(codingPath: codingPath, debugDescription: "expected an object, found \(value.kindName)"))
        }
        return KeyedDecodingContainer(RecordContainer(record: record, codingPath: codingPath))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        guard case .array(let elements) = value else {
            throw DecodingError.typeMismatch(
                [Value].self,
                .init(codingPath: codingPath, debugDescription: "expected an array, found \(value.kindName)"))
        }
        return ArrayContainer(elements: elements, codingPath: codingPath)
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        SingleValue(value: value, codingPath: codingPath)
    }
}

/// A coding key for an array element or a field name.
private struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) {
        stringValue = String(intValue)
        self.intValue = intValue
    }
}

private struct RecordContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let record: Record
    let codingPath: [any CodingKey]

    var allKeys: [Key] { record.schema.names.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool { record[key.stringValue] != nil }

    private func value(for key: Key) throws -> Value {
        guard let value = record[key.stringValue] else {
            throw DecodingError.keyNotFound(
                key, .init(codingPath: codingPath, debugDescription: "the record has no field '\(key.stringValue)'"))
        }
        return value
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        switch record[key.stringValue] {
        case nil, .null?: true
        default: false
        }
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        try SingleValue(value: try value(for: key), codingPath: codingPath + [key]).decode(type)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        try ValueDecoder(value: try value(for: key), codingPath: codingPath + [key]).container(keyedBy: type)
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        try ValueDecoder(value: try value(for: key), codingPath: codingPath + [key]).unkeyedContainer()
    }

    func superDecoder() throws -> any Decoder { ValueDecoder(value: .object(record), codingPath: codingPath) }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        ValueDecoder(value: record[key.stringValue] ?? .null, codingPath: codingPath + [key])
    }
}

private struct ArrayContainer: UnkeyedDecodingContainer {
    let elements: [Value]
    let codingPath: [any CodingKey]
    var currentIndex = 0

    init(elements: [Value], codingPath: [any CodingKey]) {
        self.elements = elements
        self.codingPath = codingPath
    }

    var count: Int? { elements.count }
    var isAtEnd: Bool { currentIndex >= elements.count }

    private mutating func next() throws -> (Value, [any CodingKey]) {
        let path = codingPath + [AnyKey(intValue: currentIndex)]
        guard currentIndex < elements.count else {
            throw DecodingError.valueNotFound(
                Value.self, .init(codingPath: path, debugDescription: "the array has no more elements"))
        }
        defer { currentIndex += 1 }
        return (elements[currentIndex], path)
    }

    mutating func decodeNil() throws -> Bool {
        guard currentIndex < elements.count, elements[currentIndex] == .null else { return false }
        currentIndex += 1
        return true
    }

    mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
        let (value, path) = try next()
        return try SingleValue(value: value, codingPath: path).decode(type)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws -> KeyedDecodingContainer<
        NestedKey
    > {
        let (value, path) = try next()
        return try ValueDecoder(value: value, codingPath: path).container(keyedBy: type)
    }

    mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
        let (value, path) = try next()
        return try ValueDecoder(value: value, codingPath: path).unkeyedContainer()
    }

    mutating func superDecoder() throws -> any Decoder {
        let (value, path) = try next()
        return ValueDecoder(value: value, codingPath: path)
    }
}

private struct SingleValue: SingleValueDecodingContainer {
    let value: Value
    let codingPath: [any CodingKey]

    func decodeNil() -> Bool { value == .null }

    private func mismatch<T>(_ type: T.Type, _ expected: String) -> DecodingError {
        let found = value == .null ? "null" : "\(value.kindName) \(value.jsonText)"
        if value == .null {
            return .valueNotFound(
                type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found null"))
        }
        return .typeMismatch(
            type, .init(codingPath: codingPath, debugDescription: "expected \(expected), found \(found)"))
    }

    func decode(_ type: Bool.Type) throws -> Bool {
        guard case .bool(let flag) = value else { throw mismatch(type, "true or false") }
        return flag
    }

    func decode(_ type: String.Type) throws -> String {
        switch value {
        case .string(let text): text
        case .int, .double, .number, .bool: value.description
        default: throw mismatch(type, "text")
        }
    }

    func decode(_ type: Double.Type) throws -> Double {
        switch value {
        case .double(let number): number
        case .int(let number): Double(number)
        case .number(let text): Double(text) ?? 0
        default: throw mismatch(type, "a number")
        }
    }

    func decode(_ type: Float.Type) throws -> Float {
        Float(try decode(Double.self))
    }

    private func integer<T: FixedWidthInteger>(_ type: T.Type) throws -> T {
        switch value {
        case .int(let number):
            guard let exact = T(exactly: number) else { throw mismatch(type, "a whole number that \(type) holds") }
            return exact
        case .double(let number):
            guard let exact = T(exactly: number) else { throw mismatch(type, "a whole number that \(type) holds") }
            return exact
        case .number(let text):
            // Beyond Int (a UInt64 past Int.max), or spelled otherwise (`1e3`): the number it writes.
            if let exact = T(text) { return exact }
            guard case .double(let number) = NumberScanner.value(Array(text.utf8)), let exact = T(exactly: number)
            else {
                throw mismatch(type, "a whole number that \(type) holds")
            }
            return exact
        default:
            throw mismatch(type, "a whole number")
        }
    }

    func decode(_ type: Int.Type) throws -> Int { try integer(type) }
    func decode(_ type: Int8.Type) throws -> Int8 { try integer(type) }
    func decode(_ type: Int16.Type) throws -> Int16 { try integer(type) }
    func decode(_ type: Int32.Type) throws -> Int32 { try integer(type) }
    func decode(_ type: Int64.Type) throws -> Int64 { try integer(type) }
    func decode(_ type: UInt.Type) throws -> UInt { try integer(type) }
    func decode(_ type: UInt8.Type) throws -> UInt8 { try integer(type) }
    func decode(_ type: UInt16.Type) throws -> UInt16 { try integer(type) }
    func decode(_ type: UInt32.Type) throws -> UInt32 { try integer(type) }
    func decode(_ type: UInt64.Type) throws -> UInt64 { try integer(type) }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        // A date is ISO 8601 text (what RecordEncoder writes), never Date's own seconds since 2001.
        if T.self == Date.self {
            guard case .string(let text) = value, let date = DateText.date(from: text), let typed = date as? T else {
                throw mismatch(
                    type,
                    "a date and time in ISO 8601 (2026-11-26T09:30:00Z, or with an offset: 2026-11-26T10:30:00+01:00)")
            }
            return typed
        }
        // A scalar type's init(from:) comes back to the typed overloads above.
        return try T(from: ValueDecoder(value: value, codingPath: codingPath))
    }
}
