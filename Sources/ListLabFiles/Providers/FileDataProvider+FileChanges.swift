import Interruption
import ListDiff
public import ListLabCore
public import ListLabRecords

/// What reading a file provider's file again would change
/// (``FileDataProvider/changesFromFile(identifiedBy:countingAbove:readingUpdatedValues:)``).
public struct FileChanges {
    /// The changes from the provider's items to the file's.
    public let changes: ItemChanges
    /// The file as read again, grouped as the provider is; nil when it was
    /// not read, as it is the file the provider read and no edit was made
    /// since. ``FileDataProvider/adoptReading(of:)`` takes it.
    public let reading: FileDataProvider?
    /// What changed in each updated item, being worked out on another
    /// thread since the updates were known, when the changes were asked
    /// for with `readingUpdatedValues` and found while the file was read:
    /// for ``FileDataProvider/changedValuesToRead(of:in:workedOut:)``.
    public let updatedValues: UpdatedRowValues?

    init(changes: ItemChanges, reading: FileDataProvider?, updatedValues: UpdatedRowValues? = nil) {
        (self.changes, self.reading, self.updatedValues) = (changes, reading, updatedValues)
    }
}

extension FileDataProvider {
    /// The changes from the items to what the file holds now: a `reload
    /// --diff` worked out before anything changes, on the columns.
    ///
    /// Identities are the key column's values (read in place when they are
    /// all integers), or with no key each row's content; content is compared
    /// by the rows' text in the file, or cell by cell in the stored bytes,
    /// values only where the bytes differ; so no record is built for a row
    /// that did not change, and the changes are the ones a diff of the
    /// records would give. With a key, a file that is as it was read (its
    /// size, its time and a hash of its bytes) and no edit since need not be
    /// read at all. By an integer key in one section, the rows are matched
    /// and their text compared on another thread while the file is read
    /// (a chunk of rows at a time), so that only the cells of rows whose
    /// text changed are left for after it.
    ///
    /// ```swift
    /// let contacts = try FileDataProvider(path: contactsFile, name: "contacts.csv")
    /// try "id,name,phone\n2,Clark Kent,555-0199\n4,Oliver Queen,555-0104\n".write(toFile: contacts.path, atomically: true, encoding: .utf8)
    /// if let found = try contacts.changesFromFile(identifiedBy: "id"), case .changes(let changes) = found.changes,
    ///     let reading = found.reading {
    ///     print(changes.deletedItems, changes.insertedItems)   // [0.0, 0.2] [0.1]
    ///     print(changes.updatedItems.count)                     // 1: Clark's phone
    ///     contacts.adoptReading(of: reading)              // now the provider holds what the file holds
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - keyField: The field that identifies an item, or nil when an item
    ///     is identified by its whole content.
    ///   - threshold: Above this many changes, only count them: the list
    ///     will reload its data.
    ///   - readingUpdatedValues: Whether to start working out what changed
    ///     in each updated item as soon as they are known, for a caller
    ///     that will say it (``FileChanges/updatedValues``).
    /// - Returns: The changes and the file read again; nil when the columns
    ///   cannot work them out (the fields changed, a key is missing, or with
    ///   no key two rows are alike): diff the records instead, which says why.
    /// - Throws: ``FilterIsOn`` while a filter is on; `LoadError` when the
    ///   file cannot be read; `DuplicateIdentityError` when a key repeats in
    ///   the file; `Interrupted` when Ctrl-C asked to stop. Nothing changes.
    /// - Complexity: O(*n*) for *n* rows, about the cost of reading the file.
    public func changesFromFile(
        identifiedBy keyField: String?, countingAbove threshold: Int? = nil, readingUpdatedValues: Bool = false
    ) throws -> FileChanges? {
        if let activeFilter { throw FilterIsOn(filter: activeFilter) }
        // Hashing the bytes costs a fraction of reading them. With no key, rows alike are an
        // error the record path names, so those are compared.
        if keyField != nil, !isEditedSinceRead, !fileChangedOnDisk {
            return FileChanges(changes: .changes(SectionedChangeset()), reading: nil)
        }
        // By an integer key in one section, the rows are matched and their text compared while the file is read.
        let keyColumn = keyField.flatMap { table.fieldNames.firstIndex(of: $0) }
        var comparison =
            groupField == nil
            ? keyColumn.flatMap { ComparisonWhileReading(comparingWith: table, keyColumn: $0, format: format) } : nil
        defer { comparison?.abandon() }
        let fresh = try FileDataProvider(
            path: path, name: name, format: format, groupedBy: groupField, watcher: comparison)
        let old = table
        let new = fresh.table
        guard old.fieldNames == new.fieldNames else { return nil }
        let found = comparison?.finish(reading: new)
        comparison = nil  // its room, given back before a comparison after the read
        if let found,
            let (changes, updatedValues) = try Self.diff(
                old, new, found, keyColumn: keyColumn, countingAbove: threshold,
                readingUpdatedValues: readingUpdatedValues)
        {
            return FileChanges(changes: changes, reading: fresh, updatedValues: updatedValues)
        }
        // Grouped: the provider's sections of its rows, and the new rows, numbered after the old.
        let sections = groupField.map { _ in
            (
                rowDiffSections,
                fresh.rowDiffSections.map { DiffSection(id: $0.id, items: $0.items.map { old.count + $0 }) }
            )
        }
        guard let keyField else {
            let contents = RowContents(old, new)
            do {
                if let threshold, sections == nil, let matched = contents.matchedRows() {
                    let counts = ChangeCount.countChanges(matched: matched, oldCount: old.count, parallelFrom: .max) {
                        _ in 0
                    }  // no contents to compare: one thread
                    if counts.changes > threshold {
                        return FileChanges(
                            changes: .counted(changes: counts.changes, stages: counts.stages), reading: fresh)
                    }
                }
                let diff = try Self.diff(
                    old, new, sections: sections, keys: contents.identities, keyColumn: nil,
                    countingAbove: sections == nil ? nil : threshold,
                    matching: ChangeCount.matchRows)
                return FileChanges(changes: diff, reading: fresh)
            } catch is DuplicateIdentityError {
                return nil
            }
        }
        // Integer keys are read from the cells in place; other keys as values.
        let integers = try old.withIntegers(of: keyField) { oldKeys in
            try new.withIntegers(of: keyField) { newKeys in
                try Self.diff(
                    old, new, sections: sections, keys: (oldKeys, newKeys), keyColumn: keyColumn,
                    countingAbove: threshold,
                    matching: ChangeCount.matchRows)
            }
        }
        if let changes = integers ?? nil { return FileChanges(changes: changes, reading: fresh) }
        // Keys as a load compares them (``RecordTable/keyIdentity(column:row:)``): in CSV `1` and `"1"` are one
        // key, in JSON `1` and `1.0`. Both tables have the same fields (checked above), so the same column.
        guard let keyColumn else { return nil }
        let identities = { (table: RecordTable) in
            (0..<table.count).lazy.map { table.keyIdentity(column: keyColumn, row: $0) }
        }
        // String keys of ASCII are matched by their bytes; their identities are made only where a diff of
        // sections or a repeat needs them.
        if sections == nil, let matched = old.matchingASCIIStrings(of: keyField, in: new) {
            return FileChanges(
                changes: try Self.diff(
                    old, new, sections: nil, keys: (identities(old), identities(new)), keyColumn: keyColumn,
                    countingAbove: threshold, matching: { _, _ in matched }),
                reading: fresh)
        }
        let oldKeys = Array(identities(old))
        let newKeys = Array(identities(new))
        guard !oldKeys.contains(.null), !newKeys.contains(.null) else { return nil }
        return FileChanges(
            changes: try Self.diff(
                old, new, sections: sections, keys: (oldKeys, newKeys), keyColumn: keyColumn, countingAbove: threshold,
                matching: ChangeCount.matchRows),
            reading: fresh)
    }

