/// The changes that turn one list into another, by item identity and
/// content, in the coordinates a batch update uses: deletes and move
/// sources as indices into the old list, inserts and move destinations as
/// indices into the new one.
///
/// ```swift
/// let changes = try Changeset(from: [1, 2, 3, 4, 5], to: [2, 3, 4, 5, 1])
/// changes.moves   // [Changeset.Move(from: 0, to: 4)]
/// ```
public struct Changeset: Hashable, Sendable {
    /// A survivor that changes place.
    public struct Move: Hashable, Sendable, CustomStringConvertible {
        /// Its index in the old list.
        public var from: Int
        /// Its index in the new list.
        public var to: Int

        /// Creates a move.
        public init(from: Int, to: Int) {
            self.from = from
            self.to = to
        }

        public var description: String { "\(from) -> \(to)" }
    }

    /// Indices of old items whose identity is gone, ascending.
    public var deletes: [Int]
    /// Indices of new items whose identity is new, ascending.
    public var inserts: [Int]
    /// Survivors that change place, by new index ascending. Survivors that
    /// keep their relative order (a longest increasing subsequence of them)
    /// stay put, so the moves are as few as the deletes and inserts allow.
    public var moves: [Move]
    /// Survivors whose content changed, as (old index, new index), by new
    /// index ascending.
    public var updates: [Move]

    /// Creates a changeset of the given changes.
    public init(deletes: [Int] = [], inserts: [Int] = [], moves: [Move] = [], updates: [Move] = []) {
        self.deletes = deletes
        self.inserts = inserts
        self.moves = moves
        self.updates = updates
    }

    /// True when the lists are the same.
    public var isEmpty: Bool { deletes.isEmpty && inserts.isEmpty && moves.isEmpty && updates.isEmpty }

    /// The number of changes.
    public var count: Int { deletes.count + inserts.count + moves.count + updates.count }
}

extension Changeset {
    /// The changes from `old` to `new`, matching items by `identity` and
    /// comparing matched items with `isContentEqual`.
    ///
    /// - Parameters:
    ///   - old: The list before.
    ///   - new: The list after.
    ///   - identity: What makes an item the same item in both lists (a key).
    ///   - isContentEqual: Whether two items of the same identity look the same.
    /// - Throws: ``DuplicateIdentityError`` when an identity appears twice in
    ///   one list: such a list cannot be diffed by identity.
    /// - Complexity: O(*n* log *m*) for *n* items and *m* moves' worth of
    ///   survivors (hash maps for identity; a patience sort for the moves).
    public init<Item, Identity: Hashable>(
        from old: [Item], to new: [Item], identity: (Item) -> Identity, isContentEqual: (Item, Item) -> Bool
    ) throws(DuplicateIdentityError) {
        let oldIndex = try Self.indexByIdentity(old, identity, side: .old)
        var deletes: [Int] = []
        var inserts: [Int] = []
        var survivorOldIndices: [Int] = []
        var survivorNewIndices: [Int] = []
        var updates: [Move] = []
        var newIndex: [Identity: Int] = [:]
        newIndex.reserveCapacity(new.count)
        for (index, item) in new.enumerated() {
            let key = identity(item)
            if let first = newIndex.updateValue(index, forKey: key) {
                throw DuplicateIdentityError(identity: "\(key)", side: .new, first: first, second: index)
            }
            if let match = oldIndex[key] {
                survivorOldIndices.append(match)
                survivorNewIndices.append(index)
                if !isContentEqual(old[match], item) {
                    updates.append(Move(from: match, to: index))
                }
            } else {
                inserts.append(index)
            }
        }
        for (index, item) in old.enumerated() where newIndex[identity(item)] == nil {
            deletes.append(index)
        }
        let staying = longestIncreasingSubsequence(survivorOldIndices)
        var moves: [Move] = []
        for position in survivorOldIndices.indices where !staying[position] {
            moves.append(Move(from: survivorOldIndices[position], to: survivorNewIndices[position]))
        }
        self.init(deletes: deletes, inserts: inserts, moves: moves, updates: updates)
    }

    /// The changes from `old` to `new` for items that are their own identity
    /// (equal items are the same item, and never need an update).
    public init<Item: Hashable>(from old: [Item], to new: [Item]) throws(DuplicateIdentityError) {
        try self.init(from: old, to: new, identity: { $0 }, isContentEqual: { _, _ in true })
    }

    private static func indexByIdentity<Item, Identity: Hashable>(
        _ items: [Item], _ identity: (Item) -> Identity, side: DuplicateIdentityError.Side
    ) throws(DuplicateIdentityError) -> [Identity: Int] {
        var index: [Identity: Int] = [:]
        index.reserveCapacity(items.count)
        for (position, item) in items.enumerated() {
            let key = identity(item)
            if let first = index.updateValue(position, forKey: key) {
                throw DuplicateIdentityError(identity: "\(key)", side: side, first: first, second: position)
            }
        }
        return index
    }
}

/// Two items of one list share an identity, so the list cannot be diffed by
/// identity. The description names the identity and both positions.
public struct DuplicateIdentityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which list holds the duplicate.
    public enum Side: String, Hashable, Sendable {
        case old, new
    }

    /// The repeated identity, as text.
    public var identity: String
    /// The list that repeats it.
    public var side: Side
    /// The first position of the identity.
    public var first: Int
    /// The second position of the identity.
    public var second: Int

    /// Creates the error for `identity`, repeated at `first` and `second` of `side`.
    public init(identity: String, side: Side, first: Int, second: Int) {
        self.identity = identity
        self.side = side
        self.first = first
        self.second = second
    }

    public var description: String {
        "duplicate identity '\(identity)' in the \(side.rawValue) list, at \(first) and \(second)"
    }
}
