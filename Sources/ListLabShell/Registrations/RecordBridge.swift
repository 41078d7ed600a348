import ListLabCore
import ListLabRecords

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A user's provider seen as a provider of records: each item encoded with
/// ``RecordEncoder`` (or, when it is not `Encodable`, a record of its
/// `description`), each change decoded into an item with ``RecordDecoder``
/// and made by the provider's own method, so its rules and its words apply.
final class RecordBridge<Base: DataProvider>: DataProvider {
    typealias Item = Record
    let base: Base
    /// The item type's name, for messages.
    private let itemType: String

    init(_ base: Base) {
        self.base = base
        itemType = ProviderRegistration.typeName(Base.Item.self)
    }

    /// Whether items encode as records.
    var encodes: Bool { Base.Item.self is any Encodable.Type }
    /// Whether records decode as items.
    var decodes: Bool { Base.Item.self is any Decodable.Type }

    var numberOfSections: Int { base.numberOfSections }
    func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }
    func title(ofSection section: Int) -> String? { base.title(ofSection: section) }

    func item(at path: ItemPath) -> Record? {
        guard let item = base.item(at: path) else { return nil }
        return record(of: item)
    }

    /// `item` as a record: its encoded fields, or its description alone
    /// (when it is not `Encodable`, or fails to encode: see ``encodingProblem(at:)``).
    func record(of item: Base.Item) -> Record {
        if let encodable = item as? any Encodable, let record = try? RecordEncoder().encode(encodable) { return record }
        return Record(fields: [("description", .string(String(describing: item)))])
    }

    /// Why the item at `path` cannot be read as a record, when it is
    /// `Encodable` and its encoding fails (a NaN, a value that is not an
    /// object): `score: nan is not a number JSON can carry`.
    func encodingProblem(at path: ItemPath) -> String? {
        guard let item = base.item(at: path), let encodable = item as? any Encodable else { return nil }
        do {
            _ = try RecordEncoder().encode(encodable)
            return nil
        } catch let error as EncodingError {
            guard case .invalidValue(_, let context) = error else { return "\(itemType) cannot be encoded: \(error)" }
            let place = context.codingPath.map(\.stringValue).joined(separator: ".")
            return "\(place.isEmpty ? itemType : place): \(context.debugDescription)"
        } catch {
            return "\(itemType) cannot be encoded: \(error)"
        }
    }

    func append(_ item: Record, toSection section: Int?) throws -> BatchUpdate {
        try base.append(try decoded(item, for: "append"), toSection: section)
    }

    func insert(_ item: Record, at path: ItemPath) throws -> BatchUpdate {
        try base.insert(try decoded(item, for: "insert"), at: path)
    }

    func update(_ item: Record, at path: ItemPath) throws -> BatchUpdate {
        try base.update(try decoded(item, for: "update"), at: path)
    }

    func delete(at paths: [ItemPath]) throws -> BatchUpdate { try base.delete(at: paths) }
    func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate { try base.move(from: from, to: to) }
    func reload() throws { try base.reload() }

    func replaceItems(with items: [Record]) throws {
        try base.replaceItems(with: try items.map { try decoded($0, for: "this change") })
    }

    /// `record` as an item, which must encode back to the same fields: a
    /// field the type does not keep (a typo, a field of another kind of
    /// item) is an error, not a change that silently does nothing.
    func decoded(_ record: Record, for command: String) throws -> Base.Item {
        guard encodes, let type = Base.Item.self as? any Decodable.Type else {
            throw RegistrationError(description: "\(command) needs \(itemType) to be Codable")
        }
        func decode<T: Decodable>(_ type: T.Type) throws -> Base.Item? {
            try RecordDecoder().decode(type, from: record) as? Base.Item
        }
        let item: Base.Item
        do {
            guard let decoded = try decode(type) else {
                throw RegistrationError(description: "\(command): the record is not a \(itemType)")
            }
            item = decoded
        } catch let error as DecodingError {
            throw RegistrationError(description: Self.message(for: error, type: itemType))
        }
        let back = self.record(of: item)
        for field in record.fields where field.value != .null && back[field.name] != field.value {
            guard let kept = back[field.name] else {
                throw RegistrationError(
                    description:
                        "\(field.name): \(itemType) has no such field here (its fields: "
                        + "\(FieldNameList.text(back.schema.names)))"
                )
            }
            guard kept.matchesByValue(field.value) || Self.keepsTheSame(kept, as: field.value) else {
                throw RegistrationError(
                    description: "\(field.name): \(itemType) keeps \(kept.jsonText), not \(field.value.jsonText)")
            }
        }
        return item
    }

    /// Whether `kept` is `typed` as the item's type keeps it: a date typed at
    /// an offset or to another precision, kept in UTC (the same instant, to
    /// the millisecond); a number or `true` typed into text, kept as its text.
    static func keepsTheSame(_ kept: Value, as typed: Value) -> Bool {
        guard case .string(let text) = kept else { return false }
        switch typed {
        case .string(let typedText):
            guard let keptDate = DateText.date(from: text), let typedDate = DateText.date(from: typedText) else {
                return false
            }
            return abs(keptDate.timeIntervalSince(typedDate)) < 0.001
        case .int, .double, .number, .bool:
            return text == typed.description
        default:
            return false
        }
    }

    /// A decoding error as one line: `minutes: expected a whole number, found string "abc"`.
    static func message(for error: DecodingError, type: String) -> String {
        func path(_ context: DecodingError.Context) -> String {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            return path.isEmpty ? type : path
        }
        switch error {
        case .typeMismatch(_, let context), .valueNotFound(_, let context), .dataCorrupted(let context):
            return "\(path(context)): \(context.debugDescription)"
        case .keyNotFound(let key, let context):
            let prefix = context.codingPath.map(\.stringValue) + [key.stringValue]
            return "\(prefix.joined(separator: ".")): \(type) needs it"
        @unknown default:
            return "\(type): \(error)"
        }
    }
}
