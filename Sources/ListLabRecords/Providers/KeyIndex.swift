/// The keys of a provider's items, for the rules a new item must keep: a key
/// no other item has, and the next free integer when none is given.
///
/// Built by one pass over the keys and then kept up to date as items are
/// added, so that adding an item costs the same at a million items as at a
/// thousand (a scan of every record per `append` took a second at 1M rows).
/// The set of keys, needed only when a new item brings its own key, is
/// built the first time one does. ``KeyedRecordProvider`` drops the index on
/// any other change to the data.
struct KeyIndex {
    /// The keys' identities (see ``KeyedRecordProvider``), once needed.
    private var keys: Set<Value>?
    /// The highest integer key (0 when there is none).
    private(set) var highestInteger: Int
    /// Whether every key is an integer (only then is there a next one).
    private(set) var allIntegers: Bool

    /// An index of keys whose highest integer is `highestInteger` and which
    /// are all integers or not.
    init(highestInteger: Int, allIntegers: Bool) {
        self.highestInteger = highestInteger
        self.allIntegers = allIntegers
    }

    /// Whether an item has the key whose identity is `identity`;
    /// `identities` gives every item's, read once, the first time the
    /// question is asked (items without a key give nil).
    mutating func contains(_ identity: Value, identities: () -> [Value?]) -> Bool {
        if keys == nil { keys = Set(identities().compactMap(\.self)) }
        return keys?.contains(identity) ?? false
    }

    /// Adds the key `value`, whose identity is `identity`; null (no key) is not one.
    mutating func insert(_ value: Value, identity: Value) {
        switch value {
        case .null: return
        case .int(let number): highestInteger = max(highestInteger, number)
        default: allIntegers = false
        }
        keys?.insert(identity)
    }
}
