import Interruption
import ListLabCore
import ListLabRecords

/// Reads RFC 4180 CSV into a ``RecordTable``: a header row of field names,
/// then one record per row; quoted fields may hold commas, quotes (doubled)
/// and line breaks; lines end in LF or CRLF; a UTF-8 byte order mark is
/// skipped; blank lines are skipped.
///
/// Unquoted fields are typed by their content: empty is null, `true` and
/// `false` are booleans, numbers written as JSON writes them are numbers
/// (kept as their text, so a save writes `1.10` as `1.10`), anything else
/// is text. Quoted fields are always text (so `"42"`
/// and `""` survive a save as text), and so are numbers with leading zeros.
///
/// This is a byte-level parser of our own. Measured on this project's
/// 2-core machine on a 1,000,000-row, 69 MB CSV, of the packages this
/// machine can resolve, yaslab/CSV.swift read 448,000 rows/s (from a String;
/// 254,000 streaming from the file) and SwiftCSV 214,000 at 572 MiB, while a plain
/// byte-level parser read 2,370,000; the target is 3x faster than
/// `sqlite3 .import` (about a million rows a second), which only the
/// byte-level parser meets. It adds what that baseline lacked: errors with
/// line and column. `Scripts/bench-load` keeps the figure against sqlite3.
public enum CSVReader {
    /// The records of the CSV text `bytes`, read from the file `file`.
    ///
    /// - Throws: ``LoadError`` at `file:line:column` for invalid UTF-8, an
    ///   unterminated quoted field, text after a closing quote, a row with
    ///   the wrong number of fields, or a header that repeats or omits a
    ///   name; `file: empty file` when there is no header.
    /// - Complexity: O(*n*) for *n* bytes.
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - file: How messages name the file.
    ///   - progress: Told, every 4,096 rows, how much of the bytes is read
    ///     (0 to 1), for a progress line.
    public static func read(_ bytes: [UInt8], file: String, progress: (Double) -> Void = { _ in }) throws(LoadError)
        -> RecordTable
    {
        try read(bytes, file: file, progress: progress, watcher: nil)
    }

    /// ``read(_:file:progress:)``, with `watcher` shown the rows read every
    /// 4,096 rows.
    static func read(
        _ bytes: [UInt8], file: String, progress: (Double) -> Void = { _ in }, watcher: (any RowsReadWatcher)?,
        splitting: ReadSplitting = .byMachine
    ) throws(LoadError) -> RecordTable {
        var result: Result<RecordTable, LoadError> = .failure(LoadError(file: file, message: "empty file"))
        bytes.withUnsafeBufferPointer { buffer in
            result = Result { () throws(LoadError) in
                try parse(buffer, all: bytes, file: file, progress: progress, watcher: watcher, splitting: splitting)
            }
        }
        return try result.get()
    }

