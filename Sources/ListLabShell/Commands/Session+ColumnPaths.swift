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
    /// Why by hand: the record path builds every record, looks a field up by
    /// name in every comparison and diffs records by key and content, which
    /// at a million rows costs many times a reload (`Scripts/bench-columns`
    /// measures both). With no key, each row is its own item once no two
    /// rows are alike.
    ///
    /// - Returns: false when the provider is not one this path serves
    ///   (with no key and two rows alike, grouped with no key, or shown
    ///   through a diffable data source); the record path sorts those.
    func sortColumns(of loaded: LoadedProvider, by field: String, descending: Bool) throws -> Bool {
        guard usesColumnPaths, diffable == nil, let file = loaded.file else { return false }
        if file.groupField != nil { return try sortGroupedColumns(of: loaded, file, by: field, descending: descending) }
        guard Self.rowsAreIdentities(of: loaded, file.table) else { return false }
        let order: [Int]
        if let inTextOrder = try file.table.rowsInTextOrder(of: field, descending: descending) {
            order = inTextOrder
        } else {
            order = try SortKeys(file.values(ofField: field)).sortedRows(descending: descending)
        }
        try Interruption.check()
        // A sort only moves rows: the fewest moves leave the longest increasing run of old row
        // numbers in place.
        try apply(sorted: order, to: loaded, file, moves: order.count - Self.longestIncreasingRun(order), by: field, descending: descending) {
            try rowDiff(from: Array(order.indices), to: order)
        }
        return true
    }

    /// Takes `file` to `rows` (its items' rows, sorted) and the list along:
    /// above the threshold by reloadData, `moves` being all the diff would
    /// make, so the diff's per-change objects are not built (0.37 s of a
    /// 1,000,000-row sort); else by the diff `changes` makes.
    private func apply(
        sorted rows: [Int], to loaded: LoadedProvider, _ file: FileDataProvider, moves: Int, by field: String, descending: Bool,
        changes: () throws -> SectionedChangeset
    ) throws {
        let what = "sorted \(loaded.name) by \(field)\(descending ? ", descending" : "")"
        let reorder = {
            file.reorder(rows: rows)
            loaded.records.baseDidChange()
            loaded.markEdited()
        }
        if moves > changeThreshold {
            reorder()
            list.reloadData()
            output.write(reloadedDataNote(what, summary(changes: moves, stages: 1)))
            return
        }
        try perform(try changes(), saying: what, itemCount: rows.count, change: reorder)
    }

    /// ``sortColumns(of:by:descending:)`` of a keyed file provider grouped
    /// in sections: each section's rows sorted by one column, as the record
    /// path sorts each section's records; the diff of the sections of rows
    /// before and after, or above the threshold only its count (the moves
    /// in each section, as in a flat sort), without a record per row.
    private func sortGroupedColumns(of loaded: LoadedProvider, _ file: FileDataProvider, by field: String, descending: Bool) throws -> Bool {
        guard loaded.keyField != nil, let sections = file.rowSections else { return false }
        var sorted: [DiffSection<String, Int>] = []
        var moves = 0
        for section in sections {
            let positions = try SortKeys(file.table.values(of: field, rows: section.rows)).sortedRows(descending: descending)
            sorted.append(DiffSection(id: section.title, items: positions.map { section.rows[$0] }))
            moves += positions.count - Self.longestIncreasingRun(positions)
        }
        try Interruption.check()
        try apply(sorted: sorted.flatMap(\.items), to: loaded, file, moves: moves, by: field, descending: descending) {
            try Self.rowSectionDiff(from: sections, to: sorted)
        }
        return true
    }

    /// `filter FIELD=VALUE` of a flat file provider, on its columns:
    /// one column scanned for the rows whose value is VALUE, the diff of the
    /// rows shown before and after (by row number, as sort does), and the
    /// provider shown those rows of its whole table, which the filter keeps
    /// for `filter off`; no record is built for a row the filter only scans.
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
            if candidate.matchesByValue(value) { kept.append(row) }
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
            if candidate.matchesByValue(value) { kept.append(all[index]) }
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
