import Dispatch
import Interruption
public import ListLabRecords
import Synchronization

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif
extension RecordTable {
    /// The cells that store `record` in this table's fields (fields the
    /// table lacks are added).
    private mutating func cells(for record: Record) -> [(kind: Kind, payload: UInt64)] {
        // Each name looked up in the table's schema, not compared with every field name:
        // that cost fields x fields for a record of a table with a key per record.
        for field in record.schema.names where schema.index(of: field) == nil {
            addField(field)
        }
        return fieldNames.map { name -> (kind: Kind, payload: UInt64) in
            guard let value = record[name] else { return (.absent, 0) }
            return cell(for: value)
        }
    }

    private mutating func cell(for value: Value) -> (kind: Kind, payload: UInt64) {
        switch value {
        case .null: (.null, 0)
        case .bool(let flag): (flag ? .isTrue : .isFalse, 0)
        case .int(let number): (.int, UInt64(bitPattern: Int64(number)))
        case .double(let number): (.double, number.bitPattern)
        case .number(let text): (.arenaNumber, arenaSlice(Array(text.utf8)))
        case .string(let text): (.arenaString, arenaSlice(Array(text.utf8)))
        case .array, .object: (.arenaJSON, arenaSlice(Array(value.jsonText.utf8)))
        }
    }

    /// Where a record from outside comes from in this table's file: the
    /// source row of a record read from the same file (marked edited, since
    /// its values may have changed), else added.
    private func origin(of record: Record) -> RowOrigin {
        guard let layout, let origin = record.origin, origin.source === layout, origin.row < layout.rowSpans.count
        else {
            return .added
        }
        return RowOrigin(sourceRow: origin.row, edited: true)
    }

    /// Whether row `row` holds what row `otherRow` of `other` holds, as
    /// records compare (`==`): the rows' text in their files when neither
    /// was edited, else cell by cell, the stored bytes first, the values
    /// only where those differ. Both tables have the same fields.
    public func row(_ row: Int, hasTheContentOf otherRow: Int, in other: RecordTable) -> Bool {
        comparingContent(with: other) { sameContent in sameContent(row, otherRow) }
    }

    /// Calls `body` with a comparison of rows of this table with rows of
    /// `other` (the same fields), as ``row(_:hasTheContentOf:in:)`` makes
    /// it, for many rows: both files' bytes and row spans are opened once.
    ///
    /// Two unedited rows of files of one format with the same text have the
    /// same cells, read from the same bytes under the same fields: one
    /// comparison of the rows' bytes says so, where comparing cell by cell
    /// would cost as much as reading the file again.
    public func comparingContent<Result>(
        with other: RecordTable, _ body: (_ sameContent: (_ row: Int, _ otherRow: Int) -> Bool) throws -> Result
    ) rethrows -> Result {
        let comparesText = layout != nil && layout?.format == other.layout?.format
        let spans = layout?.rowSpans ?? []
        let otherSpans = other.layout?.rowSpans ?? []
        return try source.withUnsafeBytes { bytes in
            try other.source.withUnsafeBytes { otherBytes in
                try origins.withUnsafeBufferPointer { origins in
                    try other.origins.withUnsafeBufferPointer { otherOrigins in
                        func hasTheSameText(_ row: Int, _ otherRow: Int) -> Bool {
                            guard comparesText, let sourceRow = origins[row].sourceRow, !origins[row].isEdited,
                                let otherSourceRow = otherOrigins[otherRow].sourceRow, !otherOrigins[otherRow].isEdited,
                                sourceRow < spans.count, otherSourceRow < otherSpans.count
                            else { return false }
                            let span = spans[sourceRow]
                            let otherSpan = otherSpans[otherSourceRow]
                            let length = Int(span & 0xFFFF_FFFF)
                            return length == Int(otherSpan & 0xFFFF_FFFF)
                                && Self.sameBytes(bytes, Int(span >> 32), otherBytes, Int(otherSpan >> 32), length)
                        }
                        return try body { row, otherRow in
                            hasTheSameText(row, otherRow)
                                || hasTheSameCells(row, otherRow, in: other, bytes, otherBytes)
                        }
                    }
                }
            }
        }
    }

