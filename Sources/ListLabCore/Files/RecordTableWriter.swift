/// Writes a ``RecordTable`` back as CSV, NDJSON or a JSON array, into bytes,
/// fields in the table's order.
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
        case csv, json, ndjson

        /// The format named by a path's extension (any case), or nil.
        public init?(path: String) {
            guard let dot = path.lastIndex(of: "."), !path[dot...].contains("/") else { return nil }
            self.init(rawValue: path[path.index(after: dot)...].lowercased())
        }
    }

    /// The bytes of `table` in `format`.
    public static func bytes(of table: RecordTable, as format: Format) -> [UInt8] {
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
                for column in table.columns.indices {
                    if column > 0 { output.append(UInt8(ascii: ",")) }
                    writeCSVCell(table, column, row, to: &output)
                }
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

    private static func bytesOf(_ table: RecordTable, _ kind: RecordTable.Kind, _ payload: UInt64) -> ArraySlice<UInt8> {
        let offset = Int(payload >> 32)
        let length = Int(payload & 0xFFFF_FFFF)
        let storage = kind == .sourceString || kind == .sourceJSON ? table.source : table.arena
        return storage[offset..<(offset + length)]
    }

    private static func writeCSVCell(_ table: RecordTable, _ column: Int, _ row: Int, to output: inout [UInt8]) {
        let payload = table.columns[column].payloads[row]
        let kind = RecordTable.Kind(rawValue: table.columns[column].kinds[row]) ?? .null
        switch kind {
        case .absent, .null: break
        case .isTrue: output.append(contentsOf: "true".utf8)
        case .isFalse: output.append(contentsOf: "false".utf8)
        case .int: output.append(contentsOf: String(Int(truncatingIfNeeded: payload)).utf8)
        case .double: output.append(contentsOf: Value.jsonNumber(Double(bitPattern: payload)).utf8)
        case .sourceString, .arenaString: writeCSVString(bytesOf(table, kind, payload), to: &output)
        case .sourceJSON, .arenaJSON: writeCSVString(bytesOf(table, kind, payload), to: &output)
        }
    }

    private static func writeCSVString(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
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
        for byte in bytes where byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == 0x0A || byte == 0x0D {
            return true
        }
        if first == UInt8(ascii: "t") || first == UInt8(ascii: "f") {
            return bytes.elementsEqual("true".utf8) || bytes.elementsEqual("false".utf8)
        }
        guard (first >= 48 && first <= 57) || first == UInt8(ascii: "-") else { return false }
        return Array(bytes).withUnsafeBufferPointer { buffer in
            NumberScanner.integer(buffer, 0, buffer.count) != nil || NumberScanner.double(buffer, 0, buffer.count) != nil
        }
    }

    private static func writeJSONObject(_ table: RecordTable, _ row: Int, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "{"))
        var first = true
        for column in table.columns.indices where !table.isAbsent(column: column, row: row) {
            if !first { output.append(UInt8(ascii: ",")) }
            first = false
            writeJSONString(Array(table.fieldNames[column].utf8)[...], to: &output)
            output.append(UInt8(ascii: ":"))
            let payload = table.columns[column].payloads[row]
            let kind = RecordTable.Kind(rawValue: table.columns[column].kinds[row]) ?? .null
            switch kind {
            case .absent, .null: output.append(contentsOf: "null".utf8)
            case .isTrue: output.append(contentsOf: "true".utf8)
            case .isFalse: output.append(contentsOf: "false".utf8)
            case .int: output.append(contentsOf: String(Int(truncatingIfNeeded: payload)).utf8)
            case .double: output.append(contentsOf: Value.jsonNumber(Double(bitPattern: payload)).utf8)
            case .sourceString, .arenaString: writeJSONString(bytesOf(table, kind, payload), to: &output)
            case .sourceJSON, .arenaJSON: output.append(contentsOf: bytesOf(table, kind, payload))
            }
        }
        output.append(UInt8(ascii: "}"))
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    private static func writeJSONString(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0xF)])
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
