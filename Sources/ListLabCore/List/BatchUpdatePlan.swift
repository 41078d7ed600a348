/// A batch update checked against the counts before and after it, by
/// UIKit's rules and in UIKit's order, with the map from old paths to new
/// ones that the list needs to carry cells and the selection across.
///
/// Built by ``HeadlessList/performBatchUpdates(_:)``; a failed check throws
/// UIKit's message and nothing is built.
struct BatchUpdatePlan {
    /// The new index of each old section, or nil for a deleted one.
    private var sectionMap: [Int?]
    /// Old item indices that leave their place (deletes and move sources), sorted, by old section.
    private var removedItems: [Int: [Int]] = [:]
    /// New item indices that are taken (inserts and move destinations), sorted, by new section.
    private var occupiedItems: [Int: [Int]] = [:]
    private var deletedItems = ItemPathSet(within: [])
    private var moves: [ItemPath: ItemPath] = [:]
    /// Old sections whose items are all replaced.
    private var reloadedSections: Set<Int> = []
    /// Old paths whose cells are replaced.
    private(set) var reloadedItems = ItemPathSet(within: [])
    /// Old paths whose cells are configured again in place.
    private(set) var reconfiguredItems = ItemPathSet(within: [])

    /// The new index of the old section `section` when it survives the
    /// update as it was (neither deleted nor reloaded): UIKit keeps its
    /// header and footer views, and does not ask for their titles again.
    func survivingIndex(ofSection section: Int) -> Int? {
        guard sectionMap.indices.contains(section), !reloadedSections.contains(section) else { return nil }
        return sectionMap[section]
    }

