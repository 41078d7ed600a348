/// A batch update checked against the counts before and after it, by
/// UIKit's rules and in UIKit's order, with the map from old paths to new
/// ones that the list needs to carry cells and the selection across.
///
/// Built by ``HeadlessList/performBatchUpdates(_:)``; a failed check throws
/// the rule broken (``UIKitRule``) and nothing is built.
struct BatchUpdatePlan {
    /// The new index of each old section, or nil for a deleted one.
    private var sectionMap: [Int?]
    /// Old item indices that leave their place (deletes and move sources), sorted, by old section.
    private var removedItems: [[Int]] = []
    /// New item indices that are taken (inserts and move destinations), sorted, by new section.
    private var occupiedItems: [[Int]] = []
    private var deletedItems = ItemPathSet(within: [])
    /// Each item moved, once, by old path ascending (a dictionary of them
    /// hashed two paths a move, a tenth of staging a million rows' changes).
    private var moves: [(from: ItemPath, to: ItemPath)] = []
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
    /// - Throws: ``BatchUpdateError`` with the first rule the update breaks,
    ///   in the order UIKit checks them.
    init(_ update: BatchUpdate, old: [Int], new: [Int], style: ListStyle, version: IOSVersion = .standard)
        throws(BatchUpdateError)
    {
        do throws(UIKitRule) {
            self = try Self.checking(update, old: old, new: new)
        } catch {
            throw BatchUpdateError(error, style: style, version: version)
        }
    }

    private init() {
        sectionMap = []
    }

    /// The plan of `update`, checked stage by stage: conflicts in one place,
    /// then deletes against the counts before, inserts against the counts
    /// after, moves, and last the counts themselves.
    private static func checking(_ update: BatchUpdate, old: [Int], new: [Int]) throws(UIKitRule) -> BatchUpdatePlan {
        var plan = BatchUpdatePlan()
        let deletes = ItemPathSet(update.deletedItems, within: old)
        let moveSources = ItemPathSet(update.movedItems.lazy.map(\.from), within: old)
        try checkConflicts(of: update, deletes: deletes, moveSources: moveSources)

        let deletedSections = Set(update.deletedSections)
        try checkSectionDeletes(of: update, deletedSections, old: old)
        plan.reloadedSections = Set(update.reloadedSections)
        let goneSections = deletedSections.union(plan.reloadedSections)
        let deletedItems = try checkItemDeletes(of: update, old: old, skipping: goneSections, moveSources: moveSources)
        plan.deletedItems = deletedItems
        try plan.checkReloadsAndReconfigures(of: update, old: old, skipping: goneSections)

        let insertedSections = Set(update.insertedSections)
        try checkSectionInserts(of: update, insertedSections, new: new)
        let insertedItems = try checkItemInserts(of: update, new: new, skipping: insertedSections)
        let sectionMoves = try checkSectionMoves(of: update, old: old, new: new)
        try plan.checkItemMoves(of: update, old: old, new: new)

        func mismatch(
            section: Int?,
            _ numbers: (before: Int, after: Int, inserted: Int, deleted: Int, movedIn: Int, movedOut: Int)
        ) -> UIKitRule {
            .countMismatch(
                UIKitRule.CountMismatch(
                    section: section, before: numbers.before, after: numbers.after, inserted: numbers.inserted,
                    deleted: numbers.deleted, movedIn: numbers.movedIn, movedOut: numbers.movedOut,
                    update: update, countsBefore: old, countsAfter: new))
        }
        guard old.count + insertedSections.count - deletedSections.count == new.count else {
            throw mismatch(section: nil, (old.count, new.count, insertedSections.count, deletedSections.count, 0, 0))
        }
        plan.sectionMap = sectionMap(
            old: old, deleted: deletedSections, inserted: insertedSections, moves: sectionMoves)
        let counts = plan.placeItems(deleted: deletedItems, inserted: insertedItems, old: old, new: new)
        for oldSection in old.indices where !plan.reloadedSections.contains(oldSection) {
            guard let newSection = plan.sectionMap[oldSection] else { continue }
            let numbers = (
                old[oldSection], new[newSection], counts.inserted[newSection], counts.deleted[oldSection],
                counts.movedIn[newSection], counts.movedOut[oldSection]
            )
            guard numbers.0 + numbers.2 + numbers.4 - numbers.3 - numbers.5 == numbers.1 else {
                throw mismatch(section: oldSection, numbers)
            }
        }
        return plan
    }

