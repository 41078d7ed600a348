import Dispatch
import Interruption
import ListDiff
import ListLabCore
import ListLabFiles
import ListLabRecords

/// The diffs of `diff` and `reload --diff` on a file provider's columns
/// (the sort and filter paths are in `Session+ColumnPaths.swift`).
extension Session {
    /// The diff from a flat file provider's rows to its file read again, on
    /// the columns: identities are the key column's values (as integers
    /// when they all are), or with no key each row's content, as the record
    /// path identifies a whole record; content is compared by the rows'
    /// text in the file, or cell by cell in the stored bytes (values only
    /// where the bytes differ), so no record is built for a row that did not
    /// change. The same changes as the record path's (checked on random
    /// tables). Building and hashing a record per row is what made the
    /// record path slow at scale; `Scripts/bench-columns` measures both.
    ///
    /// - Returns: the changes, the file read again (nil when it is as it
    ///   was read) and the provider; nil when this path does not serve the
    ///   provider (a missing key, fields that changed, rows alike in a
    ///   provider with no key: the record path says which).
    ///
    /// - Parameter threshold: With a threshold, a diff of more changes than
    ///   it is only counted (`.counted`): the list will reload its data, and
    ///   the changes themselves would be thrown away.
    func columnChangesFromSource(
        of loaded: LoadedProvider, countingAbove threshold: Int? = nil
    ) throws -> (diff: ColumnDiff, fresh: FileDataProvider?, file: FileDataProvider)? {
        guard usesColumnPaths, diffable == nil, let file = loaded.file else { return nil }
        // The file as it was read (its size, time and a hash of its bytes), and no edit since:
        // nothing to compare, nor to read again: hashing the bytes costs a fraction of reading
        // them. With no key, rows alike are an error the record path names, so those are compared.
        if loaded.keyField != nil, !loaded.hasUnsavedEdits, !file.fileChangedOnDisk {
            return (.changes(SectionedChangeset()), nil, file)
        }
        let fresh: FileDataProvider
        do {
            fresh = try FileDataProvider(path: file.path, name: file.name)
        } catch where Self.wasInterrupted(error) {
            throw error
        } catch {
            throw ShellError("reading the source failed, nothing changed: \(error)")
        }
        let old = file.table
        let new = fresh.table
        guard old.fieldNames == new.fieldNames else { return nil }
        // Grouped: the provider's sections of its rows, and the new rows grouped as it groups them.
        let sections = file.groupField.map { field in
            (file.rowSections?.map { DiffSection(id: $0.title, items: $0.rows) } ?? [],
             Self.groupedRows(new, Array(0..<new.count), by: field, numberedFrom: old.count))
        }
        guard let keyField = loaded.keyField else {
            let contents = RowContents(old, new)
            do {
                if let threshold, sections == nil, let matched = contents.matchedRows() {
                    let counts = Self.countChanges(matched: matched, oldCount: old.count, isContentEqual: { _, _ in true })
                    if counts.changes > threshold { return (.counted(changes: counts.changes, stages: counts.stages), fresh, file) }
                }
                return (try Self.diff(old, new, sections: sections, keys: contents.identities, countingAbove: sections == nil ? nil : threshold), fresh, file)
            } catch is DuplicateIdentityError {
                return nil
            }
        }
        do {
            // Integer keys are read from the cells in place; other keys as values.
            if let oldKeys = old.integers(of: keyField), let newKeys = new.integers(of: keyField) {
                return (try Self.diff(old, new, sections: sections, keys: (oldKeys, newKeys), countingAbove: threshold), fresh, file)
            }
            let oldKeys = old.values(of: keyField)
            let newKeys = new.values(of: keyField)
            guard !oldKeys.contains(.null), !newKeys.contains(.null) else { return nil }
            return (try Self.diff(old, new, sections: sections, keys: (oldKeys, newKeys), countingAbove: threshold), fresh, file)
        } catch let error as DuplicateIdentityError {
            throw Self.diffError(error, keyField: keyField, side: "source")
        }
    }

