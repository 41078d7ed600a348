import Interruption
import ListDiff
public import ListLabRecords

/// A filter on a file provider's columns, while it is on: which items it
/// keeps, and what brings every item back
/// (``FileDataProvider/removeFilter(countingAbove:)``).
public struct ColumnFilter: Sendable, CustomStringConvertible {
    /// The field the filter looks at.
    public let field: String
    /// The value it keeps items of (numbers compared by value).
    public let value: Value
    /// Flat: the whole table, and the rows of it shown, in order.
    let whole: RecordTable?
    let shown: [Int]
    /// Grouped: the rows that were the items before the filter, in order.
    let rowsBefore: [Int]?

    /// How many items there are with no filter.
    public var unfilteredCount: Int { whole?.count ?? rowsBefore?.count ?? 0 }

    /// `a filter (city="Gotham")`.
    public var description: String { "a filter (\(field)=\(value.jsonText))" }
}

/// A change refused while a filter is on: it would lose the items the
/// filter hides, or sort only the ones it shows.
public struct FilterIsOn: Error, Hashable, Sendable, CustomStringConvertible {
    /// The filter's field.
    public let field: String
    /// The value it keeps items of.
    public let value: Value

    init(filter: ColumnFilter) {
        field = filter.field
        value = filter.value
    }

    public var description: String { "a filter (\(field)=\(value.jsonText)) is on: remove it first" }
}

extension FileDataProvider {
    /// Shows only the items whose `field` has `value`, on the columns, and
    /// returns the changes that take a list there; ``removeFilter(countingAbove:)`` shows
    /// every item again. While a filter is on, edits and saving are refused
    /// (``FilterIsOn``); a new filter replaces it, over every item.
    ///
    /// One column is scanned, the kept rows shown in their order (grouped
    /// as the provider groups them), and the diff is of row numbers: only
    /// deletes and inserts of rows, and no record is built.
    ///
    /// ```swift
    /// let contacts = try FileDataProvider(path: contactsFile, name: "contacts.csv")
    /// if case .changes(let changes)? = try contacts.filter(by: "id", equalTo: 2, identifiedBy: "id") {
    ///     print(changes.deletedItems)   // [0.0, 0.2]
    /// }
    /// print(contacts.numberOfItems)      // 1
    /// if case .changes(let changes)? = contacts.removeFilter() {
    ///     print(changes.insertedItems)  // [0.0, 0.2]
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - field: The field to look at (null where a row has none).
    ///   - value: The value to keep (numbers compared by value: `1` and
    ///     `1.0` are one value).
    ///   - keyField: The field that identifies an item, or nil when an item
    ///     is identified by its whole content.
    ///   - threshold: Above this many changes, only count them (when not
    ///     grouped): the list will reload its data.
    /// - Returns: The changes; nil, with nothing changed, when the columns
    ///   cannot make it (as for ``sort(by:descending:identifiedBy:countingAbove:)``).
    /// - Throws: `Interrupted` when Ctrl-C asked to stop (nothing changed).
    public func filter(
        by field: String, equalTo value: Value, identifiedBy keyField: String?, countingAbove threshold: Int? = nil
    ) throws -> ItemChanges? {
        if groupField != nil { return try filterGrouped(by: field, equalTo: value, identifiedBy: keyField) }
        let whole = activeFilter?.whole ?? table
        guard Self.rowsAreIdentities(of: whole, identifiedBy: keyField) else { return nil }
        let shown = activeFilter?.shown ?? Array(0..<whole.count)
        let kept = try Self.rows(of: whole, among: nil, whose: field, matches: value)
        let changes = Self.rowChanges(from: shown, to: kept, countingAbove: threshold)
        activeFilter = ColumnFilter(field: field, value: value, whole: whole, shown: kept, rowsBefore: nil)
        replaceTable(with: whole.reordered(kept))
        return changes
    }

    /// The rows of `table` (of `rows`, or all of them) whose `field` has
    /// `value`, in order: integers compared in place when the column and
    /// the value are integers, else each cell's value, with no array of them.
    private static func rows(of table: RecordTable, among rows: [Int]?, whose field: String, matches value: Value)
        throws -> [Int]
    {
        var kept: [Int] = []
        if rows == nil, case .int(let wanted) = value.numericallyNormalized,
            let found = table.withIntegers(
                of: field, { integers in integers.indices.filter { integers[$0] == wanted } })
        {
            return found
        }
        let candidates = rows ?? Array(0..<table.count)
        guard let column = table.fieldNames.firstIndex(of: field) else { return value == .null ? candidates : [] }
        for (index, row) in candidates.enumerated() {
            if index & 0xFFFF == 0 { try Interruption.check() }
            if table.value(column: column, row: row).matchesByValue(value) { kept.append(row) }
        }
        return kept
    }

    /// The diff from the rows `old` to the rows `new` of one table (both
    /// ascending: a filter keeps the order), or above `threshold` its count,
    /// made by merging the two: only deletes and inserts, in one stage.
    private static func rowChanges(from old: [Int], to new: [Int], countingAbove threshold: Int?) -> ItemChanges {
        if let threshold {
            var common = 0
            var (i, j) = (0, 0)
            while i < old.count, j < new.count {
                if old[i] == new[j] {
                    common += 1
                    i += 1
                    j += 1
                } else if old[i] < new[j] {
                    i += 1
                } else {
                    j += 1
                }
            }
            let changes = old.count + new.count - 2 * common
            if changes > threshold { return .counted(changes: changes, stages: 1) }
        }
        return .changes(rowDiff(from: old, to: new))
    }

    /// ``filter(by:equalTo:identifiedBy:countingAbove:)`` of a grouped provider: its
    /// items' rows (before any filter) scanned in one column, the kept rows
    /// grouped as the provider groups them; the table stays as it is.
    private func filterGrouped(by field: String, equalTo value: Value, identifiedBy keyField: String?) throws
        -> ItemChanges?
    {
        guard keyField != nil, let groupField, let sections = rowSections else { return nil }
        let all = activeFilter?.rowsBefore ?? sections.flatMap(\.rows)
        let kept = try Self.rows(of: table, among: all, whose: field, matches: value)
        let changes = Self.rowSectionDiff(from: rowDiffSections, to: Self.groupedRows(table, kept, by: groupField))
        activeFilter = ColumnFilter(field: field, value: value, whole: nil, shown: [], rowsBefore: all)
        showRows(kept)
        return .changes(changes)
    }

    /// Shows every item again after ``filter(by:equalTo:identifiedBy:countingAbove:)``,
    /// and returns the changes that take a list there.
    ///
    /// - Parameter threshold: Above this many changes, only count them
    ///   (when not grouped): the list will reload its data.
    /// - Returns: The changes; nil when no filter is on.
    public func removeFilter(countingAbove threshold: Int? = nil) -> ItemChanges? {
        guard let filter = activeFilter else { return nil }
        activeFilter = nil
        if let all = filter.rowsBefore, let groupField {
            let changes = Self.rowSectionDiff(from: rowDiffSections, to: Self.groupedRows(table, all, by: groupField))
            showRows(all)
            return .changes(changes)
        }
        guard let whole = filter.whole else { return nil }
        let changes = Self.rowChanges(from: filter.shown, to: Array(0..<whole.count), countingAbove: threshold)
        replaceTable(with: whole)
        return changes
    }
}
