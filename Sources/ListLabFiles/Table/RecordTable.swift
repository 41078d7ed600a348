import Dispatch
public import ListLabRecords

/// Records stored by column, compactly, for data read from files: a million
/// rows of five fields take about 45 bytes a row beside the file's own
/// bytes, where an array of `Record`s would take several hundred.
///
/// Each cell is a one-byte kind and an eight-byte payload: integers and
/// booleans in place; strings and other numbers as an offset and length into
/// the file's bytes (shared, never copied) or into an arena
/// (strings that had escapes, and values set later). A number other than a
/// plain integer keeps its text, so `1.10` and `1e3` are saved as written.
/// Nested JSON is kept as its text and read when a record is built. A
/// `Record` is made only when a row is asked for (the list asks only for
/// visible rows).
///
/// A table read from a file also knows where each row lay in it
/// and which rows changed since, so that
/// ``RecordTableWriter`` writes untouched rows back byte for byte.
///
/// ```swift
/// var table = RecordTable(fieldNames: ["id", "name"])
/// table.append(Record(fields: [("id", 1), ("name", "Ada")]))
/// table.record(at: 0)["name"]    // "Ada"
/// ```
public struct RecordTable: Sendable {
    /// The kinds of cell.
    enum Kind: UInt8 {
        case absent = 0
        case null, isFalse, isTrue, int, double, sourceNumber, arenaNumber, sourceString, arenaString, sourceJSON,
            arenaJSON
    }

    /// The field names, in the order the data gave them.
    public private(set) var fieldNames: [String]
    var columns: [Column]
    /// The bytes of the file the table was read from.
    let source: [UInt8]
    /// Bytes of strings that are not a slice of the source.
    var arena: [UInt8] = []
    /// The number of rows.
    public internal(set) var count = 0
    /// Where each row came from.
    var origins: [RowOrigin] = []
    /// Where the file's rows lie in ``source``, once a reader has read it all.
    private(set) var layout: SourceLayout?
    /// The rows' spans while a reader reads (see ``SourceLayout/rowSpans``).
    private(set) var spansRead: [UInt64] = []
    private var builtSchema: Record.Schema?
    /// Shared by the copies of a table a reader is reading (see ``markAsReaders()``).
    private var readerMark: ReaderMark?

    /// What tells a reader that its table was copied: nothing but its identity.
    final class ReaderMark: Sendable {}

    /// The schema of the table's records (its field names).
    public var schema: Record.Schema { builtSchema ?? Record.Schema(fieldNames) }

    /// Creates an empty table of `fieldNames` over `source`.
    public init(fieldNames: [String], source: [UInt8] = []) {
        self.fieldNames = fieldNames
        columns = Array(repeating: Column(), count: fieldNames.count)
        self.source = source
        builtSchema = Record.Schema(fieldNames)
    }

    /// An empty table with the same fields, over the same file, so that rows
    /// appended to it from this table's records keep their bytes on save.
    func emptied() -> RecordTable {
        var empty = RecordTable(fieldNames: fieldNames, source: source)
        empty.layout = layout
        empty.arena = arena
        return empty
    }

    /// Reserves room for `rows` rows.
    mutating func reserveCapacity(_ rows: Int) {
        for index in columns.indices { columns[index].reserveCapacity(rows) }
        origins.reserveCapacity(rows)
        spansRead.reserveCapacity(rows)
    }

    /// Adds a field at the end; existing rows have no value for it.
    /// (Readers add unnamed columns and name them all at the end.)
    @discardableResult
    mutating func addField(_ name: String) -> Int {
        fieldNames.append(name)
        columns.append(Column())
        builtSchema = Record.Schema(fieldNames)
        return columns.count - 1
    }

    // MARK: Building rows (readers)

    /// Adds a column whose name the reader keeps until
    /// ``finishReading(format:header:names:)`` (which names every column
    /// from `names`); until then ``fieldNames`` lags behind the columns.
    @discardableResult
    mutating func addUnnamedColumn() -> Int {
        columns.append(Column())
        builtSchema = nil
        return columns.count - 1
    }

