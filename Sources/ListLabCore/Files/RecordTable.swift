/// Records stored by column, compactly, for data read from files: a million
/// rows of five fields take about 45 bytes a row beside the file's own
/// bytes, where an array of ``Record``s would take several hundred.
///
/// Each cell is a one-byte kind and an eight-byte payload: numbers and
/// booleans in place; strings as an offset and length into the file's bytes
/// (``source``, shared, never copied) or into ``arena`` (strings that had
/// escapes, and strings set later). Nested JSON is kept as its text and read
/// when a record is built. A ``Record`` is made only when a row is asked for
/// (the list asks only for visible rows).
///
/// ```swift
/// var table = RecordTable(fieldNames: ["id", "name"])
/// table.append(Record(fields: [("id", 1), ("name", "Ada")]))
/// table.record(at: 0)["name"]    // "Ada"
/// ```
public struct RecordTable: Sendable {
    /// The kinds of cell.
    enum Kind: UInt8 {
        case absent = 0, null, isFalse, isTrue, int, double, sourceString, arenaString, sourceJSON, arenaJSON
    }

    /// One field's cells.
    struct Column: Sendable {
        var kinds: [UInt8] = []
        var payloads: [UInt64] = []
    }

    /// The field names, in the order the data gave them.
    public private(set) var fieldNames: [String]
    var columns: [Column]
    /// The bytes of the file the table was read from.
    let source: [UInt8]
    /// Bytes of strings that are not a slice of the source.
    var arena: [UInt8] = []
    /// The number of rows.
    public private(set) var count = 0
    private var schema: Record.Schema

    /// Creates an empty table of `fieldNames` over `source`.
    public init(fieldNames: [String], source: [UInt8] = []) {
        self.fieldNames = fieldNames
        columns = Array(repeating: Column(), count: fieldNames.count)
        self.source = source
        schema = Record.Schema(fieldNames)
    }

    /// Reserves room for `rows` rows.
    mutating func reserveCapacity(_ rows: Int) {
        for index in columns.indices {
            columns[index].kinds.reserveCapacity(rows)
            columns[index].payloads.reserveCapacity(rows)
        }
    }

    /// Adds a field at the end; existing rows have no value for it.
    @discardableResult
    mutating func addField(_ name: String) -> Int {
        fieldNames.append(name)
        columns.append(Column(
            kinds: Array(repeating: Kind.absent.rawValue, count: count), payloads: Array(repeating: 0, count: count)))
        schema = Record.Schema(fieldNames)
        return columns.count - 1
    }

    // MARK: Building rows (loaders)

    /// Ends a row that the loader has filled column by column; columns it
    /// left short get "absent".
    mutating func finishRow() {
        count += 1
        for index in columns.indices where columns[index].kinds.count < count {
            columns[index].kinds.append(Kind.absent.rawValue)
            columns[index].payloads.append(0)
        }
    }

    @inline(__always)
    mutating func appendCell(_ column: Int, kind: Kind, payload: UInt64) {
        columns[column].kinds.append(kind.rawValue)
        columns[column].payloads.append(payload)
    }

