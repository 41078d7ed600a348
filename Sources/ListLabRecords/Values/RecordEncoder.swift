#if canImport(FoundationEssentials)
    package import FoundationEssentials
#else
    package import Foundation
#endif
/// Encodes your `Encodable` model values as records: the bridge from typed
/// items to ListLab's dynamic records, the way back of ``RecordDecoder``.
///
/// A playground shows your own provider's items this way: `inspect` and
/// `fields` read the encoded fields, and a change typed at the prompt is
/// decoded back into your type with ``RecordDecoder``.
///
/// Fields keep the order the type encodes them in (a synthesized
/// `Encodable` encodes its properties in declaration order); a type that asks
/// for the keyed container twice (an enum that writes its `kind` and then its
/// payload's fields) gets one record of both. Integers become ``Value/int(_:)``,
/// floating-point numbers ``Value/double(_:)`` (non-finite ones an error, as
/// JSON has none), nil ``Value/null``, arrays and nested types nested values.
/// A `Date` is its ISO 8601 text (`2026-11-26T09:30:00Z`, with milliseconds
/// when it has a fraction of a second), as ``RecordDecoder`` reads it back.
///
/// ```swift
/// struct Person: Encodable {
///     var id: Int
///     var name: String
///     var email: String?
/// }
/// let record = try RecordEncoder().encode(Person(id: 1, name: "Ada", email: nil))
/// record.jsonText   // {"id":1,"name":"Ada","email":null}
/// ```
///
/// Written here rather than taken from a package, as ``RecordDecoder`` is:
/// Foundation's encoders write JSON bytes, not values.
public struct RecordEncoder: Sendable {
    /// Creates an encoder.
    public init() {}

    /// The record of `value`'s fields.
    ///
    /// - Throws: `EncodingError` when `value` encodes as something other
    ///   than an object (a bare number or array), or holds a number JSON
    ///   cannot carry.
    public func encode<T: Encodable>(_ value: T) throws -> Record {
        let encoded = try encodeValue(value)
        guard case .object(let record) = encoded else {
            throw EncodingError.invalidValue(
                value,
                .init(codingPath: [], debugDescription: "expected an object of fields, found \(encoded.kindName)"))
        }
        return record
    }

    /// `value` as one ``Value`` (an object, an array or a scalar).
    ///
    /// - Throws: `EncodingError` for a non-finite number.
    public func encodeValue<T: Encodable>(_ value: T) throws -> Value {
        let box = Box(codingPath: [])
        try value.encode(to: ValueEncoder(box: box))
        return box.value
    }
}

/// What an encoder has written so far: one value, built in place as
/// containers add to it (a keyed container asked for twice adds to one record).
private final class Box {
    enum Content {
        case empty
        case scalar(Value)
        case fields([(String, Box)])
        case elements([Box])
    }

    var content = Content.empty
    let codingPath: [any CodingKey]

    init(codingPath: [any CodingKey]) {
        self.codingPath = codingPath
    }

    var value: Value {
        switch content {
        case .empty: .null
        case .scalar(let value): value
        case .fields(let fields): .object(Record(fields: fields.map { ($0.0, $0.1.value) }))
        case .elements(let elements): .array(elements.map(\.value))
        }
    }

    /// The box of field `key`, made (or found, to be written again) in this object.
    func field(_ key: String) -> Box {
        var fields: [(String, Box)] = []
        if case .fields(let existing) = content { fields = existing }
        if let found = fields.first(where: { $0.0 == key }) { return found.1 }
        let box = Box(codingPath: codingPath + [AnyEncodingKey(key)])
        fields.append((key, box))
        content = .fields(fields)
        return box
    }

    /// A new box at the end of this array.
    func appendElement() -> Box {
        var elements: [Box] = []
        if case .elements(let existing) = content { elements = existing }
        let box = Box(codingPath: codingPath + [AnyEncodingKey(elements.count)])
        elements.append(box)
        content = .elements(elements)
        return box
    }

    func makeObject() {
        if case .fields = content { return }
        content = .fields([])
    }

    func makeArray() {
        if case .elements = content { return }
        content = .elements([])
    }

    var count: Int {
        switch content {
        case .fields(let fields): fields.count
        case .elements(let elements): elements.count
        default: 0
        }
    }
}