    /// Calls `body` with a count of the rows among some of `other`'s whose
    /// content differs from this table's row that `matched` pairs them with
    /// (for each of `other`'s rows, this table's row with its identity, or
    /// -1): a diff's updates, counted. Returns `body`'s result and, for each
    /// of `matched`'s rows, whether the count found it changed (false for a
    /// row paired with none, or not counted): a diff below the change
    /// threshold takes its updates from these marks, so the rows are
    /// compared once for the count and the changes.
    ///
    /// Two tables as their files were read (each row its file's row of the
    /// same number, none edited) are compared a run at a time: rows that
    /// follow each other on both sides, whose text from the first row's
    /// start to the last row's end is one byte range in each file. Equal
    /// ranges hold equal rows, as a reader splits equal bytes alike, so one
    /// comparison serves the run; a run whose ranges differ is compared row
    /// by row, by text, then cell by cell where the text differs (as
    /// `sameContent` compares, its cells read for many rows at once). Other
    /// tables are compared row by row with `sameContent`.
    ///
    /// - Parameters:
    ///   - keyColumn: The column whose values paired the rows, if any:
    ///     equal in each pair, so its cells are not compared.
    ///   - sameContent: The comparison ``comparingContent(with:_:)`` gives,
    ///     for tables not as read (tables as read are compared as it
    ///     compares, by their text and cells, without calling it).
    ///   - body: Takes the count, for ranges of `other`'s rows; it may call
    ///     it from two threads at once (each marks only the rows it counts).
    /// - Complexity: O(*n*) for *n* rows counted, and the bytes compared.
    func markingChangedRows<Result>(
        pairedBy matched: [Int32], keyColumn: Int? = nil, with other: RecordTable, _ sameContent: (Int, Int) -> Bool,
        _ body: (_ changedRows: (Range<Int>) -> Int) -> Result
    ) -> (result: Result, changed: [Bool]) {
        var changed = [Bool](repeating: false, count: matched.count)
        let result = changed.withUnsafeMutableBufferPointer { marks in
            // The count's two threads compare rows of their own; each marks only those.
            nonisolated(unsafe) let marks = marks
            return withoutActuallyEscaping(sameContent) { sameContent in
                countingChangedRows(
                    pairedBy: matched, keyColumn: keyColumn, with: other, comparing: sameContent,
                    marking: { marks[$0] = true }, body)
            }
        }
        return (result, changed)
    }

    /// For each of `matched`'s rows, whether its content differs from the
    /// row of this table it is paired with (false for a row paired with
    /// none), compared as ``markingChangedRows(pairedBy:keyColumn:with:_:_:)``
    /// compares (runs of rows as one range of bytes, row by row only where
    /// the range differs), on two threads from `parallelFrom` rows.
    func changedRows(
        pairedBy matched: [Int32], keyColumn: Int? = nil, with other: RecordTable, parallelFrom: Int = 16_384,
        _ sameContent: (Int, Int) -> Bool
    ) -> [Bool] {
        markingChangedRows(pairedBy: matched, keyColumn: keyColumn, with: other, sameContent) { changedRows in
            ChangeCount.sharingTwoThreads(matched.count, parallelFrom: parallelFrom, first: {}, count: changedRows)
        }.changed
    }

    /// ``markingChangedRows(pairedBy:keyColumn:with:_:_:)`` with a comparison that
    /// `body`'s count may hold; each changed row of `other` is `marking`'s.
    private func countingChangedRows<Result>(
        pairedBy matched: [Int32], keyColumn: Int?, with other: RecordTable,
        comparing sameContent: @escaping (Int, Int) -> Bool,
        marking mark: @escaping (Int) -> Void, _ body: (_ changedRows: (Range<Int>) -> Int) -> Result
    ) -> Result {
        guard let layout, let otherLayout = other.layout, layout.format == otherLayout.format,
            matched.count == other.count,
            isAsRead, other.isAsRead
        else {
            return body { rows in
                var changed = 0
                for row in rows where matched[row] >= 0 && !sameContent(Int(matched[row]), row) {
                    mark(row)
                    changed += 1
                }
                return changed
            }
        }
        return source.withUnsafeBytes { bytes in
            other.source.withUnsafeBytes { otherBytes in
                layout.rowSpans.withUnsafeBufferPointer { spans in
                    otherLayout.rowSpans.withUnsafeBufferPointer { otherSpans in
                        matched.withUnsafeBufferPointer { matched in
                            // Read in place: the count is a pass over every row, and checking each
                            // read against its array's bounds was a good part of it. Old rows are
                            // checked against the spans once a run.
                            nonisolated(unsafe) let (bytes, otherBytes, spans, otherSpans, matched) = (
                                bytes, otherBytes, spans, otherSpans, matched
                            )
                            return body { rows in
                                let differing = Self.rowsWhoseTextDiffers(
                                    in: rows, matched, spans, otherSpans, bytes, otherBytes)
                                return countRowsWithOtherCells(
                                    differing, in: other, bytes, otherBytes, keyColumn: keyColumn
                                ) { pair, _ in mark(Int(differing[pair].otherRow)) }
                            }
                        }
                    }
                }
            }
        }
    }

