public import ListLabCore

/// A provider of records that keeps a dataset's rules: items have only the
/// dataset's fields, and, when it has a key field, every item has a key no
/// other item has, a new item without one being given the next free integer.
///
/// It wraps the provider that holds the records (an array, a sectioned, a
/// paged or a file provider) and forwards every call to it, checking the
/// rules first: a record that breaks one is refused with a
/// ``RecordRuleError`` and nothing changes. A composite of keyed providers
/// keeps each one's rules, since it hands each change to the provider that
/// owns the section.
///
/// ```swift
/// let schema = Record.Schema(["id", "name"])
/// let people = KeyedRecordProvider(
///     ArrayDataProvider([Record(schema: schema, values: [1, "Ada"])]),
///     fieldNames: schema.names, keyField: "id")
/// _ = try people.append(Record(schema: schema, values: [nil, "Grace"]), toSection: nil)
/// people.item(at: ItemPath(0, 1))?["id"]   // .int(2): the next free key
/// ```
///
/// - Complexity: Adding an item costs O(1) amortised, at any size: the keys
///   are indexed on the first addition (from a column in place, when the
///   wrapped provider is ``FieldColumnReading``) and kept up to date.
public final class KeyedRecordProvider: DataProvider {
    public typealias Item = Record

    /// The provider that holds the records.
    public let base: AnyDataProvider<Record>
    /// The dataset's field names, in order: the only fields an item may have.
    public private(set) var fieldNames: [String]
    /// The field names as a schema, to look a name up without comparing it
    /// with each (a record of a table with a key per record has thousands).
    private var fieldSchema: Record.Schema
    /// The field that gives items their identity, if any.
    public private(set) var keyField: String?
    /// The wrapped provider's columns, when it can read them in place.
    private let columns: (any FieldColumnReading)?
    /// The keys, from the first item added until the data changes otherwise.
    private var keyIndex: KeyIndex?
    /// Whether adding or updating an item checks that its key is no other
    /// item's (and gives an item without one the next whole number). Off
    /// for a provider that keeps its own rules (a user's registered one):
    /// its refusal, in its own words, is the one said; keys still find items.
    public var checksKeys = true

    /// Wraps `provider`, whose items have the fields `fieldNames` and, when
    /// `keyField` is given, are told apart by it.
    ///
    /// The items it holds already are taken as they are: check data from
    /// outside with ``firstDuplicateKey(_:in:)`` first.
    public convenience init<Provider: DataProvider>(_ provider: Provider, fieldNames: [String], keyField: String?)
    where Provider.Item == Record {
        self.init(provider, schema: Record.Schema(fieldNames), keyField: keyField)
    }

    /// Wraps `provider`, whose items have the fields of `schema` and, when
    /// `keyField` is given, are told apart by it: the schema its records
    /// share already, where one made from the names would build its table
    /// of names again (a tenth of loading a file with a key per record).
    public init<Provider: DataProvider>(_ provider: Provider, schema: Record.Schema, keyField: String?)
    where Provider.Item == Record {
        base = AnyDataProvider(provider)
        fieldNames = schema.names
        fieldSchema = schema
        self.keyField = keyField
        columns = provider as? any FieldColumnReading
    }

    /// The first two of `records`, counted from 0, whose values of `field`
    /// are the same key (numbers compare by value: 1 and 1.0 are one key),
    /// or nil when every key is unique.
    ///
    /// - Complexity: O(*n*) expected.
    public static func firstDuplicateKey(_ field: String, in records: some Sequence<Record>) -> (
        value: Value, first: Int, second: Int
    )? {
        var firstPosition: [Value: Int] = [:]
        for (position, record) in records.enumerated() {
            let key = record[field] ?? .null
            if let first = firstPosition.updateValue(position, forKey: key.numericallyNormalized) {
                return (key, first, position)
            }
        }
        return nil
    }