    /// Checks `update` against the counts before (`old`) and after (`new`) it.
    ///
    /// - Throws: ``BatchUpdateError`` with UIKit's message for the first rule
    ///   the update breaks.
    init(_ update: BatchUpdate, old: [Int], new: [Int], style: ListStyle, version: IOSVersion = .standard) throws(BatchUpdateError) {
        let noun = style.itemNoun
        let nouns = noun + "s"
        let view = style.viewNoun
        // Counts that do not add up: the classic reason before iOS 16.4; since, one that lists
        // the counts and the updates.
        func inconsistentCounts(_ classicReason: String) -> BatchUpdateError {
            guard version >= .batchUpdatesDetected else { return BatchUpdateError(classicReason) }
            return BatchUpdateError(InconsistentUpdateMessage.text(for: update, old: old, new: new, style: style, version: version))
        }

        reloadedItems = ItemPathSet(within: old, expecting: update.reloadedItems.count)
        reconfiguredItems = ItemPathSet(within: old, expecting: update.reconfiguredItems.count)
        // Reloads and reconfigures may not touch an item that is deleted or moved away.
        let deletes = ItemPathSet(update.deletedItems, within: old)
        let moveSources = ItemPathSet(update.movedItems.lazy.map(\.from), within: old)
        for path in update.reloadedItems.sorted() {
            if deletes.contains(path) {
                throw BatchUpdateError("attempt to delete and reload the same index path (\(path.uiKitDescription))")
            }
            if moveSources.contains(path) {
                // UIKit decomposes a reload into a delete and an insert, and says so.
                throw BatchUpdateError("attempt to perform a delete and a move from the same index path (\(path.uiKitDescription))")
            }
        }
        for path in update.reconfiguredItems.sorted() {
            if deletes.contains(path) {
                throw BatchUpdateError("attempt to delete and reconfigure the same index path (\(path.uiKitDescription))")
            }
        }

        // Section deletes, against the sections before the update.
        let deletedSections = Set(update.deletedSections)
        for section in deletedSections.sorted() where section < 0 || section >= old.count {
            throw BatchUpdateError("attempt to delete section \(section), but there are only \(old.count) sections before the update")
        }
        for section in Set(update.reloadedSections).sorted() where section < 0 || section >= old.count {
            throw BatchUpdateError("attempt to delete section \(section), but there are only \(old.count) sections before the update")
        }
        for move in update.movedSections where deletedSections.contains(move.from) {
            throw BatchUpdateError("attempt to perform a delete and a move from the same section (\(move.from))")
        }
        for move in update.movedItems where deletedSections.contains(move.from.section) {
            throw BatchUpdateError("cannot move \(style.itemWithArticle) from a deleted section (\(move.from.section))")
        }
        reloadedSections = Set(update.reloadedSections)
        let goneSections = deletedSections.union(reloadedSections)

        // Item deletes, against the items before the update; those in deleted sections go with them.
        var seenDeletes = ItemPathSet(within: old, expecting: update.deletedItems.count)
        for path in update.deletedItems.sorted(by: >) where !goneSections.contains(path.section) {
            guard path.section >= 0, path.section < old.count else {
                throw BatchUpdateError("attempt to delete \(noun) \(path.item) from section \(path.section), but there are only \(old.count) sections before the update")
            }
            guard path.item >= 0, path.item < old[path.section] else {
                throw BatchUpdateError("attempt to delete \(noun) \(path.item) from section \(path.section) which only contains \(old[path.section]) \(nouns) before the update")
            }
            // UIKit drops a second delete of a path without a word (a decompiled UITableView of iOS 12).
            guard seenDeletes.insert(path) else { continue }
            if moveSources.contains(path) {
                throw BatchUpdateError("attempt to perform a delete and a move from the same index path (\(path.uiKitDescription))")
            }
        }
        deletedItems = seenDeletes

        // Reloaded and reconfigured items must exist before the update.
        for path in update.reloadedItems.sorted(by: >) where !goneSections.contains(path.section) {
            // UIKit reads a reload as a delete and an insert, and words its checks as a delete's.
            guard path.section >= 0, path.section < old.count else {
                throw BatchUpdateError("attempt to delete \(noun) \(path.item) from section \(path.section), but there are only \(old.count) sections before the update")
            }
            guard path.item >= 0, path.item < old[path.section] else {
                throw BatchUpdateError("attempt to delete \(noun) \(path.item) from section \(path.section) which only contains \(old[path.section]) \(nouns) before the update")
            }
            reloadedItems.insert(path)
        }
        for path in update.reconfiguredItems.sorted(by: >) where !goneSections.contains(path.section) {
            guard path.section >= 0, path.section < old.count, path.item >= 0, path.item < old[path.section] else {
                let count = path.section >= 0 && path.section < old.count ? old[path.section] : 0
                throw BatchUpdateError("attempt to reconfigure \(noun) \(path.item) in section \(path.section) which only contains \(count) \(nouns) before the update")
            }
            reconfiguredItems.insert(path)
        }

        // Section inserts, against the sections after the update.
        let insertedSections = Set(update.insertedSections)
        for section in insertedSections.sorted() where section < 0 || section >= new.count {
            throw BatchUpdateError("attempt to insert section \(section) but there are only \(new.count) sections after the update")
        }
        for move in update.movedSections where insertedSections.contains(move.to) {
            throw BatchUpdateError("attempt to perform an insert and a move to the same section (\(move.to))")
        }
        for move in update.movedItems where insertedSections.contains(move.to.section) {
            throw BatchUpdateError("cannot move \(style.itemWithArticle) into a newly inserted section (\(move.to.section))")
        }

        // Item inserts, against the items after the update; those in inserted sections come with them.
        let moveDestinations = ItemPathSet(update.movedItems.lazy.map(\.to), within: new)
        var seenInserts = ItemPathSet(within: new, expecting: update.insertedItems.count)
        for path in update.insertedItems.sorted() where !insertedSections.contains(path.section) {
            guard path.section >= 0, path.section < new.count else {
                throw BatchUpdateError("attempt to insert \(noun) \(path.item) into section \(path.section), but there are only \(new.count) sections after the update")
            }
            guard path.item >= 0, path.item < new[path.section] else {
                throw BatchUpdateError("attempt to insert \(noun) \(path.item) into section \(path.section), but there are only \(new[path.section]) \(nouns) in section \(path.section) after the update")
            }
            // A second insert of a path is dropped too.
            guard seenInserts.insert(path) else { continue }
            if moveDestinations.contains(path) {
                throw BatchUpdateError("attempt to perform an insert and a move to the same index path (\(path.uiKitDescription))")
            }
        }

        // Section moves.
        var sectionMoves: [Int: Int] = [:]
        var sectionMoveTargets: [Int: Int] = [:]
        for move in update.movedSections {
            guard move.from >= 0, move.from < old.count else {
                throw BatchUpdateError("attempt to move section \(move.from), but there are only \(old.count) sections before the update")
            }
            guard move.to >= 0, move.to < new.count else {
                // "to to" is UIKit's own (its format string in a decompiled UITableView of iOS 12).
                throw BatchUpdateError("attempt to to move section \(move.from) to section \(move.to), but there are only \(new.count) sections after the update")
            }
            if let earlier = sectionMoves[move.from] {
                guard earlier == move.to else {
                    throw BatchUpdateError("attempt to move section \(move.from) to both section \(earlier) and section \(move.to)")
                }
                continue
            }
            if let other = sectionMoveTargets[move.to] {
                throw BatchUpdateError("attempt to move both section \(other) and section \(move.from) to section \(move.to)")
            }
            sectionMoves[move.from] = move.to
            sectionMoveTargets[move.to] = move.from
        }

        // Item moves.
        var moveTargets: [ItemPath: ItemPath] = [:]
        moves.reserveCapacity(update.movedItems.count)
        moveTargets.reserveCapacity(update.movedItems.count)
        for move in update.movedItems {
            let (from, to) = (move.from, move.to)
            guard from.section >= 0, from.section < old.count else {
                throw BatchUpdateError("attempt to move index path (\(from.uiKitDescription)) from a section that does not exist - there are only \(old.count) sections before the update")
            }
            guard from.item >= 0, from.item < old[from.section] else {
                throw BatchUpdateError("attempt to move index path (\(from.uiKitDescription)) that does not exist - there are only \(old[from.section]) \(nouns) in section \(from.section) before the update")
            }
            guard to.section >= 0, to.section < new.count else {
                throw BatchUpdateError("attempt to move index path (\(from.uiKitDescription)) to index path (\(to.uiKitDescription)) in section that does not exist - there are only \(new.count) sections after the update")
            }
            guard to.item >= 0, to.item < new[to.section] else {
                throw BatchUpdateError("attempt to move index path (\(from.uiKitDescription)) to index path (\(to.uiKitDescription)) that does not exist - there are only \(new[to.section]) \(nouns) in section \(to.section) after the update")
            }
            if let earlier = moves[from] {
                guard earlier == to else {
                    throw BatchUpdateError("attempt to move \(noun) at index path \(from.uiKitDescription) to both \(earlier.uiKitDescription) and \(to.uiKitDescription)")
                }
                continue
            }
            if let other = moveTargets[to] {
                throw BatchUpdateError("attempt to move both \(noun) at index path \(other.uiKitDescription) and \(from.uiKitDescription) to \(to.uiKitDescription)")
            }
            moves[from] = to
            moveTargets[to] = from
        }

        // The number of sections.
        let expectedSections = old.count + insertedSections.count - deletedSections.count
        guard expectedSections == new.count else {
            throw inconsistentCounts("Invalid update: invalid number of sections. The number of sections contained in the \(view) after the update (\(new.count)) must be equal to the number of sections contained in the \(view) before the update (\(old.count)), plus or minus the number of sections inserted or deleted (\(insertedSections.count) inserted, \(deletedSections.count) deleted).")
        }

        // Where each old section goes: deleted ones nowhere, moved ones where
        // they were moved, the rest into the free places in order.
        var map = [Int?](repeating: nil, count: old.count)
        var taken = insertedSections
        taken.formUnion(sectionMoves.values)
        var nextFree = 0
        for section in old.indices where !deletedSections.contains(section) {
            if let target = sectionMoves[section] {
                map[section] = target
                continue
            }
            while taken.contains(nextFree) { nextFree += 1 }
            map[section] = nextFree
            nextFree += 1
        }
        sectionMap = map

        // The number of items in each section that was there before.
        var inserted = [Int](repeating: 0, count: new.count)
        var deleted = [Int](repeating: 0, count: old.count)
        var movedIn = [Int](repeating: 0, count: new.count)
        var movedOut = [Int](repeating: 0, count: old.count)
        for (from, to) in moves {
            removedItems[from.section, default: []].append(from.item)
            occupiedItems[to.section, default: []].append(to.item)
            if map[from.section] != to.section {
                movedOut[from.section] += 1
                movedIn[to.section] += 1
            }
        }
        Self.place(seenDeletes, in: old.indices, into: &removedItems, counting: &deleted)
        Self.place(seenInserts, in: new.indices, into: &occupiedItems, counting: &inserted)

        for oldSection in old.indices where !reloadedSections.contains(oldSection) {
            guard let newSection = map[oldSection] else { continue }
            let expected = old[oldSection] + inserted[newSection] + movedIn[newSection]
                - deleted[oldSection] - movedOut[oldSection]
            guard expected == new[newSection] else {
                throw inconsistentCounts("Invalid update: invalid number of \(nouns) in section \(oldSection). The number of \(nouns) contained in an existing section after the update (\(new[newSection])) must be equal to the number of \(nouns) contained in that section before the update (\(old[oldSection])), plus or minus the number of \(nouns) inserted or deleted from that section (\(inserted[newSection]) inserted, \(deleted[oldSection]) deleted) and plus or minus the number of \(nouns) moved into or out of that section (\(movedIn[newSection]) moved in, \(movedOut[oldSection]) moved out).")
            }
        }
    }