    /// For each pair of paths, the fields whose values differ between the
    /// item at `from` and the item at `to` of `other` (the file read again,
    /// from ``changesFromFile(identifiedBy:countingAbove:readingUpdatedValues:)``), in the
    /// fields' order, with both values: what an update in those changes
    /// says it changed, without building either record. Nil for a pair
    /// whose path names no item, and for every pair when the fields differ.
    /// Both tables are opened once for all the pairs.
    ///
    /// ```swift
    /// let contacts = try FileDataProvider(path: contactsFile, name: "contacts.csv")
    /// try "id,name,phone\n1,Bruce Wayne,555-0199\n".write(toFile: contacts.path, atomically: true, encoding: .utf8)
    /// let reading = try FileDataProvider(path: contacts.path, name: "contacts.csv")
    /// let changed = contacts.changedValues(of: [(ItemPath(0, 0), ItemPath(0, 0))], in: reading)
    /// print(changed.first??.map(\.field) ?? [])   // ["phone"]: 555-0100 became 555-0199
    /// ```
    public func changedValues(
        of pairs: [(from: ItemPath, to: ItemPath)], in other: FileDataProvider
    ) -> [[(field: String, old: Value, new: Value)]?] {
        changedValuesToRead(of: pairs, in: other)()
    }

    /// ``changedValues(of:in:)``, to be read later, on any thread: each
    /// pair's rows are found now, and both tables are kept as they are now,
    /// so that either provider may change meanwhile (a staged diff reads
    /// them while the list takes the structural changes, after
    /// ``adoptReading(of:)``).
    ///
    /// - Parameters:
    ///   - pairs: The paths of each item before the change (here) and after it (in `other`).
    ///   - other: The file read again.
    ///   - workedOut: The ``FileChanges/updatedValues`` of the changes
    ///     whose updates `pairs` are, from this provider to `other`: its
    ///     values are read instead of working them out again.
    public func changedValuesToRead(
        of pairs: [(from: ItemPath, to: ItemPath)], in other: FileDataProvider, workedOut: UpdatedRowValues? = nil
    ) -> @Sendable () -> [[(field: String, old: Value, new: Value)]?] {
        let rows = pairs.map { pair in (row: row(at: pair.from) ?? -1, otherRow: other.row(at: pair.to) ?? -1) }
        if let workedOut { return { workedOut.values(of: rows) } }
        let (table, otherTable) = (table, other.table)
        return { table.changedValues(of: rows, in: otherTable) }
    }