    /// The pairs among `rows` (each row of `other` and this table's row
    /// that `matched` pairs it with) whose text differs, by runs:
    /// ``markingChangedRows(pairedBy:keyColumn:with:_:_:)`` on both tables' spans and
    /// bytes. A run whose bytes differ is compared row by row. The pairs
    /// name `other`'s rows from `numberedFrom` (`matched` and `otherSpans`
    /// may be a chunk of them).
    static func rowsWhoseTextDiffers(
        in rows: Range<Int>, _ matched: UnsafeBufferPointer<Int32>, _ spans: UnsafeBufferPointer<UInt64>,
        _ otherSpans: UnsafeBufferPointer<UInt64>, _ bytes: UnsafeRawBufferPointer,
        _ otherBytes: UnsafeRawBufferPointer,
        numberedFrom firstRow: Int = 0
    ) -> [RowPair] {
        // The bytes from the start of row `first` to the end of row `last`.
        @inline(__always)
        func range(_ spans: UnsafeBufferPointer<UInt64>, _ first: Int, _ last: Int) -> (start: Int, count: Int) {
            let start = Int(spans[first] >> 32)
            return (start, Int(spans[last] >> 32) + Int(spans[last] & 0xFFFF_FFFF) - start)
        }
        var differing: [RowPair] = []
        var row = rows.lowerBound
        let upper = Swift.min(rows.upperBound, matched.count, otherSpans.count)
        while row < upper {
            let first = Int(matched[row])
            guard first >= 0 else {
                row += 1
                continue
            }
            var end = row + 1
            while end < upper, matched[end] == matched[end - 1] &+ 1 { end += 1 }
            let run = end - row
            // `matched` names rows of this table (ChangeCount.matchRows): one past it is a bug, and
            // reading its span or its cells in place would read past the arrays.
            precondition(first + run <= spans.count, "a matched row past the table's \(spans.count) rows")
            let (start, count) = range(spans, first, first + run - 1)
            let (otherStart, otherCount) = range(otherSpans, row, end - 1)
            if count != otherCount || !sameBytes(bytes, start, otherBytes, otherStart, count) {
                for offset in 0..<run {
                    let (start, count) = range(spans, first + offset, first + offset)
                    let (otherStart, otherCount) = range(otherSpans, row + offset, row + offset)
                    if count == otherCount && sameBytes(bytes, start, otherBytes, otherStart, count) { continue }
                    differing.append(
                        RowPair(
                            row: Int32(truncatingIfNeeded: first + offset),
                            otherRow: Int32(truncatingIfNeeded: firstRow + row + offset)))
                }
            }
            row = end
        }
        return differing
    }

    /// For pairs whose text differs (each a row of this table and a row of
    /// `other`, from ``rowsWhoseTextDiffers(in:_:_:_:_:_:numberedFrom:)``),
    /// how many differ in their cells too, for each of `other`'s rows
    /// whether it is one, and for each pair the first column whose values
    /// differ (-1 for a pair whose values do not): the count's comparison of
    /// cells (``markingChangedRows(pairedBy:keyColumn:with:_:_:)``), on two
    /// threads from `parallelFrom` pairs.
    func countingCellChanges(
        of pairs: [RowPair], in other: RecordTable, keyColumn: Int?, parallelFrom: Int = 4_096
    ) -> (changes: Int, changedRows: [Bool], firstChangedColumns: [Int32]) {
        var changed = [Bool](repeating: false, count: other.count)
        var firstColumns = [Int32](repeating: -1, count: pairs.count)
        let changes = changed.withUnsafeMutableBufferPointer { marks in
            firstColumns.withUnsafeMutableBufferPointer { firstColumns in
                source.withUnsafeBytes { bytes in
                    other.source.withUnsafeBytes { otherBytes in
                        // Each thread marks only the rows and places of its own pairs.
                        nonisolated(unsafe) let (marks, firstColumns, bytes, otherBytes) = (
                            marks, firstColumns, bytes, otherBytes
                        )
                        return ChangeCount.sharingTwoThreads(pairs.count, parallelFrom: parallelFrom, first: {}) {
                            range in
                            countRowsWithOtherCells(
                                Array(pairs[range]), in: other, bytes, otherBytes, keyColumn: keyColumn
                            ) { pair, column in
                                let place = range.lowerBound + pair
                                marks[Int(pairs[place].otherRow)] = true
                                firstColumns[place] = Int32(truncatingIfNeeded: column)
                            }
                        }.1
                    }
                }
            }
        }
        return (changes, changed, firstColumns)
    }

    /// A row of this table and a row of another, in 32 bits as tables number rows.
    struct RowPair {
        var row: Int32
        var otherRow: Int32
    }

    /// How many of `pairs` differ in their cells (as ``hasTheSameCells(_:_:in:_:_:)``
    /// finds, `keyColumn` left out), each such pair marked with its place
    /// in `pairs` and the first column whose values differ (the columns
    /// before it hold the same values): a column at a time, the pairs'
    /// cells gathered (``gather(_:at:in:into:)``), then compared.
    private func countRowsWithOtherCells(
        _ pairs: [RowPair], in other: RecordTable, _ source: UnsafeRawBufferPointer,
        _ otherSource: UnsafeRawBufferPointer,
        keyColumn: Int?, mark: (_ pair: Int, _ column: Int) -> Void
    ) -> Int {
        var undecided = pairs
        // Each undecided pair's place in `pairs`.
        var places = Array(pairs.indices)
        var cells: [CellPair] = []
        cells.reserveCapacity(pairs.count)
        var changed = 0
        for column in columns.indices where column != keyColumn && !undecided.isEmpty {
            gather(column, at: undecided.lazy.map { (Int($0.row), Int($0.otherRow)) }, in: other, into: &cells)
            var kept = 0
            for (offset, cell) in zip(undecided.indices, cells) {
                let pair = undecided[offset]
                let (row, otherRow) = (Int(pair.row), Int(pair.otherRow))
                if hasTheSameCell(
                    column, (cell.kind, cell.payload), row, (cell.otherKind, cell.otherPayload), otherRow, in: other,
                    source, otherSource)
                    || !Self.integersDiffer(cell.kind, cell.otherKind)
                        && value(of: (cell.kind, cell.payload)) == other.value(of: (cell.otherKind, cell.otherPayload))
                {
                    undecided[kept] = pair
                    places[kept] = places[offset]
                    kept += 1
                } else {
                    mark(places[offset], column)
                    changed += 1
                }
            }
            undecided.removeLast(undecided.count - kept)
            places.removeLast(places.count - kept)
        }
        return changed
    }

