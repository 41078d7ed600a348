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
    /// Surviving items whose content changed, old path to new path.
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
        // Sections.
        var oldSectionIndex: [SectionID: Int] = [:]
        for (index, section) in old.enumerated() {
            if let first = oldSectionIndex.updateValue(index, forKey: section.id) {
                throw DuplicateIdentityError(identity: "\(section.id)", side: .old, first: first, second: index, kind: "section")
            }
        }
        var seenNewSections: [SectionID: Int] = [:]
        for (index, section) in new.enumerated() {
            if let first = seenNewSections.updateValue(index, forKey: section.id) {
                throw DuplicateIdentityError(identity: "\(section.id)", side: .new, first: first, second: index, kind: "section")
            }
        }
        // oldToNew[s]: the new index of old section s, or -1; newToOld likewise.
        var oldToNew = [Int](repeating: -1, count: old.count)
        var newToOld = [Int](repeating: -1, count: new.count)
        var survivingOld: [Int] = []
        var survivingNew: [Int] = []
        for (index, section) in new.enumerated() {
            if let match = oldSectionIndex[section.id] {
                oldToNew[match] = index
                newToOld[index] = match
                survivingOld.append(match)
                survivingNew.append(index)
            } else {
                insertedSections.append(index)
            }
        }
        deletedSections = old.indices.filter { oldToNew[$0] < 0 }
        let sectionsStaying = longestIncreasingSubsequence(survivingOld)
        for position in survivingOld.indices where !sectionsStaying[position] {
            movedSections.append(Move(from: survivingOld[position], to: survivingNew[position]))
        }

        // Items: the one hash table, from identity to old place, packed into
        // one word (section << 32 | item) to keep the table small and in cache.
        var sectionStart = [Int](repeating: 0, count: old.count + 1)
        for (section, oldSection) in old.enumerated() {
            sectionStart[section + 1] = sectionStart[section] + oldSection.items.count
        }
        let oldCount = sectionStart[old.count]
        var oldPlace: [Identity: UInt64] = [:]
        oldPlace.reserveCapacity(oldCount)
        for (section, oldSection) in old.enumerated() {
            for (index, item) in oldSection.items.enumerated() {
                if let first = oldPlace.updateValue(UInt64(section) << 32 | UInt64(index), forKey: identity(item)) {
                    throw DuplicateIdentityError(
                        identity: "\(identity(item))", side: .old,
                        firstPath: ElementPath(Int(first >> 32), Int(first & 0xFFFF_FFFF)), secondPath: ElementPath(section, index))
                }
            }
        }
        // For each old item (by flat index): the new place it went to, or none.
        let unmatched = UInt64.max
        var wentTo = [UInt64](repeating: unmatched, count: oldCount)
        var newOnly: [Identity: ElementPath] = [:]
        var stayingOld: [Int] = []
        var stayingNew: [Int] = []
        for (section, newSection) in new.enumerated() {
            // Old indices, in new order, of the items that stay in this section's old section.
            stayingOld.removeAll(keepingCapacity: true)
            stayingNew.removeAll(keepingCapacity: true)
            let sourceSection = newToOld[section]
            for (index, item) in newSection.items.enumerated() {
                let key = identity(item)
                guard let packed = oldPlace[key] else {
                    let path = ElementPath(section, index)
                    if let first = newOnly.updateValue(path, forKey: key) {
                        throw DuplicateIdentityError(identity: "\(key)", side: .new, firstPath: first, secondPath: path)
                    }
                    if sourceSection >= 0 { insertedItems.append(path) }
                    continue
                }
                let fromSection = Int(packed >> 32)
                let fromItem = Int(packed & 0xFFFF_FFFF)
                let flat = sectionStart[fromSection] + fromItem
                guard wentTo[flat] == unmatched else {
                    let first = ElementPath(Int(wentTo[flat] >> 32), Int(wentTo[flat] & 0xFFFF_FFFF))
                    throw DuplicateIdentityError(identity: "\(key)", side: .new, firstPath: first, secondPath: ElementPath(section, index))
                }
                wentTo[flat] = UInt64(section) << 32 | UInt64(index)
                guard sourceSection >= 0 else { continue }  // in an inserted section: covered by it
                guard oldToNew[fromSection] >= 0 else {
                    insertedItems.append(ElementPath(section, index))  // from a deleted section: cannot move, so insert
                    continue
                }
                if !isContentEqual(old[fromSection].items[fromItem], item) {
                    updatedItems.append(Move(from: ElementPath(fromSection, fromItem), to: ElementPath(section, index)))
                }
                if fromSection == sourceSection {
                    stayingOld.append(fromItem)
                    stayingNew.append(index)
                } else {
                    movedItems.append(Move(from: ElementPath(fromSection, fromItem), to: ElementPath(section, index)))
                }
            }
            let staying = longestIncreasingSubsequence(stayingOld)
            for position in stayingOld.indices where !staying[position] {
                movedItems.append(Move(from: ElementPath(sourceSection, stayingOld[position]), to: ElementPath(section, stayingNew[position])))
            }
        }
        // Old items that are gone, or went to an inserted section, leave their surviving section.
        for section in old.indices where oldToNew[section] >= 0 {
            for index in 0..<old[section].items.count {
                let target = wentTo[sectionStart[section] + index]
                if target == unmatched || newToOld[Int(target >> 32)] < 0 {
                    deletedItems.append(ElementPath(section, index))
                }
            }
        }
        movedItems.sort { $0.to < $1.to }
        insertedItems.sort()
    }
}
