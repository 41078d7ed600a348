/// A place in a sectioned list, for the diff: a section and an item.
public struct ElementPath: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// The section.
    public var section: Int
    /// The item within the section.
    public var item: Int

    /// Creates a path.
    public init(_ section: Int, _ item: Int) {
        self.section = section
        self.item = item
    }

    public static func < (lhs: ElementPath, rhs: ElementPath) -> Bool {
        (lhs.section, lhs.item) < (rhs.section, rhs.item)
    }

    /// `S.I`.
    public var description: String { "\(section).\(item)" }
}

/// A section of items, as the diff sees it: an identity and items.
public struct DiffSection<SectionID: Hashable, Item> {
    /// What makes the section the same section in both states.
    public var id: SectionID
    /// The items, in order.
    public var items: [Item]

    /// Creates a section.
    public init(id: SectionID, items: [Item]) {
        self.id = id
        self.items = items
    }
}

/// The changes that turn one sectioned list into another, by identity and
/// content, in the coordinates of a batch update: deletes and move sources
/// in the old list, inserts and move destinations in the new one.
///
/// - Sections match by their id; items by their identity anywhere in the
///   list, so an item can move across sections.
/// - Survivors that keep their relative order stay put (a longest increasing
///   subsequence per section and of the sections); every other survivor is a
///   move, so moves are as few as the deletes and inserts allow.
/// - An item whose section is deleted or inserted is covered by the section
///   change (and, when it comes from a deleted section into a surviving one,
///   is inserted there: a batch update cannot move from a deleted section).
/// - Survivors whose content changed are ``updatedItems`` (old path → new path).
///
/// ```swift
/// let old = [DiffSection(id: "A", items: [1, 2, 3])]
/// let new = [DiffSection(id: "A", items: [3, 1, 2])]
/// let changes = try SectionedChangeset(from: old, to: new, identity: { $0 }, isContentEqual: ==)
/// changes.movedItems.count   // 1: from 0.2 to 0.0
/// ```
public struct SectionedChangeset: Hashable, Sendable {
    /// A move from an old place to a new one.
    public struct Move<Place: Hashable & Sendable>: Hashable, Sendable {
        /// Where it was.
        public var from: Place
        /// Where it is.
        public var to: Place

        /// Creates a move.
        public init(from: Place, to: Place) {
            self.from = from
            self.to = to
        }
    }

    /// Old sections that are gone, ascending.
    public var deletedSections: [Int] = []
    /// New sections, ascending.
    public var insertedSections: [Int] = []
    /// Surviving sections that change place.
    public var movedSections: [Move<Int>] = []
    /// Old items that are gone (outside deleted sections).
    public var deletedItems: [ElementPath] = []
    /// New items (outside inserted sections).
    public var insertedItems: [ElementPath] = []
    /// Surviving items that change place.
    public var movedItems: [Move<ElementPath>] = []
    /// Surviving items whose content changed, old path to new path, by new path.
    public var updatedItems: [Move<ElementPath>] = []

    /// Creates an empty changeset.
    public init() {}

    /// The number of changes.
    public var count: Int {
        deletedSections.count + insertedSections.count + movedSections.count + deletedItems.count
            + insertedItems.count + movedItems.count + updatedItems.count
    }

    /// True when the two states are the same.
    public var isEmpty: Bool { count == 0 }

    /// Where each section's items start when the items are numbered in
    /// order, and after the last, the number of items.
    @inlinable
    static func starts<SectionID, Item>(of sections: [DiffSection<SectionID, Item>]) -> [Int] {
        var starts = [Int](repeating: 0, count: sections.count + 1)
        for (section, items) in sections.enumerated() { starts[section + 1] = starts[section] + items.items.count }
        return starts
    }

    /// The first item of `sections` whose identity an item before it has,
    /// as an error naming both places.
    @inlinable
    static func firstRepeat<SectionID, Item, Identity: Hashable>(
        in sections: [DiffSection<SectionID, Item>], of side: DuplicateIdentityError.Side, identity: (Item) -> Identity
    ) -> DuplicateIdentityError {
        var seen: [Identity: ElementPath] = [:]
        for (section, items) in sections.enumerated() {
            for (index, item) in items.items.enumerated() {
                let key = identity(item)
                if let first = seen.updateValue(ElementPath(section, index), forKey: key) {
                    return DuplicateIdentityError(
                        identity: "\(key)", side: side, firstPath: first, secondPath: ElementPath(section, index))
                }
            }
        }
        preconditionFailure("firstRepeat(in:of:identity:) is called only when an identity repeats")
    }

    /// The changes from `old` to `new`.
    ///
    /// - Parameters:
    ///   - old: The sections before.
    ///   - new: The sections after.
    ///   - identity: An item's identity (its key), unique in each list.
    ///   - isContentEqual: Whether two items of one identity look the same.
    /// - Throws: ``DuplicateIdentityError`` when a section id or an item
    ///   identity repeats within one list, naming both places.
    /// - Complexity: O(*n* log *n*) for *n* items: hash maps for identity,
    ///   a patience sort for the moves. Near linear in practice.
    @inlinable
    public init<SectionID: Hashable, Item, Identity: Hashable>(
        from old: [DiffSection<SectionID, Item>], to new: [DiffSection<SectionID, Item>],
        identity: (Item) -> Identity, isContentEqual: (Item, Item) -> Bool
    ) throws(DuplicateIdentityError) {
        let sections = try SectionMatch(from: old, to: new)
        deletedSections = sections.deleted
        insertedSections = sections.inserted
        movedSections = sections.moved
        var matcher = ItemMatcher<SectionID, Item, Identity>(old: old, new: new, sections: sections)
        try matcher.fillTable(identity: identity)
        try matcher.matchNewItems(identity: identity, isContentEqual: isContentEqual)
        try matcher.resolvePending(identity: identity, isContentEqual: isContentEqual)
        matcher.finish(into: &self)
    }
}
