import Dispatch
import Interruption
import ListDiff
import ListLabCore
import ListLabFiles
import ListLabRecords

extension Session {
    /// `sort` of a flat file provider, on its columns: one column's values
    /// read once, a stable sort of the row numbers by them, and the
    /// diff of the row numbers before and after (the same rows, so the same
    /// keys and contents: ListDiff gives exactly the batch updates the
    /// records would); the table is reordered column by column. No record is
    /// built, and no field is looked up by name per comparison.
    ///
    /// Why by hand: on 1,000,000 rows the record path took 11.8 s in a
    /// release build (1.3 s to build the records, twice; 6.6 s to sort them,
    /// a field looked up by name in every comparison; 2.5 s to diff them by
    /// key and content). This one takes 0.52 s, 1.17x a plain reload
    /// (`Scripts/bench-columns`). With no key, each row is its own item
    /// once no two rows are alike (0.71 s).
    ///
    /// - Returns: false when the provider is not one this path serves
    ///   (grouped, with no key and two rows alike, or shown through a
    ///   diffable data source); the record path sorts those.
    func sortColumns(of loaded: LoadedProvider, by field: String, descending: Bool) throws -> Bool {
        guard usesColumnPaths, diffable == nil, let file = loaded.file else { return false }
        if file.groupField != nil { return try sortGroupedColumns(of: loaded, file, by: field, descending: descending) }
        guard Self.rowsAreIdentities(of: loaded, file.table) else { return false }
        let order: [Int]
        if let inTextOrder = try file.table.rowsInTextOrder(of: field, descending: descending) {
            order = inTextOrder
        } else {
            switch SortKeys(file.values(ofField: field)) {
            case .numbers(let keys): order = try Self.sortedRows(keys, descending: descending)
            case .strings(let keys): order = try Self.sortedRows(keys, descending: descending)
            case .values(let keys): order = try Self.sortedRows(keys, descending: descending)
            }
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
        try perform(rowDiff(from: Array(order.indices), to: order), saying: what, itemCount: order.count) {
            file.reorder(rows: order)
            loaded.records.baseDidChange()
            loaded.markEdited()
        }
        return true
    }

    /// ``sortColumns(of:by:descending:)`` of a keyed file provider grouped
    /// in sections: each section's rows sorted by one column, as the record
    /// path sorts each section's records; the diff of the sections of rows
    /// before and after, or above the threshold only its count (the moves
    /// in each section, as in a flat sort). (1,000,000 rows in 20 sections,
    /// with the load: 1.2 s and 205 MB, where the record path took 7.2 s and
    /// 1,059 MB.)
    private func sortGroupedColumns(of loaded: LoadedProvider, _ file: FileDataProvider, by field: String, descending: Bool) throws -> Bool {
        guard loaded.keyField != nil, let sections = file.rowSections else { return false }
        var sorted: [DiffSection<String, Int>] = []
        var moves = 0
        for section in sections {
            let positions: [Int]
            switch SortKeys(file.table.values(of: field, rows: section.rows)) {
            case .numbers(let keys): positions = try Self.sortedRows(keys, descending: descending)
            case .strings(let keys): positions = try Self.sortedRows(keys, descending: descending)
            case .values(let keys): positions = try Self.sortedRows(keys, descending: descending)
            }
            sorted.append(DiffSection(id: section.title, items: positions.map { section.rows[$0] }))
            moves += positions.count - Self.longestIncreasingRun(positions)
        }
        try Interruption.check()
        let what = "sorted \(loaded.name) by \(field)\(descending ? ", descending" : "")"
        let rows = sorted.flatMap(\.items)
        if moves > changeThreshold {
            file.reorder(rows: rows)
            loaded.records.baseDidChange()
            loaded.markEdited()
            list.reloadData()
            output.write(reloadedDataNote(what, summary(changes: moves, stages: 1)))
            return true
        }
        try perform(try Self.rowSectionDiff(from: sections, to: sorted), saying: what, itemCount: rows.count) {
            file.reorder(rows: rows)
            loaded.records.baseDidChange()
            loaded.markEdited()
        }
        return true
    }

    /// `filter FIELD=VALUE` of a flat file provider, on its columns:
    /// one column scanned for the rows whose value is VALUE, the diff of the
    /// rows shown before and after (by row number, as sort does), and the
    /// provider shown those rows of its whole table, which the filter keeps
    /// for `filter off`. (The record path took 3.1 s for a filter of
    /// 1,000,000 rows in a release build, most of it building records.)
    ///
    /// - Returns: false when the provider is not one this path serves, or a
    ///   filter on records is on.
    func filterColumns(of loaded: LoadedProvider, field: String, value: Value) throws -> Bool {
        guard usesColumnPaths, diffable == nil, let file = loaded.file else { return false }
        if let groupField = file.groupField { return try filterGroupedColumns(of: loaded, file, groupedBy: groupField, field: field, value: value) }
        if let filter = loaded.filter, filter.table == nil { return false }
        let (whole, shown) = loaded.filter?.table ?? (file.table, Array(0..<file.table.count))
        guard Self.rowsAreIdentities(of: loaded, whole) else { return false }
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

    /// ``filterColumns(of:field:value:)`` of a keyed file provider grouped
    /// in sections by `groupField`: its items' rows (before any filter)
    /// scanned in one column, the kept rows grouped as the provider groups
    /// them, the diff of the sections of rows, and the provider shown those
    /// rows; the table stays as it is for `filter off`.
    private func filterGroupedColumns(
        of loaded: LoadedProvider, _ file: FileDataProvider, groupedBy groupField: String, field: String, value: Value
    ) throws -> Bool {
        guard loaded.keyField != nil, let sections = file.rowSections else { return false }
        if let filter = loaded.filter, filter.rows == nil { return false }
        let all = loaded.filter?.rows ?? sections.flatMap(\.rows)
        var kept: [Int] = []
        for (index, candidate) in file.table.values(of: field, rows: all).enumerated() {
            if index & 0xFFFF == 0 { try Interruption.check() }
            if candidate == value { kept.append(all[index]) }
        }
        let previous = loaded.filter
        loaded.filter = LoadedProvider.Filter(field: field, value: value, rows: all)
        do {
            try perform(
                try Self.rowSectionDiff(from: sections, to: Self.groupedRows(file.table, kept, by: groupField, numberedFrom: 0)),
                saying: "filtered \(loaded.name) to \(field)=\(value.jsonText): \(kept.count) of \(all.count) items", itemCount: kept.count
            ) {
                file.showRows(kept)
                loaded.records.baseDidChange()
            }
        } catch where Self.wasInterrupted(error) {
            loaded.filter = previous
            throw error
        }
        return true
    }

    /// The diff from a grouped provider's sections of rows to `new`: rows
    /// are the items' identities, and a row's content is the same on both
    /// sides.
    private static func rowSectionDiff(from old: [(title: String, rows: [Int])], to new: [DiffSection<String, Int>]) throws -> SectionedChangeset {
        do {
            return try SectionedChangeset(
                from: old.map { DiffSection(id: $0.title, items: $0.rows) }, to: new, identity: { $0 }, isContentEqual: { _, _ in true })
        } catch {
            throw ShellError("\(error)")  // row numbers and titles are distinct by construction
        }
    }

    /// `filter off` after a filter on columns: every row of the whole table
    /// again. - Returns: false for a filter on records.
    func unfilterColumns(of loaded: LoadedProvider, from filter: LoadedProvider.Filter) throws -> Bool {
        if let all = filter.rows, let file = loaded.file, let groupField = file.groupField, let sections = file.rowSections {
            try perform(
                try Self.rowSectionDiff(from: sections, to: Self.groupedRows(file.table, all, by: groupField, numberedFrom: 0)),
                saying: "filter off: \(all.count) items", itemCount: all.count
            ) {
                file.showRows(all)
                loaded.records.baseDidChange()
            }
            return true
        }
        guard let (whole, shown) = filter.table, let file = loaded.file else { return false }
        let all = Array(0..<whole.count)
        try perform(rowDiff(from: shown, to: all), saying: "filter off: \(whole.count) items", itemCount: whole.count) {
            file.replaceTable(with: whole)
            loaded.records.baseDidChange()
        }
        return true
    }

    /// The diff from a flat file provider's rows to its file read again, on
    /// the columns: identities are the key column's values (as integers
    /// when they all are), or with no key each row's content, as the record
    /// path identifies a whole record; content is compared by the rows'
    /// text in the file, or cell by cell in the stored bytes (values only
    /// where the bytes differ), so no record is built for a row that did not
    /// change. The same changes as the record path's (checked on random
    /// tables). (The record path took 3.2 s and 994 MB for a `reload --diff`
    /// of 1,000,000 keyed rows in a release build, most of it building and
    /// hashing records; this one 0.28 s and 278 MB, 1.22x a plain reload,
    /// counting the changes above the threshold: `Scripts/bench-columns`.)
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
        // nothing to compare, nor to read again (a diff of an unchanged 1,000,000-row file
        // took 1.1 s; reading it again 0.2 s; hashing its bytes 0.03 s). With no key, rows
        // alike are an error the record path names, so those are compared.
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
        // Changes above the threshold are counted, not made, in one section.
        let threshold = sections == nil ? threshold : nil
        guard let keyField = loaded.keyField else {
            let contents = RowContents(old, new)
            do {
                if let threshold, let matched = contents.matchedRows() {
                    let counts = Self.countChanges(matched: matched, oldCount: old.count, isContentEqual: { _, _ in true })
                    if counts.changes > threshold { return (.counted(changes: counts.changes, stages: counts.stages), fresh, file) }
                }
                return (try Self.diff(old, new, sections: sections, keys: contents.identities, countingAbove: nil), fresh, file)
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
            if let threshold, let matched = matchRows(from: keys.old, to: keys.new) {
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
    private static func groupedRows(_ table: RecordTable, _ rows: [Int], by field: String, numberedFrom first: Int) -> [DiffSection<String, Int>] {
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

    /// Whether each row of `table` is one item to a diff, so that a diff of
    /// row numbers is the diff of the items: with a key (unique, as loading
    /// checks), or with none when no two rows hold the same content (the
    /// record path's diff refuses rows alike and says which, so it takes
    /// those).
    private static func rowsAreIdentities(of loaded: LoadedProvider, _ table: RecordTable) -> Bool {
        loaded.keyField != nil || RowContents(table, RecordTable(fieldNames: table.fieldNames)).matchedRows() != nil
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
    /// `values` (see ``IncreasingRun``).
    static func longestIncreasingRun(_ values: [Int]) -> Int {
        var run = IncreasingRun(capacity: values.count)
        for value in values { run.add(value) }
        return run.length
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

/// The length of the longest strictly increasing subsequence of the values
/// added so far, by patience sorting: O(log *n*) a value, O(1) for a value
/// above all before it (most rows of a reload keep their order). Only the
/// length: ListDiff's `longestIncreasingSubsequence` marks the elements.
struct IncreasingRun {
    /// The smallest last value of an increasing subsequence of each length.
    private var tails: [Int] = []

    /// The length of the longest strictly increasing subsequence.
    var length: Int { tails.count }

    /// A run for at most `count` values, its room taken at once (growing it
    /// value by value took 12 ms of a million-row reload).
    init(capacity count: Int) { tails.reserveCapacity(count) }

    @inline(__always)
    mutating func add(_ value: Int) {
        if let last = tails.last, last < value {
            tails.append(value)
        } else {
            place(value)
        }
    }

    /// Puts `value` in place of the smallest tail not below it.
    private mutating func place(_ value: Int) {
        var low = 0
        var high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if tails[middle] < value { low = middle + 1 } else { high = middle }
        }
        if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
}

/// The rows of two tables with the same fields, identified by their
/// content: the identities a provider with no key gives its items (the
/// record path identifies each by its whole record). Hashed by the rows'
/// values, compared row by row where the hashes agree.
private final class RowContents {
    let old: RecordTable
    let new: RecordTable

    init(_ old: RecordTable, _ new: RecordTable) {
        self.old = old
        self.new = new
    }

    /// One identity per row of each table, numbered as the diff numbers its
    /// items: the old table's rows from 0, the new table's after them.
    var identities: (old: [RowContent], new: [RowContent]) {
        let count = old.count
        return (
            old.contentHashes().enumerated().map { RowContent(hash: $1, item: $0, contents: self) },
            new.contentHashes().enumerated().map { RowContent(hash: $1, item: count + $0, contents: self) }
        )
    }

    /// Whether two items (numbered as in ``identities``) hold the same content.
    func sameContent(_ item: Int, _ otherItem: Int) -> Bool {
        let count = old.count
        let (table, row) = item < count ? (old, item) : (new, item - count)
        let (otherTable, otherRow) = otherItem < count ? (old, otherItem) : (new, otherItem - count)
        return table.row(row, hasTheContentOf: otherRow, in: otherTable)
    }
}

extension RowContents {
    /// For each new row, the old row with its content (-1 for none), as
    /// ``Session/matchRows(from:to:)`` gives it for keys; nil when two rows
    /// on one side hold the same content. By an open-addressing table of
    /// row numbers on the rows' hashes, compared row by row where the
    /// hashes agree: a `Dictionary` of ``RowContent``s, a class reference
    /// and a `Hasher` a look-up, took 1.1 s of a 1,000,000-row reload.
    func matchedRows() -> [Int]? {
        let oldHashes = old.contentHashes()
        let newHashes = new.contentHashes()
        var capacity = 16
        while capacity < 2 * (oldHashes.count + newHashes.count) { capacity *= 2 }
        let mask = capacity - 1
        // Slots: 0 empty, old row + 1, or -(new row + 1) for a new row with no old match.
        var slots = [Int32](repeating: 0, count: capacity)
        var taken = [Bool](repeating: false, count: oldHashes.count)
        for (row, hash) in oldHashes.enumerated() {
            var slot = hash & mask
            while slots[slot] != 0 {
                let other = Int(slots[slot]) - 1
                if oldHashes[other] == hash, old.row(other, hasTheContentOf: row, in: old) { return nil }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(row + 1)
        }
        return old.comparingContent(with: new) { sameContent in
            var matched: [Int] = []
            matched.reserveCapacity(newHashes.count)
            for (row, hash) in newHashes.enumerated() {
                var slot = hash & mask
                var found = -1
                probing: while slots[slot] != 0 {
                    let entry = Int(slots[slot])
                    if entry > 0 {
                        if oldHashes[entry - 1] == hash, sameContent(entry - 1, row) {
                            if taken[entry - 1] { return nil }
                            found = entry - 1
                            break probing
                        }
                    } else if newHashes[-entry - 1] == hash, new.row(-entry - 1, hasTheContentOf: row, in: new) {
                        return nil
                    }
                    slot = (slot + 1) & mask
                }
                if found >= 0 {
                    taken[found] = true
                } else {
                    slots[slot] = Int32(-(row + 1))
                }
                matched.append(found)
            }
            return matched
        }
    }
}

/// A row identified by its content (see ``RowContents``).
private struct RowContent: Hashable {
    let hash: Int
    let item: Int
    let contents: RowContents

    static func == (lhs: RowContent, rhs: RowContent) -> Bool {
        lhs.hash == rhs.hash && (lhs.item == rhs.item || lhs.contents.sameContent(lhs.item, rhs.item))
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