    /// Checks that `field` is one of the dataset's fields.
    ///
    /// - Throws: ``RecordRuleError/unknownField(_:fields:)``.
    public func checkField(_ field: String) throws(RecordRuleError) {
        guard fieldSchema.index(of: field) != nil else { throw .unknownField(field, fields: fieldNames) }
    }

    /// The path of the first item whose key is `value`, or nil (and nil when
    /// there is no key field).
    ///
    /// - Complexity: O(*n*): a scan, for messages and for a changed key.
    public func path(ofKey value: Value) -> ItemPath? {
        guard let keyField else { return nil }
        let key = keyIdentity(of: value)
        guard let columns else { return base.firstPath { keyIdentity(of: $0[keyField] ?? .null) == key } }
        // Read from the key's column, not from a record built per item: a record has every
        // field, and a file with a key per record made that items x fields.
        let none = keyIdentity(of: .null)
        guard var place = columns.keyIdentities(ofField: keyField).firstIndex(where: { ($0 ?? none) == key }) else {
            return nil
        }
        for section in 0..<base.numberOfSections {
            let count = base.numberOfItems(inSection: section)
            if place < count { return ItemPath(section, place) }
            place -= count
        }
        return nil
    }

    /// What stands for `value` as a key: two values are the same key when
    /// these are equal. Numbers compare by value (`1` and `1.0` are one key),
    /// unless the wrapped provider's format says otherwise (in CSV, which has
    /// no types, `1` and `"1"` are one key).
    public func keyIdentity(of value: Value) -> Value {
        columns?.keyIdentity(of: value) ?? value.numericallyNormalized
    }

    /// Tells the provider that the wrapped provider's items changed other
    /// than through it (a paged provider loading its next page), so that it
    /// indexes the keys again when next needed.
    public func baseDidChange() {
        keyIndex = nil
    }

    /// Takes the fields of `schema` as the dataset's, once the wrapped
    /// provider's records have them (its file read again with a field
    /// added, removed or moved); the keys are indexed again when next
    /// needed, and a key field that `schema` lacks is the items' key no more.
    public func fieldsDidChange(to schema: Record.Schema) {
        fieldNames = schema.names
        fieldSchema = schema
        keyIndex = nil
        if let keyField, schema.index(of: keyField) == nil { self.keyField = nil }
    }

    // MARK: DataProvider