    /// Reloads and reconfigures may not touch an item that is deleted or moved away.
    private static func checkConflicts(of update: BatchUpdate, deletes: ItemPathSet, moveSources: ItemPathSet)
        throws(UIKitRule)
    {
        for path in update.reloadedItems.sorted() {
            if deletes.contains(path) { throw .deleteAndReload(path) }
            // UIKit decomposes a reload into a delete and an insert, and says so.
            if moveSources.contains(path) { throw .deleteAndMove(path) }
        }
        for path in update.reconfiguredItems.sorted() where deletes.contains(path) {
            throw .deleteAndReconfigure(path)
        }
    }

    /// Section deletes and reloads, against the sections before the update,
    /// and moves out of a deleted section.
    private static func checkSectionDeletes(of update: BatchUpdate, _ deleted: Set<Int>, old: [Int]) throws(UIKitRule) {
        for section in deleted.sorted() where section < 0 || section >= old.count {
            throw .deleteMissingSection(section, sectionsBefore: old.count)
        }
        for section in Set(update.reloadedSections).sorted() where section < 0 || section >= old.count {
            throw .deleteMissingSection(section, sectionsBefore: old.count)
        }
        for move in update.movedSections where deleted.contains(move.from) {
            throw .deleteAndMoveSection(move.from)
        }
        for move in update.movedItems where deleted.contains(move.from.section) {
            throw .moveFromDeletedSection(move.from.section)
        }
    }

    /// Item deletes, against the items before the update; those in deleted
    /// or reloaded sections go with them. Returns the deletes, each once.
    private static func checkItemDeletes(
        of update: BatchUpdate, old: [Int], skipping goneSections: Set<Int>, moveSources: ItemPathSet
    ) throws(UIKitRule) -> ItemPathSet {
        var seen = ItemPathSet(within: old, expecting: update.deletedItems.count)
        for path in update.deletedItems.sorted(by: >) where !goneSections.contains(path.section) {
            try checkExistsBefore(path, old: old)
            // UIKit drops a second delete of a path without a word (a decompiled UITableView of iOS 12).
            guard seen.insert(path) else { continue }
            if moveSources.contains(path) { throw .deleteAndMove(path) }
        }
        return seen
    }

    /// That an item deleted (or reloaded, which UIKit words as a delete) is there before the update.
    private static func checkExistsBefore(_ path: ItemPath, old: [Int]) throws(UIKitRule) {
        guard path.section >= 0, path.section < old.count else {
            throw .deleteFromMissingSection(path, sectionsBefore: old.count)
        }
        guard path.item >= 0, path.item < old[path.section] else {
            throw .deleteMissingItem(path, itemsBefore: old[path.section])
        }
    }

    /// Reloaded and reconfigured items must exist before the update.
    private mutating func checkReloadsAndReconfigures(
        of update: BatchUpdate, old: [Int], skipping goneSections: Set<Int>
    ) throws(UIKitRule) {
        reloadedItems = ItemPathSet(within: old, expecting: update.reloadedItems.count)
        reconfiguredItems = ItemPathSet(within: old, expecting: update.reconfiguredItems.count)
        for path in update.reloadedItems.sorted(by: >) where !goneSections.contains(path.section) {
            try Self.checkExistsBefore(path, old: old)
            reloadedItems.insert(path)
        }
        for path in update.reconfiguredItems.sorted(by: >) where !goneSections.contains(path.section) {
            guard path.section >= 0, path.section < old.count, path.item >= 0, path.item < old[path.section] else {
                let count = path.section >= 0 && path.section < old.count ? old[path.section] : 0
                throw .reconfigureMissingItem(path, itemsBefore: count)
            }
            reconfiguredItems.insert(path)
        }
    }

