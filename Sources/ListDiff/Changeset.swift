/// The changes that turn one list into another, by item identity and
/// content, in the coordinates a batch update uses: deletes and move
/// sources as indices into the old list, inserts and move destinations as
/// indices into the new one.
///
/// ```swift
/// let changes = try Changeset(from: [1, 2, 3, 4, 5], to: [2, 3, 4, 5, 1])
/// changes.moves   // [0 -> 4]
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

        /// `from -> to`.
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
    @inlinable
    public init<Item, Identity: Hashable>(
        from old: [Item], to new: [Item], identity: (Item) -> Identity, isContentEqual: (Item, Item) -> Bool
    ) throws(DuplicateIdentityError) {
        // One section of the sectioned diff.
        let changes: SectionedChangeset
        do {
            changes = try SectionedChangeset(
                from: [DiffSection(id: 0, items: old)], to: [DiffSection(id: 0, items: new)],
                identity: identity, isContentEqual: isContentEqual)
        } catch {
            var flat = error
            if let paths = error.paths {
                (flat.first, flat.second, flat.paths) = (paths.first.item, paths.second.item, nil)
            }
            throw flat
        }
        self.init(
            deletes: changes.deletedItems.map(\.item), inserts: changes.insertedItems.map(\.item),
            moves: changes.movedItems.map { Move(from: $0.from.item, to: $0.to.item) },
            updates: changes.updatedItems.map { Move(from: $0.from.item, to: $0.to.item) })
    }

    /// The changes from `old` to `new` for items that are their own identity
    /// (equal items are the same item, and never need an update).
    @inlinable
    public init<Item: Hashable>(from old: [Item], to new: [Item]) throws(DuplicateIdentityError) {
        try self.init(from: old, to: new, identity: { $0 }, isContentEqual: { _, _ in true })
    }
}

/// Two items of one list share an identity, so the list cannot be diffed by
/// identity. The description names the identity and both positions.
public struct DuplicateIdentityError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Which list holds the duplicate.
    public enum Side: String, Hashable, Sendable {
        /// The list before the change.
        case old
        /// The list after the change.
        case new
    }

    /// The repeated identity, as text.
    public var identity: String
    /// What repeats it: `item` or `section`.
    public var kind = "item"
    /// For items of a sectioned list: the two paths.
    public var paths: (first: ElementPath, second: ElementPath)?
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

    /// Creates the error for a section id repeated at `first` and `second`.
    public init(identity: String, side: Side, first: Int, second: Int, kind: String) {
        self.init(identity: identity, side: side, first: first, second: second)
        self.kind = kind
    }

    /// Creates the error for an item identity repeated at two paths.
    public init(identity: String, side: Side, firstPath: ElementPath, secondPath: ElementPath) {
        self.init(identity: identity, side: side, first: firstPath.item, second: secondPath.item)
        paths = (firstPath, secondPath)
    }

    /// The identity and both places: `duplicate identity '7' in the new list, at 0.1 and 0.4`.
    public var description: String {
        if let paths {
            return
                "duplicate identity '\(identity)' in the \(side.rawValue) list, at \(paths.first) and \(paths.second)"
        }
        if kind == "section" {
            return "duplicate section '\(identity)' in the \(side.rawValue) list, sections \(first) and \(second)"
        }
        return "duplicate identity '\(identity)' in the \(side.rawValue) list, at \(first) and \(second)"
    }

    public static func == (lhs: DuplicateIdentityError, rhs: DuplicateIdentityError) -> Bool {
        lhs.description == rhs.description
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(description)
    }
}