private struct AnyEncodingKey: CodingKey {
    var stringValue: String
    var intValue: Int?
    init(_ string: String) { stringValue = string }
    init(_ int: Int) {
        stringValue = String(int)
        intValue = int
    }
    init(stringValue: String) { self.stringValue = stringValue }
    init(intValue: Int) { self.init(intValue) }
}

private struct ValueEncoder: Encoder {
    let box: Box
    var codingPath: [any CodingKey] { box.codingPath }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) -> KeyedEncodingContainer<Key> {
        box.makeObject()
        return KeyedEncodingContainer(KeyedContainer<Key>(box: box))
    }

    func unkeyedContainer() -> any UnkeyedEncodingContainer {
        box.makeArray()
        return UnkeyedContainer(box: box)
    }

    func singleValueContainer() -> any SingleValueEncodingContainer {
        SingleContainer(box: box)
    }
}

/// A scalar written into `box`, checked for what JSON can carry.
private func write(_ value: Value, into box: Box, for original: Any) throws {
    if case .double(let number) = value, !number.isFinite {
        throw EncodingError.invalidValue(
            original, .init(codingPath: box.codingPath, debugDescription: "\(number) is not a number JSON can carry"))
    }
    box.content = .scalar(value)
}

/// The value of an integer of any width (beyond `Int`, kept as its text).
private func integer<T: FixedWidthInteger>(_ number: T) -> Value {
    Int(exactly: number).map(Value.int) ?? .number(String(number))
}

/// Encodes `value` into `box`: the scalar types directly (so that `Int8` is
/// an int, not an object), anything else through its own `encode(to:)`.
private func encode<T: Encodable>(_ value: T, into box: Box) throws {
    switch value {
    case let text as String: box.content = .scalar(.string(text))
    case let date as Date: box.content = .scalar(.string(DateText.text(of: date)))
    case let flag as Bool: box.content = .scalar(.bool(flag))
    case let number as Double: try write(.double(number), into: box, for: number)
    case let number as Float: try write(.double(Double(number)), into: box, for: number)
    case let number as Int: box.content = .scalar(.int(number))
    case let number as Int8: box.content = .scalar(integer(number))
    case let number as Int16: box.content = .scalar(integer(number))
    case let number as Int32: box.content = .scalar(integer(number))
    case let number as Int64: box.content = .scalar(integer(number))
    case let number as UInt: box.content = .scalar(integer(number))
    case let number as UInt8: box.content = .scalar(integer(number))
    case let number as UInt16: box.content = .scalar(integer(number))
    case let number as UInt32: box.content = .scalar(integer(number))
    case let number as UInt64: box.content = .scalar(integer(number))
    default: try value.encode(to: ValueEncoder(box: box))
    }
}

private struct KeyedContainer<Key: CodingKey>: KeyedEncodingContainerProtocol {
    let box: Box
    var codingPath: [any CodingKey] { box.codingPath }

    mutating func encodeNil(forKey key: Key) throws { box.field(key.stringValue).content = .scalar(.null) }
    mutating func encode<T: Encodable>(_ value: T, forKey key: Key) throws {
        try ListLabRecords.encode(value, into: box.field(key.stringValue))
    }

    // A nil optional is written as null, so that every item has every field (`fields` counts them).
    mutating func encodeIfPresent<T: Encodable>(_ value: T?, forKey key: Key) throws {
        guard let value else { return try encodeNil(forKey: key) }
        try encode(value, forKey: key)
    }
    mutating func encodeIfPresent(_ value: String?, forKey key: Key) throws {
        try encodeIfPresent(value as String??, key)
    }
    mutating func encodeIfPresent(_ value: Bool?, forKey key: Key) throws { try encodeIfPresent(value as Bool??, key) }
    mutating func encodeIfPresent(_ value: Double?, forKey key: Key) throws {
        try encodeIfPresent(value as Double??, key)
    }
    mutating func encodeIfPresent(_ value: Float?, forKey key: Key) throws {
        try encodeIfPresent(value as Float??, key)
    }
    mutating func encodeIfPresent(_ value: Int?, forKey key: Key) throws { try encodeIfPresent(value as Int??, key) }
    mutating func encodeIfPresent(_ value: Int8?, forKey key: Key) throws { try encodeIfPresent(value as Int8??, key) }
    mutating func encodeIfPresent(_ value: Int16?, forKey key: Key) throws {
        try encodeIfPresent(value as Int16??, key)
    }
    mutating func encodeIfPresent(_ value: Int32?, forKey key: Key) throws {
        try encodeIfPresent(value as Int32??, key)
    }
    mutating func encodeIfPresent(_ value: Int64?, forKey key: Key) throws {
        try encodeIfPresent(value as Int64??, key)
    }
    mutating func encodeIfPresent(_ value: UInt?, forKey key: Key) throws { try encodeIfPresent(value as UInt??, key) }
    mutating func encodeIfPresent(_ value: UInt8?, forKey key: Key) throws {
        try encodeIfPresent(value as UInt8??, key)
    }
    mutating func encodeIfPresent(_ value: UInt16?, forKey key: Key) throws {
        try encodeIfPresent(value as UInt16??, key)
    }
    mutating func encodeIfPresent(_ value: UInt32?, forKey key: Key) throws {
        try encodeIfPresent(value as UInt32??, key)
    }
    mutating func encodeIfPresent(_ value: UInt64?, forKey key: Key) throws {
        try encodeIfPresent(value as UInt64??, key)
    }