    @inline(__always)
    static func slice(offset: Int, length: Int) -> UInt64 {
        UInt64(truncatingIfNeeded: offset) << 32 | UInt64(truncatingIfNeeded: length)
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
    public func record(at row: Int) -> Record {
        precondition(row >= 0 && row < count, "row \(row) is outside the table")
        return Record(schema: schema, values: columns.indices.map { value(column: $0, row: row) })
    }

    /// Whether the cell of `column` at `row` was absent in the data (a JSON
    /// object without that key).
    func isAbsent(column: Int, row: Int) -> Bool {
        columns[column].kinds[row] == Kind.absent.rawValue
    }

    /// The value of one cell.
    func value(column: Int, row: Int) -> Value {
        let payload = columns[column].payloads[row]
        switch Kind(rawValue: columns[column].kinds[row]) ?? .null {
        case .absent, .null: return .null
        case .isFalse: return .bool(false)
        case .isTrue: return .bool(true)
        case .int: return .int(Int(truncatingIfNeeded: payload))
        case .double: return .double(Double(bitPattern: payload))
        case .sourceString: return .string(Self.string(source, payload))
        case .arenaString: return .string(Self.string(arena, payload))
        case .sourceJSON: return Self.json(source, payload)
        case .arenaJSON: return Self.json(arena, payload)
        }
    }

    private static func string(_ bytes: [UInt8], _ payload: UInt64) -> String {
        let offset = Int(payload >> 32)
        let length = Int(payload & 0xFFFF_FFFF)
        return bytes.withUnsafeBufferPointer { buffer in
            String(decoding: UnsafeBufferPointer(rebasing: buffer[offset..<(offset + length)]), as: UTF8.self)
        }
    }

    private static func json(_ bytes: [UInt8], _ payload: UInt64) -> Value {
        let offset = Int(payload >> 32)
        let length = Int(payload & 0xFFFF_FFFF)
        var reader = JSONReader(bytes: Array(bytes[offset..<(offset + length)]))
        return (try? reader.readDocument()) ?? .string(string(bytes, payload))
    }

    /// The first two rows that share a value of `field` (a key), or nil.
    ///
    /// - Complexity: O(*n*) expected; integer keys take a fast path.
    public func firstDuplicate(of field: String) -> (value: Value, first: Int, second: Int)? {
        guard let column = fieldNames.firstIndex(of: field) else { return nil }
        let kinds = columns[column].kinds
        let payloads = columns[column].payloads
        if kinds.allSatisfy({ $0 == Kind.int.rawValue }) {
            // Integer keys: ids usually ascend, which settles it in one pass
            // with no memory; otherwise a sorted copy (8 bytes a row, not a
            // dictionary's 40) shows a repeat as two equal neighbours.
            var ascending = true
            for row in 1..<max(1, count) where Int64(bitPattern: payloads[row]) <= Int64(bitPattern: payloads[row - 1]) {
                ascending = false
                break
            }
            if ascending { return nil }
            let sorted = payloads.map { Int64(bitPattern: $0) }.sorted()
            guard let index = sorted.indices.dropFirst().first(where: { sorted[$0] == sorted[$0 - 1] }) else { return nil }
            let repeated = UInt64(bitPattern: sorted[index])
            var rows: [Int] = []
            for row in 0..<count where payloads[row] == repeated {
                rows.append(row)
                if rows.count == 2 { return (value(column: column, row: rows[0]), rows[0], rows[1]) }
            }
            return nil
        }
        var firstRow: [Value: Int] = [:]
        firstRow.reserveCapacity(count)
        for row in 0..<count {
            let key = value(column: column, row: row)
            if let first = firstRow.updateValue(row, forKey: key) { return (key, first, row) }
        }
        return nil
    }

    // MARK: Changing rows

    /// Stores `record` as the cells of `row` (appending when `row == count`):
    /// its fields by name; fields the table lacks are added.
    private mutating func cells(for record: Record) -> [(kind: Kind, payload: UInt64)] {
        for field in record.schema.names where !fieldNames.contains(field) {
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
        case .string(let text): (.arenaString, arenaSlice(Array(text.utf8)))
        case .array, .object: (.arenaJSON, arenaSlice(Array(value.jsonText.utf8)))
        }
    }

    /// Adds `record` as the last row.
    public mutating func append(_ record: Record) {
        insert(record, at: count)
    }

    /// Inserts `record` as row `row`.
    ///
    /// - Complexity: O(*n*) for *n* rows after `row`.
    public mutating func insert(_ record: Record, at row: Int) {
        precondition(row >= 0 && row <= count, "row \(row) is outside the table")
        let cells = cells(for: record)
        for (index, cell) in cells.enumerated() {
            columns[index].kinds.insert(cell.kind.rawValue, at: row)
            columns[index].payloads.insert(cell.payload, at: row)
        }
        count += 1
    }

    /// Replaces row `row` with `record`.
    public mutating func replace(at row: Int, with record: Record) {
        precondition(row >= 0 && row < count, "row \(row) is outside the table")
        let cells = cells(for: record)
        for (index, cell) in cells.enumerated() {
            // A value that did not change keeps its cell (and an absent key stays absent).
            if let old = Kind(rawValue: columns[index].kinds[row]), old == .absent, record[fieldNames[index]] == .null {
                continue
            }
            columns[index].kinds[row] = cell.kind.rawValue
            columns[index].payloads[row] = cell.payload
        }
    }

    /// Removes rows at `rows` (any order, no repeats).
    ///
    /// - Complexity: O(*n*) for *n* rows.
    public mutating func remove(rows: [Int]) {
        let doomed = Set(rows)
        for index in columns.indices {
            var kept = 0
            for row in 0..<count where !doomed.contains(row) {
                columns[index].kinds[kept] = columns[index].kinds[row]
                columns[index].payloads[kept] = columns[index].payloads[row]
                kept += 1
            }
            columns[index].kinds.removeLast(count - kept)
            columns[index].payloads.removeLast(count - kept)
        }
        count -= doomed.count
    }

    /// Moves row `from` so that it ends up at `to`.
    public mutating func move(from: Int, to: Int) {
        let record = record(at: from)
        let kinds = columns.map { $0.kinds[from] }
        let payloads = columns.map { $0.payloads[from] }
        remove(rows: [from])
        insert(record, at: to)
        for index in columns.indices where index < kinds.count {
            columns[index].kinds[to] = kinds[index]
            columns[index].payloads[to] = payloads[index]
        }
    }
}