    /// The diff from the rows of `old` to those of `new`, whose identities
    /// are `keys` (one per row of each, none missing), in one section or in
    /// `sections` (items numbered as `keys` are: the old table's rows from
    /// 0, the new one's after them).
    ///
    /// - Throws: `DuplicateIdentityError` when an identity repeats on
    ///   either side; `Interrupted`.
    private static func diff<Key: Hashable>(
        _ old: RecordTable, _ new: RecordTable, sections: (old: [DiffSection<String, Int>], new: [DiffSection<String, Int>])?,
        keys: (old: [Key], new: [Key]), countingAbove threshold: Int?
    ) throws -> ColumnDiff {
        try Interruption.check()
        let count = old.count
        return try old.comparingContent(with: new) { sameContent in
            if let threshold, let sections {
                let oldRows = sections.old.flatMap(\.items)
                let newRows = sections.new.flatMap(\.items)
                if let matched = matchRows(from: oldRows.map { keys.old[$0] }, to: newRows.map { keys.new[$0 - count] }) {
                    let counts = countSectionedChanges(sections, matched: matched, isContentEqual: { sameContent(oldRows[$0], newRows[$1] - count) })
                    if counts.changes > threshold { return .counted(changes: counts.changes, stages: counts.stages) }
                }
            } else if let threshold, let matched = matchRows(from: keys.old, to: keys.new) {
                let counts = countChanges(matched: matched, oldCount: count, isContentEqual: sameContent)
                if counts.changes > threshold { return .counted(changes: counts.changes, stages: counts.stages) }
            }
            let (before, after) = sections ?? (
                [DiffSection(id: "", items: Array(0..<count))], [DiffSection(id: "", items: Array(count..<(count + new.count)))]
            )
            return .changes(
                try SectionedChangeset(
                    from: before, to: after, identity: { $0 < count ? keys.old[$0] : keys.new[$0 - count] },
                    isContentEqual: { sameContent($0, $1 - count) }))
        }
    }

    /// The rows `rows` of `table` (numbered from `first` on) in sections as
    /// a grouped file provider groups its rows: by the text of `field`'s
    /// value (empty when the table has no such field), sections in the
    /// order of their first rows, rows in order within them.
    static func groupedRows(_ table: RecordTable, _ rows: [Int], by field: String, numberedFrom first: Int) -> [DiffSection<String, Int>] {
        let titles = table.fieldNames.contains(field) ? table.values(of: field, rows: rows).map(\.description) : Array(repeating: "", count: rows.count)
        var sectionOfTitle: [String: Int] = [:]
        var sections: [DiffSection<String, Int>] = []
        for (row, title) in zip(rows, titles) {
            if let section = sectionOfTitle[title] {
                sections[section].items.append(first + row)
            } else {
                sectionOfTitle[title] = sections.count
                sections.append(DiffSection(id: title, items: [first + row]))
            }
        }
        return sections
    }

    /// What a diff on the columns gives: the changes, or only how many
    /// there are and in how many stages (above the change threshold).
    enum ColumnDiff {
        case changes(SectionedChangeset)
        case counted(changes: Int, stages: Int)
    }

    /// For each new row, the old row with its key (-1 for a new key): by a
    /// table indexed by the key when integer keys lie close together (ids,
    /// as files number them; a million keys hashed twice cost more than the
    /// full diff), else by hash maps. Nil when a key repeats on either side.
    private static func matchRows<Key: Hashable>(from oldKeys: [Key], to newKeys: [Key]) -> [Int]? {
        if let oldInts = oldKeys as? [Int], let newInts = newKeys as? [Int], let range = closeRange(oldInts, newInts) {
            return matchRows(from: oldInts, to: newInts, within: range)
        }
        var oldRow: [Key: Int] = [:]
        oldRow.reserveCapacity(oldKeys.count)
        for (row, key) in oldKeys.enumerated() {
            guard oldRow.updateValue(row, forKey: key) == nil else { return nil }
        }
        var seen = Set<Key>()
        seen.reserveCapacity(newKeys.count)
        var matched: [Int] = []
        matched.reserveCapacity(newKeys.count)
        for key in newKeys {
            guard seen.insert(key).inserted else { return nil }
            matched.append(oldRow[key] ?? -1)
        }
        return matched
    }