    /// Counts each section's items in `set` and puts them, ascending, with
    /// the section's moved items already in `lists`: the set gives them in
    /// order, so only the moved items sort, and the two merge.
    private static func place(_ set: ItemPathSet, in sections: Range<Int>, into lists: inout [Int: [Int]], counting counts: inout [Int]) {
        for section in sections {
            let items = set.items(inSection: section)
            counts[section] = items.count
            let moved = (lists[section] ?? []).sorted()
            guard !items.isEmpty || !moved.isEmpty else { continue }
            lists[section] = moved.isEmpty ? items : merged(items, moved)
        }
    }

    /// The items of two ascending lists, ascending.
    private static func merged(_ first: [Int], _ second: [Int]) -> [Int] {
        var result: [Int] = []
        result.reserveCapacity(first.count + second.count)
        var (i, j) = (0, 0)
        while i < first.count, j < second.count {
            if second[j] < first[i] {
                result.append(second[j])
                j += 1
            } else {
                result.append(first[i])
                i += 1
            }
        }
        result.append(contentsOf: first[i...])
        result.append(contentsOf: second[j...])
        return result
    }

    /// Where the item at the old `path` is after the update, or nil when it
    /// is gone (deleted, or in a deleted or reloaded section).
    ///
    /// - Complexity: O(log *d* + *i*) for *d* items leaving its section and
    ///   *i* items arriving in the new one.
    func newPath(for path: ItemPath) -> ItemPath? {
        guard sectionMap.indices.contains(path.section), let section = sectionMap[path.section],
            !reloadedSections.contains(path.section), !deletedItems.contains(path)
        else { return nil }
        if let moved = moves[path] { return moved }
        let removedBefore = (removedItems[path.section] ?? []).countBelow(path.item)
        var index = path.item - removedBefore
        for occupied in occupiedItems[section] ?? [] {
            guard occupied <= index else { break }
            index += 1
        }
        return ItemPath(section, index)
    }
}
