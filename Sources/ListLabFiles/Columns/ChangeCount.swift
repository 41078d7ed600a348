import Dispatch
import ListDiff
import Synchronization

/// Counting a diff's changes without making them, for diffs above the
/// change threshold, whose changes a list that reloads its data would throw
/// away: each new row's old row by key, then the deletes, inserts, moves
/// (the survivors outside the longest run that keeps its order, as ListDiff
/// finds them) and updates. Checked against the full diff on random tables.
enum ChangeCount {
    /// For each new row, the old row with its key (-1 for a new key), by
    /// hash maps; nil when a key repeats on either side. Rows are numbered
    /// in 32 bits, as a table numbers them (``RowOrigin``).
    static func matchRows<Keys: Collection>(from oldKeys: Keys, to newKeys: Keys) -> [Int32]?
    where Keys.Element: Hashable {
        if let oldInts = oldKeys as? [Int], let newInts = newKeys as? [Int] {
            return oldInts.withUnsafeBufferPointer { old in
                newInts.withUnsafeBufferPointer { new in matchRows(from: old, to: new) }
            }
        }
        return hashedMatchRows(from: oldKeys, to: newKeys)
    }

    /// ``matchRows(from:to:)`` by hash maps.
    private static func hashedMatchRows<Keys: Collection>(from oldKeys: Keys, to newKeys: Keys) -> [Int32]?
    where Keys.Element: Hashable {
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
    private static func closeRange(_ oldKeys: UnsafeBufferPointer<Int>, _ newKeys: UnsafeBufferPointer<Int>)
        -> ClosedRange<Int>?
    {
        guard !oldKeys.isEmpty || !newKeys.isEmpty else { return nil }
        // Both ends in one pass a side, which the compiler vectorizes.
        var low = Int.max
        var high = Int.min
        for key in oldKeys {
            low = Swift.min(low, key)
            high = Swift.max(high, key)
        }
        for key in newKeys {
            low = Swift.min(low, key)
            high = Swift.max(high, key)
        }
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
    ///
    /// From `parallelFrom` rows, one thread finds the longest run (a pass in
    /// order) while the other compares contents, and both then share what is
    /// left of the comparisons.
    ///
    /// - Parameter updates: The survivors among some of the new rows whose
    ///   content changed (``updates(in:of:_:)``, or a table's own count);
    ///   called from two threads at once, it must only read what it shares.
    static func countChanges(
        matched: [Int32], oldCount: Int, parallelFrom: Int = 16_384, updates: (Range<Int>) -> Int
    ) -> (changes: Int, stages: Int) {
        let ((survivors, kept), updated) = sharingTwoThreads(
            matched.count, parallelFrom: parallelFrom, first: { IncreasingRun.survivorsAndLongestRun(of: matched) },
            count: updates)
        return counted(
            survivors: survivors, longestRun: kept, oldCount: oldCount, newCount: matched.count, updated: updated)
    }

    /// The changes and stages of one section's diff with `survivors` of
    /// `oldCount` old items among `newCount` new ones, `longestRun` of them
    /// in order, and `updated` updates: deletes, inserts and moves in one
    /// stage, updates in a second.
    static func counted(survivors: Int, longestRun: Int, oldCount: Int, newCount: Int, updated: Int) -> (
        changes: Int, stages: Int
    ) {
        let deletes = oldCount - survivors
        let inserts = newCount - survivors
        let moves = survivors - longestRun
        let structural = deletes + inserts + moves
        return (structural + updated, (structural > 0 ? 1 : 0) + (updated > 0 ? 1 : 0))
    }

    /// ``countChanges(matched:oldCount:parallelFrom:updates:)`` for sections,
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
        _ sections: (old: [DiffSection<String, Int>], new: [DiffSection<String, Int>]), matched: [Int32],
        isContentEqual: (Int, Int) -> Bool
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

    /// `first()`, and the sum of `count` over chunks of `0..<total`: from
    /// `parallelFrom` rows on two threads, one running `first` while the
    /// other starts on the chunks, each then taking the next chunk not taken
    /// until none is left. Comparing many rows waits on memory, so two
    /// threads compare them in about half the time.
    ///
    /// - Parameters:
    ///   - first: Work to do beside the chunks (or nothing).
    ///   - count: Counts in one chunk; it and `first` must only read what they share.
    static func sharingTwoThreads<First>(
        _ total: Int, parallelFrom: Int = 16_384, first: () -> First, count: (Range<Int>) -> Int
    ) -> (First, Int) {
        guard total >= parallelFrom else { return (first(), count(0..<total)) }
        let chunk = Swift.max(1, Swift.min(1 << 14, total / 8))
        let nextChunk = Atomic<Int>(0)
        var firstResult: First?
        var counts = [0, 0]
        withoutActuallyEscaping(first) { first in
            withoutActuallyEscaping(count) { count in
                withUnsafeMutablePointer(to: &firstResult) { firstResult in
                    counts.withUnsafeMutableBufferPointer { counts in
                        // Each thread writes only its own count (and the first thread `first`'s
                        // result); both are read once concurrentPerform has returned.
                        nonisolated(unsafe) let (first, count, firstResult, results) = (
                            first, count, firstResult, counts
                        )
                        DispatchQueue.concurrentPerform(iterations: 2) { thread in
                            if thread == 0 { firstResult.pointee = first() }
                            var sum = 0
                            while case let start = nextChunk.add(chunk, ordering: .relaxed).oldValue, start < total {
                                sum += count(start..<Swift.min(start + chunk, total))
                            }
                            results[thread] = sum
                        }
                    }
                }
            }
        }
        guard let firstResult else { preconditionFailure("concurrentPerform ran the first thread's work") }
        return (firstResult, counts[0] + counts[1])
    }

    /// The survivors among `rows` whose content changed.
    static func updates(in rows: Range<Int>, of matched: [Int32], _ isContentEqual: (Int, Int) -> Bool) -> Int {
        var count = 0
        for row in rows where matched[row] >= 0 && !isContentEqual(Int(matched[row]), row) { count += 1 }
        return count
    }
}
