import ListDiff
import ListLabRecords

/// The diffs of rows that a sort, a filter and a reading of the file make:
/// a row's number is its item's identity, so no record is built.
extension FileDataProvider {
    /// Whether each row of `table` is one item to a diff, so that a diff of
    /// row numbers is the diff of the items: with a key (unique, as loading
    /// checks), or with none when no two rows hold the same content (the
    /// record path's diff refuses rows alike and says which, so it takes
    /// those).
    static func rowsAreIdentities(of table: RecordTable, identifiedBy keyField: String?) -> Bool {
        keyField != nil || RowContents.firstRowsAlike(in: table) == nil
    }

    /// The first two items whose values are all the same (counted from 0,
    /// the second the first item whose values an earlier one holds), which
    /// a diff without a key cannot tell apart; nil when each item's values
    /// are its own, and for a grouped or filtered provider. Found on the
    /// columns, where a diff of records builds a record of every item first.
    ///
    /// - Complexity: O(*n*) expected for *n* cells.
    public func firstItemsAlike() -> (first: Int, second: Int)? {
        guard groupField == nil, activeFilter == nil else { return nil }
        return RowContents.firstRowsAlike(in: table)
    }

    /// The diff between two lists of rows of one table: rows are the items'
    /// identities (distinct by construction), and a row's content is the
    /// same on both sides.
    static func rowDiff(from old: [Int], to new: [Int]) -> SectionedChangeset {
        rowSectionDiff(from: [DiffSection(id: "", items: old)], to: [DiffSection(id: "", items: new)])
    }

    /// ``rowDiff(from:to:)`` of rows in sections, by their titles.
    static func rowSectionDiff(from old: [DiffSection<String, Int>], to new: [DiffSection<String, Int>])
        -> SectionedChangeset
    {
        do {
            return try SectionedChangeset(from: old, to: new, identity: { $0 }, isContentEqual: { _, _ in true })
        } catch {
            preconditionFailure("row numbers and section titles are distinct by construction: \(error)")
        }
    }

    /// The provider's sections of rows, for a diff.
    var rowDiffSections: [DiffSection<String, Int>] {
        (rowSections ?? [("", Array(0..<table.count))]).map { DiffSection(id: $0.title, items: $0.rows) }
    }

    /// The rows `rows` of `table` (numbered from `first` on) in sections as
    /// a grouped file provider groups its rows: by the text of `field`'s
    /// value (empty when the table has no such field), sections in the
    /// order of their first rows, rows in order within them.
    static func groupedRows(_ table: RecordTable, _ rows: [Int], by field: String, numberedFrom first: Int = 0)
        -> [DiffSection<String, Int>]
    {
        let titles =
            table.fieldNames.contains(field)
            ? table.values(of: field, rows: rows).map(\.description) : Array(repeating: "", count: rows.count)
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
}