    /// Reserves room for `count` columns in all (a reader that finds many
    /// keys reserves its limit).
    mutating func reserveColumns(_ count: Int) {
        columns.reserveCapacity(count)
    }

    /// Sets a cell of the row being read.
    @inline(__always)
    mutating func appendCell(_ column: Int, kind: Kind, payload: UInt64) {
        columns[column].set(count, kind, payload)
    }

    /// ``appendCell(_:kind:payload:)`` for a reader that marked the table
    /// (``markAsReaders()``), lends out only the whole table (never a
    /// column), and calls ``makeStorageUniqueIfCopied()`` whenever it has
    /// lent it: the cell goes in place without looking at whether its
    /// storage is shared (two looks for each cell, a sixth of setting it).
    @inline(__always)
    mutating func appendOwnedCell(_ column: Int, kind: Kind, payload: UInt64) {
        let row = count
        let placed = columns.withUnsafeBufferPointer { $0[column].setInPlaceIfOwned(row, kind, payload) }
        if !placed { columns[column].set(row, kind, payload) }
    }

    /// Asks for huge pages ahead of the rows being read in the first 64
    /// columns (see ``Column/CellRun/adviseHugePagesAhead()``), for a
    /// reader every 65,536 rows.
    func adviseHugePagesAhead() {
        for column in columns.prefix(64) { column.adviseHugePagesAhead() }
    }

    /// Marks the table as a reader's, which sets its cells with
    /// ``appendOwnedCell(_:kind:payload:)``: a copy of the table made from
    /// now on shares the mark, which ``makeStorageUniqueIfCopied()`` looks for.
    mutating func markAsReaders() { readerMark = ReaderMark() }

    /// Copies any storage of the columns another copy of the table shares,
    /// when a copy was made (and kept) since the table was marked (see
    /// ``markAsReaders()``): one look, however many columns, where looking
    /// at each column's storage at each checkpoint of a file of a key per
    /// record grew with the rows times the keys.
    mutating func makeStorageUniqueIfCopied() {
        guard !isKnownUniquelyReferenced(&readerMark) else { return }
        for index in columns.indices { columns[index].makeRunUnique() }
        readerMark = ReaderMark()
    }

    /// The row after the last stored cell of `column` (0 when it has
    /// none): while a reader reads, a row at or past it has no cell yet.
    @inline(__always)
    func cellEnd(column: Int) -> Int { columns[column].end }

    /// Ends the row being read, whose text is `span` of the source; cells
    /// the reader did not set are absent.
    mutating func finishRow(span: Range<Int>) {
        spansRead.append(Self.slice(offset: span.lowerBound, length: span.count))
        origins.append(RowOrigin(sourceRow: count, edited: false))
        count += 1
    }

    /// Appends the spans of rows `rows` in the source (``SourceLayout/rowSpans``)
    /// to `spans`, while a reader reads or once it has read: for a
    /// ``RowsReadWatcher``.
    func appendSpans(of rows: Range<Int>, to spans: inout [UInt64]) {
        if let layout {
            spans.append(contentsOf: layout.rowSpans[rows])
        } else {
            spans.append(contentsOf: spansRead[rows])
        }
    }

    /// Ends reading: records the layout of the source in `format`;
    /// `names`, when the reader kept a table of the field names (one per
    /// column, in order), names the columns (as `strings`, when the reader
    /// made them already) and becomes the schema's.
    mutating func finishReading(
        format: RecordTableWriter.Format, header: Range<Int> = 0..<0, names: FieldNameTable? = nil,
        strings: [String]? = nil
    ) {
        if let names {
            precondition(
                names.count == columns.count && (strings?.count ?? names.count) == names.count, "one name per column")
            fieldNames = strings ?? names.allNames()
        }
        layout = SourceLayout(
            format: format, rowSpans: spansRead, header: header, fieldCount: fieldNames.count, source: source)
        spansRead = []
        builtSchema = names.map { Record.Schema(fieldNames, positions: $0) } ?? Record.Schema(fieldNames)
    }

