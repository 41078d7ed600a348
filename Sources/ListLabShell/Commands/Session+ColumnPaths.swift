import Interruption
import ListDiff
import ListLabCore
import ListLabFiles
import ListLabRecords

extension Session {
    /// `sort` of a flat, keyed file provider, on its columns: one column's
    /// values read once, a stable sort of the row numbers by them, and the
    /// diff of the row numbers before and after (the same rows, so the same
    /// keys and contents: ListDiff gives exactly the batch updates the
    /// records would); the table is reordered column by column. No record is
    /// built, and no field is looked up by name per comparison.
    ///
    /// Why by hand: on 1,000,000 rows the record path took 11.8 s in a
    /// release build (1.3 s to build the records, twice; 6.6 s to sort them,
    /// a field looked up by name in every comparison; 2.5 s to diff them by
    /// key and content). This one takes 0.54 s, as long as a plain reload
    /// (`Scripts/bench-columns`).
    ///
    /// - Returns: false when the provider is not one this path serves
    ///   (grouped, unkeyed, or shown through a diffable data source); the
    ///   record path sorts those.
    func sortColumns(of loaded: LoadedProvider, by field: String, descending: Bool) throws -> Bool {
        guard diffable == nil, loaded.keyField != nil, let file = loaded.file, file.readsFieldsInPlace else { return false }
        let values = file.values(ofField: field)
        let order: [Int]
        switch SortKeys(values) {
        case .numbers(let keys): order = try Self.sortedRows(keys, descending: descending)
        case .strings(let keys): order = try Self.sortedRows(keys, descending: descending)
        case .values(let keys): order = try Self.sortedRows(keys, descending: descending)
        }
        try Interruption.check()
        let what = "sorted \(loaded.name) by \(field)\(descending ? ", descending" : "")"
        // A sort only moves rows: the fewest moves leave the longest increasing run of old row
        // numbers in place. Above the threshold only that count is needed (the list reloads),
        // so the diff's per-change objects are not built: 0.37 s of a 1,000,000-row sort.
        let moves = order.count - Self.longestIncreasingRun(order)
        if moves > changeThreshold {
            file.reorder(rows: order)
            loaded.records.baseDidChange()
            loaded.markEdited()
            list.reloadData()
            output.write(reloadedDataNote(what, summary(changes: moves, stages: 1)))
            return true
        }
        try perform(rowDiff(from: Array(values.indices), to: order), saying: what, itemCount: order.count) {
            file.reorder(rows: order)
            loaded.records.baseDidChange()
            loaded.markEdited()
        }
        return true
    }

    /// `filter FIELD=VALUE` of a keyed, flat file provider, on its columns:
    /// one column scanned for the rows whose value is VALUE, the diff of the
    /// rows shown before and after (by row number, as sort does), and the
    /// provider shown those rows of its whole table, which the filter keeps
    /// for `filter off`. (The record path took 3.1 s for a filter of
    /// 1,000,000 rows in a release build, most of it building records.)
    ///
    /// - Returns: false when the provider is not one this path serves, or a
    ///   filter on records is on.
    func filterColumns(of loaded: LoadedProvider, field: String, value: Value) throws -> Bool {
        guard diffable == nil, loaded.keyField != nil, let file = loaded.file, file.readsFieldsInPlace else { return false }
        if let filter = loaded.filter, filter.table == nil { return false }
        let (whole, shown) = loaded.filter?.table ?? (file.table, Array(0..<file.table.count))
        let values = whole.values(of: field)
        var kept: [Int] = []
        for (row, candidate) in values.enumerated() {
            if row & 0xFFFF == 0 { try Interruption.check() }
            if candidate == value { kept.append(row) }
        }
        let previous = loaded.filter
        loaded.filter = LoadedProvider.Filter(field: field, value: value, table: (whole, kept))
        do {
            try perform(
                rowDiff(from: shown, to: kept), saying: "filtered \(loaded.name) to \(field)=\(value.jsonText): \(kept.count) of \(whole.count) items",
                itemCount: kept.count
            ) {
                file.replaceTable(with: whole.reordered(kept))
                loaded.records.baseDidChange()
            }
        } catch where Self.wasInterrupted(error) {
            loaded.filter = previous
            throw error
        }
        return true
    }

    /// `filter off` after a filter on columns: every row of the whole table
    /// again. - Returns: false for a filter on records.
    func unfilterColumns(of loaded: LoadedProvider, from filter: LoadedProvider.Filter) throws -> Bool {
        guard let (whole, shown) = filter.table, let file = loaded.file else { return false }
        let all = Array(0..<whole.count)
        try perform(rowDiff(from: shown, to: all), saying: "filter off: \(whole.count) items", itemCount: whole.count) {
            file.replaceTable(with: whole)
            loaded.records.baseDidChange()
        }
        return true
    }