    /// A cell of this table and the cell of another it is compared with, as read.
    private typealias CellPair = (kind: Kind, payload: UInt64, otherKind: Kind, otherPayload: UInt64)

    /// The cells of `column` at each of `pairs` (a row of this table, a row
    /// of `other`), read into `cells` in one pass before any is compared:
    /// reads that do not wait on each other, which the processor overlaps,
    /// where comparing a pair at a time waits on each of its cells in turn
    /// (the old table's cells were pushed out of the cache by reading the file).
    private func gather(
        _ column: Int, at pairs: some Sequence<(Int, Int)>, in other: RecordTable, into cells: inout [CellPair]
    ) {
        let (ownCells, otherCells) = (columns[column], other.columns[column])
        cells.removeAll(keepingCapacity: true)
        for (row, otherRow) in pairs {
            cells.append(
                (ownCells.kind(row), ownCells.payload(row), otherCells.kind(otherRow), otherCells.payload(otherRow)))
        }
    }

    /// Whether each row is its file's row of the same number, unedited (a
    /// table as its file was read, or reread), and every row has its span.
    var isAsRead: Bool {
        guard let layout, layout.rowSpans.count == count, origins.count == count else { return false }
        return RowOrigin.areAsRead(origins)
    }

    /// Each row's hash of its content, as its record would hash its
    /// values: rows with the same content (``row(_:hasTheContentOf:in:)``)
    /// have the same hash, in this table or another with the same fields.
    /// For items that a whole record identifies (a provider with no key),
    /// without building the records.
    public func contentHashes() -> [Int] {
        var hashes: [Int] = []
        hashes.reserveCapacity(count)
        for row in 0..<count {
            var hasher = Hasher()
            for column in columns.indices { hasher.combine(value(column: column, row: row)) }
            hashes.append(hasher.finalize())
        }
        return hashes
    }

    /// ``row(_:hasTheContentOf:in:)`` cell by cell; `source` and
    /// `otherSource` are the two tables' ``source`` bytes.
    private func hasTheSameCells(
        _ row: Int, _ otherRow: Int, in other: RecordTable, _ source: UnsafeRawBufferPointer,
        _ otherSource: UnsafeRawBufferPointer
    ) -> Bool {
        // Records with the same field names are equal when their values are, field by field.
        for column in columns.indices where !hasTheSameCell(column, row, otherRow, in: other, source, otherSource) {
            if Self.integersDiffer(columns[column].kind(row), other.columns[column].kind(otherRow)) { return false }
            if value(column: column, row: row) != other.value(column: column, row: otherRow) { return false }
        }
        return true
    }

    /// Whether two cells of these kinds whose stored bytes differ hold
    /// different values without building them: two integers do (an edited
    /// number, the usual change).
    @inline(__always)
    private static func integersDiffer(_ kind: Kind, _ otherKind: Kind) -> Bool {
        kind == .int && otherKind == .int
    }

    /// For each pair of rows, the fields whose values differ between `row`
    /// and the row `otherRow` of `other`, in the fields' order, with both
    /// values: what an update of the one to the other changes. A cell whose
    /// bytes are the same is not read as a value. Nil for a pair with a row
    /// outside its table, and for every pair when the tables' fields differ.
    ///
    /// - Complexity: O(*p* × *f*) for *p* pairs and *f* fields, without
    ///   building any record.
    public func changedValues(
        of rows: [(row: Int, otherRow: Int)], in other: RecordTable
    ) -> [[(field: String, old: Value, new: Value)]?] {
        changedValues(of: rows, in: other, onTwoThreads: true)
    }

    /// ``changedValues(of:in:)``, on one thread when not `onTwoThreads`
    /// (work beside the caller's own, which the second core is for), each
    /// pair's cells read from its column in `fromColumns` (when there is one
    /// for each pair: the first whose values may differ, as
    /// ``countingCellChanges(of:in:keyColumn:parallelFrom:)`` finds it; the
    /// columns before it hold the same values, and their cells are misses
    /// in the cache not worth reading again).
    func changedValues(
        of rows: [(row: Int, otherRow: Int)], in other: RecordTable, onTwoThreads: Bool, fromColumns: [Int32] = []
    ) -> [[(field: String, old: Value, new: Value)]?] {
        guard fieldNames == other.fieldNames else { return rows.map { _ in nil } }
        var results = [[(field: String, old: Value, new: Value)]?](repeating: nil, count: rows.count)
        source.withUnsafeBytes { source in
            other.source.withUnsafeBytes { otherSource in
                results.withUnsafeMutableBufferPointer { results in
                    // Rows spread over a big table are read from memory, not the cache: two threads
                    // wait for it side by side, each writing the results of its own half.
                    nonisolated(unsafe) let (results, source, otherSource) = (results, source, otherSource)
                    let halves = onTwoThreads && rows.count >= 4_096 ? 2 : 1
                    DispatchQueue.concurrentPerform(iterations: halves) { half in
                        let pairs = ((rows.count * half / halves)..<(rows.count * (half + 1) / halves)).filter {
                            index in
                            (0..<count).contains(rows[index].row) && (0..<other.count).contains(rows[index].otherRow)
                        }
                        for index in pairs { results[index] = [] }
                        // A column at a time, the pairs' cells gathered, then compared.
                        var cells: [CellPair] = []
                        cells.reserveCapacity(pairs.count)
                        let startsKnown = fromColumns.count == rows.count
                        for column in columns.indices {
                            let pairs = startsKnown ? pairs.filter { Int(fromColumns[$0]) <= column } : pairs
                            gather(column, at: pairs.lazy.map { rows[$0] }, in: other, into: &cells)
                            for (index, cell) in zip(pairs, cells) {
                                let (row, otherRow) = rows[index]
                                if hasTheSameCell(
                                    column, (cell.kind, cell.payload), row, (cell.otherKind, cell.otherPayload),
                                    otherRow, in: other, source, otherSource)
                                {
                                    continue
                                }
                                let (old, new) = (
                                    value(of: (cell.kind, cell.payload)),
                                    other.value(of: (cell.otherKind, cell.otherPayload))
                                )
                                if old != new { results[index]?.append((fieldNames[column], old, new)) }
                            }
                        }
                    }
                }
            }
        }
        return results
    }