    /// Section inserts, against the sections after the update, and moves into an inserted section.
    private static func checkSectionInserts(of update: BatchUpdate, _ inserted: Set<Int>, new: [Int]) throws(UIKitRule)
    {
        for section in inserted.sorted() where section < 0 || section >= new.count {
            throw .insertMissingSection(section, sectionsAfter: new.count)
        }
        for move in update.movedSections where inserted.contains(move.to) {
            throw .insertAndMoveSection(move.to)
        }
        for move in update.movedItems where inserted.contains(move.to.section) {
            throw .moveIntoInsertedSection(move.to.section)
        }
    }

    /// Item inserts, against the items after the update; those in inserted
    /// sections come with them. Returns the inserts, each once.
    private static func checkItemInserts(of update: BatchUpdate, new: [Int], skipping insertedSections: Set<Int>)
        throws(UIKitRule) -> ItemPathSet
    {
        let moveDestinations = ItemPathSet(update.movedItems.lazy.map(\.to), within: new)
        var seen = ItemPathSet(within: new, expecting: update.insertedItems.count)
        for path in update.insertedItems.sorted() where !insertedSections.contains(path.section) {
            guard path.section >= 0, path.section < new.count else {
                throw .insertIntoMissingSection(path, sectionsAfter: new.count)
            }
            guard path.item >= 0, path.item < new[path.section] else {
                throw .insertMissingItem(path, itemsAfter: new[path.section])
            }
            // A second insert of a path is dropped too.
            guard seen.insert(path) else { continue }
            if moveDestinations.contains(path) { throw .insertAndMove(path) }
        }
        return seen
    }

    /// Section moves: each from a section before the update to one after
    /// it, one place each. Returns where each moved section goes.
    private static func checkSectionMoves(of update: BatchUpdate, old: [Int], new: [Int]) throws(UIKitRule) -> [Int:
        Int]
    {
        var moves: [Int: Int] = [:]
        var targets: [Int: Int] = [:]
        for move in update.movedSections {
            guard move.from >= 0, move.from < old.count else {
                throw .moveMissingSection(move.from, sectionsBefore: old.count)
            }
            guard move.to >= 0, move.to < new.count else {
                throw .moveSectionPastEnd(from: move.from, to: move.to, sectionsAfter: new.count)
            }
            if let earlier = moves[move.from] {
                guard earlier == move.to else { throw .moveSectionTwice(move.from, to: earlier, and: move.to) }
                continue
            }
            if let other = targets[move.to] { throw .moveSectionsToOne(other, and: move.from, to: move.to) }
            moves[move.from] = move.to
            targets[move.to] = move.from
        }
        return moves
    }

    /// Item moves: each from an item before the update to a place after it, one place each.
    private mutating func checkItemMoves(of update: BatchUpdate, old: [Int], new: [Int]) throws(UIKitRule) {
        var sources = ItemPathSet(within: old, expecting: update.movedItems.count)
        var targets = ItemPathSet(within: new, expecting: update.movedItems.count)
        var earlierTargets: [ItemPath: ItemPath]?
        moves.reserveCapacity(update.movedItems.count)
        for move in update.movedItems {
            let (from, to) = (move.from, move.to)
            guard from.section >= 0, from.section < old.count else {
                throw .moveFromMissingSection(from, sectionsBefore: old.count)
            }
            guard from.item >= 0, from.item < old[from.section] else {
                throw .moveMissingItem(from, itemsBefore: old[from.section])
            }
            guard to.section >= 0, to.section < new.count else {
                throw .moveToMissingSection(from: from, to: to, sectionsAfter: new.count)
            }
            guard to.item >= 0, to.item < new[to.section] else {
                throw .moveToMissingItem(from: from, to: to, itemsAfter: new[to.section])
            }
            // A repeat is rare: the moves by source are made into a dictionary only at the first one
            // (a search of them at each repeat of an update that repeats many would be quadratic).
            guard sources.insert(from) else {
                if earlierTargets == nil {
                    earlierTargets = Dictionary(
                        moves.lazy.map { ($0.from, $0.to) }, uniquingKeysWith: { first, _ in first })
                }
                let earlier = earlierTargets?[from] ?? to
                guard earlier == to else { throw .moveItemTwice(from, to: earlier, and: to) }
                continue
            }
            guard targets.insert(to) else {
                throw .moveItemsToOne(moves.first { $0.to == to }?.from ?? from, and: from, to: to)
            }
            moves.append((from, to))
            earlierTargets?[from] = to
        }
        if !zip(moves, moves.dropFirst()).allSatisfy({ $0.from < $1.from }) { moves.sort { $0.from < $1.from } }
    }

