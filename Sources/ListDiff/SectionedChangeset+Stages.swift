// The stages of SectionedChangeset's diff: sections by id, then items by
// identity, numbered across both lists and found through one table.

/// The sections of two lists matched by id: where each went, and the
/// section deletes, inserts and moves.
@usableFromInline
struct SectionMatch {
    /// The new index of each old section, or -1 for a deleted one.
    @usableFromInline var oldToNew: [Int]
    /// The old index of each new section, or -1 for an inserted one.
    @usableFromInline var newToOld: [Int]
    @usableFromInline var deleted: [Int] = []
    @usableFromInline var inserted: [Int] = []
    @usableFromInline var moved: [SectionedChangeset.Move<Int>] = []

    /// - Throws: ``DuplicateIdentityError`` for a section id that repeats in one list.
    @inlinable
    init<SectionID: Hashable, Item>(from old: [DiffSection<SectionID, Item>], to new: [DiffSection<SectionID, Item>])
        throws(DuplicateIdentityError)
    {
        var oldSectionIndex: [SectionID: Int] = [:]
        for (index, section) in old.enumerated() {
            if let first = oldSectionIndex.updateValue(index, forKey: section.id) {
                throw DuplicateIdentityError(
                    identity: "\(section.id)", side: .old, first: first, second: index, kind: "section")
            }
        }
        var seenNewSections: [SectionID: Int] = [:]
        for (index, section) in new.enumerated() {
            if let first = seenNewSections.updateValue(index, forKey: section.id) {
                throw DuplicateIdentityError(
                    identity: "\(section.id)", side: .new, first: first, second: index, kind: "section")
            }
        }
        oldToNew = [Int](repeating: -1, count: old.count)
        newToOld = [Int](repeating: -1, count: new.count)
        var survivingOld: [Int] = []
        var survivingNew: [Int] = []
        for (index, section) in new.enumerated() {
            if let match = oldSectionIndex[section.id] {
                oldToNew[match] = index
                newToOld[index] = match
                survivingOld.append(match)
                survivingNew.append(index)
            } else {
                inserted.append(index)
            }
        }
        deleted = old.indices.filter { [oldToNew] in oldToNew[$0] < 0 }
        for position in positionsOutsideLongestIncreasingSubsequence(survivingOld) {
            moved.append(SectionedChangeset.Move(from: survivingOld[position], to: survivingNew[position]))
        }
    }
}

/// Every item of both lists has a number: old ones 0..<oldCount in order,
/// new ones oldCount onwards. The numbering is read, never changed, so the
/// table's callbacks can read it while the table changes.
@usableFromInline
struct ItemNumbering<SectionID: Hashable, Item> {
    @usableFromInline let old: [DiffSection<SectionID, Item>]
    @usableFromInline let new: [DiffSection<SectionID, Item>]
    /// Where each old section's items start, and after the last, their number.
    @usableFromInline let sectionStart: [Int]
    /// The same for the new sections.
    @usableFromInline let newSectionStart: [Int]
    /// The number of old items, the first new item's number.
    @usableFromInline let oldCount: Int
    /// The number of new items.
    @usableFromInline let newCount: Int

    @inlinable
    init(old: [DiffSection<SectionID, Item>], new: [DiffSection<SectionID, Item>]) {
        self.old = old
        self.new = new
        sectionStart = SectionedChangeset.starts(of: old)
        newSectionStart = SectionedChangeset.starts(of: new)
        oldCount = sectionStart[old.count]
        newCount = newSectionStart[new.count]
    }

    /// The section and item of a number, in one list's section starts.
    @inlinable @inline(__always)
    static func place(_ flat: Int, _ starts: [Int]) -> ElementPath {
        if starts.count == 2 { return ElementPath(0, flat) }
        var low = 0
        var high = starts.count - 2
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= flat { low = middle } else { high = middle - 1 }
        }
        return ElementPath(low, flat - starts[low])
    }

    /// The old item at `path`.
    @inlinable @inline(__always)
    func oldItem(at path: ElementPath) -> Item { old[path.section].items[path.item] }

    /// The identity of the item numbered `number`, old or new.
    @inlinable @inline(__always)
    func identity<Identity>(of number: Int, _ identity: (Item) -> Identity) -> Identity {
        if number < oldCount { return identity(oldItem(at: Self.place(number, sectionStart))) }
        let path = Self.place(number - oldCount, newSectionStart)
        return identity(new[path.section].items[path.item])
    }
}

