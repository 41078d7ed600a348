import Dispatch
import ListDiff

/// Counting a diff's changes without making them, for diffs above the
/// change threshold, whose changes a list that reloads its data would throw
/// away: each new row's old row by key, then the deletes, inserts, moves
/// (the survivors outside the longest run that keeps its order, as ListDiff
/// finds them) and updates. Checked against the full diff on random tables.
enum ChangeCount {
    /// For each new row, the old row with its key (-1 for a new key), by
    /// hash maps; nil when a key repeats on either side. Rows are numbered
    /// in 32 bits, as a table numbers them (``RowOrigin``).
    static func matchRows<Keys: Collection>(from oldKeys: Keys, to newKeys: Keys) -> [Int32]? where Keys.Element: Hashable {
        if let oldInts = oldKeys as? [Int], let newInts = newKeys as? [Int] {
            return oldInts.withUnsafeBufferPointer { old in newInts.withUnsafeBufferPointer { new in matchRows(from: old, to: new) } }
        }
        return hashedMatchRows(from: oldKeys, to: newKeys)
    }

    /// ``matchRows(from:to:)`` by hash maps.
    private static func hashedMatchRows<Keys: Collection>(from oldKeys: Keys, to newKeys: Keys) -> [Int32]? where Keys.Element: Hashable {
        var oldRow: [Keys.Element: Int32] = [:]
        oldRow.reserveCapacity(oldKeys.count)
        for (row, key) in oldKeys.enumerated() {
            guard oldRow.updateValue(Int32(truncatingIfNeeded: row), forKey: key) == nil else { return nil }
        }
        var seen = Set<Keys.Element>()
        seen.reserveCapacity(newKeys.count)
        var matched: [Int32] = []
        matched.reserveCapacity(newKeys.count)
        for key in newKeys {
            guard seen.insert(key).inserted else { return nil }
            matched.append(oldRow[key] ?? -1)
        }
        return matched
    }

    /// ``matchRows(from:to:)`` for integer keys: by a table indexed by the
    /// key when they lie close together (ids, as files number them; hashing
    /// a million keys twice costs more than the rest of the count), else by
    /// hash maps.
    static func matchRows(from oldKeys: UnsafeBufferPointer<Int>, to newKeys: UnsafeBufferPointer<Int>) -> [Int32]? {
        guard let range = closeRange(oldKeys, newKeys) else { return hashedMatchRows(from: oldKeys, to: newKeys) }
        let low = range.lowerBound
        // Each key's old row, -1 for none; -2 once a new row has the key.
        var oldRow = [Int32](repeating: -1, count: range.count)
        for (row, key) in oldKeys.enumerated() {
            guard oldRow[key - low] == -1 else { return nil }
            oldRow[key - low] = Int32(truncatingIfNeeded: row)
        }
        var matched: [Int32] = []
        matched.reserveCapacity(newKeys.count)
        for key in newKeys {
            let old = oldRow[key - low]
            guard old != -2 else { return nil }
            oldRow[key - low] = -2
            matched.append(old)
        }
        return matched
    }

    /// The lowest and highest of the keys when they lie close enough
    /// together for a table indexed by the key (a few slots per key); nil
    /// else. Keys from a file may be far apart (or Int.min and Int.max): the
    /// span is checked for overflow.
    private static func closeRange(_ oldKeys: UnsafeBufferPointer<Int>, _ newKeys: UnsafeBufferPointer<Int>) -> ClosedRange<Int>? {
        guard let low = [oldKeys.min(), newKeys.min()].compactMap({ $0 }).min(),
            let high = [oldKeys.max(), newKeys.max()].compactMap({ $0 }).max()
        else { return nil }
        let (span, overflow) = high.subtractingReportingOverflow(low)
        guard !overflow, span < 4 * (oldKeys.count + newKeys.count) + 1_024 else { return nil }
        return low...high
    }

    /// How many changes the diff of one section makes, and in how many
    /// stages, without making them, given for each new row its old row
    /// (`matched`, -1 for an insert): deletes, inserts, moves (the survivors
    /// not in the longest run that keeps its order, the fewest moves, as
    /// ListDiff finds) and updates (survivors whose content changed, a second
    /// stage). Checked against the full diff on random tables.
    static func countChanges(
        matched: [Int32], oldCount: Int, isContentEqual: (Int, Int) -> Bool
    ) -> (changes: Int, stages: Int) {
        var run = IncreasingRun(capacity: matched.count)
        var survivors = 0
        for old in matched where old >= 0 {
            survivors += 1
            run.add(Int(old))
        }
        let updates = countUpdates(matched: matched, isContentEqual: isContentEqual)
        let deletes = oldCount - survivors
        let inserts = matched.count - survivors
        let moves = survivors - run.length
        let structural = deletes + inserts + moves
        return (structural + updates, (structural > 0 ? 1 : 0) + (updates > 0 ? 1 : 0))
    }

