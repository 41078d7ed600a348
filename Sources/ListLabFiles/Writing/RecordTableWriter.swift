import ListLabRecords

/// Writes a ``RecordTable`` back as CSV, NDJSON or a JSON array, into bytes,
/// fields in the table's order.
///
/// A table written in the format it was read from keeps the file as it was
/// wherever nobody changed it: untouched rows are
/// copied byte for byte, with the gaps between them; an edited row keeps the
/// bytes of its unchanged cells (a JSON object its key order and spacing) and
/// writes only the changed cells anew; added rows follow the file's style
/// (line ending, separators). What follows describes a fresh write, used for
/// added rows and for a save into another format.
///
/// CSV: a header row, then a row per record; null is an empty field; a
/// string is quoted when it holds a comma, quote or line break, or when,
/// unquoted, it would read back as something else (empty, a number, a
/// boolean), so that a save and a load give the same records. JSON and
/// NDJSON: fields that were absent stay absent; nested values are written
/// as they were read.
public enum RecordTableWriter {
    /// The file formats.
    public enum Format: String, Sendable, CaseIterable {
        /// Comma-separated values with a header row (RFC 4180).
        case csv
        /// A JSON array of objects.
        case json
        /// Newline-delimited JSON: an object a line.
        case ndjson

        /// The format named by a path's extension (any case), or nil.
        public init?(path: String) {
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
            self.init(rawValue: path[path.index(after: dot)...].lowercased())
        }
    }

    /// The bytes of `table` in `format`.
    ///
    /// - Complexity: O(*n*) for *n* bytes written.
    public static func bytes(of table: RecordTable, as format: Format) -> [UInt8] {
        if let layout = table.layout, layout.format == format {
            return StyledTableWriter(table: table, layout: layout).bytes()
        }
        var output: [UInt8] = []
        output.reserveCapacity(table.source.count + table.arena.count + 64)
        switch format {
        case .csv:
            for (index, name) in table.fieldNames.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeCSVString(Array(name.utf8)[...], to: &output)
            }
            output.append(0x0A)
            for row in 0..<table.count {
                writeCSVRow(table, row, to: &output)
                output.append(0x0A)
            }
        case .ndjson:
            for row in 0..<table.count {
                writeJSONObject(table, row, to: &output)
                output.append(0x0A)
            }
        case .json:
            output.append(UInt8(ascii: "["))
            for row in 0..<table.count {
                output.append(contentsOf: row == 0 ? [0x0A] : [UInt8(ascii: ","), 0x0A])
                writeJSONObject(table, row, to: &output)
            }
            output.append(contentsOf: table.count == 0 ? [UInt8(ascii: "]"), 0x0A] : [0x0A, UInt8(ascii: "]"), 0x0A])
        }
        return output
    }

    /// Writes one row's cells, comma-separated, with no line ending.
    static func writeCSVRow(_ table: RecordTable, _ row: Int, to output: inout [UInt8]) {
        for column in table.columns.indices {
            if column > 0 { output.append(UInt8(ascii: ",")) }
            writeCSVCell(table, column, row, to: &output)
        }
    }

    static func writeCSVCell(_ table: RecordTable, _ column: Int, _ row: Int, to output: inout [UInt8]) {
        let payload = table.columns[column].payload(row)
        switch table.kind(column: column, row: row) {
        case .absent, .null: break
        case .isTrue: output.append(contentsOf: "true".utf8)
        case .isFalse: output.append(contentsOf: "false".utf8)
        case .int: output.append(contentsOf: String(Int(truncatingIfNeeded: payload)).utf8)
        case .double: output.append(contentsOf: Value.jsonNumber(Double(bitPattern: payload)).utf8)
        case .sourceNumber, .arenaNumber: output.append(contentsOf: table.bytes(column: column, row: row))
        case .sourceString, .arenaString, .sourceJSON, .arenaJSON:
            writeCSVString(table.bytes(column: column, row: row), to: &output)
        }
    }

    static func writeCSVString(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        if !needsQuotes(bytes) {
            output.append(contentsOf: bytes)
            return
        }
        output.append(UInt8(ascii: "\""))
        for byte in bytes {
            if byte == UInt8(ascii: "\"") { output.append(UInt8(ascii: "\"")) }
            output.append(byte)
        }
        output.append(UInt8(ascii: "\""))
    }

    /// Whether a string must be quoted to read back as the same string.
    private static func needsQuotes(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first else { return true }
        for byte in bytes where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D
        {
            return true
        }
        if first == UInt8(ascii: "t") || first == UInt8(ascii: "f") {
            return bytes.elementsEqual("true".utf8) || bytes.elementsEqual("false".utf8)
        }
        // U+FEFF first: at the start of a file a reader takes it for a byte order mark and drops it.
        if first == 0xEF { return bytes.starts(with: [0xEF, 0xBB, 0xBF]) }
        guard (first >= 48 && first <= 57) || first == UInt8(ascii: "-") else { return false }
        return Array(bytes).withUnsafeBufferPointer { NumberScanner.isNumber($0, 0, $0.count) }
    }

    static func writeJSONObject(
        _ table: RecordTable, _ row: Int, separator: [UInt8] = [UInt8(ascii: ",")],
        colon: [UInt8] = [UInt8(ascii: ":")],
        to output: inout [UInt8]
    ) {
        output.append(UInt8(ascii: "{"))
        var first = true
        for column in table.columns.indices where !table.isAbsent(column: column, row: row) {
            if !first { output.append(contentsOf: separator) }
            first = false
            JSONStringWriter.append(Array(table.fieldNames[column].utf8)[...], to: &output)
            output.append(contentsOf: colon)
            writeJSONCell(table, column, row, to: &output)
        }
        output.append(UInt8(ascii: "}"))
    }

    static func writeJSONCell(_ table: RecordTable, _ column: Int, _ row: Int, to output: inout [UInt8]) {
        let payload = table.columns[column].payload(row)
        switch table.kind(column: column, row: row) {
        case .absent, .null: output.append(contentsOf: "null".utf8)
        case .isTrue: output.append(contentsOf: "true".utf8)
        case .isFalse: output.append(contentsOf: "false".utf8)
        case .int: output.append(contentsOf: String(Int(truncatingIfNeeded: payload)).utf8)
        case .double: output.append(contentsOf: Value.jsonNumber(Double(bitPattern: payload)).utf8)
        case .sourceNumber, .arenaNumber, .sourceJSON, .arenaJSON:
            output.append(contentsOf: table.bytes(column: column, row: row))
        case .sourceString, .arenaString: JSONStringWriter.append(table.bytes(column: column, row: row), to: &output)
        }
    }

}