/// Matches each new item with the old item of its identity and records
/// what that makes of it: a stay, a move, an update, an insert.
///
/// Most items keep their order, so each new item is first compared with the
/// old item after the last one matched (no hashing, and the old items are
/// read in order). The others are looked up in the table together after
/// this pass, in the table's order (`pending`), except every fourth in a
/// row, looked up at once so that the cursor can follow a moved run.
@usableFromInline
struct ItemMatcher<SectionID: Hashable, Item, Identity: Hashable> {
    @usableFromInline let items: ItemNumbering<SectionID, Item>
    @usableFromInline let sections: SectionMatch
    @usableFromInline var table: IdentityTable
    /// For each old item: the number of the new item it became, or
    /// `unmatched`; the top bit marks one that went to an inserted section.
    @usableFromInline var wentTo: [UInt32]
    /// Old item indices, in new order, of the items that stay in their
    /// section, section by section; `notStaying` holds the place of an item
    /// looked up later, until it is known.
    @usableFromInline var stayingOld: [Int32] = []
    @usableFromInline var stayingRuns: [(newSection: Int, oldSection: Int, end: Int)] = []
    /// The inserted new items by number (4 bytes, where a path takes 16), made paths at the end.
    @usableFromInline var insertedNumbers: [Int32] = []
    @usableFromInline var moved: [SectionedChangeset.Move<ElementPath>] = []
    @usableFromInline var updated: [SectionedChangeset.Move<ElementPath>] = []
    /// The next old item expected.
    @usableFromInline var cursor = ElementPath(0, 0)
    /// Where the cursor was before it jumped to a moved item: the items
    /// after a move most often go on from there.
    @usableFromInline var resume = ElementPath(0, 0)
    @usableFromInline var missesInARow = 0
    @usableFromInline var pending: [IdentityTable.Lookup] = []
    /// Each pending item's place in `stayingOld`, or -1 in an inserted section.
    @usableFromInline var pendingStaying: [Int32] = []

    @usableFromInline static var unmatched: UInt32 { .max }
    @usableFromInline static var toInsertedSection: UInt32 { 1 << 31 }
    @usableFromInline static var notStaying: Int32 { -1 }

    @inlinable
    init(old: [DiffSection<SectionID, Item>], new: [DiffSection<SectionID, Item>], sections: SectionMatch) {
        items = ItemNumbering(old: old, new: new)
        self.sections = sections
        // Room for the old items, or for the new ones when more of them may go in (a list that grows from few).
        table = IdentityTable(
            expected: max(items.oldCount, items.newCount), numbersBelow: items.oldCount + items.newCount)
        precondition(items.newCount < 1 << 31, "a diff takes fewer than 2^31 new items")
        wentTo = [UInt32](repeating: Self.unmatched, count: items.oldCount)
        stayingOld.reserveCapacity(min(items.oldCount, items.newCount))
    }

    /// Puts all old items in the table at once; when two share an identity,
    /// the error names the first repeat in their order, which the table's
    /// filling order does not keep.
    @inlinable
    mutating func fillTable(identity: (Item) -> Identity) throws(DuplicateIdentityError) {
        let items = self.items
        let filled = table.fill(
            count: items.oldCount,
            hashOf: { add in
                for oldSection in items.old {
                    for item in oldSection.items { add(identity(item).hashValue) }
                }
            },
            isSame: { items.identity(of: $0, identity) == items.identity(of: $1, identity) })
        if !filled { throw SectionedChangeset.firstRepeat(in: items.old, of: .old, identity: identity) }
    }