    /// A scalar optional: null, or its value.
    private mutating func encodeIfPresent<T: Encodable>(_ value: T??, _ key: Key) throws {
        guard let value = value ?? nil else { return try encodeNil(forKey: key) }
        try encode(value, forKey: key)
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type, forKey key: Key)
        -> KeyedEncodingContainer<NestedKey>
    {
        let field = box.field(key.stringValue)
        field.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: field))
    }

    mutating func nestedUnkeyedContainer(forKey key: Key) -> any UnkeyedEncodingContainer {
        let field = box.field(key.stringValue)
        field.makeArray()
        return UnkeyedContainer(box: field)
    }

    mutating func superEncoder() -> any Encoder { ValueEncoder(box: box.field("super")) }
    mutating func superEncoder(forKey key: Key) -> any Encoder { ValueEncoder(box: box.field(key.stringValue)) }
}

private struct UnkeyedContainer: UnkeyedEncodingContainer {
    let box: Box
    var codingPath: [any CodingKey] { box.codingPath }
    var count: Int { box.count }

    mutating func encodeNil() throws { box.appendElement().content = .scalar(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws {
        try ListLabRecords.encode(value, into: box.appendElement())
    }

    mutating func nestedContainer<NestedKey: CodingKey>(keyedBy keyType: NestedKey.Type) -> KeyedEncodingContainer<
        NestedKey
    > {
        let element = box.appendElement()
        element.makeObject()
        return KeyedEncodingContainer(KeyedContainer<NestedKey>(box: element))
    }

    mutating func nestedUnkeyedContainer() -> any UnkeyedEncodingContainer {
        let element = box.appendElement()
        element.makeArray()
        return UnkeyedContainer(box: element)
    }

    mutating func superEncoder() -> any Encoder { ValueEncoder(box: box.appendElement()) }
}

private struct SingleContainer: SingleValueEncodingContainer {
    let box: Box
    var codingPath: [any CodingKey] { box.codingPath }

    mutating func encodeNil() throws { box.content = .scalar(.null) }
    mutating func encode<T: Encodable>(_ value: T) throws { try ListLabRecords.encode(value, into: box) }
}

/// Dates as records hold them: ISO 8601 text in UTC, with milliseconds when
/// the date has a fraction of a second (a whole second reads as people write it).
package enum DateText {
    static let whole = Date.ISO8601FormatStyle()
    static let fractional = Date.ISO8601FormatStyle(includingFractionalSeconds: true)

    package static func text(of date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        return seconds == seconds.rounded(.down) ? date.formatted(whole) : date.formatted(fractional)
    }

    /// The date `text` writes in ISO 8601, with or without a fraction of a
    /// second, in UTC (`Z`) or at an offset (`+02:00`); nil for other text,
    /// and for a day or time that does not exist (`2026-02-30`, `25:00`),
    /// which a parser would roll over into another.
    package static func date(from text: String) -> Date? {
        guard let date = (try? whole.parse(text)) ?? (try? fractional.parse(text)) else { return nil }
        // In UTC, the text must be the date's own, to the second (the parser rolls Feb 30 into March).
        if text.hasSuffix("Z") || text.hasSuffix("z"), text.utf8.count >= 19,
            text.prefix(19).uppercased() != Self.text(of: date).prefix(19)
        {
            return nil
        }
        return date
    }
}