    private static func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, all: [UInt8], file: String, progress: (Double) -> Void,
        watcher: (any RowsReadWatcher)?,
        splitting: ReadSplitting
    ) throws(LoadError) -> RecordTable {
        let validators = splitting.pieces(forBytes: bytes.count)
        if let bad = UTF8Validation.firstInvalidOffset(bytes, pieces: validators) {
            throw LoadError(
                file: file, bytes: bytes, offset: bad, message: "invalid UTF-8 (the file must be UTF-8 text)")
        }
        var cursor = Cursor(bytes: bytes, file: file)
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { cursor.index = 3 }
        cursor.skipBlankLines()
        guard cursor.index < bytes.count else {
            throw LoadError(file: file, message: "empty file (expected a header row of field names)")
        }
        // The header, its names in a table of names as the JSON reader keeps
        // its keys (a header of 100,000 names went through a Set<String> and
        // two schemas built from Strings: 40 ms).
        var nameTable = FieldNameTable()
        var nameStarts: [Int] = []
        let headerStart = cursor.index
        var headerEnd = headerStart
        repeat {
            let start = cursor.index
            let field = try cursor.field()
            headerEnd = cursor.index
            // The name's own bytes: a doubled quote is one.
            guard (field.escaped ? cursor.unescaped.count : field.end - field.start) <= ReaderLimits.nameLength else {
                throw cursor.error(at: start, "a field name longer than \(ReaderLimits.nameLength) bytes in the header")
            }
            guard nameStarts.count < ReaderLimits.fieldCount else {
                throw cursor.error(at: start, "more than \(ReaderLimits.fieldCount) fields in the header")
            }
            // (An escaped field has a doubled quote between its quotes: never empty.)
            guard field.end > field.start else {
                throw cursor.error(at: start, "empty field name in the header")
            }
            let isNew =
                field.escaped
                ? cursor.unescaped.withUnsafeBufferPointer { Self.add($0, to: &nameTable) }
                : Self.add(UnsafeBufferPointer(rebasing: bytes[field.start..<field.end]), to: &nameTable)
            guard isNew else {
                // A name written two ways before this one is the first error in the header.
                if !nameTable.namesAreASCII {
                    let names = nameTable.allNames()
                    if let alike = NamesAlike.first(in: names) {
                        throw Self.namesAlikeError(names, alike, at: nameStarts, cursor)
                    }
                }
                let name =
                    field.escaped
                    ? String(decoding: cursor.unescaped, as: UTF8.self)
                    : String(decoding: UnsafeBufferPointer(rebasing: bytes[field.start..<field.end]), as: UTF8.self)
                throw cursor.error(at: start, "the header names '\(VisibleText.escaped(name))' twice")
            }
            nameStarts.append(start)
            if nameStarts.count == ReaderLimits.manyFields {
                nameTable.reserveCapacity(
                    ReaderLimits.fieldCount / 8 * 7, nameLength: min(field.end - field.start, 24) + 8)
            }
        } while cursor.endOfField()
        let names = nameTable.allNames()
        // Names that differ in their bytes may be one name as Strings compare them.
        if !nameTable.namesAreASCII, let alike = NamesAlike.first(in: names) {
            throw Self.namesAlikeError(names, alike, at: nameStarts, cursor)
        }
        var table = RecordTable(fieldNames: [], source: all)
        table.reserveColumns(names.count)
        for _ in names { table.addUnnamedColumn() }
        let watchedColumn = watcher.flatMap { names.firstIndex(of: $0.field) }
        // A large body on several threads, the watcher shown the first piece's rows as they come.
        let watching = watcher.flatMap { watcher in watchedColumn.map { (watcher, $0) } }
        if try readInParallel(
            bytes, body: cursor.index..<bytes.count, columns: names.count, file: file, into: &table,
            splitting: splitting, progress: progress,
            watching: watching.map { ($0.0, $0.1, all) })
        {
            table.finishReading(format: .csv, header: headerStart..<headerEnd, names: nameTable, strings: names)
            return table
        }
        watcher?.beginRead(pieces: 1)
        // Room for the rows the file's size suggests; a file of few rows
        // (a wide header) keeps each column's cells inline instead.
        let expectedRows = bytes.count / max(16, 8 * names.count)
        if expectedRows > 16 { table.reserveCapacity(expectedRows) }
        // The rows; every 4,096 a look at whether Ctrl-C asked to stop (one atomic load).
        var rowCount = 0
        while true {
            cursor.skipBlankLines()
            guard cursor.index < bytes.count else { break }
            rowCount += 1
            if rowCount & 4095 == 0 {
                if Interruption.isRequested { throw LoadError.interrupted(file: file) }
                progress(Double(cursor.index) / Double(bytes.count))
                watcher?.rowsRead(piece: 0, in: table, fieldColumn: watchedColumn)
            }
            let rowStart = cursor.index
            var rowEnd = rowStart
            var column = 0
            repeat {
                let start = cursor.index
                let field = try cursor.field()
                rowEnd = cursor.index
                guard column < names.count else {
                    throw cursor.error(at: start, "expected \(names.count) fields (as in the header), found more")
                }
                if field.quoted {
                    if field.escaped {
                        table.appendCell(column, kind: .arenaString, payload: table.arenaSlice(cursor.unescaped))
                    } else {
                        table.appendCell(
                            column, kind: .sourceString,
                            payload: RecordTable.slice(offset: field.start, length: field.end - field.start))
                    }
                } else {
                    appendTyped(&table, column, bytes, field.start, field.end)
                }
                column += 1
            } while cursor.endOfField()
            guard column == names.count else {
                throw cursor.error(
                    at: cursor.lineEndBefore(cursor.index),
                    "expected \(names.count) fields (as in the header), found \(column) in the row starting at line "
                        + "\(cursor.line(of: rowStart))"
                )
            }
            table.finishRow(span: rowStart..<rowEnd)
        }
        table.finishReading(format: .csv, header: headerStart..<headerEnd, names: nameTable, strings: names)
        return table
    }

    /// The error for the header's names at `alike` (places in `names`, which
    /// start at `starts`), one name written two ways in Unicode: said where the second stands.
    private static func namesAlikeError(
        _ names: [String], _ alike: (first: Int, second: Int), at starts: [Int], _ cursor: Cursor
    ) -> LoadError {
        cursor.error(
            at: starts[alike.second],
            "the header names \(NamesAlike.described(names[alike.first], names[alike.second])), one name written two "
                + "ways in Unicode: write it one way"
        )
    }

    /// Adds the header name spelled `name` to `table`; false when it is there already.
    private static func add(_ name: UnsafeBufferPointer<UInt8>, to table: inout FieldNameTable) -> Bool {
        table.position(addingIfNew: name, hash: table.hash(name)).isNew
    }

    /// The fields of one row that a read found at `span` of `bytes`: each
    /// field's text as written (quotes included) and its value, typed as
    /// ``read(_:file:)`` types it. For writing an edited row in place.
    static func fields(of bytes: [UInt8], in span: Range<Int>) -> [(raw: Range<Int>, value: Value)] {
        bytes.withUnsafeBufferPointer { buffer in
            var cursor = Cursor(bytes: UnsafeBufferPointer(rebasing: buffer[..<span.upperBound]), file: "")
            cursor.index = span.lowerBound
            var fields: [(raw: Range<Int>, value: Value)] = []
            repeat {
                guard let field = try? cursor.field() else { break }
                if field.quoted {
                    let text =
                        field.escaped
                        ? String(decoding: cursor.unescaped, as: UTF8.self)
                        : String(
                            decoding: UnsafeBufferPointer(rebasing: buffer[field.start..<field.end]), as: UTF8.self)
                    fields.append(((field.start - 1)..<(field.end + 1), .string(text)))
                } else {
                    fields.append((field.start..<field.end, typedValue(buffer, field.start, field.end)))
                }
            } while cursor.endOfField()
            return fields
        }
    }

    /// The value of an unquoted field, as ``appendTyped(_:_:_:_:_:)`` stores it.
    private static func typedValue(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Value {
        var table = RecordTable(fieldNames: ["field"])
        appendTyped(&table, 0, bytes, start, end)
        if table.kind(column: 0, row: 0) == .sourceString || table.kind(column: 0, row: 0) == .sourceNumber {
            let text = UnsafeBufferPointer(rebasing: bytes[start..<end])
            return table.kind(column: 0, row: 0) == .sourceString
                ? .string(String(decoding: text, as: UTF8.self)) : NumberScanner.value(bytes, start, end)
        }
        return table.value(column: 0, row: 0)
    }

    /// Appends an unquoted field, typed by its content.
    @inline(__always)
    private static func appendTyped(
        _ table: inout RecordTable, _ column: Int, _ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int
    ) {
        let (kind, payload) = typed(bytes, start, end)
        table.appendCell(column, kind: kind, payload: payload)
    }

    /// The cell of an unquoted field, typed by its content.
    @inline(__always)
    static func typed(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (RecordTable.Kind, UInt64) {
        let length = end - start
        if length == 0 { return (.null, 0) }
        let first = bytes[start]
        if (first >= 48 && first <= 57) || first == UInt8(ascii: "-") {
            switch NumberScanner.reading(bytes, start, end) {
            case .integer(let integer): return (.int, UInt64(bitPattern: Int64(integer)))
            // Kept as its text: `1.10` and `1e3` are saved as written.
            case .number: return (.sourceNumber, RecordTable.slice(offset: start, length: length))
            case .notANumber: break
            }
        } else if length == 4, first == UInt8(ascii: "t"), bytes[start + 1] == UInt8(ascii: "r"),
            bytes[start + 2] == UInt8(ascii: "u"), bytes[start + 3] == UInt8(ascii: "e")
        {
            return (.isTrue, 0)
        } else if length == 5, first == UInt8(ascii: "f"), bytes[start + 1] == UInt8(ascii: "a"),
            bytes[start + 2] == UInt8(ascii: "l"), bytes[start + 3] == UInt8(ascii: "s"),
            bytes[start + 4] == UInt8(ascii: "e")
        {
            return (.isFalse, 0)
        }
        return (.sourceString, RecordTable.slice(offset: start, length: length))
    }

    /// A position in the CSV text.
    struct Cursor {
        let bytes: UnsafeBufferPointer<UInt8>
        let file: String
        var index = 0
        /// The text of the last quoted field that had doubled quotes.
        var unescaped: [UInt8] = []

        init(bytes: UnsafeBufferPointer<UInt8>, file: String) {
            self.bytes = bytes
            self.file = file
        }

        /// One field: for a quoted field, the bytes between the quotes.
        struct Field {
            var start: Int
            var end: Int
            var quoted: Bool
            var escaped: Bool
        }

        /// Reads one field, leaving the cursor on the comma, line break or end after it.
        mutating func field() throws(LoadError) -> Field {
            let count = bytes.count
            guard index < count, bytes[index] == UInt8(ascii: "\"") else {
                let start = index
                while index < count {
                    let byte = bytes[index]
                    if byte == UInt8(ascii: ",") || byte == 0x0A || byte == 0x0D { break }
                    index += 1
                }
                return Field(start: start, end: index, quoted: false, escaped: false)
            }
            let open = index
            index += 1
            let start = index
            var escaped = false
            while true {
                guard index < count else { throw error(at: open, "unterminated quoted field") }
                if bytes[index] == UInt8(ascii: "\"") {
                    if index + 1 < count, bytes[index + 1] == UInt8(ascii: "\"") {
                        if !escaped {
                            escaped = true
                            unescaped = Array(bytes[start..<index])
                        }
                        unescaped.append(UInt8(ascii: "\""))
                        index += 2
                        continue
                    }
                    break
                }
                if escaped { unescaped.append(bytes[index]) }
                index += 1
            }
            let end = index
            index += 1
            if index < count {
                let next = bytes[index]
                guard next == UInt8(ascii: ",") || next == 0x0A || next == 0x0D else {
                    throw error(at: index, "expected ',' or the end of the line after a closing quote")
                }
            }
            return Field(start: start, end: end, quoted: true, escaped: escaped)
        }

        /// Steps over a comma (true: another field follows) or a line
        /// ending (false: the row is done).
        mutating func endOfField() -> Bool {
            guard index < bytes.count else { return false }
            switch bytes[index] {
            case UInt8(ascii: ","):
                index += 1
                return true
            case 0x0D:
                index += 1
                if index < bytes.count, bytes[index] == 0x0A { index += 1 }
                return false
            default:
                index += 1
                return false
            }
        }

        mutating func skipBlankLines() {
            while index < bytes.count, bytes[index] == 0x0A || bytes[index] == 0x0D { index += 1 }
        }

        /// The offset of the line break that ends the row before `offset` (for a short row's error).
        func lineEndBefore(_ offset: Int) -> Int {
            var position = offset
            while position > 0, bytes[position - 1] == 0x0A || bytes[position - 1] == 0x0D { position -= 1 }
            return position
        }

        func line(of offset: Int) -> Int {
            var line = 1
            for position in 0..<offset where bytes[position] == 0x0A { line += 1 }
            return line
        }

        func error(at offset: Int, _ message: String) -> LoadError {
            LoadError(file: file, bytes: bytes, offset: offset, message: message)
        }
    }
}