    /// ``countChanges(matched:oldCount:isContentEqual:)`` for sections,
    /// counted as `SectionedChangeset` makes its changes (and checked
    /// against it on random grouped tables): sections deleted, inserted and
    /// moved (those outside the longest run that keeps its order); items
    /// inserted in a surviving section (new, or from a deleted section),
    /// deleted from one (gone, or gone to an inserted section), moved to
    /// another section or out of their section's longest run, and updated
    /// (a second stage). `matched` gives for each item of the new sections,
    /// flat, the old item it is, flat, or -1; `isContentEqual` takes those
    /// flat positions.
    static func countSectionedChanges(
        _ sections: (old: [DiffSection<String, Int>], new: [DiffSection<String, Int>]), matched: [Int32], isContentEqual: (Int, Int) -> Bool
    ) -> (changes: Int, stages: Int) {
        var oldIndex: [String: Int] = [:]
        for (index, section) in sections.old.enumerated() { oldIndex[section.id] = index }
        var oldToNew = [Int](repeating: -1, count: sections.old.count)
        var newToOld = [Int](repeating: -1, count: sections.new.count)
        var survivingOld: [Int] = []
        for (index, section) in sections.new.enumerated() {
            guard let match = oldIndex[section.id] else { continue }
            oldToNew[match] = index
            newToOld[index] = match
            survivingOld.append(match)
        }
        let insertedSections = newToOld.count { $0 < 0 }
        let deletedSections = oldToNew.count { $0 < 0 }
        let movedSections = survivingOld.count - IncreasingRun.length(of: survivingOld)
        // Each old item's section and place, flat.
        var oldSection: [Int] = []
        var oldItem: [Int] = []
        for (index, section) in sections.old.enumerated() {
            oldSection.append(contentsOf: repeatElement(index, count: section.items.count))
            oldItem.append(contentsOf: section.items.indices)
        }
        var wentTo = [Int](repeating: -1, count: oldSection.count)  // the new section of each old item
        var inserted = 0
        var moved = 0
        var updated = 0
        var flat = 0
        for (index, section) in sections.new.enumerated() {
            let source = newToOld[index]
            var staying = IncreasingRun(capacity: section.items.count)
            var stayingCount = 0
            for _ in section.items {
                defer { flat += 1 }
                let from = Int(matched[flat])
                guard from >= 0 else {
                    if source >= 0 { inserted += 1 }
                    continue
                }
                wentTo[from] = index
                guard source >= 0 else { continue }  // in an inserted section: covered by it
                guard oldToNew[oldSection[from]] >= 0 else {
                    inserted += 1  // from a deleted section
                    continue
                }
                if !isContentEqual(from, flat) { updated += 1 }
                if oldSection[from] == source {
                    staying.add(oldItem[from])
                    stayingCount += 1
                } else {
                    moved += 1
                }
            }
            moved += stayingCount - staying.length
        }
        var deleted = 0
        for (from, section) in oldSection.enumerated() where oldToNew[section] >= 0 {
            if wentTo[from] < 0 || newToOld[wentTo[from]] < 0 { deleted += 1 }
        }
        let structural = insertedSections + deletedSections + movedSections + inserted + deleted + moved
        return (structural + updated, (structural > 0 ? 1 : 0) + (updated > 0 ? 1 : 0))
    }

    /// How many survivors' contents changed, compared on two threads when
    /// there are many: comparing many rows is bound by memory latency, and
    /// each half reads its own rows. The comparison only reads the two tables.
    ///
    /// - Parameter parallelFrom: The number of rows from which two threads compare.
    static func countUpdates(matched: [Int32], parallelFrom: Int = 100_000, isContentEqual: (Int, Int) -> Bool) -> Int {
        guard matched.count >= parallelFrom else { return updates(in: matched.indices, of: matched, isContentEqual) }
        let middle = matched.count / 2
        var counts = [0, 0]
        withoutActuallyEscaping(isContentEqual) { isContentEqual in
            counts.withUnsafeMutableBufferPointer { counts in
                // Both halves only read the tables (and the buffers they were opened with, which
                // stay open until concurrentPerform returns); each writes its own count.
                nonisolated(unsafe) let compare = isContentEqual
                nonisolated(unsafe) let results = counts
                DispatchQueue.concurrentPerform(iterations: 2) { half in
                    results[half] = updates(in: half == 0 ? 0..<middle : middle..<matched.count, of: matched, compare)
                }
            }
        }
        return counts[0] + counts[1]
    }

    /// The survivors among `rows` whose content changed.
    private static func updates(in rows: Range<Int>, of matched: [Int32], _ isContentEqual: (Int, Int) -> Bool) -> Int {
        var count = 0
        for row in rows where matched[row] >= 0 && !isContentEqual(Int(matched[row]), row) { count += 1 }
        return count
    }
}