    /// The lowest and highest of the keys when they lie close enough
    /// together for a table indexed by the key (a few slots per key); nil
    /// else. Keys from a file may be far apart (or Int.min and Int.max): the
    /// span is checked for overflow.
    private static func closeRange(_ oldKeys: [Int], _ newKeys: [Int]) -> ClosedRange<Int>? {
        guard let low = [oldKeys.min(), newKeys.min()].compactMap({ $0 }).min(),
            let high = [oldKeys.max(), newKeys.max()].compactMap({ $0 }).max()
        else { return nil }
        let (span, overflow) = high.subtractingReportingOverflow(low)
        guard !overflow, span < 4 * (oldKeys.count + newKeys.count) + 1_024 else { return nil }
        return low...high
    }

    /// ``matchRows(from:to:)`` for integer keys in `range`, by a table indexed by the key.
    private static func matchRows(from oldKeys: [Int], to newKeys: [Int], within range: ClosedRange<Int>) -> [Int]? {
        let low = range.lowerBound
        // Each key's old row, -1 for none; -2 once a new row has the key.
        var oldRow = [Int32](repeating: -1, count: range.count)
        for (row, key) in oldKeys.enumerated() {
            guard oldRow[key - low] == -1 else { return nil }
            oldRow[key - low] = Int32(row)
        }
        var matched: [Int] = []
        matched.reserveCapacity(newKeys.count)
        for key in newKeys {
            let old = oldRow[key - low]
            guard old != -2 else { return nil }
            oldRow[key - low] = -2
            matched.append(Int(old))
        }
        return matched
    }

    /// How many changes the diff of one section makes, and in how many
    /// stages, without making them, given for each new row its old row
    /// (`matched`, -1 for an insert): deletes, inserts, moves (the survivors
    /// not in the longest run that keeps its order, the fewest moves, as
    /// ListDiff finds) and updates (survivors whose content changed, a second
    /// stage). Checked against the full diff on random tables.
    private static func countChanges(
        matched: [Int], oldCount: Int, isContentEqual: (Int, Int) -> Bool
    ) -> (changes: Int, stages: Int) {
        var run = IncreasingRun(capacity: matched.count)
        var survivors = 0
        for old in matched where old >= 0 {
            survivors += 1
            run.add(old)
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
    private static func countSectionedChanges(
        _ sections: (old: [DiffSection<String, Int>], new: [DiffSection<String, Int>]), matched: [Int], isContentEqual: (Int, Int) -> Bool
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
        let movedSections = survivingOld.count - longestIncreasingRun(survivingOld)
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
                let from = matched[flat]
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
    /// there are many: comparing a million rows is bound by memory latency
    /// (60 ns a row, 0.05 s, a fifth of a `reload --diff` on this 2-core
    /// machine), and each half reads its own rows. The comparison only
    /// reads the two tables.
    ///
    /// - Parameter parallelFrom: The number of rows from which two threads compare.
    static func countUpdates(matched: [Int], parallelFrom: Int = 100_000, isContentEqual: (Int, Int) -> Bool) -> Int {
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
    private static func updates(in rows: Range<Int>, of matched: [Int], _ isContentEqual: (Int, Int) -> Bool) -> Int {
        var count = 0
        for row in rows where matched[row] >= 0 && !isContentEqual(matched[row], row) { count += 1 }
        return count
    }
}