    /// The diff from a keyed, flat file provider's rows to its file read
    /// again, on the columns: identities are the key column's values (as
    /// integers when they all are), content is compared cell by cell in the
    /// stored bytes (values only where the bytes differ), so no record is
    /// built for a row that did not change. The same changes as the record
    /// path's (checked on random tables). (The record path took 3.2 s and
    /// 994 MB for a `reload --diff` of 1,000,000 rows in a release build,
    /// most of it building and hashing records; this one 0.83 s and 374 MB,
    /// counting the changes above the threshold: `Scripts/bench-columns`.)
    ///
    /// - Returns: the changes, the file read again and the provider; nil
    ///   when this path does not serve the provider (grouped, unkeyed, a
    ///   missing key, fields that changed).
    ///
    /// - Parameter threshold: With a threshold, a diff of more changes than
    ///   it is only counted (`.counted`): the list will reload its data, and
    ///   the changes themselves would be thrown away.
    func columnChangesFromSource(
        of loaded: LoadedProvider, countingAbove threshold: Int? = nil
    ) throws -> (diff: ColumnDiff, fresh: FileDataProvider, file: FileDataProvider)? {
        guard diffable == nil, let keyField = loaded.keyField, let file = loaded.file, file.readsFieldsInPlace else { return nil }
        let fresh: FileDataProvider
        do {
            fresh = try FileDataProvider(path: file.path, name: file.name)
        } catch where Self.wasInterrupted(error) {
            throw error
        } catch {
            throw ShellError("reading the source failed, nothing changed: \(error)")
        }
        // The file as it was read, and no edit since: nothing to compare (a diff of an
        // unchanged 1,000,000-row file took 1.1 s, the load again 0.5 s).
        if !loaded.hasUnsavedEdits, fresh.fingerprint == file.fingerprint {
            return (.changes(SectionedChangeset()), fresh, file)
        }
        let old = file.table
        let new = fresh.table
        guard old.fieldNames == new.fieldNames else { return nil }
        let oldKeys = old.values(of: keyField)
        let newKeys = new.values(of: keyField)
        guard !oldKeys.contains(.null), !newKeys.contains(.null) else { return nil }
        try Interruption.check()
        // Items are row numbers: the old table's from 0, the new one's after them.
        let count = oldKeys.count
        let before = [DiffSection(id: "", items: Array(0..<count))]
        let after = [DiffSection(id: "", items: Array(count..<(count + newKeys.count)))]
        let isContentEqual = { (oldRow: Int, newRow: Int) in old.row(oldRow, hasTheContentOf: newRow - count, in: new) }
        let oldInts = Self.integers(oldKeys)
        let newInts = oldInts == nil ? nil : Self.integers(newKeys)
        if let threshold {
            let matched = if let oldInts, let newInts { Self.matchRows(fromIntegers: oldInts, to: newInts) } else { Self.matchRows(from: oldKeys, to: newKeys) }
            if let matched {
                let counts = Self.countChanges(matched: matched, oldCount: count, isContentEqual: { old.row($0, hasTheContentOf: $1, in: new) })
                if counts.changes > threshold { return (.counted(changes: counts.changes, stages: counts.stages), fresh, file) }
            }
        }
        do {
            if let oldInts, let newInts {
                let changes = try SectionedChangeset(
                    from: before, to: after, identity: { $0 < count ? oldInts[$0] : newInts[$0 - count] }, isContentEqual: isContentEqual)
                return (.changes(changes), fresh, file)
            }
            let changes = try SectionedChangeset(
                from: before, to: after, identity: { $0 < count ? oldKeys[$0] : newKeys[$0 - count] }, isContentEqual: isContentEqual)
            return (.changes(changes), fresh, file)
        } catch {
            throw Self.diffError(error, keyField: keyField, side: "source")
        }
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
    private static func matchRows(fromIntegers oldKeys: [Int], to newKeys: [Int]) -> [Int]? {
        let all = oldKeys + newKeys
        // Keys from a file may be far apart (or Int.min and Int.max): the span is checked for overflow.
        guard let low = all.min(), let high = all.max(), case let (span, overflow) = high.subtractingReportingOverflow(low), !overflow,
            span < 4 * all.count + 1_024
        else {
            return matchRows(from: oldKeys, to: newKeys)
        }
        var oldRow = [Int32](repeating: -1, count: span + 1)
        for (row, key) in oldKeys.enumerated() {
            guard oldRow[key - low] == -1 else { return nil }
            oldRow[key - low] = Int32(row)
        }
        var seen = [Bool](repeating: false, count: span + 1)
        var matched: [Int] = []
        matched.reserveCapacity(newKeys.count)
        for key in newKeys {
            guard !seen[key - low] else { return nil }
            seen[key - low] = true
            matched.append(Int(oldRow[key - low]))
        }
        return matched
    }

    /// ``matchRows(fromIntegers:to:)`` for any keys, by hash maps.
    private static func matchRows<Key: Hashable>(from oldKeys: [Key], to newKeys: [Key]) -> [Int]? {
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

    /// How many changes the diff of one section makes, and in how many
    /// stages, without making them, given for each new row its old row
    /// (`matched`, -1 for an insert): deletes, inserts, moves (the survivors
    /// not in the longest run that keeps its order, the fewest moves, as
    /// ListDiff finds) and updates (survivors whose content changed, a second
    /// stage). Checked against the full diff on random tables.
    private static func countChanges(
        matched: [Int], oldCount: Int, isContentEqual: (Int, Int) -> Bool
    ) -> (changes: Int, stages: Int) {
        var survivorsInNewOrder: [Int] = []
        survivorsInNewOrder.reserveCapacity(min(oldCount, matched.count))
        var updates = 0
        for (row, old) in matched.enumerated() where old >= 0 {
            survivorsInNewOrder.append(old)
            if !isContentEqual(old, row) { updates += 1 }
        }
        let deletes = oldCount - survivorsInNewOrder.count
        let inserts = matched.count - survivorsInNewOrder.count
        let moves = survivorsInNewOrder.count - longestIncreasingRun(survivorsInNewOrder)
        let structural = deletes + inserts + moves
        return (structural + updates, (structural > 0 ? 1 : 0) + (updates > 0 ? 1 : 0))
    }

    /// The values as integers, when every one is an `.int` (which hash and
    /// compare as the values would, without a switch).
    private static func integers(_ values: [Value]) -> [Int]? {
        var integers: [Int] = []
        integers.reserveCapacity(values.count)
        for value in values {
            guard case .int(let number) = value else { return nil }
            integers.append(number)
        }
        return integers
    }

    /// The diff between two lists of rows of one table: rows are the items'
    /// identities (each has one key), and a row's content is the same on
    /// both sides.
    private func rowDiff(from old: [Int], to new: [Int]) throws -> SectionedChangeset {
        do {
            return try SectionedChangeset(
                from: [DiffSection(id: "", items: old)], to: [DiffSection(id: "", items: new)],
                identity: { $0 }, isContentEqual: { _, _ in true })
        } catch {
            // Row numbers are distinct by construction.
            throw ShellError("\(error)")
        }
    }

    /// The length of the longest strictly increasing subsequence of
    /// `values` (patience sorting: O(*n* log *n*)).
    static func longestIncreasingRun(_ values: [Int]) -> Int {
        var tails: [Int] = []
        for value in values {
            var low = 0
            var high = tails.count
            while low < high {
                let middle = (low + high) / 2
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
            if low == tails.count { tails.append(value) } else { tails[low] = value }
        }
        return tails.count
    }

    /// The row numbers of `keys` in sorted order, as `sort` orders them: by
    /// `<`, equal keys in their order (a stable sort of the rows). Every
    /// 65,536 comparisons, a look at whether Ctrl-C asked to stop.
    static func sortedRows<Key: Comparable>(_ keys: [Key], descending: Bool) throws -> [Int] {
        var order = Array(keys.indices)
        var comparisons = 0
        try keys.withUnsafeBufferPointer { keys in
            try order.sort { a, b in
                comparisons += 1
                if comparisons & 0xFFFF == 0 { try Interruption.check() }
                let x = keys[a]
                let y = keys[b]
                if x == y { return a < b }
                return descending ? y < x : x < y
            }
        }
        return order
    }
}

/// A column's values as keys that compare faster than `Value`s and in the
/// same order: every value a number (an int that a double holds exactly, or
/// a double that is not NaN) as a `Double`; every value text as a
/// `String`; else the values themselves. (Sorting a million `Value`s spent
/// half its time copying and switching over them.)
private enum SortKeys {
    case numbers([Double])
    case strings([String])
    case values([Value])

    init(_ values: [Value]) {
        var numbers: [Double] = []
        numbers.reserveCapacity(values.count)
        scan: for value in values {
            switch value {
            case .int(let number) where number.magnitude <= 1 << 53: numbers.append(Double(number))
            case .double(let number) where !number.isNaN: numbers.append(number)
            default: break scan
            }
        }
        if numbers.count == values.count {
            self = .numbers(numbers)
            return
        }
        var strings: [String] = []
        strings.reserveCapacity(values.count)
        for value in values {
            guard case .string(let text) = value else { break }
            strings.append(text)
        }
        self = strings.count == values.count ? .strings(strings) : .values(values)
    }
}