    /// Whether the cell of `column` holds the same bytes at `row` as at
    /// `otherRow` of `other` (false says nothing of their values: `1.10`
    /// and `1.1` differ here).
    @inline(__always)
    private func hasTheSameCell(
        _ column: Int, _ row: Int, _ otherRow: Int, in other: RecordTable, _ source: UnsafeRawBufferPointer,
        _ otherSource: UnsafeRawBufferPointer
    ) -> Bool {
        let (cells, otherCells) = (columns[column], other.columns[column])
        return hasTheSameCell(
            column, (cells.kind(row), cells.payload(row)), row,
            (otherCells.kind(otherRow), otherCells.payload(otherRow)), otherRow,
            in: other, source, otherSource)
    }

    /// ``hasTheSameCell(_:_:_:in:_:_:)`` given both cells, as read.
    @inline(__always)
    private func hasTheSameCell(
        _ column: Int, _ cell: (kind: Kind, payload: UInt64), _ row: Int, _ otherCell: (kind: Kind, payload: UInt64),
        _ otherRow: Int,
        in other: RecordTable, _ source: UnsafeRawBufferPointer, _ otherSource: UnsafeRawBufferPointer
    ) -> Bool {
        let (kind, payload, otherPayload) = (cell.kind, cell.payload, otherCell.payload)
        guard kind == otherCell.kind else { return false }
        switch kind {
        case .sourceNumber, .sourceString, .sourceJSON:
            // The same length, then the same bytes (as words or by memcmp: a slice's == went byte by byte).
            return payload & 0xFFFF_FFFF == otherPayload & 0xFFFF_FFFF
                && Self.sameBytes(
                    source, Int(payload >> 32), otherSource, Int(otherPayload >> 32), Int(payload & 0xFFFF_FFFF))
        case .arenaNumber, .arenaString, .arenaJSON:
            return bytes(column: column, row: row) == other.bytes(column: column, row: otherRow)
        default:
            return payload == otherPayload
        }
    }

    /// Whether `count` bytes of `bytes` at `offset` are those of `otherBytes` at `otherOffset`.
    @inline(__always)
    private static func sameBytes(
        _ bytes: UnsafeRawBufferPointer, _ offset: Int, _ otherBytes: UnsafeRawBufferPointer, _ otherOffset: Int,
        _ count: Int
    ) -> Bool {
        guard count > 0 else { return true }
        guard let start = bytes.baseAddress, let otherStart = otherBytes.baseAddress else { return false }
        return ListLabFiles.sameBytes(start + offset, otherStart + otherOffset, count: count)
    }