    public var numberOfSections: Int { base.numberOfSections }
    public func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }
    public func item(at path: ItemPath) -> Record? { base.item(at: path) }
    public func title(ofSection section: Int) -> String? { base.title(ofSection: section) }

    /// Appends `item` with the rules kept: known fields, a unique key, the
    /// next free integer key when it has none.
    public func append(_ item: Record, toSection section: Int?) throws -> BatchUpdate {
        try add(item) { try base.append($0, toSection: section) }
    }

    /// Inserts `item` at `path` with the rules kept, as ``append(_:toSection:)`` does.
    public func insert(_ item: Record, at path: ItemPath) throws -> BatchUpdate {
        try add(item) { try base.insert($0, at: path) }
    }

    /// Replaces the item at `path`; a changed key must be no other item's.
    public func update(_ item: Record, at path: ItemPath) throws -> BatchUpdate {
        try checkFields(of: item)
        let old = try base.checkedItem(at: path)
        guard checksKeys else {
            defer { keyIndex = nil }
            return try base.update(item, at: path)
        }
        guard let keyField, let key = item[keyField], keyIdentity(of: key) != keyIdentity(of: old[keyField] ?? .null)
        else {
            return try base.update(item, at: path)
        }
        if key != .null, let other = self.path(ofKey: key), other != path {
            throw RecordRuleError.duplicateKey(field: keyField, value: key, path: other)
        }
        let change = try base.update(item, at: path)
        keyIndex = nil
        return change
    }

    public func delete(at paths: [ItemPath]) throws -> BatchUpdate {
        let change = try base.delete(at: paths)
        keyIndex = nil
        return change
    }

    public func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate {
        try base.move(from: from, to: to)
    }

    public func reload() throws {
        try base.reload()
        keyIndex = nil
    }

    public func replaceItems(with items: [Record]) throws {
        try base.replaceItems(with: items)
        keyIndex = nil
    }

    // MARK: The rules

    /// Adds `item` by `adding` once it keeps the rules, and indexes its key.
    private func add(_ item: Record, by adding: (Record) throws -> BatchUpdate) throws -> BatchUpdate {
        try checkFields(of: item)
        guard let keyField else { return try adding(item) }
        guard checksKeys else {
            defer { keyIndex = nil }
            return try adding(item)
        }
        // Taken out while it changes, so that changing it copies nothing.
        var index = keyIndex.take() ?? indexKeys(keyField)
        defer { keyIndex = index }
        var keyed = item
        if let key = item[keyField], key != .null {
            if index.contains(keyIdentity(of: key), identities: { keyIdentities(ofField: keyField) }) {
                // The message names the item: worth a scan, on this error path only.
                if let other = path(ofKey: key) {
                    throw RecordRuleError.duplicateKey(field: keyField, value: key, path: other)
                }
                // No item has it: the items changed behind the provider's back. Index them again.
                index = indexKeys(keyField)
            }
        } else {
            guard index.allIntegers else { throw RecordRuleError.missingKey(field: keyField) }
            // A key of a file's own may be the highest integer there is: then there is no next one.
            let (next, overflow) = index.highestInteger.addingReportingOverflow(1)
            guard !overflow else { throw RecordRuleError.noNextKey(field: keyField, highest: index.highestInteger) }
            keyed = item.setting(keyField, to: .int(next))
        }
        let change = try adding(keyed)
        let key = keyed[keyField] ?? .null
        index.insert(key, identity: keyIdentity(of: key))
        return change
    }

    private func checkFields(of record: Record) throws(RecordRuleError) {
        for name in record.schema.names where fieldSchema.index(of: name) == nil {
            throw .unknownField(name, fields: fieldNames)
        }
    }

    private func indexKeys(_ field: String) -> KeyIndex {
        if let columns {
            let summary = columns.integerSummary(ofField: field)
            return KeyIndex(highestInteger: summary.highest, allIntegers: summary.allIntegers)
        }
        var highest = 0
        for record in allItems {
            switch record[field] {
            case .int(let number)?: highest = max(highest, number)
            case .null?, nil: continue
            default: return KeyIndex(highestInteger: highest, allIntegers: false)
            }
        }
        return KeyIndex(highestInteger: highest, allIntegers: true)
    }

    /// Every item's value of `field` (null where it has none), in the
    /// provider's order: read from a column in place when the wrapped
    /// provider can.
    public func values(ofField field: String) -> [Value] {
        if let columns { return columns.values(ofField: field) }
        return allItems.map { $0[field] ?? .null }
    }

    /// For each of `fields`, how many items' values are of each kind, by
    /// ``Value/kindName`` (`null` where an item has none): from the columns
    /// when the provider reads them in place (a file with a field per
    /// item counts each field's few cells, not every item's), else from
    /// the items.
    public func kindCounts(ofFields fields: [String]) -> [[String: Int]] {
        if let columns { return columns.kindCounts(ofFields: fields) }
        return fields.map { values(ofField: $0).countedByKind() }
    }

    /// Every item's key identity, nil where it has none, in the provider's order.
    private func keyIdentities(ofField field: String) -> [Value?] {
        if let columns { return columns.keyIdentities(ofField: field) }
        return allItems.map { record in record[field].flatMap { $0 == .null ? nil : keyIdentity(of: $0) } }
    }

    /// The items, in path order, read one at a time.
    private var allItems: some Sequence<Record> {
        (0..<base.numberOfSections).lazy.flatMap { section in
            (0..<self.base.numberOfItems(inSection: section)).lazy.compactMap {
                self.base.item(at: ItemPath(section, $0))
            }
        }
    }
}