    /// Where the item at the old `path` moves, when a move takes it.
    private func moveTarget(of path: ItemPath) -> ItemPath? {
        var (low, high) = (0, moves.count)
        while low < high {
            let middle = (low + high) / 2
            if moves[middle].from < path { low = middle + 1 } else { high = middle }
        }
        return low < moves.count && moves[low].from == path ? moves[low].to : nil
    }

    /// Where each old section goes: deleted ones nowhere, moved ones where
    /// they were moved, the rest into the free places in order.
    private static func sectionMap(old: [Int], deleted: Set<Int>, inserted: Set<Int>, moves: [Int: Int]) -> [Int?] {
        var map = [Int?](repeating: nil, count: old.count)
        var taken = inserted
        taken.formUnion(moves.values)
        var nextFree = 0
        for section in old.indices where !deleted.contains(section) {
            if let target = moves[section] {
                map[section] = target
                continue
            }
            while taken.contains(nextFree) { nextFree += 1 }
            map[section] = nextFree
            nextFree += 1
        }
        return map
    }

    /// Records which old items leave their place and which new places are
    /// taken, and counts, for each section, the items inserted, deleted and
    /// moved in or out (a move within a section counts neither way).
    private mutating func placeItems(
        deleted: ItemPathSet, inserted: ItemPathSet, old: [Int], new: [Int]
    ) -> (inserted: [Int], deleted: [Int], movedIn: [Int], movedOut: [Int]) {
        var insertedCounts = [Int](repeating: 0, count: new.count)
        var deletedCounts = [Int](repeating: 0, count: old.count)
        var movedIn = [Int](repeating: 0, count: new.count)
        var movedOut = [Int](repeating: 0, count: old.count)
        removedItems = Array(repeating: [], count: old.count)
        occupiedItems = Array(repeating: [], count: new.count)
        for (from, to) in moves {
            removedItems[from.section].append(from.item)
            occupiedItems[to.section].append(to.item)
            if sectionMap[from.section] != to.section {
                movedOut[from.section] += 1
                movedIn[to.section] += 1
            }
        }
        Self.place(deleted, in: old.indices, into: &removedItems, counting: &deletedCounts)
        Self.place(inserted, in: new.indices, into: &occupiedItems, counting: &insertedCounts)
        return (insertedCounts, deletedCounts, movedIn, movedOut)
    }

    /// Counts each section's items in `set` and puts them, ascending, with
    /// the section's moved items already in `lists`: the set gives them in
    /// order, so only the moved items sort, and the two merge.
    private static func place(
        _ set: ItemPathSet, in sections: Range<Int>, into lists: inout [[Int]], counting counts: inout [Int]
    ) {
        for section in sections {
            let items = set.items(inSection: section)
            counts[section] = items.count
            let moved = lists[section].sorted()
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
        if let moved = moveTarget(of: path) { return moved }
        let removedBefore =
            removedItems.indices.contains(path.section) ? removedItems[path.section].countBelow(path.item) : 0
        var index = path.item - removedBefore
        for occupied in occupiedItems.indices.contains(section) ? occupiedItems[section] : [] {
            guard occupied <= index else { break }
            index += 1
        }
        return ItemPath(section, index)
    }
}
