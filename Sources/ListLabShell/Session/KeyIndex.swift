import ListLabCore
import ListLabRecords

/// The keys of a provider's items, for the rules a new item must keep: a key
/// no other item has, and the next free integer when none is given.
///
/// Built by one pass over the keys and then kept up to date by `append` and
/// `insert`, so that adding an item costs the same at a million items as at
/// a thousand (a scan of every record per `append` took a second at 1M
/// rows). The set of keys, needed only when a user types a key, is built
/// the first time one is typed. Any other change to the data makes the
/// index stale: it is valid only for the session's ``Session/dataVersion``
/// it was stamped with.
struct KeyIndex {
    /// The keys, as values (numbers normalised: 1 and 1.0 are one key), once needed.
    private var keys: Set<Value>?
    /// The highest integer key.
    private(set) var highestInteger = 0
    /// Whether every key is an integer (only then is there a next one).
    private(set) var allIntegers = true
    /// The data version this index describes.
    var version: Int

    /// An index of keys whose highest integer is `highestInteger` (0 when
    /// none is) and which are all integers or not.
    init(highestInteger: Int, allIntegers: Bool, version: Int) {
        self.highestInteger = highestInteger
        self.allIntegers = allIntegers
        self.version = version
    }

    /// Whether an item has the key `value`; `values` gives every key, read
    /// once, the first time the question is asked.
    mutating func contains<Values: Sequence>(_ value: Value, keys values: () -> Values) -> Bool where Values.Element == Value {
        if keys == nil {
            var built: Set<Value> = []
            for key in values() where key != .null { built.insert(key.numericallyNormalized) }
            keys = built
        }
        return keys?.contains(value.numericallyNormalized) ?? false
    }

    /// Adds a key; null (no key) is not one.
    mutating func insert(_ value: Value) {
        switch value {
        case .null: return
        case .int(let number): highestInteger = max(highestInteger, number)
        default: allIntegers = false
        }
        keys?.insert(value.numericallyNormalized)
    }
}