    /// The diff from the rows of `old` to those of `new` in one section,
    /// from what a comparison while reading `new` found (each new row's
    /// old row, and the pairs whose text differs): the changes, or their
    /// count past `threshold`, as ``diff(_:_:sections:keys:keyColumn:countingAbove:matching:)``
    /// makes them; with `readingUpdatedValues`, what changed in each
    /// updated row being worked out beside the making of the changes. Nil
    /// when `found` is not a matching.
    private static func diff(
        _ old: RecordTable, _ new: RecordTable, _ found: ComparisonWhileReading.Found, keyColumn: Int?,
        countingAbove threshold: Int?, readingUpdatedValues: Bool
    ) throws -> (ItemChanges, UpdatedRowValues?)? {
        try Interruption.check()
        let (updated, changed, firstChangedColumns) = old.countingCellChanges(
            of: found.differing, in: new, keyColumn: keyColumn)
        if let threshold {
            let counted = ChangeCount.counted(
                survivors: found.survivors, longestRun: found.longestRun, oldCount: old.count, newCount: found.count,
                updated: updated)
            if counted.changes > threshold { return (.counted(changes: counted.changes, stages: counted.stages), nil) }
        }
        // The updated rows are the differing pairs whose cells differ.
        var updatedValues: UpdatedRowValues?
        if readingUpdatedValues {
            let updates = found.differing.indices.filter { changed[Int(found.differing[$0].otherRow)] }
            updatedValues = UpdatedRowValues(
                updates.map { found.differing[$0] }, firstChangedColumns: updates.map { firstChangedColumns[$0] },
                from: old, to: new)
        }
        return SectionedChangeset(
            matching: found.matched, oldCount: old.count, isContentEqual: { _, row in !changed[row] }
        )
        .map { (.changes($0), updatedValues) }
    }

