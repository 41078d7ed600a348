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
                    return DuplicateIdentityError(identity: "\(key)", side: side, firstPath: first, secondPath: ElementPath(section, index))
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
        for position in positionsOutsideLongestIncreasingSubsequence(survivingOld) {
            movedSections.append(Move(from: survivingOld[position], to: survivingNew[position]))
        }

        // Items: every item has a number, old ones 0..<oldCount in order, new ones oldCount
        // onwards; one table finds an identity's number. Old items go in first (a repeat is
        // a duplicate); a new item that is not found goes in after them, so a repeat among
        // new items is found too.
        let sectionStart = Self.starts(of: old)
        let newSectionStart = Self.starts(of: new)
        let oldCount = sectionStart[old.count]
        /// The section and item of a number, in one list's section starts.
        func place(_ flat: Int, _ starts: [Int]) -> ElementPath {
            if starts.count == 2 { return ElementPath(0, flat) }
            var low = 0
            var high = starts.count - 2
            while low < high {
                let middle = (low + high + 1) / 2
                if starts[middle] <= flat { low = middle } else { high = middle - 1 }
            }
            return ElementPath(low, flat - starts[low])
        }
        func identityOf(_ number: Int) -> Identity {
            if number < oldCount {
                let path = place(number, sectionStart)
                return identity(old[path.section].items[path.item])
            }
            let path = place(number - oldCount, newSectionStart)
            return identity(new[path.section].items[path.item])
        }
        func hashOf(_ number: Int) -> Int { identityOf(number).hashValue }
        // Room for the old items, or for the new ones when more of them may go in (a list that grows from few).
        var table = IdentityTable(expected: max(oldCount, newSectionStart[new.count]), numbersBelow: oldCount + newSectionStart[new.count])
        // All old items go in at once; when two share an identity, the error names the first
        // repeat in their order, which the table's filling order does not keep.
        let filled = table.fill(
            count: oldCount,
            hashOf: { add in
                for oldSection in old {
                    for item in oldSection.items { add(identity(item).hashValue) }
                }
            },
            isSame: { identityOf($0) == identityOf($1) })
        if !filled { throw Self.firstRepeat(in: old, of: .old, identity: identity) }
        // For each old item: the number of the new item it became, or `unmatched`; the
        // top bit marks one that went to an inserted section.
        let unmatched = UInt32.max
        let toInsertedSection: UInt32 = 1 << 31
        precondition(newSectionStart[new.count] < 1 << 31, "a diff takes fewer than 2^31 new items")
        var wentTo = [UInt32](repeating: unmatched, count: oldCount)
        // Old item indices, in new order, of the items that stay in their section, section by
        // section; `notStaying` holds the place of an item looked up later, until it is known.
        let notStaying: Int32 = -1
        var stayingOld: [Int32] = []
        stayingOld.reserveCapacity(min(oldCount, newSectionStart[new.count]))
        var stayingRuns: [(newSection: Int, oldSection: Int, end: Int)] = []
        // The inserted new items by number (4 bytes, where a path takes 16), made paths at the end.
        var insertedNumbers: [Int32] = []
        /// Records that the new item at `to` is the old item `match` at `from`, and what that
        /// makes of it; false when an earlier new item is that old item too (a repeat).
        func matched(_ match: Int, from: ElementPath, to: ElementPath, item: Item, stayingAt: Int?) -> Bool {
            guard wentTo[match] == unmatched else { return false }
            let newNumber = UInt32(truncatingIfNeeded: newSectionStart[to.section] + to.item)
            let sourceSection = newToOld[to.section]
            guard sourceSection >= 0 else {
                wentTo[match] = newNumber | toInsertedSection  // covered by the section insert
                return true
            }
            wentTo[match] = newNumber
            guard oldToNew[from.section] >= 0 else {
                insertedNumbers.append(Int32(truncatingIfNeeded: newNumber))  // from a deleted section: cannot move, so insert
                return true
            }
            if !isContentEqual(old[from.section].items[from.item], item) { updatedItems.append(Move(from: from, to: to)) }
            if from.section == sourceSection {
                if let stayingAt { stayingOld[stayingAt] = Int32(truncatingIfNeeded: from.item) } else {
                    stayingOld.append(Int32(truncatingIfNeeded: from.item))
                }
            } else {
                movedItems.append(Move(from: from, to: to))
            }
            return true
        }
        // Most items keep their order, so each new item is first compared with the old item
        // after the last one matched (no hashing, and the old items are read in order). The
        // others are looked up in the table together after this pass, in the table's order
        // (`pending`), except every fourth in a row, looked up at once so that the cursor can
        // follow a moved run.
        var cursor = ElementPath(0, 0)
        // Where the cursor was before it jumped to a moved item: the items after a move most
        // often go on from there.
        var resume = ElementPath(0, 0)
        var missesInARow = 0
        var pending: [IdentityTable.Lookup] = []
        var pendingStaying: [Int32] = []  // its place in stayingOld, or -1 in an inserted section
        /// The old item at `path`, or the first after it when its section ends; nil past the last.
        func oldItem(from path: ElementPath) -> ElementPath? {
            var path = path
            while path.section < old.count, path.item >= old[path.section].items.count { path = ElementPath(path.section + 1, 0) }
            return path.section < old.count ? path : nil
        }
        /// The old item with identity `key` when it is at the cursor, one or two items after it
        /// (the items between were deleted or moved), or where the cursor was before a move.
        func nearby(_ key: Identity) -> ElementPath? {
            var candidate = cursor
            for _ in 0..<3 {
                guard let path = oldItem(from: candidate) else { break }
                if identity(old[path.section].items[path.item]) == key { return path }
                candidate = ElementPath(path.section, path.item + 1)
            }
            if resume != cursor, let path = oldItem(from: resume), identity(old[path.section].items[path.item]) == key { return path }
            return nil
        }
        /// Moves the cursor past `from`.
        func follow(_ from: ElementPath) {
            if from != cursor { resume = cursor }
            cursor = ElementPath(from.section, from.item + 1)
        }
        for (section, newSection) in new.enumerated() {
            let sourceSection = newToOld[section]
            let items = newSection.items
            for index in items.indices {
                let item = items[index]
                let key = identity(item)
                let to = ElementPath(section, index)
                if let near = nearby(key) {
                    follow(near)
                    missesInARow = 0
                    guard matched(sectionStart[near.section] + near.item, from: near, to: to, item: item, stayingAt: nil) else {
                        throw Self.firstRepeat(in: new, of: .new, identity: identity)
                    }
                    continue
                }
                missesInARow += 1
                let hash = key.hashValue
                let newNumber = newSectionStart[section] + index
                guard missesInARow % 4 == 0 else {
                    pending.append(IdentityTable.Lookup(number: oldCount + newNumber, hash: hash))
                    pendingStaying.append(sourceSection >= 0 ? Int32(truncatingIfNeeded: stayingOld.count) : -1)
                    if sourceSection >= 0 { stayingOld.append(notStaying) }
                    continue
                }
                if let known = table.find(hash: hash, isSame: { identityOf($0) == key }) {
                    guard known < oldCount else { throw Self.firstRepeat(in: new, of: .new, identity: identity) }
                    let from = place(known, sectionStart)
                    follow(from)
                    missesInARow = 0
                    guard matched(known, from: from, to: to, item: item, stayingAt: nil) else {
                        throw Self.firstRepeat(in: new, of: .new, identity: identity)
                    }
                } else {
                    _ = table.insert(oldCount + newNumber, hash: hash, isSame: { _ in false }, hashOf: hashOf)
                    if sourceSection >= 0 { insertedNumbers.append(Int32(truncatingIfNeeded: newNumber)) }
                }
            }
            if sourceSection >= 0 { stayingRuns.append((section, sourceSection, stayingOld.count)) }
        }
        // The pending lookups. A new item found among the new ones, or an old item found twice,
        // is a repeat in the new list; the error names the first, as a lookup in order would.
        let known = table.resolve(pending, isSame: { identityOf($0) == identityOf($1) }, hashOf: hashOf)
        for (index, lookup) in pending.enumerated() {
            let to = place(lookup.number - oldCount, newSectionStart)
            guard known[index] != .max else {
                if newToOld[to.section] >= 0 { insertedNumbers.append(Int32(truncatingIfNeeded: lookup.number - oldCount)) }
                continue
            }
            let match = Int(known[index])
            let staying = pendingStaying[index]
            guard match < oldCount,
                matched(
                    match, from: place(match, sectionStart), to: to, item: new[to.section].items[to.item],
                    stayingAt: staying >= 0 ? Int(staying) : nil)
            else { throw Self.firstRepeat(in: new, of: .new, identity: identity) }
        }
        (pending, pendingStaying) = ([], [])
        table = IdentityTable(expected: 0, numbersBelow: 0)  // its memory goes before the moves are worked out
        // Survivors that keep their section stay put when they keep their order.
        var runStart = 0
        for run in stayingRuns {
            let values = stayingOld[runStart..<run.end]
            for position in positionsOutsideLongestIncreasingSubsequence(values, skipping: notStaying) {
                let from = ElementPath(run.oldSection, Int(values[runStart + position]))
                let to = Int(wentTo[sectionStart[run.oldSection] + from.item]) - newSectionStart[run.newSection]
                movedItems.append(Move(from: from, to: ElementPath(run.newSection, to)))
            }
            runStart = run.end
        }
        // Old items that are gone, or went to an inserted section, leave their surviving section.
        for section in old.indices where oldToNew[section] >= 0 {
            let start = sectionStart[section]
            for index in 0..<old[section].items.count {
                let target = wentTo[start + index]
                if target == unmatched || target & toInsertedSection != 0 {
                    deletedItems.append(ElementPath(section, index))
                }
            }
        }
        movedItems.sort { $0.to < $1.to }
        insertedNumbers.sort()
        insertedItems.reserveCapacity(insertedNumbers.count)
        var section = 0
        for number in insertedNumbers {
            while newSectionStart[section + 1] <= Int(number) { section += 1 }
            insertedItems.append(ElementPath(section, Int(number) - newSectionStart[section]))
        }
        updatedItems.sort { $0.to < $1.to }
    }
}
