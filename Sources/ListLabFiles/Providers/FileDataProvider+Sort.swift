import Dispatch
import Interruption
import ListDiff
import ListLabRecords

extension FileDataProvider {
    /// Sorts the items by a field, on the columns, and returns the changes
    /// that take a list from the old order to the new one.
    ///
    /// One column's values are read once (text in place, when it is all
    /// ASCII text), the row numbers sorted by them (stably: equal values
    /// keep their order, as ``ValueSort`` orders values), and the table
    /// reordered column by column; the diff is of row numbers, so it is the
    /// diff the records would give, and no record is built. When grouped,
    /// each section is sorted on its own. A save writes the new order, each
    /// row as the file had it.
    ///
    /// ```swift
    /// let contacts = try FileDataProvider(path: contactsFile, name: "contacts.csv")
    /// if case .changes(let changes)? = try contacts.sort(by: "name", descending: true, identifiedBy: "id") {
    ///     print(changes.movedItems.count)   // 2: only moves, as a sort keeps every item and its content
    /// }
    /// print(contacts.records.map { $0["name"] ?? .null })   // Diana Prince, Clark Kent, Bruce Wayne
    /// ```
    ///
    /// - Parameters:
    ///   - field: The field to sort by (null where a row has none).
    ///   - descending: Largest first.
    ///   - keyField: The field that identifies an item, or nil when an item
    ///     is identified by its whole content.
    ///   - threshold: Above this many moves, only count them
    ///     (``ItemChanges/counted(changes:stages:)``): the list will reload.
    /// - Returns: The changes; nil, with nothing changed, when the sort is
    ///   not one the columns can make: with no key and two rows alike (a
    ///   diff of records refuses them and says which), or grouped with no
    ///   key. Sort the ``records`` and ``replaceItems(with:)`` instead.
    /// - Throws: ``FilterIsOn`` while a filter is on; `Interrupted` when
    ///   Ctrl-C asked to stop (nothing changed).
    /// - Complexity: O(*n* log *n*) for *n* items; the diff O(*n*).
    public func sort(
        by field: String, descending: Bool = false, identifiedBy keyField: String?, countingAbove threshold: Int? = nil
    ) throws -> ItemChanges? {
        if let activeFilter { throw FilterIsOn(filter: activeFilter) }
        if groupField != nil {
            return try sortGrouped(by: field, descending: descending, identifiedBy: keyField, countingAbove: threshold)
        }
        guard Self.rowsAreIdentities(of: table, identifiedBy: keyField) else { return nil }
        let order =
            try table.withIntegers(of: field) { try ValueSort.integerOrder(of: $0, descending: descending) }
            ?? table.numberSortKeys(of: field, descending: descending).map { try RadixOrder.stableOrder(of: $0) }
            ?? table.rowsInTextOrder(of: field, descending: descending)
            ?? ValueSort.order(of: table.values(of: field), descending: descending)
        try Interruption.check()
        checkReordering(rows: order.count)
        // A sort only moves rows: the fewest moves leave the longest increasing run of old row
        // numbers in place, found on another thread while the rows are gathered in their new
        // order (before anything changes: Ctrl-C may stop it), then taken.
        let longestRun = PartResults(count: 1, initial: 0)
        let group = DispatchGroup()
        DispatchQueue.global().async(group: group) { longestRun.set(0, IncreasingRun.length(of: order)) }
        let gathered = Result { try table.reordered(order) { try Interruption.check() } }
        group.wait()  // before anything is taken or thrown: no thread outlives the sort
        let sorted = try gathered.get()
        let moves = order.count - (longestRun.all.first ?? 0)
        let changes: ItemChanges =
            if let threshold, moves > threshold {
                .counted(changes: moves, stages: 1)
            } else {
                .changes(Self.rowDiff(from: Array(order.indices), to: order))
            }
        takeReordered(sorted)
        return changes
    }

    /// ``sort(by:descending:identifiedBy:countingAbove:)`` of a grouped
    /// provider: each section's rows sorted by one column, as the record
    /// path sorts each section's records.
    private func sortGrouped(
        by field: String, descending: Bool, identifiedBy keyField: String?, countingAbove threshold: Int?
    ) throws -> ItemChanges? {
        guard keyField != nil, let sections = rowSections else { return nil }
        var sorted: [DiffSection<String, Int>] = []
        var moves = 0
        for section in sections {
            let positions = try ValueSort.order(of: table.values(of: field, rows: section.rows), descending: descending)
            sorted.append(DiffSection(id: section.title, items: positions.map { section.rows[$0] }))
            moves += positions.count - IncreasingRun.length(of: positions)
        }
        try Interruption.check()
        let changes: ItemChanges =
            if let threshold, moves > threshold {
                .counted(changes: moves, stages: 1)
            } else {
                .changes(Self.rowSectionDiff(from: rowDiffSections, to: sorted))
            }
        let rows = sorted.flatMap(\.items)
        checkReordering(rows: rows.count)
        let reordered = try table.reordered(rows) { try Interruption.check() }
        takeReordered(reordered)
        return changes
    }
}
