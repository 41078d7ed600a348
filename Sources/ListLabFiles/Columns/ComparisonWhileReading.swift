import Dispatch
import Synchronization

/// Shown the rows a reader has read so far, in order, every few thousand
/// rows, on the reader's thread (``CSVReader``, ``JSONTableReader``): the
/// table is being built, so a watcher copies what it needs and keeps
/// nothing of it. A read on several threads shows the rows of its first
/// piece as they come, and the rest once all are read; a read that gives
/// way to the serial read shows rows from 0 again, which a watcher passes
/// over up to the rows it has.
protocol RowsReadWatcher: AnyObject {
    /// The field whose column the watcher reads.
    var field: String { get }
    /// Called with the table as read so far (its rows `0..<count` are
    /// whole), and the column of ``field`` in it, if it has one yet (a JSON
    /// reader names its columns only at the end).
    func rowsRead(in table: RecordTable, fieldColumn: Int?)
    /// Called with rows `rows` as a reader on several threads wrote them
    /// (before they are a table): each row's span in `source`, and the
    /// kind and payload of its cell of ``field``, in column `fieldColumn`.
    func rowsRead(
        _ rows: Range<Int>, spans: UnsafeBufferPointer<UInt64>, kinds: UnsafeBufferPointer<UInt8>,
        payloads: UnsafeBufferPointer<UInt64>,
        fieldColumn: Int, source: [UInt8])
}

/// The work of a `reload --diff` by an integer key that needs only the
/// rows read so far, done on another thread while the file is read again:
/// each new row's old row by its key, and the pairs whose text differs
/// (``RecordTable/rowsWhoseTextDiffers(in:_:_:_:_:_:numberedFrom:)``).
/// The reader keeps one core busy and leaves the other idle, and the old
/// table, pushed out of the cache by the reading, would be waited on
/// after it; compared a chunk at a time behind the reader, only the
/// changed rows' cells are left for after it.
///
/// It finds what ``ChangeCount/matchRows(from:to:)`` and the count's
/// comparison of text find, or nothing (the caller then works it out
/// after the read, which says what went wrong): when a key is not an
/// integer or repeats, the old keys lie too far apart for a table indexed
/// by key, the fields differ, or the old table is not as its file was read.
final class ComparisonWhileReading: RowsReadWatcher, @unchecked Sendable {
    // Unchecked: the reader's side (`taken`, `newSource`) is touched only on
    // the reader's thread, the comparison's side only on `queue` (and read
    // after `queue.sync`); the tables are values that neither side changes.

    /// What the comparison found once the whole file was read.
    struct Found {
        /// For each new row, the old row with its key, or -1.
        let matched: [Int32]
        /// The pairs of an old row and a new row with one key whose text differs.
        let differing: [RecordTable.RowPair]
        /// How many new rows have an old row, and the longest run of them in the old rows' order.
        let survivors: Int
        let longestRun: Int
    }

    private let old: RecordTable
    private let keyColumn: Int
    let field: String
    private let queue = DispatchQueue(label: "ListLab.ComparisonWhileReading")
    /// Set when the reading failed or the comparison cannot say: the
    /// reader stops handing out chunks and those queued are dropped.
    private let abandoned = Atomic<Bool>(false)

    // The reader's side.
    private var taken = 0
    private var newSource: [UInt8]?
    /// The new table's column of ``field`` that every chunk was read from.
    private var watchedColumn: Int?

    // The comparison's side.
    private var lowestKey = 0
    /// Each old key's row, by key from `lowestKey` to past the highest: -1
    /// for none, -2 once a new row has the key.
    private var oldRow: [Int32] = []
    private var matched: [Int32] = []
    /// New keys outside `oldRow`'s range, to be checked for repeats at the
    /// end unless they ascend.
    private var outside: [Int] = []
    private var outsideAscends = true
    private var differing: [RecordTable.RowPair] = []
    private var run: SurvivorRun

    /// A comparison with `old` by the integer keys of its column
    /// `keyColumn`, for a reading of its file again in `format`; nil when
    /// `old` is not as its file was read in that format.
    init?(comparingWith old: RecordTable, keyColumn: Int, format: RecordTableWriter.Format) {
        guard old.isAsRead, old.layout?.format == format, old.columns.indices.contains(keyColumn) else { return nil }
        self.old = old
        self.keyColumn = keyColumn
        field = old.fieldNames[keyColumn]
        run = SurvivorRun(capacity: old.count)
        queue.async { self.indexOldKeys() }
    }

    /// Stops the comparison (the reading failed, or the comparison cannot
    /// say): chunks not yet compared are dropped.
    func abandon() {
        abandoned.store(true, ordering: .relaxed)
    }

    func rowsRead(in table: RecordTable, fieldColumn: Int?) {
        // A serial read after a read on several threads gave way shows rows from 0 again: those taken are passed over.
        guard table.count > taken, !abandoned.load(ordering: .relaxed) else { return }
        let rows = taken..<table.count
        // One column for every chunk: a JSON reader finds it by the name's bytes, and a
        // name may also be spelled another way that compares equal as a String.
        guard let fieldColumn, fieldColumn == (watchedColumn ?? fieldColumn) else { return abandon() }
        watchedColumn = fieldColumn
        var spans: [UInt64] = []
        var kinds: [UInt8] = []
        var payloads: [UInt64] = []
        spans.reserveCapacity(rows.count)
        kinds.reserveCapacity(rows.count)
        payloads.reserveCapacity(rows.count)
        table.appendSpans(of: rows, to: &spans)
        guard table.columns.indices.contains(fieldColumn),
            table.columns[fieldColumn].copyCells(rows, kinds: &kinds, payloads: &payloads)
        else {
            return abandon()
        }
        take(rows, spans, kinds, payloads, source: table.source)
    }

