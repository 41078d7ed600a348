import ListDiff

// The sectioned diff as it was before it was made linear at a million items (a
// Dictionary from identity to place), kept to check that the new one gives the very
// same changes, in the same order, and the same errors.

extension SectionedChangeset {
    /// The changes by the earlier algorithm.
    static func reference<SectionID: Hashable, Item, Identity: Hashable>(
        from old: [DiffSection<SectionID, Item>], to new: [DiffSection<SectionID, Item>],
        identity: (Item) -> Identity, isContentEqual: (Item, Item) -> Bool
    ) throws(DuplicateIdentityError) -> SectionedChangeset {
        var changes = SectionedChangeset()
        try changes.referenceDiff(from: old, to: new, identity: identity, isContentEqual: isContentEqual)
        return changes
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
    mutating func referenceDiff<SectionID: Hashable, Item, Identity: Hashable>(
        from old: [DiffSection<SectionID, Item>], to new: [DiffSection<SectionID, Item>],
        identity: (Item) -> Identity, isContentEqual: (Item, Item) -> Bool
    ) throws(DuplicateIdentityError) {
        // Sections.
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
        let sectionsStaying = referenceLIS(survivingOld)
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
                        firstPath: ElementPath(Int(first >> 32), Int(first & 0xFFFF_FFFF)),
                        secondPath: ElementPath(section, index))
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
                    throw DuplicateIdentityError(
                        identity: "\(key)", side: .new, firstPath: first, secondPath: ElementPath(section, index))
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
            let staying = referenceLIS(stayingOld)
            for position in stayingOld.indices where !staying[position] {
                movedItems.append(
                    Move(
                        from: ElementPath(sourceSection, stayingOld[position]),
                        to: ElementPath(section, stayingNew[position])))
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

/// Marks the elements of one longest strictly increasing subsequence of
/// `values` (patience sorting with back links).
///
/// The survivors of a diff, written as their old indices in new order, stay
/// put exactly when they are marked: every other survivor is a move, and no
/// smaller set of moves can restore the order.
///
/// - Returns: For each position of `values`, whether it is in the subsequence.
/// - Complexity: O(*n* log *n*).
func referenceLIS(_ values: [Int]) -> [Bool] {
    var tails: [Int] = []  // positions of the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
        var low = 0
        var high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[position] = tails[low - 1] }
        if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var marked = [Bool](repeating: false, count: values.count)
    var position = tails.last ?? -1
    while position >= 0 {
        marked[position] = true
        position = previous[position]
    }
    return marked
}