    /// The rows in the order of `field`'s text (descending: the reverse),
    /// rows with the same text in their order, when every row's cell of
    /// `field` is text of ASCII bytes only, whose byte order is `String`'s
    /// order; else nil. Compared in place with `memcmp`, as making and
    /// comparing a `String` per cell is most of the cost of such a sort.
    /// Every 65,536 comparisons, a look at whether
    /// Ctrl-C asked to stop.
    public func rowsInTextOrder(of field: String, descending: Bool) throws -> [Int]? {
        guard let column = fieldNames.firstIndex(of: field) else { return nil }
        let cells = columns[column]
        var texts: [UInt64] = []
        var inArena: [Bool] = []
        // Each text's first eight bytes as one big-endian number (zeros after a shorter text):
        // numbers in the order of the texts' beginnings, which settle most comparisons.
        var prefixes: [UInt64] = []
        texts.reserveCapacity(count)
        inArena.reserveCapacity(count)
        prefixes.reserveCapacity(count)
        var highBits: UInt8 = 0
        for row in 0..<count {
            if row & 0xFFFF == 0 { try Interruption.check() }
            let kind = cells.kind(row)
            guard kind == .sourceString || kind == .arenaString else { return nil }
            texts.append(cells.payload(row))
            inArena.append(kind == .arenaString)
            var prefix: UInt64 = 0
            var taken = 0
            for byte in bytes(column: column, row: row) {
                highBits |= byte
                if taken < 8 {
                    prefix |= UInt64(byte) << (56 - 8 * taken)
                    taken += 1
                }
            }
            prefixes.append(prefix)
        }
        guard highBits & 0x80 == 0 else { return nil }
        var order = Array(0..<count)
        var comparisons = 0
        try source.withUnsafeBytes { source in
            try arena.withUnsafeBytes { arena in
                guard let sourceStart = source.baseAddress ?? arena.baseAddress,
                    let arenaStart = arena.baseAddress ?? source.baseAddress
                else {
                    return  // no bytes at all: every text is empty, and the order stays
                }
                // Row a's text against row b's: negative when it comes first, 0 when the same.
                func compare(_ a: Int, _ b: Int) -> Int {
                    if prefixes[a] != prefixes[b] { return prefixes[a] < prefixes[b] ? -1 : 1 }
                    let x = texts[a]
                    let y = texts[b]
                    let xLength = Int(x & 0xFFFF_FFFF)
                    let yLength = Int(y & 0xFFFF_FFFF)
                    let shared = min(xLength, yLength)
                    if shared > 8 {
                        let order = memcmp(
                            (inArena[a] ? arenaStart : sourceStart) + Int(x >> 32) + 8,
                            (inArena[b] ? arenaStart : sourceStart) + Int(y >> 32) + 8,
                            shared - 8)
                        if order != 0 { return Int(order) }
                    }
                    return xLength - yLength
                }
                try order.sort { a, b in
                    comparisons += 1
                    if comparisons & 0xFFFF == 0 { try Interruption.check() }
                    let order = compare(a, b)
                    if order != 0 { return descending ? order > 0 : order < 0 }
                    return a < b
                }
            }
        }
        return order
    }

    /// The table with the rows `rows` names, in that order (each a row of
    /// this table, at most once): a sort or a filter done column by column,
    /// with no record built. Each row keeps where it came from, so a save
    /// writes it as the file had it.
    ///
    /// - Complexity: O(*r* × *d* + *c*) for *r* rows, *d* fields that most
    ///   rows have and *c* cells of the others (a file whose records each
    ///   have a key of their own has a field per row, of one cell each).
    public func reordered(_ rows: [Int]) -> RecordTable {
        reordered(rows, betweenColumns: {})
    }

