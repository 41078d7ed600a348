public import ListLabCore

/// A record that breaks a ``KeyedRecordProvider``'s rules. Nothing changes
/// when one is thrown; the description is the message for the user.
public enum RecordRuleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// A field the dataset does not have.
    case unknownField(String, fields: [String])
    /// A key that another item has already, at `path`.
    case duplicateKey(field: String, value: Value, path: ItemPath)
    /// A new item without a key, where the keys are not all integers (so
    /// there is no next one to give it).
    case missingKey(field: String)
    /// A new item without a key, where the highest key is the highest
    /// integer there is (so there is no next one to give it).
    case noNextKey(field: String, highest: Int)

    public var description: String {
        switch self {
        case .unknownField(let name, let fields):
            "no field '\(FieldNameList.name(name))' (fields: \(FieldNameList.text(fields)))"
        case .duplicateKey(let field, let value, let path):
            "duplicate key \(FieldNameList.name(field))=\(value.messageText): \(path) has it already"
        case .missingKey(let field):
            "the new item needs a value for the key field '\(field)' (its keys are not all whole numbers)"
        case .noNextKey(let field, let highest):
            "the new item needs a value for the key field '\(field)' (its highest key, \(highest), has no next)"
        }
    }
}
