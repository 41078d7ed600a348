/// A provider that reads one field of every item in place, without building
/// a record per item (a columnar table does), and whose file format decides
/// when two values are the same key. ``KeyedRecordProvider`` uses it, when
/// the provider it wraps has it, to index keys at a million items in the
/// time of one pass over a column, and to compare them as the file does.
public protocol FieldColumnReading: AnyObject {
    /// Every item's value of `field` (null where it has none), in the
    /// provider's order.
    func values(ofField field: String) -> [Value]

    /// Every item's value of `field` as a key (see ``keyIdentity(of:)``),
    /// nil where it has none, in the provider's order: read from the cells as the
    /// file spells them.
    func keyIdentities(ofField field: String) -> [Value?]

    /// What stands for `value` as a key: two values are the same key when
    /// these are equal. A CSV file has no types, so `1` and `"1"` are one
    /// key; in JSON, `1` and `1.0` are one number.
    func keyIdentity(of value: Value) -> Value

    /// The highest integer value of `field` (0 when there is none), and
    /// whether every value is an integer or null.
    func integerSummary(ofField field: String) -> (highest: Int, allIntegers: Bool)

    /// For each of `fields`, how many items' values are of each kind, by
    /// ``Value/kindName`` (`null` where an item has none).
    func kindCounts(ofFields fields: [String]) -> [[String: Int]]
}

extension FieldColumnReading {
    /// Counted from ``values(ofField:)``, a field at a time.
    public func kindCounts(ofFields fields: [String]) -> [[String: Int]] {
        fields.map { values(ofField: $0).countedByKind() }
    }
}

extension Sequence<Value> {
    /// How many of the values are of each kind, by ``Value/kindName``.
    package func countedByKind() -> [String: Int] {
        reduce(into: [:]) { counts, value in counts[value.kindName, default: 0] += 1 }
    }
}
