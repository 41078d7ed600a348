import ListLabCore
public import ListLabRecords

/// What changed in each row a diff of a file found updated (each pair of
/// an old row and a new row), worked out on another thread from the moment
/// the diff knows those rows: while it makes its changes into stages and
/// the list takes their structural stage. Asked for after, as a staged
/// reload of a million rows did, the values of its tens of thousands of
/// updated rows kept the list waiting.
public final class UpdatedRowValues: Sendable {
    typealias FieldChange = (field: String, old: Value, new: Value)

    /// The pairs worked out, by ascending new row.
    private let pairs: [RecordTable.RowPair]
    private let old: RecordTable
    private let new: RecordTable
    private let work: WorkInBackground<[[FieldChange]?]>

    /// Starts working out, on another thread, what changed from each pair's
    /// row of `old` to its row of `new`, from the pair's column in
    /// `firstChangedColumns` on (the columns before it hold the same values:
    /// the count of the changes compared them already); `pairs` ascend by
    /// their new row.
    init(
        _ pairs: [RecordTable.RowPair], firstChangedColumns: [Int32], from old: RecordTable, to new: RecordTable
    ) {
        (self.pairs, self.old, self.new) = (pairs, old, new)
        let rows = pairs.map { (row: Int($0.row), otherRow: Int($0.otherRow)) }
        // On one thread: the caller makes the changes meanwhile on the other core, which a
        // second thread here slowed by more than it gained.
        work = WorkInBackground {
            old.changedValues(of: rows, in: new, onTwoThreads: false, fromColumns: firstChangedColumns)
        }
    }

    /// For each pair of an old row and a new row, the fields whose values
    /// differ, as ``RecordTable/changedValues(of:in:)`` gives them: waits
    /// for the work, and works out here any pair it did not cover.
    func values(of rows: [(row: Int, otherRow: Int)]) -> [[FieldChange]?] {
        let known = work.value
        guard known.count == pairs.count else { return old.changedValues(of: rows, in: new) }
        var values = [[FieldChange]?](repeating: nil, count: rows.count)
        var missing: [Int] = []
        for (index, pair) in rows.enumerated() {
            if let at = place(ofNewRow: pair.otherRow), Int(pairs[at].row) == pair.row {
                values[index] = known[at]
            } else {
                missing.append(index)
            }
        }
        if !missing.isEmpty {
            let worked = old.changedValues(of: missing.map { rows[$0] }, in: new)
            for (index, value) in zip(missing, worked) { values[index] = value }
        }
        return values
    }

    /// Where the pair of new row `row` is in `pairs`, found by a binary search.
    private func place(ofNewRow row: Int) -> Int? {
        var (low, high) = (0, pairs.count)
        while low < high {
            let middle = (low + high) / 2
            if Int(pairs[middle].otherRow) < row { low = middle + 1 } else { high = middle }
        }
        return low < pairs.count && Int(pairs[low].otherRow) == row ? low : nil
    }
}