    @inline(__always)
    static func slice(offset: Int, length: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: offset) << 32 | UInt64(truncatingIfNeeded: length)
    }

    /// Where readers on several threads set the cells of the rows they read:
    /// each column's payloads and kinds from row 0, and each row's span.
    /// Unchecked `Sendable`: each thread sets only rows of its own.
    struct ParallelRows: @unchecked Sendable {
        let cells: [(payloads: UnsafeMutablePointer<UInt64>, kinds: UnsafeMutablePointer<UInt8>)]
        let spans: UnsafeMutablePointer<UInt64>
    }

    /// Makes room for `rows` rows, which `fill` sets (every cell of every
    /// row, and each row's span) from several threads at once, then keeps
    /// them when `fill` says it did; else the table stays without rows. The
    /// columns are made once at their size: a read on several threads copies
    /// no cell.
    ///
    /// - Precondition: The table has no rows yet.
    mutating func readRowsInParallel<Failure: Error>(_ rows: Int, _ fill: (ParallelRows) throws(Failure) -> Bool)
        throws(Failure) -> Bool
    {
        precondition(count == 0 && spansRead.isEmpty, "rows read in parallel go in an empty table")
        guard rows > 1 else { return false }
        let runs = columns.map { _ in CellRun.everyRow(rows) }
        var spans = [UInt64](repeating: 0, count: rows)
        let outcome: Result<Bool, Failure> = spans.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return .success(false) }
            return Result { () throws(Failure) in try fill(ParallelRows(cells: runs.map(\.cellPointers), spans: base)) }
        }
        guard try outcome.get() else { return false }
        columns = runs.map { Column(everyRowOf: $0) }
        spansRead = spans
        origins = RowOrigin.asRead(rows)
        count = rows
        return true
    }

    /// The tables of a file's pieces, each read on a thread of its own (its
    /// rows from 0, its columns and arena its own), joined in order into
    /// one table over `source`: piece `p`'s column `c` is column
    /// `columnOf[p][c]` of `columnCount`. Each joined column is built once
    /// at its size from its pieces' cells, on every core; a piece's cells
    /// are dropped as their column is built, so the pieces and the join
    /// together hold little more than the table.
    static func joining(_ pieces: consuming [RecordTable], columnOf: [[Int]], columnCount: Int, source: [UInt8])
        -> RecordTable
    {
        var joined = RecordTable(fieldNames: [], source: source)
        var parts = [[Column.Part]](repeating: [], count: columnCount)
        var spanParts: [[UInt64]] = []
        var firstRow = 0
        // The first piece's arena takes the others' after it.
        if !pieces.isEmpty { swap(&joined.arena, &pieces[0].arena) }
        for index in pieces.indices {
            let arenaBase = UInt64(index == 0 ? 0 : joined.arena.count) << 32
            if index > 0 { joined.arena.append(contentsOf: pieces[index].arena) }
            spanParts.append([])
            swap(&spanParts[index], &pieces[index].spansRead)
            for (local, column) in pieces[index].columns.enumerated() {
                parts[columnOf[index][local]].append(
                    Column.Part(column: column, firstRow: firstRow, arenaBase: arenaBase))
            }
            firstRow += pieces[index].count
            pieces[index] = RecordTable(fieldNames: [])
        }
        // The rows' spans and origins are built beside the columns, each as one more task: they
        // are each about a column's work, which one thread did before or after the columns.
        let rows = firstRow
        let spanSource = PartResults(count: 1, initial: spanParts)
        spanParts = []
        let spans = PartResults<[UInt64]>(count: 1, initial: [])
        let origins = PartResults<[RowOrigin]>(count: 1, initial: [])
        var columns = [Column](repeating: Column(), count: columnCount)
        parts.withUnsafeMutableBufferPointer { partsBuffer in
            columns.withUnsafeMutableBufferPointer { columnsBuffer in
                let shared = (
                    parts: SharedColumnParts(buffer: partsBuffer), columns: SharedColumns(buffer: columnsBuffer)
                )
                DispatchQueue.concurrentPerform(iterations: columnCount + 2) { task in
                    switch task {
                    case 0:
                        // The first piece's spans take the others' after them.
                        var pieceSpans = spanSource.takeAll().first ?? []
                        var joinedSpans: [UInt64] = []
                        if !pieceSpans.isEmpty { swap(&joinedSpans, &pieceSpans[0]) }
                        joinedSpans.reserveCapacity(rows)
                        for index in pieceSpans.indices.dropFirst() {
                            joinedSpans.append(contentsOf: pieceSpans[index])
                        }
                        spans.set(0, joinedSpans)
                    case 1:
                        origins.set(0, RowOrigin.asRead(rows))
                    default:
                        let column = task - 2
                        shared.columns.buffer[column] = Column(joining: shared.parts.buffer[column])
                        shared.parts.buffer[column] = []
                    }
                }
            }
        }
        joined.spansRead = spans.takeAll().first ?? []
        joined.columns = columns
        joined.count = rows
        joined.origins = origins.takeAll().first ?? []
        joined.builtSchema = nil
        return joined
    }

    /// Stores `bytes` in the arena and returns the payload for them.
    mutating func arenaSlice<Bytes: Collection>(_ bytes: Bytes) -> UInt64 where Bytes.Element == UInt8 {
        let offset = arena.count
        arena.append(contentsOf: bytes)
        return Self.slice(offset: offset, length: arena.count - offset)
    }

    // MARK: Reading rows

    /// The record at `row`, fields in the table's order (absent fields read as null).
    ///
    /// - Precondition: `row` is in `0..<count`.
    /// - Complexity: O(*f*) for the fields up to the row's last present
    ///   cell, and the absent ones after it: the values stop at that cell
    ///   (a record reads the rest as null), so that a row of a file with a
    ///   key per record is not a value for every record's key.
    public func record(at row: Int) -> Record {
        precondition(row >= 0 && row < count, "row \(row) is outside the table")
        var end = columns.count
        while end > 0, columns[end - 1].kind(row) == .absent { end -= 1 }
        var record = Record(schema: schema, values: (0..<end).map { value(column: $0, row: row) })
        if let layout, let sourceRow = origins[row].sourceRow {
            record.origin = Record.Origin(source: layout, row: sourceRow)
        }
        return record
    }

    /// Whether the cell of `column` at `row` was absent in the data (a JSON
    /// object without that key).
    func isAbsent(column: Int, row: Int) -> Bool {
        columns[column].kind(row) == .absent
    }

    /// The kind of one cell.
    func kind(column: Int, row: Int) -> Kind { columns[column].kind(row) }

    /// The value of one cell.
    func value(column: Int, row: Int) -> Value {
        let cells = columns[column]
        return value(of: (cells.kind(row), cells.payload(row)))
    }

    /// The value of a cell of this table, as read.
    func value(of cell: (kind: Kind, payload: UInt64)) -> Value {
        let payload = cell.payload
        switch cell.kind {
        case .absent, .null: return .null
        case .isFalse: return .bool(false)
        case .isTrue: return .bool(true)
        case .int: return .int(Int(truncatingIfNeeded: payload))
        case .double: return .double(Double(bitPattern: payload))
        case .sourceNumber: return Self.number(source, payload)
        case .arenaNumber: return Self.number(arena, payload)
        case .sourceString: return .string(Self.string(source, payload))
        case .arenaString: return .string(Self.string(arena, payload))
        case .sourceJSON: return Self.json(source, payload)
        case .arenaJSON: return Self.json(arena, payload)
        }
    }

    /// Every row's value of `field`, in row order (null where absent, and
    /// for every row when the table has no such field), without building
    /// records.
    public func values(of field: String) -> [Value] {
        guard let column = fieldNames.firstIndex(of: field) else { return Array(repeating: .null, count: count) }
        return (0..<count).map { value(column: column, row: $0) }
    }

    /// The values of `field` of the rows `rows`, in that order (null where
    /// absent, and for every row when the table has no such field).
    public func values(of field: String, rows: [Int]) -> [Value] {
        guard let column = fieldNames.firstIndex(of: field) else { return Array(repeating: .null, count: rows.count) }
        return rows.map { value(column: column, row: $0) }
    }

    /// Calls `body` with every row's value of `field` when every one is an
    /// integer (the `.int` of ``values(of:)``), read in place, with no copy
    /// (a key column copied out would be the largest allocation of a diff of
    /// two files); else returns nil.
    public func withIntegers<Result>(of field: String, _ body: (UnsafeBufferPointer<Int>) throws -> Result) rethrows
        -> Result?
    {
        guard let column = fieldNames.firstIndex(of: field) else { return nil }
        return try columns[column].withIntegers(count: count, body)
    }

    /// The highest integer value of `field` (0 when there is none), and
    /// whether every row's value is an integer or null, read in place.
    ///
    /// - Complexity: O(*n*).
    /// - Parameters:
    ///   - field: The field.
    ///   - rows: The rows to look at (by default every row).
    public func integerSummary(of field: String, rows: [Int]? = nil) -> (highest: Int, allIntegers: Bool) {
        guard let column = fieldNames.firstIndex(of: field) else { return (0, true) }
        let cells = columns[column]
        func summary<Rows: Sequence<Int>>(of rows: Rows) -> (highest: Int, allIntegers: Bool) {
            var highest = 0
            for row in rows {
                switch cells.kind(row) {
                case .int: highest = max(highest, Int(truncatingIfNeeded: cells.payload(row)))
                case .absent, .null: continue
                default: return (highest, false)
                }
            }
            return (highest, true)
        }
        // Every row: only the stored run, with no array of row numbers.
        return rows.map { summary(of: $0) } ?? summary(of: cells.start..<cells.end)
    }

    /// How many of the rows `isItem` marks (every row when nil; `itemCount`
    /// of them) hold a value of each kind in `field`, by ``Value/kindName``:
    /// `null` where a row has none. Only the field's stored cells are read.
    func kindCounts(of field: String, isItem: [Bool]?, itemCount: Int) -> [String: Int] {
        var counts: [String: Int] = [:]
        var valued = 0
        if let column = schema.index(of: field) {
            let cells = columns[column]
            for row in cells.start..<cells.end where isItem?[row] ?? true {
                let name: String
                switch cells.kind(row) {
                case .absent, .null: continue
                case .isTrue, .isFalse: name = "bool"
                case .int: name = "int"
                case .double: name = "double"
                case .sourceString, .arenaString: name = "string"
                // Numbers kept as text read as an int, a double or a number; nested JSON as an array or an object.
                case .sourceNumber, .arenaNumber, .sourceJSON, .arenaJSON:
                    name = value(column: column, row: row).kindName
                }
                counts[name, default: 0] += 1
                valued += 1
            }
        }
        if itemCount > valued { counts["null", default: 0] += itemCount - valued }
        return counts
    }

    /// The bytes a string, number or nested-JSON cell points at.
    func bytes(column: Int, row: Int) -> ArraySlice<UInt8> {
        let cells = columns[column]
        let payload = cells.payload(row)
        let offset = Int(payload >> 32)
        let length = Int(payload & 0xFFFF_FFFF)
        switch cells.kind(row) {
        case .sourceNumber, .sourceString, .sourceJSON: return source[offset..<(offset + length)]
        case .arenaNumber, .arenaString, .arenaJSON: return arena[offset..<(offset + length)]
        default: return []
        }
    }

    private static func string(_ bytes: [UInt8], _ payload: UInt64) -> String {
        let offset = Int(payload >> 32)
        let length = Int(payload & 0xFFFF_FFFF)
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<(offset + length)]), as: UTF8.self)
        }
    }

    private static func number(_ bytes: [UInt8], _ payload: UInt64) -> Value {
        let offset = Int(payload >> 32)
        let length = Int(payload & 0xFFFF_FFFF)
        return bytes.withUnsafeBufferPointer { NumberScanner.value($0, offset, offset + length) }
    }

    private static func json(_ bytes: [UInt8], _ payload: UInt64) -> Value {
        let offset = Int(payload >> 32)
        let length = Int(payload & 0xFFFF_FFFF)
        var reader = JSONReader(bytes: Array(bytes[offset..<(offset + length)]))
        return (try? reader.readDocument()) ?? .string(string(bytes, payload))
    }
}