    /// Records that the new item at `to` is the old item `match` at `from`,
    /// and what that makes of it; false when an earlier new item is that old
    /// item too (a repeat).
    @inlinable @inline(__always)
    mutating func matched(
        _ match: Int, from: ElementPath, to: ElementPath, item: Item, stayingAt: Int?,
        isContentEqual: (Item, Item) -> Bool
    ) -> Bool {
        guard wentTo[match] == Self.unmatched else { return false }
        let newNumber = UInt32(truncatingIfNeeded: items.newSectionStart[to.section] + to.item)
        let sourceSection = sections.newToOld[to.section]
        guard sourceSection >= 0 else {
            wentTo[match] = newNumber | Self.toInsertedSection  // covered by the section insert
            return true
        }
        wentTo[match] = newNumber
        guard sections.oldToNew[from.section] >= 0 else {
            // from a deleted section: cannot move, so insert
            insertedNumbers.append(Int32(truncatingIfNeeded: newNumber))
            return true
        }
        if !isContentEqual(items.oldItem(at: from), item) {
            updated.append(SectionedChangeset.Move(from: from, to: to))
        }
        if from.section == sourceSection {
            if let stayingAt {
                stayingOld[stayingAt] = Int32(truncatingIfNeeded: from.item)
            } else {
                stayingOld.append(Int32(truncatingIfNeeded: from.item))
            }
        } else {
            moved.append(SectionedChangeset.Move(from: from, to: to))
        }
        return true
    }

    /// The old item at `path`, or the first after it when its section ends; nil past the last.
    @inlinable @inline(__always)
    func oldItem(from path: ElementPath) -> ElementPath? {
        let old = items.old
        var path = path
        while path.section < old.count, path.item >= old[path.section].items.count {
            path = ElementPath(path.section + 1, 0)
        }
        return path.section < old.count ? path : nil
    }

    /// The old item with identity `key` when it is at the cursor, one or two
    /// items after it (the items between were deleted or moved), or where
    /// the cursor was before a move.
    @inlinable @inline(__always)
    func nearby(_ key: Identity, identity: (Item) -> Identity) -> ElementPath? {
        var candidate = cursor
        for _ in 0..<3 {
            guard let path = oldItem(from: candidate) else { break }
            if identity(items.oldItem(at: path)) == key { return path }
            candidate = ElementPath(path.section, path.item + 1)
        }
        if resume != cursor, let path = oldItem(from: resume), identity(items.oldItem(at: path)) == key { return path }
        return nil
    }

    /// Moves the cursor past `from`.
    @inlinable @inline(__always)
    mutating func follow(_ from: ElementPath) {
        if from != cursor { resume = cursor }
        cursor = ElementPath(from.section, from.item + 1)
    }

    /// The first pass over the new items, in order.
    @inlinable
    mutating func matchNewItems(identity: (Item) -> Identity, isContentEqual: (Item, Item) -> Bool)
        throws(DuplicateIdentityError)
    {
        for (section, newSection) in items.new.enumerated() {
            let sourceSection = sections.newToOld[section]
            for (index, item) in newSection.items.enumerated() {
                guard match(item, at: ElementPath(section, index), identity: identity, isContentEqual: isContentEqual)
                else {
                    throw SectionedChangeset.firstRepeat(in: items.new, of: .new, identity: identity)
                }
            }
            if sourceSection >= 0 { stayingRuns.append((section, sourceSection, stayingOld.count)) }
        }
    }

    /// Matches the new item at `to`: near the cursor, else at once in the
    /// table (every fourth miss in a row), else later; false for a repeat.
    @inlinable @inline(__always)
    mutating func match(
        _ item: Item, at to: ElementPath, identity: (Item) -> Identity, isContentEqual: (Item, Item) -> Bool
    ) -> Bool {
        let key = identity(item)
        if let near = nearby(key, identity: identity) {
            follow(near)
            missesInARow = 0
            return matched(
                items.sectionStart[near.section] + near.item, from: near, to: to, item: item, stayingAt: nil,
                isContentEqual: isContentEqual)
        }
        missesInARow += 1
        let hash = key.hashValue
        let newNumber = items.newSectionStart[to.section] + to.item
        let sourceSection = sections.newToOld[to.section]
        guard missesInARow % 4 == 0 else {
            pending.append(IdentityTable.Lookup(number: items.oldCount + newNumber, hash: hash))
            pendingStaying.append(sourceSection >= 0 ? Int32(truncatingIfNeeded: stayingOld.count) : -1)
            if sourceSection >= 0 { stayingOld.append(Self.notStaying) }
            return true
        }
        let items = self.items
        if let known = table.find(hash: hash, isSame: { items.identity(of: $0, identity) == key }) {
            guard known < items.oldCount else { return false }
            let from = ItemNumbering<SectionID, Item>.place(known, items.sectionStart)
            follow(from)
            missesInARow = 0
            return matched(known, from: from, to: to, item: item, stayingAt: nil, isContentEqual: isContentEqual)
        }
        _ = table.insert(
            items.oldCount + newNumber, hash: hash, isSame: { _ in false },
            hashOf: { items.identity(of: $0, identity).hashValue })
        if sourceSection >= 0 { insertedNumbers.append(Int32(truncatingIfNeeded: newNumber)) }
        return true
    }