    /// The diff from the rows of `old` to those of `new`, whose identities
    /// are `keys` (one per row of each, none missing), in one section or in
    /// `sections` (items numbered as `keys` are: the old table's rows from
    /// 0, the new one's after them).
    ///
    /// - Parameters:
    ///   - keyColumn: The column of the keys, if they are a column's values.
    ///   - matching: For each new row, the old row with its key
    ///     (``ChangeCount/matchRows(from:to:)``).
    /// - Throws: `DuplicateIdentityError` when an identity repeats on
    ///   either side; `Interrupted`.
    private static func diff<Keys: RandomAccessCollection>(
        _ old: RecordTable, _ new: RecordTable,
        sections: (old: [DiffSection<String, Int>], new: [DiffSection<String, Int>])?,
        keys: (old: Keys, new: Keys), keyColumn: Int?, countingAbove threshold: Int?, matching: (Keys, Keys) -> [Int32]?
    ) throws -> ItemChanges where Keys.Element: Hashable, Keys.Index == Int {
        try Interruption.check()
        let count = old.count
        return try old.comparingContent(with: new) { sameContent in
            // One section: each new row's old row, found once for the count and the changes.
            let flatMatch = sections == nil ? matching(keys.old, keys.new) : nil
            if let threshold, let sections {
                let oldRows = sections.old.flatMap(\.items)
                let newRows = sections.new.flatMap(\.items)
                if let matched = ChangeCount.matchRows(
                    from: oldRows.map { keys.old[$0] }, to: newRows.map { keys.new[$0 - count] })
                {
                    let counts = ChangeCount.countSectionedChanges(
                        sections, matched: matched, isContentEqual: { sameContent(oldRows[$0], newRows[$1] - count) })
                    if counts.changes > threshold { return .counted(changes: counts.changes, stages: counts.stages) }
                }
            }
            // The rows whose content changed, marked by the count when there is one.
            var changedRows: [Bool]?
            if let threshold, threshold < count + new.count, let matched = flatMatch {
                // (Not counted past a threshold no diff reaches: one change for each old and each new row.)
                let (counts, changed) = old.markingChangedRows(
                    pairedBy: matched, keyColumn: keyColumn, with: new, sameContent
                ) { changedRows in
                    ChangeCount.countChanges(matched: matched, oldCount: count, updates: changedRows)
                }
                if counts.changes > threshold { return .counted(changes: counts.changes, stages: counts.stages) }
                changedRows = changed
            }
            if let flatMatch, flatMatch.count == new.count {
                let changed =
                    changedRows ?? old.changedRows(pairedBy: flatMatch, keyColumn: keyColumn, with: new, sameContent)
                if let changes = SectionedChangeset(
                    matching: flatMatch, oldCount: count, isContentEqual: { _, row in !changed[row] })
                {
                    return .changes(changes)
                }
            }
            let (before, after) =
                sections ?? (
                    [DiffSection(id: "", items: Array(0..<count))],
                    [DiffSection(id: "", items: Array(count..<(count + new.count)))]
                )
            return .changes(
                try SectionedChangeset(
                    from: before, to: after, identity: { $0 < count ? keys.old[$0] : keys.new[$0 - count] },
                    isContentEqual: { sameContent($0, $1 - count) }))
        }
    }
}