    func rowsRead(
        _ rows: Range<Int>, spans: UnsafeBufferPointer<UInt64>, kinds: UnsafeBufferPointer<UInt8>,
        payloads: UnsafeBufferPointer<UInt64>,
        fieldColumn: Int, source: [UInt8]
    ) {
        let new = max(rows.lowerBound, taken)..<rows.upperBound
        guard !new.isEmpty, rows.lowerBound <= taken, !abandoned.load(ordering: .relaxed) else { return }
        guard fieldColumn == (watchedColumn ?? fieldColumn) else { return abandon() }
        watchedColumn = fieldColumn
        let skip = new.lowerBound - rows.lowerBound
        take(
            new, Array(spans[skip..<(skip + new.count)]), Array(kinds[skip..<(skip + new.count)]),
            Array(payloads[skip..<(skip + new.count)]),
            source: source)
    }

    /// Hands rows `rows` (the next after those taken) to the comparison's queue.
    private func take(_ rows: Range<Int>, _ spans: [UInt64], _ kinds: [UInt8], _ payloads: [UInt64], source: [UInt8]) {
        let source = newSource ?? source
        newSource = source
        taken = rows.upperBound
        queue.async { self.compare(spans, kinds, payloads, source) }
    }

    /// What was found, once `table` (the file read again) is whole; nil
    /// when the comparison cannot say (see the type's description). The
    /// comparison's own room is given back either way.
    func finish(reading table: RecordTable) -> Found? {
        // The key's column as the comparison after the read finds it (by name, as a String),
        // in both tables: the one every chunk was read from.
        let column = table.fieldNames.firstIndex(of: field)
        if watchedColumn == nil { watchedColumn = column }
        if column != keyColumn || watchedColumn != column { abandon() }
        rowsRead(in: table, fieldColumn: column)
        return queue.sync {
            defer { (oldRow, matched, outside, differing) = ([], [], [], []) }
            guard !abandoned.load(ordering: .relaxed), matched.count == table.count, table.fieldNames == old.fieldNames
            else { return nil }
            if !outsideAscends {
                outside.sort()
                guard zip(outside, outside.dropFirst()).allSatisfy({ $0 != $1 }) else { return nil }
            }
            return Found(matched: matched, differing: differing, survivors: run.survivors, longestRun: run.length)
        }
    }

    /// Builds `oldRow`, or fails: the old keys are not all integers, repeat, or lie too far apart.
    private func indexOldKeys() {
        guard !abandoned.load(ordering: .relaxed) else { return }  // the reading failed at once
        let index: (low: Int, rows: [Int32])?? = old.columns[keyColumn].withIntegers(count: old.count) { keys in
            guard let low = keys.min(), let high = keys.max() else { return (0, []) }
            let (span, overflow) = high.subtractingReportingOverflow(low)
            guard !overflow, span < 4 * keys.count + 1_024 else { return nil }
            // With room above the highest for as many new keys (new ids, as files number them).
            var rows = [Int32](repeating: -1, count: span + 1 + keys.count + 1_024)
            for (row, key) in keys.enumerated() {
                guard rows[key - low] == -1 else { return nil }
                rows[key - low] = Int32(truncatingIfNeeded: row)
            }
            return (low, rows)
        }
        guard let index = index ?? nil else { return abandon() }
        (lowestKey, oldRow) = index
        matched.reserveCapacity(old.count + old.count / 4)
    }

    /// Matches the rows of one chunk (`spans`, and their keys' kinds and
    /// payloads, in `source`) and notes those whose text differs from their old row's.
    private func compare(_ spans: [UInt64], _ kinds: [UInt8], _ payloads: [UInt64], _ source: [UInt8]) {
        guard !abandoned.load(ordering: .relaxed) else { return }
        // Worked on as locals, not through `self`: each access to a class's array checks exclusivity.
        var (matched, outside) = (self.matched, self.outside)
        (self.matched, self.outside) = ([], [])
        defer { (self.matched, self.outside) = (matched, outside) }
        let first = matched.count
        let lowestKey = lowestKey
        let matchedAll = oldRow.withUnsafeMutableBufferPointer { oldRow in
            for (kind, payload) in zip(kinds, payloads) {
                guard kind == RecordTable.Kind.int.rawValue else { return false }
                let key = Int(truncatingIfNeeded: payload)
                let (place, overflow) = key.subtractingReportingOverflow(lowestKey)
                guard !overflow, place >= 0, place < oldRow.count else {
                    if let last = outside.last, last >= key { outsideAscends = false }
                    outside.append(key)
                    matched.append(-1)
                    continue
                }
                let row = oldRow[place]
                guard row != -2 else { return false }  // a key repeats
                oldRow[place] = -2
                matched.append(row)
            }
            return true
        }
        guard matchedAll else { return abandon() }
        matched.withUnsafeBufferPointer { run.add(UnsafeBufferPointer(rebasing: $0[first...])) }
        let found = old.source.withUnsafeBytes { bytes in
            source.withUnsafeBytes { newBytes in
                old.layout?.rowSpans.withUnsafeBufferPointer { oldSpans in
                    spans.withUnsafeBufferPointer { spans in
                        matched.withUnsafeBufferPointer { matched in
                            RecordTable.rowsWhoseTextDiffers(
                                in: 0..<spans.count, UnsafeBufferPointer(rebasing: matched[first...]), oldSpans, spans,
                                bytes, newBytes,
                                numberedFrom: first)
                        }
                    }
                }
            }
        }
        differing += found ?? []
    }
}