    /// The pending lookups. A new item found among the new ones, or an old
    /// item found twice, is a repeat in the new list; the error names the
    /// first, as a lookup in order would.
    @inlinable
    mutating func resolvePending(identity: (Item) -> Identity, isContentEqual: (Item, Item) -> Bool)
        throws(DuplicateIdentityError)
    {
        let items = self.items
        let known = table.resolve(
            pending, isSame: { items.identity(of: $0, identity) == items.identity(of: $1, identity) },
            hashOf: { items.identity(of: $0, identity).hashValue })
        let (pending, pendingStaying) = (self.pending, self.pendingStaying)
        (self.pending, self.pendingStaying) = ([], [])
        for (index, lookup) in pending.enumerated() {
            let to = ItemNumbering<SectionID, Item>.place(lookup.number - items.oldCount, items.newSectionStart)
            guard known[index] != .max else {
                if sections.newToOld[to.section] >= 0 {
                    insertedNumbers.append(Int32(truncatingIfNeeded: lookup.number - items.oldCount))
                }
                continue
            }
            let match = Int(known[index])
            let staying = pendingStaying[index]
            guard match < items.oldCount,
                matched(
                    match, from: ItemNumbering<SectionID, Item>.place(match, items.sectionStart), to: to,
                    item: items.new[to.section].items[to.item], stayingAt: staying >= 0 ? Int(staying) : nil,
                    isContentEqual: isContentEqual)
            else { throw SectionedChangeset.firstRepeat(in: items.new, of: .new, identity: identity) }
        }
        table = IdentityTable(expected: 0, numbersBelow: 0)  // its memory goes before the moves are worked out
    }

    /// Hands the item changes to `changes`: survivors that keep their
    /// section stay put when they keep their order, the rest move; old
    /// items that are gone, or went to an inserted section, leave their
    /// surviving section; the inserts, as paths.
    @inlinable
    mutating func finish(into changes: inout SectionedChangeset) {
        var runStart = 0
        for run in stayingRuns {
            let values = stayingOld[runStart..<run.end]
            for position in positionsOutsideLongestIncreasingSubsequence(values, skipping: Self.notStaying) {
                let from = ElementPath(run.oldSection, Int(values[runStart + position]))
                let to =
                    Int(wentTo[items.sectionStart[run.oldSection] + from.item]) - items.newSectionStart[run.newSection]
                moved.append(SectionedChangeset.Move(from: from, to: ElementPath(run.newSection, to)))
            }
            runStart = run.end
        }
        for section in items.old.indices where sections.oldToNew[section] >= 0 {
            let start = items.sectionStart[section]
            for index in 0..<items.old[section].items.count {
                let target = wentTo[start + index]
                if target == Self.unmatched || target & Self.toInsertedSection != 0 {
                    changes.deletedItems.append(ElementPath(section, index))
                }
            }
        }
        moved.sort { $0.to < $1.to }
        changes.movedItems = moved
        insertedNumbers.sort()
        changes.insertedItems.reserveCapacity(insertedNumbers.count)
        var section = 0
        for number in insertedNumbers {
            while items.newSectionStart[section + 1] <= Int(number) { section += 1 }
            changes.insertedItems.append(ElementPath(section, Int(number) - items.newSectionStart[section]))
        }
        updated.sort { $0.to < $1.to }
        changes.updatedItems = updated
    }
}