    /// ``reordered(_:)``, calling `check` before the columns are gathered
    /// (on every core) and after: a sort of a million rows spends much of
    /// its time here, and Ctrl-C (`Interruption.check`) may still stop it,
    /// as nothing has changed yet.
    func reordered(_ rows: [Int], betweenColumns check: () throws -> Void) rethrows -> RecordTable {
        var table = self
        // Each row's new place, made when a column holds cells in fewer than an eighth of the rows:
        // such a column's cells are moved one by one, not gathered over every row.
        let newPlaces: [Int32] =
            columns.contains(where: { $0.storedCount < rows.count / 8 }) ? Self.places(of: rows, in: count) : []
        // Columns gathered on every core: each a pass over the rows in their new order.
        var reordered = [Column](repeating: Column(), count: columns.count)
        let lanes = min(columns.count, Machine.activeCores)
        let highest = rows.max() ?? -1
        try check()
        reordered.withUnsafeMutableBufferPointer { buffer in
            let shared = SharedColumns(buffer: buffer)
            DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                for index in stride(from: lane, to: columns.count, by: lanes) {
                    let column = columns[index]
                    shared.buffer[index] =
                        column.storedCount < rows.count / 8
                        ? column.scattered(to: newPlaces) : column.gathered(rows, highest: highest)
                }
            }
        }
        try check()
        table.columns = reordered
        table.origins = rows.map { origins[$0] }
        table.count = rows.count
        return table
    }

    /// Each of `count` rows' place in `rows` (-1 for a row left out).
    private static func places(of rows: [Int], in count: Int) -> [Int32] {
        var places = [Int32](repeating: -1, count: count)
        for (place, row) in rows.enumerated() { places[row] = Int32(truncatingIfNeeded: place) }
        return places
    }

    /// The keys a radix sort orders `field`'s rows by (``RadixOrder``),
    /// made from the cells on every core, when every row's value is a
    /// number ``ValueSort`` sorts as one (an integer a `Double` holds, or
    /// a `Double` that is not NaN); nil else, and when there is no such
    /// field. A column of decimals was a `Value` a row, made and then read
    /// again as a `Double`, on one core.
    ///
    /// - Throws: `Interrupted` when Ctrl-C asked to stop.
    func numberSortKeys(of field: String, descending: Bool) throws(Interrupted) -> [UInt64]? {
        guard let column = fieldNames.firstIndex(of: field), count > 0 else { return nil }
        let cells = columns[column]
        if let keys = try decimalSortKeys(cells, descending: descending) { return keys }
        let keys = Self.sortKeysOnEveryCore(count: count) { row in
            let number: Double
            switch value(of: (cells.kind(row), cells.payload(row))) {
            case .int(let integer) where integer.magnitude <= 1 << 53: number = Double(integer)
            case .double(let double) where !double.isNaN: number = double
            default: return nil
            }
            return descending ? ~RadixOrder.key(number) : RadixOrder.key(number)
        }
        if Interruption.isRequested { throw Interrupted() }
        return keys
    }

    /// The key `key` makes of each of `count` rows, made on every core;
    /// nil when it makes none for a row, or when Ctrl-C asked to stop
    /// (looked at every 65,536 rows).
    private static func sortKeysOnEveryCore(count: Int, _ key: @Sendable (Int) -> UInt64?) -> [UInt64]? {
        let lanes = min(Machine.activeCores, max(1, count / 65_536))
        let step = (count + lanes - 1) / lanes
        let failed = Atomic<Bool>(false)
        var keys = [UInt64](repeating: 0, count: count)
        keys.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            let shared = SharedAddress(base: UnsafeMutableRawPointer(base))
            DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                let keys = shared.base.assumingMemoryBound(to: UInt64.self)
                for row in (lane * step)..<min(count, (lane + 1) * step) {
                    if row & 0xFFFF == 0, failed.load(ordering: .relaxed) || Interruption.isRequested {
                        return failed.store(true, ordering: .relaxed)
                    }
                    guard let made = key(row) else { return failed.store(true, ordering: .relaxed) }
                    keys[row] = made
                }
            }
        }
        return failed.load(ordering: .relaxed) ? nil : keys
    }

    /// The most digits a number written in decimals may have for
    /// ``decimalSortKeys(_:descending:)``: any two such numbers that differ
    /// are two `Double`s that differ, in the same order.
    private static let decimalDigits = 15

    /// Sort keys as ``numberSortKeys(of:descending:)`` makes them, for a
    /// column whose every cell is an integer or a number written in plain
    /// decimals (`59.96`, no exponent), each of at most 15 digits: each
    /// number times ten to the most decimals any has, an integer. They sort
    /// as the numbers' `Double`s sort (two numbers of 15 digits that differ
    /// are two `Double`s that differ), and a column of prices or scores
    /// spans a few thousand keys, which the radix sort orders in two passes
    /// where a `Double`'s bits took six. Nil for any other column.
    private func decimalSortKeys(_ cells: Column, descending: Bool) throws(Interrupted) -> [UInt64]? {
        let count = self.count
        let lanes = min(Machine.activeCores, max(1, count / 65_536))
        let step = (count + lanes - 1) / lanes
        let failed = Atomic<Bool>(false)
        // The most decimals of each lane's cells, then the keys scaled to the most of all.
        let mostDecimals = PartResults(count: lanes, initial: 0)
        var keys: [UInt64]?
        source.withUnsafeBufferPointer { source in
            arena.withUnsafeBufferPointer { arena in
                let bytes = (source: SharedBytes(bytes: source), arena: SharedBytes(bytes: arena))
                DispatchQueue.concurrentPerform(iterations: lanes) { lane in
                    var most = 0
                    for row in (lane * step)..<min(count, (lane + 1) * step) {
                        // A lane that stops counts no decimals: the keys are then not made at all.
                        if row & 0xFFFF == 0, failed.load(ordering: .relaxed) || Interruption.isRequested {
                            return failed.store(true, ordering: .relaxed)
                        }
                        guard
                            let (_, decimals) = Self.decimal(
                                cells.kind(row), cells.payload(row), source: bytes.source.bytes,
                                arena: bytes.arena.bytes)
                        else {
                            failed.store(true, ordering: .relaxed)
                            return
                        }
                        most = max(most, decimals)
                    }
                    mostDecimals.set(lane, most)
                }
                let decimals = mostDecimals.all.max() ?? 0
                guard !failed.load(ordering: .relaxed), !Interruption.isRequested, decimals <= Self.decimalDigits else {
                    return
                }
                let powers = (0...decimals).map { exponent in (0..<exponent).reduce(1) { power, _ in power * 10 } }
                keys = Self.sortKeysOnEveryCore(count: count) { row in
                    guard
                        let (value, own) = Self.decimal(
                            cells.kind(row), cells.payload(row), source: bytes.source.bytes, arena: bytes.arena.bytes),
                        own <= decimals,
                        case (let scaled, let overflow) = value.multipliedReportingOverflow(by: powers[decimals - own]),
                        !overflow
                    else { return nil }
                    return descending ? ~RadixOrder.key(scaled) : RadixOrder.key(scaled)
                }
            }
        }
        if Interruption.isRequested { throw Interrupted() }
        return keys
    }

    /// The number of a cell as an integer and its decimals, or nil.
    private static func decimal(
        _ kind: Kind, _ payload: UInt64, source: UnsafeBufferPointer<UInt8>, arena: UnsafeBufferPointer<UInt8>
    ) -> (Int, Int)? {
        switch kind {
        case .int:
            let integer = Int(truncatingIfNeeded: payload)
            return integer.magnitude < 1_000_000_000_000_000 ? (integer, 0) : nil
        case .sourceNumber, .arenaNumber:
            let bytes = kind == .sourceNumber ? source : arena
            var index = Int(payload >> 32)
            let end = index + Int(payload & 0xFFFF_FFFF)
            guard end <= bytes.count, index < end else { return nil }
            let negative = bytes[index] == UInt8(ascii: "-")
            if negative { index += 1 }
            var value = 0
            var digits = 0
            var decimals = -1
            while index < end {
                let byte = bytes[index]
                if byte == UInt8(ascii: "."), decimals < 0 {
                    decimals = 0
                } else {
                    let digit = Int(byte &- 48)
                    guard digit <= 9 else { return nil }
                    value = value &* 10 &+ digit
                    digits += 1
                    if decimals >= 0 { decimals += 1 }
                }
                index += 1
            }
            guard digits >= 1, digits <= Self.decimalDigits else { return nil }
            return (negative ? -value : value, max(decimals, 0))
        default:
            return nil
        }
    }
    /// Adds `record` as the last row.
    ///
    /// - Complexity: O(*f*) for *f* fields: amortised constant in the rows.
    public mutating func append(_ record: Record) {
        insert(record, at: count)
    }

    /// Adds a copy of row `row` as the last row: its cells as stored
    /// (absent ones absent) and where it came from.
    mutating func appendCopy(ofRow row: Int) {
        precondition(row >= 0 && row < count, "row \(row) is outside the table")
        for index in columns.indices {
            columns[index].set(count, columns[index].kind(row), columns[index].payload(row))
        }
        origins.append(origins[row])
        count += 1
    }

    /// Inserts `record` as row `row`.
    ///
    /// - Complexity: O(*n*) for *n* rows after `row`.
    public mutating func insert(_ record: Record, at row: Int) {
        precondition(row >= 0 && row <= count, "row \(row) is outside the table")
        let cells = cells(for: record)
        for (index, cell) in cells.enumerated() {
            columns[index].insertRow(row, cell.kind, cell.payload)
        }
        origins.insert(origin(of: record), at: row)
        count += 1
    }

    /// Replaces row `row` with `record`.
    public mutating func replace(at row: Int, with record: Record) {
        precondition(row >= 0 && row < count, "row \(row) is outside the table")
        let cells = cells(for: record)
        for (index, cell) in cells.enumerated() {
            // An absent key that the record reads as null stays absent.
            if columns[index].kind(row) == .absent, record[fieldNames[index]] == .null { continue }
            columns[index].set(row, cell.kind, cell.payload)
        }
        origins[row] = origins[row].edited
    }

    /// Removes rows at `rows` (any order, no repeats).
    ///
    /// - Complexity: O(*c* + *r* log *r*) for *c* stored cells and *r* removed rows.
    public mutating func remove(rows: [Int]) {
        let sorted = rows.sorted()
        for index in columns.indices { columns[index].removeRows(sorted) }
        var kept = 0
        var next = 0
        for row in 0..<count {
            if next < sorted.count, sorted[next] == row {
                next += 1
                continue
            }
            origins[kept] = origins[row]
            kept += 1
        }
        origins.removeLast(count - kept)
        count -= sorted.count
    }

    /// Moves row `from` so that it ends up at `to`.
    public mutating func move(from: Int, to: Int) {
        let cells = columns.map { (kind: $0.kind(from), payload: $0.payload(from)) }
        let origin = origins[from]
        remove(rows: [from])
        for (index, cell) in cells.enumerated() {
            columns[index].insertRow(to, cell.kind, cell.payload)
        }
        origins.insert(origin, at: to)
        count += 1
    }

    /// The first row whose value of `field` (a key) repeats an earlier
    /// row's, in row order, with the first row of that value; nil when
    /// every row's value is its own.
    ///
    /// Keys compare by their value in the file's own type system: CSV has no
    /// types, so `1` and `"1"` are the same key; in JSON, `1` and `1.0` are
    /// the same number.
    ///
    /// - Complexity: O(*n*) expected; integer keys take a fast path.
    public func firstDuplicate(of field: String) -> (value: Value, first: Int, second: Int)? {
        guard let column = fieldNames.firstIndex(of: field) else { return nil }
        let cells = columns[column]
        // Integer keys: read in place, with no copy made unless they lie far apart (firstRepeat(ofIntegers:)).
        if count > 0, let repeated = cells.withIntegers(count: count, Self.firstRepeat(ofIntegers:)) {
            return repeated.map { (value(column: column, row: $0.first), $0.first, $0.second) }
        }
        // Strings of ASCII: by their bytes, with no String made a row.
        if let repeated = firstRepeatOfASCIIStrings(column: column) {
            return repeated.map { (value(column: column, row: $0.first), $0.first, $0.second) }
        }
        var firstRow: [Value: Int] = [:]
        firstRow.reserveCapacity(count)
        for row in 0..<count {
            if let first = firstRow.updateValue(row, forKey: keyIdentity(column: column, row: row)) {
                return (value(column: column, row: first), first, row)
            }
        }
        return nil
    }

    /// A cell's value as a key: what makes two keys the same item.
    ///
    /// In a CSV file every cell is text (`1` and `"1"` are the same key); in
    /// JSON, numbers are equal by value (`1`, `1.0` and `1e0`), and strings,
    /// booleans and numbers stay apart.
    func keyIdentity(column: Int, row: Int) -> Value {
        let value = value(column: column, row: row)
        if layout?.format == .csv {
            switch value {
            case .null: return .string("")
            case .string: return value
            default:
                let bytes = bytes(column: column, row: row)
                return .string(bytes.isEmpty ? value.description : String(decoding: bytes, as: UTF8.self))
            }
        }
        return value.numericallyNormalized
    }
}
