import Interruption
import ListLabCore
import ListLabRecords

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif
/// Reads a JSON array of objects, or NDJSON (one object per line), into a
/// ``RecordTable``, with errors at `file:line:column`.
///
/// Fields come in the order of first appearance; an object without a key
/// leaves that cell absent (and a save leaves it out again). Strings without
/// escapes stay slices of the file; nested arrays and objects are kept as
/// their JSON text. A key repeated inside one object is an error, not a
/// silent last-one-wins.
///
/// Our own parser, like ``CSVReader``: the target is to load within 2x of
/// the CSV load (about 2,000,000 rows/s). Measured on this project's 2-core
/// machine on the same 1,000,000 rows as a 122 MB JSON array, Foundation's
/// `JSONDecoder` into `Codable` structs read 326,000 rows/s at 537 MiB,
/// `JSONDecoder` per NDJSON line 183,000 rows/s, and `JSONSerialization`
/// 118,000 rows/s at 3.2 GiB: none comes near. `Scripts/bench-load` keeps
/// this reader's figures against the CSV load.
public enum JSONTableReader {
    /// The shape of the file.
    public enum Format: Sendable {
        /// A JSON array of objects (`.json`).
        case array
        /// One JSON object per line (`.ndjson`).
        case lines
    }

    /// The records of `bytes`, read from `file`.
    ///
    /// A UTF-8 byte order mark at the start is read past, and kept by a save.
    ///
    /// - Throws: ``LoadError`` for invalid UTF-8, a top level that is not an
    ///   array (JSON), an element or line that is not an object, truncated
    ///   input, a repeated key, a key written two ways in Unicode (`é` as one
    ///   scalar in one object and as `e` and an accent in another, as a CSV
    ///   header may not name it twice), nesting deeper than 256 levels, or
    ///   an empty file.
    /// - Complexity: O(*n*) for *n* bytes.
    /// - Parameters:
    ///   - bytes: The file's bytes.
    ///   - file: How messages name the file.
    ///   - format: A JSON array of objects, or NDJSON (an object a line).
    ///   - progress: Told, every 4,096 objects, how much of the bytes is
    ///     read (0 to 1), for a progress line.
    public static func read(_ bytes: [UInt8], file: String, format: Format, progress: (Double) -> Void = { _ in })
        throws(LoadError) -> RecordTable
    {
        try read(bytes, file: file, format: format, progress: progress, watcher: nil)
    }

    /// ``read(_:file:format:progress:)``, with `watcher` shown the rows
    /// read every 4,096 objects; a large file is read on several threads as
    /// `splitting` says (see ``readInParallel``).
    static func read(
        _ bytes: [UInt8], file: String, format: Format, progress: (Double) -> Void = { _ in },
        watcher: (any RowsReadWatcher)?,
        splitting: ReadSplitting = .byMachine
    ) throws(LoadError) -> RecordTable {
        var result: Result<RecordTable, LoadError> = .failure(LoadError(file: file, message: "empty file"))
        bytes.withUnsafeBufferPointer { buffer in
            result = Result { () throws(LoadError) in
                let pieces = splitting.pieces(forBytes: buffer.count)
                var table: RecordTable
                var fieldNames: FieldNameTable
                do throws(LoadError) {
                    let parallel = try readInParallel(
                        buffer, all: bytes, file: file, format: format, pieces: pieces, progress: progress,
                        watcher: watcher)
                    if let parallel {
                        (table, fieldNames) = parallel
                    } else {
                        (table, fieldNames) = try readSerially(
                            buffer, all: bytes, file: file, format: format, progress: progress, watcher: watcher)
                    }
                } catch {
                    // A read checks the UTF-8 of the strings it reads, and any other byte past 0x7F
                    // is an error: a file read whole is valid UTF-8. One that is not says where its
                    // first invalid byte is, before any other error.
                    if !error.wasInterrupted, let bad = UTF8Validation.firstInvalidOffset(buffer, pieces: pieces) {
                        throw LoadError(
                            file: file, bytes: buffer, offset: bad,
                            message: "invalid UTF-8 (the file must be UTF-8 text)")
                    }
                    throw error
                }
                let names = fieldNames.allNames()
                if !fieldNames.namesAreASCII,
                    let (first, second) = NamesAlike.first(in: names).map({ (names[$0], names[$1]) })
                {
                    let message =
                        "the keys \(NamesAlike.described(first, second)) are one name written two ways in Unicode: "
                        + "write it one way"
                    guard let offset = keyOffset(second, in: buffer) else {
                        throw LoadError(file: file, message: message)
                    }
                    throw LoadError(file: file, bytes: buffer, offset: offset, message: message)
                }
                table.finishReading(format: format == .array ? .json : .ndjson, names: fieldNames, strings: names)
                return table
            }
        }
        return try result.get()
    }

    /// The records of `bytes` read on this thread, and their keys' table.
    private static func readSerially(
        _ buffer: UnsafeBufferPointer<UInt8>, all: [UInt8], file: String, format: Format, progress: (Double) -> Void,
        watcher: (any RowsReadWatcher)?
    ) throws(LoadError) -> (RecordTable, FieldNameTable) {
        var parser = Parser(bytes: buffer, file: file, table: RecordTable(fieldNames: [], source: all))
        watcher?.beginRead(pieces: 1)
        let checkpoint = { (parser: borrowing Parser) in parser.checkpoint(progress: progress, watcher: watcher) }
        switch format {
        case .array: try parser.readArrayDocument(checkpoint: checkpoint)
        case .lines: try parser.readLinesDocument(checkpoint: checkpoint)
        }
        return (parser.table, parser.fieldNames)
    }

    /// Where the key spelled `name` first stands in `bytes`, in quotes and
    /// followed by `:`, when it is written without escapes and is short
    /// enough to look for; nil else.
    private static func keyOffset(_ name: String, in bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        let quoted = Array(("\"" + name + "\"").utf8)
        guard quoted.count <= 258 else { return nil }
        var rest = bytes[...]
        while let found = rest.firstRange(of: quoted) {
            var after = found.upperBound
            while after < bytes.count, bytes[after] == 0x20 || bytes[after] == 0x09 { after += 1 }
            if after < bytes.count, bytes[after] == UInt8(ascii: ":") { return found.lowerBound }
            rest = bytes[found.upperBound...]
        }
        return nil
    }

    struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        let file: String
        var table: RecordTable
        var index = 0
        var fieldNames = FieldNameTable()
        /// The key bytes (offset, length into the source or nil for escaped
        /// keys) by position in the previous object, to skip hashing.
        var previousKeys: [(start: Int, length: Int, column: Int)] = []
        /// The keys of the previous object (`previousKeys` may hold more, from
        /// objects before it).
        var previousKeyCount = 0
        /// Whether the key just read was the previous object's at its place.
        var keyWasPrevious = false
        /// The bytes before each value of the previous object, from its `{`
        /// or the end of the value before (`{"id":`, `,"name":`), with the
        /// value's column; `separators[..<previousKeyCount]` are its own.
        var separators: [(start: Int, length: Int, column: Int)] = []
        /// The previous object's bytes from its last value's end to its `}`.
        var closer = (start: 0, length: 0)
        /// Whether an object is compared with the previous one (false reads
        /// every object byte by byte: the reference the comparison is tested by).
        var comparesWithPreviousObject = true
        var scratch: [UInt8] = []
        /// NDJSON: an object ends with its line, so spaces inside it stop at a line break.
        var stopsAtLineBreak = false
        /// The objects read so far.
        var rowCount = 0
        /// The empty cells stored so far between a key's records, and how many the file may have.
        var emptyCells = 0
        var emptyCellLimit: Int
        /// Whether this reads one piece of a file read on several threads,
        /// which gives way to the serial read at the first sign of a file of
        /// many keys (their limits are the whole file's).
        var readsAPiece = false
        /// Where the objects whose rows the first object's size foretells
        /// end: the bytes' end, or the whole file's for the first piece of a
        /// read on several threads (whose columns then take the others' cells).
        var rowsEnd: Int

        init(bytes: UnsafeBufferPointer<UInt8>, file: String, table: RecordTable) {
            self.bytes = bytes
            self.file = file
            self.table = table
            self.table.markAsReaders()
            emptyCellLimit = ReaderLimits.emptyCells(forFileOf: bytes.count)
            rowsEnd = bytes.count
            // A UTF-8 byte order mark, as some editors write one: read past it (a save keeps it).
            if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { index = 3 }
        }

        mutating func readArrayDocument(checkpoint: (borrowing Parser) -> Void) throws(LoadError) {
            skipSpace()
            guard index < bytes.count else {
                throw LoadError(file: file, message: "empty file (expected a JSON array of objects)")
            }
            try readArrayOpening()
            skipSpace()
            if peek(UInt8(ascii: "]")) {
                index += 1
                skipSpace()
                guard index == bytes.count else { throw error(at: index, "unexpected text after the array") }
            } else {
                try readArrayObjects(endingTheArray: true, checkpoint: checkpoint)
            }
        }

        /// Reads the array's `[` at `index`.
        mutating func readArrayOpening() throws(LoadError) {
            guard peek(UInt8(ascii: "[")) else {
                let found = describeValue(at: index)
                let hint = peek(UInt8(ascii: "{")) ? " (for one object per line, name the file .ndjson)" : ""
                throw error(at: index, "expected a JSON array of objects at the top level, found \(found)\(hint)")
            }
            index += 1
        }

        /// Reads objects and the commas between them, from `index`. When
        /// `endingTheArray`, up to the array's `]` and the end of the bytes;
        /// else (a piece of a read on several threads, whose bytes end where
        /// the next piece's first object begins) up to the end of the bytes
        /// after an object, its comma and any spaces, exactly where the
        /// serial read passes from one object to the next.
        mutating func readArrayObjects(endingTheArray: Bool, checkpoint: (borrowing Parser) -> Void) throws(LoadError) {
            while true {
                skipSpace()
                try readObjectRow()
                if rowCount & 4095 == 0 { lend(to: checkpoint) }
                skipSpace()
                guard index < bytes.count else { throw error(at: index, "unexpected end of input: unterminated array") }
                if bytes[index] == UInt8(ascii: ",") {
                    index += 1
                    guard !endingTheArray else { continue }
                    skipSpace()
                    if index == bytes.count { return }
                    continue
                }
                guard endingTheArray, bytes[index] == UInt8(ascii: "]") else {
                    throw error(at: index, "expected ',' or ']' after an object")
                }
                index += 1
                break
            }
            skipSpace()
            guard index == bytes.count else { throw error(at: index, "unexpected text after the array") }
        }

        mutating func readLinesDocument(checkpoint: (borrowing Parser) -> Void) throws(LoadError) {
            skipSpace()
            guard index < bytes.count else {
                throw LoadError(file: file, message: "empty file (expected one JSON object per line)")
            }
            try readLines(checkpoint: checkpoint)
        }

        /// Reads objects a line each from `index` (past the first line's
        /// start, or at a line's start) to the end.
        mutating func readLines(checkpoint: (borrowing Parser) -> Void) throws(LoadError) {
            stopsAtLineBreak = true
            skipLineBreaks()
            while index < bytes.count {
                try readObjectRow()
                if rowCount & 4095 == 0 { lend(to: checkpoint) }
                skipSpace()
                guard index == bytes.count || bytes[index] == 0x0A || bytes[index] == 0x0D else {
                    throw error(
                        at: index, "expected the end of the line after the object (NDJSON holds one object per line)")
                }
                skipLineBreaks()
            }
        }

        /// Steps over line breaks and spaces between NDJSON's objects.
        mutating func skipLineBreaks() {
            while index < bytes.count,
                bytes[index] == 0x0A || bytes[index] == 0x0D || bytes[index] == 0x20 || bytes[index] == 0x09
            {
                index += 1
            }
        }

        /// Reads one object as a row; every 4,096 rows, looks at whether
        /// Ctrl-C asked to stop (one atomic load).
        ///
        /// Most objects are written as the previous one was, but for their
        /// values: the bytes between two values (`,"name":`), and from the
        /// last value to the `}`, are compared whole with the previous
        /// object's, which were read as a key at its place. A difference
        /// goes on with the byte-by-byte read from there.
        mutating func readObjectRow() throws(LoadError) {
            rowCount += 1
            if rowCount & 4095 == 0, Interruption.isRequested { throw LoadError.interrupted(file: file) }
            guard index < bytes.count else { throw error(at: index, "unexpected end of input: expected an object") }
            guard bytes[index] == UInt8(ascii: "{") else {
                throw error(at: index, "expected an object, found \(describeValue(at: index))")
            }
            let row = table.count
            let objectStart = index
            var position = 0
            defer { previousKeyCount = position }
            while comparesWithPreviousObject, position < previousKeyCount, position < separators.count {
                let separator = separators[position]
                guard index + separator.length <= bytes.count,
                    sameBytes(at: index, and: separator.start, length: separator.length)
                else { break }
                index += separator.length
                // (More spaces than the previous object had before the value: the read steps over them too.)
                skipSpace()
                try readCell(separator.column)
                position += 1
            }
            if comparesWithPreviousObject, position > 0, position == previousKeyCount,
                index + closer.length <= bytes.count,
                sameBytes(at: index, and: closer.start, length: closer.length)
            {
                index += closer.length
            } else {
                try readObjectFields(row: row, position: &position)
            }
            table.finishRow(span: objectStart..<index)
            if rowCount == 1 { reserveRows(likeFirst: index - objectStart) }
        }

        /// Reads an object's fields from `index` byte by byte: from its `{`
        /// when `position` is 0, else after the value of field `position - 1`
        /// (the fields before being the previous object's at their places).
        /// Keeps the bytes before each value, and after the last, for the
        /// next object's comparison.
        mutating func readObjectFields(row: Int, position: inout Int) throws(LoadError) {
            var separatorStart = index
            var inShape = true
            if position == 0 {
                index += 1
                skipSpace()
                if peek(UInt8(ascii: "}")) {
                    index += 1
                    return
                }
            } else if try !fieldFollows() {
                closer = (separatorStart, index - separatorStart)
                return
            }
            while true {
                skipSpace()
                guard peek(UInt8(ascii: "\"")) else {
                    throw index < bytes.count
                        ? error(at: index, "expected a field name in quotes")
                        : error(at: index, "unexpected end of input: unterminated object")
                }
                let keyStart = index
                let column = try readKey(position: position)
                // A key that is the previous object's at its place, as all before it were, is
                // neither repeated here (the previous object's were not) nor far from its
                // last record (the row before).
                inShape = inShape && keyWasPrevious && position < previousKeyCount
                let end = inShape ? row : table.cellEnd(column: column)
                if end > row {
                    throw error(
                        at: keyStart, "the object repeats the key '\(VisibleText.escaped(fieldNames.name(column)))'")
                }
                if end > 0, end < row {
                    // The rows between this key's last record and this one are stored, empty.
                    emptyCells += row - end
                    if emptyCells > emptyCellLimit {
                        throw error(
                            at: keyStart,
                            "the key '\(VisibleText.escaped(fieldNames.name(column)))' is \(row - end + 1) records "
                                + "after its last: keys this far apart "
                                + "would store more than \(emptyCellLimit) empty cells between them, more than twice "
                                + "the file's size"
                        )
                    }
                }
                skipSpace()
                guard peek(UInt8(ascii: ":")) else { throw error(at: index, "expected ':' after the field name") }
                index += 1
                skipSpace()
                // In NDJSON a CR is a space only when no LF follows it: a separator ending in one
                // means what the byte after it says, which the comparison does not see. It is kept
                // too long to match, and such objects are read byte by byte.
                let endsInCR = stopsAtLineBreak && index > separatorStart && bytes[index - 1] == 0x0D
                let separator = (
                    start: separatorStart, length: endsInCR ? bytes.count + 1 : index - separatorStart, column: column
                )
                if position < separators.count {
                    separators[position] = separator
                } else {
                    separators.append(separator)
                }
                try readCell(column)
                position += 1
                separatorStart = index
                guard try fieldFollows() else { break }
            }
            closer = (separatorStart, index - separatorStart)
        }

        /// After a value: steps over the `,` before the next field (true),
        /// or the object's `}` (false).
        mutating func fieldFollows() throws(LoadError) -> Bool {
            skipSpace()
            guard index < bytes.count else { throw error(at: index, "unexpected end of input: unterminated object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
                return true
            }
            guard bytes[index] == UInt8(ascii: "}") else { throw error(at: index, "expected ',' or '}' in the object") }
            index += 1
            return false
        }

        /// After the first object, room for as many rows as the bytes left
        /// hold objects of its size: columns that grow by doubling copy
        /// every cell at each step, into pages touched for the first time.
        mutating func reserveRows(likeFirst span: Int) {
            let expected = (rowsEnd - index) / max(16, span + 1) + 1
            if expected > 16 { table.reserveCapacity(expected) }
        }

        /// Reads a key and returns its column, adding a field for a new key.
        mutating func readKey(position: Int) throws(LoadError) -> Int {
            // Most objects repeat the previous one's keys in the same order:
            // compare with that key in place before scanning.
            if position < previousKeys.count {
                let expected = previousKeys[position]
                let close = index + 1 + expected.length
                if expected.start >= 0, close < bytes.count, bytes[close] == UInt8(ascii: "\""),
                    sameBytes(at: index + 1, and: expected.start, length: expected.length)
                {
                    index = close + 1
                    keyWasPrevious = true
                    return expected.column
                }
            }
            keyWasPrevious = false
            // (An unescaped key that passed here differs from the previous
            // object's: the comparison above saw its bytes and closing quote.)
            let (start, end, escaped) = try scanString()
            // The name's own bytes: an escape is the character it stands for.
            guard (escaped ? scratch.count : end - start) <= ReaderLimits.nameLength else {
                throw error(at: start - 1, "a field name longer than \(ReaderLimits.nameLength) bytes")
            }
            let column =
                try escaped
                ? scratch.withUnsafeBufferPointer { key throws(LoadError) in try columnOfKey(key, at: start) }
                : columnOfKey(UnsafeBufferPointer(rebasing: bytes[start..<end]), at: start)
            let entry = (start: escaped ? -1 : start, length: end - start, column: column)
            if position < previousKeys.count { previousKeys[position] = entry } else { previousKeys.append(entry) }
            return column
        }

        /// The column of the key spelled `key`, adding a field for a new key.
        mutating func columnOfKey(_ key: UnsafeBufferPointer<UInt8>, at start: Int) throws(LoadError) -> Int {
            let (position, isNew) = fieldNames.position(addingIfNew: key, hash: fieldNames.hash(key))
            guard isNew else { return position }
            guard position < ReaderLimits.fieldCount else {
                throw error(at: start - 1, "more than \(ReaderLimits.fieldCount) different field names")
            }
            if position == ReaderLimits.manyFields {
                if readsAPiece { throw error(at: start - 1, "many keys: read serially") }
                // A file of many keys (one per record, or one wide object):
                // room for the limit at once. It is address space, touched
                // only as columns come; growing by doubling copied every
                // column at each step, into fresh pages (a quarter of the
                // page faults of 100,000 NDJSON records with a key each).
                // The names' bytes are guessed from this key, within bounds
                // (a long key must not reserve its length 131,072 times).
                // The names' slots are for all but the last eighth of the limit (slots for all
                // took twice the memory); only a file near the limit grows them once more.
                table.reserveColumns(ReaderLimits.fieldCount)
                fieldNames.reserveCapacity(ReaderLimits.fieldCount / 8 * 7, nameLength: min(key.count, 24) + 8)
            }
            return table.addUnnamedColumn()
        }

        /// Reads one value into `column`.
        mutating func readCell(_ column: Int) throws(LoadError) {
            guard index < bytes.count else { throw error(at: index, "unexpected end of input: expected a value") }
            switch bytes[index] {
            case UInt8(ascii: "\""):
                let (start, end, escaped) = try scanString()
                if escaped {
                    table.appendOwnedCell(column, kind: .arenaString, payload: table.arenaSlice(scratch))
                } else {
                    table.appendOwnedCell(
                        column, kind: .sourceString, payload: RecordTable.slice(offset: start, length: end - start))
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                if let integer = plainInteger() {
                    table.appendOwnedCell(column, kind: .int, payload: UInt64(bitPattern: Int64(integer)))
                    return
                }
                if let end = plainDecimalEnd() {
                    table.appendOwnedCell(
                        column, kind: .sourceNumber, payload: RecordTable.slice(offset: index, length: end - index))
                    index = end
                    return
                }
                let start = index
                while index < bytes.count {
                    let byte = bytes[index]
                    guard
                        (byte >= 48 && byte <= 57) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+")
                            || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                    else { break }
                    index += 1
                }
                if let integer = NumberScanner.integer(bytes, start, index) {
                    table.appendOwnedCell(column, kind: .int, payload: UInt64(bitPattern: Int64(integer)))
                } else if NumberScanner.isNumber(bytes, start, index) {
                    // Kept as its text: `1.10`, `1e400` and 2^64 are saved as written.
                    table.appendOwnedCell(
                        column, kind: .sourceNumber, payload: RecordTable.slice(offset: start, length: index - start))
                } else {
                    throw error(at: start, "invalid number")
                }
            case UInt8(ascii: "t"):
                try expectLiteral("true")
                table.appendOwnedCell(column, kind: .isTrue, payload: 0)
            case UInt8(ascii: "f"):
                try expectLiteral("false")
                table.appendOwnedCell(column, kind: .isFalse, payload: 0)
            case UInt8(ascii: "n"):
                try expectLiteral("null")
                table.appendOwnedCell(column, kind: .null, payload: 0)
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let start = index
                try skipNested()
                table.appendOwnedCell(
                    column, kind: .sourceJSON, payload: RecordTable.slice(offset: start, length: index - start))
            default:
                throw error(at: index, "expected a value, found \(describeValue(at: index))")
            }
        }

        /// What a read does every 4,096 objects: says the progress through
        /// the parser's bytes, and shows `watcher` the rows read so far
        /// with the column of its field.
        func checkpoint(progress: (Double) -> Void, watcher: (any RowsReadWatcher)?, piece: Int = 0) {
            progress(Double(index) / Double(max(1, bytes.count)))
            guard let watcher else { return }
            let column = Array(watcher.field.utf8).withUnsafeBufferPointer {
                fieldNames.position(of: $0, hash: fieldNames.hash($0))
            }
            watcher.rowsRead(piece: piece, in: table, fieldColumn: column)
        }

        /// The integer at `index` when it is written plainly in at most 18
        /// digits (as ``NumberScanner/integer(_:_:_:)`` reads one, and never
        /// past Int64), read in one pass with `index` moved past it; else
        /// nil, with `index` left for the scan of any number.
        @inline(__always)
        mutating func plainInteger() -> Int? {
            var cursor = index
            let negative = bytes[cursor] == UInt8(ascii: "-")
            if negative { cursor += 1 }
            let digitsStart = cursor
            var value: UInt64 = 0
            while cursor < bytes.count {
                let digit = bytes[cursor] &- 48
                guard digit <= 9 else { break }
                value = value &* 10 &+ UInt64(digit)
                cursor += 1
            }
            let digits = cursor - digitsStart
            guard digits >= 1, digits <= 18, bytes[digitsStart] != UInt8(ascii: "0") || digits == 1,
                !negative || value != 0
            else { return nil }
            if cursor < bytes.count {
                let next = bytes[cursor]
                guard next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E"),
                    next != UInt8(ascii: "+"),
                    next != UInt8(ascii: "-")
                else { return nil }
            }
            index = cursor
            return negative ? Int(truncatingIfNeeded: 0 &- value) : Int(value)
        }

        /// Shows the parser to `checkpoint`, which may keep a copy of its
        /// table: the table's storage is then made its own again if it did,
        /// as its cells are set without looking (``RecordTable/appendOwnedCell(_:kind:payload:)``).
        mutating func lend(to checkpoint: (borrowing Parser) -> Void) {
            checkpoint(self)
            table.makeStorageUniqueIfCopied()
            if rowCount & 65_535 == 0 { table.adviseHugePagesAhead() }
        }

        /// Where the number at `index` ends when it has a fraction or an
        /// exponent and is written as JSON writes a number, read in one pass
        /// (a decimal was scanned three times); else nil, for the scan of any
        /// number. The number is the longest run of number bytes, as that
        /// scan takes it: a run longer than the number written is not one.
        @inline(__always)
        func plainDecimalEnd() -> Int? {
            var cursor = index
            if bytes[cursor] == UInt8(ascii: "-") { cursor += 1 }
            @inline(__always) func digits() -> Int {
                let first = cursor
                while cursor < bytes.count, bytes[cursor] &- 48 <= 9 { cursor += 1 }
                return cursor - first
            }
            let integerStart = cursor
            let integerDigits = digits()
            guard integerDigits >= 1, bytes[integerStart] != UInt8(ascii: "0") || integerDigits == 1 else { return nil }
            var decimal = false
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: ".") {
                cursor += 1
                guard digits() >= 1 else { return nil }
                decimal = true
            }
            if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "e") || bytes[cursor] == UInt8(ascii: "E") {
                cursor += 1
                if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "-") || bytes[cursor] == UInt8(ascii: "+") {
                    cursor += 1
                }
                guard digits() >= 1 else { return nil }
                decimal = true
            }
            guard decimal else { return nil }
            if cursor < bytes.count {
                let next = bytes[cursor]
                guard next != UInt8(ascii: "."), next != UInt8(ascii: "e"), next != UInt8(ascii: "E"),
                    next != UInt8(ascii: "+"),
                    next != UInt8(ascii: "-")
                else { return nil }
            }
            return cursor
        }

        /// Scans a string at `index`: its content's range in the source, and
        /// whether it had escapes (then its text is in `scratch`).
        ///
        /// Eight bytes a step: a word without a quote, a backslash, a
        /// control character or a byte past 0x7F is skipped whole (SWAR, the
        /// same trick as simdjson's scalar fallback). A character past ASCII
        /// is checked to be valid UTF-8.
        mutating func scanString() throws(LoadError) -> (Int, Int, Bool) {
            let open = index
            index += 1
            let start = index
            var escaped = false
            let count = bytes.count
            guard let base = bytes.baseAddress else { throw error(at: open, "unterminated string") }
            let raw = UnsafeRawPointer(base)
            while index < count {
                var runEnd = index
                while runEnd + 8 <= count {
                    let word = raw.loadUnaligned(fromByteOffset: runEnd, as: UInt64.self)
                    let special =
                        Self.zeroBytes(word ^ 0x2222_2222_2222_2222) | Self.zeroBytes(word ^ 0x5C5C_5C5C_5C5C_5C5C)
                        | ((word &- 0x2020_2020_2020_2020) & ~word & 0x8080_8080_8080_8080)
                        | (word & 0x8080_8080_8080_8080)
                    if special != 0 {
                        runEnd += special.trailingZeroBitCount / 8
                        break
                    }
                    runEnd += 8
                }
                while runEnd < count, bytes[runEnd] != UInt8(ascii: "\""), bytes[runEnd] != UInt8(ascii: "\\"),
                    bytes[runEnd] >= 0x20,
                    bytes[runEnd] < 0x80
                {
                    runEnd += 1
                }
                if escaped, runEnd > index {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<runEnd]))
                }
                index = runEnd
                guard index < count else { break }
                let byte = bytes[index]
                if byte == UInt8(ascii: "\"") {
                    let end = index
                    index += 1
                    return (start, end, escaped)
                }
                if byte >= 0x80 {
                    // The file's UTF-8 is checked here, character by character, rather than in a pass of its own.
                    guard let length = UTF8Validation.scalarLength(bytes, at: index) else {
                        throw error(at: index, "invalid UTF-8")
                    }
                    if escaped {
                        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[index..<(index + length)]))
                    }
                    index += length
                    continue
                }
                if byte == UInt8(ascii: "\\") {
                    if !escaped {
                        escaped = true
                        scratch.removeAll(keepingCapacity: true)
                        scratch.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
                    }
                    try readEscape()
                    continue
                }
                throw error(at: index, "control character in a string (escape it)")
            }
            throw error(at: open, "unterminated string")
        }

        /// The high bit set in each zero byte of `word` (and perhaps in bytes
        /// above the first zero one, which the caller never looks past).
        @inline(__always)
        static func zeroBytes(_ word: UInt64) -> UInt64 {
            (word &- 0x0101_0101_0101_0101) & ~word & 0x8080_8080_8080_8080
        }

        /// Decodes the escape at `index` into `scratch` (see ``JSONStringEscape``).
        mutating func readEscape() throws(LoadError) {
            let at = index
            do throws(JSONStringEscape.Failure) {
                try JSONStringEscape.decode(bytes, at: &index, into: &scratch)
            } catch {
                throw self.error(at: at, error.message)
            }
        }

        /// Steps over a nested array or object, checking its syntax, at most
        /// ``JSONReader/maximumDepth`` deep.
        mutating func skipNested() throws(LoadError) {
            var depth = 0
            var expectingValue = true
            var closers: [UInt8] = []
            repeat {
                skipSpace()
                guard index < bytes.count else {
                    throw error(
                        at: index,
                        "unexpected end of input: unterminated \(closers.last == UInt8(ascii: "]") ? "array" : "object")"
                    )
                }
                let byte = bytes[index]
                if expectingValue {
                    switch byte {
                    case UInt8(ascii: "{"), UInt8(ascii: "["):
                        depth += 1
                        guard depth <= JSONReader.maximumDepth else {
                            throw error(at: index, "nesting deeper than \(JSONReader.maximumDepth) levels")
                        }
                        closers.append(byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : UInt8(ascii: "]"))
                        index += 1
                        skipSpace()
                        if peek(closers[closers.count - 1]) {
                            index += 1
                            closers.removeLast()
                            depth -= 1
                            expectingValue = false
                        } else if byte == UInt8(ascii: "{") {
                            guard peek(UInt8(ascii: "\"")) else {
                                throw error(at: index, "expected a field name in quotes")
                            }
                            _ = try scanString()
                            skipSpace()
                            guard peek(UInt8(ascii: ":")) else {
                                throw error(at: index, "expected ':' after the field name")
                            }
                            index += 1
                        }
                        continue
                    case UInt8(ascii: "\""):
                        _ = try scanString()
                    case UInt8(ascii: "t"): try expectLiteral("true")
                    case UInt8(ascii: "f"): try expectLiteral("false")
                    case UInt8(ascii: "n"): try expectLiteral("null")
                    case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                        let start = index
                        while index < bytes.count,
                            (bytes[index] >= 48 && bytes[index] <= 57) || bytes[index] == UInt8(ascii: ".")
                                || bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+")
                                || bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E")
                        { index += 1 }
                        guard NumberScanner.isNumber(bytes, start, index) else {
                            throw error(at: start, "invalid number")
                        }
                    default:
                        throw error(at: index, "expected a value, found \(describeValue(at: index))")
                    }
                    expectingValue = false
                } else {
                    guard let closer = closers.last else { return }
                    if byte == UInt8(ascii: ",") {
                        index += 1
                        if closer == UInt8(ascii: "}") {
                            skipSpace()
                            guard peek(UInt8(ascii: "\"")) else {
                                throw error(at: index, "expected a field name in quotes")
                            }
                            _ = try scanString()
                            skipSpace()
                            guard peek(UInt8(ascii: ":")) else {
                                throw error(at: index, "expected ':' after the field name")
                            }
                            index += 1
                        }
                        expectingValue = true
                    } else if byte == closer {
                        index += 1
                        closers.removeLast()
                        depth -= 1
                    } else {
                        throw error(at: index, "expected ',' or '\(String(UnicodeScalar(closer)))'")
                    }
                }
            } while !closers.isEmpty
        }

        mutating func expectLiteral(_ word: StaticString) throws(LoadError) {
            guard JSONLexis.hasLiteral(word, in: bytes, at: index) else {
                throw error(at: index, "expected a value, found \(describeValue(at: index))")
            }
            index += word.utf8CodeUnitCount
        }

        func peek(_ byte: UInt8) -> Bool { index < bytes.count && bytes[index] == byte }

        /// Whether the `length` bytes at `first` and at `second` are the same
        /// (both ranges within the bytes), as words: keys of their own tend
        /// to differ in their last byte (`k000122`, `k000123`), where a byte
        /// loop mispredicted every time.
        @inline(__always)
        func sameBytes(at first: Int, and second: Int, length: Int) -> Bool {
            guard length > 0 else { return true }
            guard let base = bytes.baseAddress else { return false }
            return ListLabFiles.sameBytes(base + first, base + second, count: length)
        }

        /// Steps over spaces (and line breaks, but for NDJSON's that end an
        /// object); most calls find none, and return at the first look.
        @inline(__always)
        mutating func skipSpace() {
            if index < bytes.count, bytes[index] > 0x20 { return }
            skipSpaces()
        }

        mutating func skipSpaces() {
            while index < bytes.count {
                switch bytes[index] {
                case 0x20, 0x09: index += 1
                case 0x0D where !stopsAtLineBreak || (index + 1 < bytes.count && bytes[index + 1] != 0x0A): index += 1
                case 0x0A where !stopsAtLineBreak: index += 1
                default: return
                }
            }
        }

        func describeValue(at offset: Int) -> String {
            guard offset < bytes.count else { return "the end of the input" }
            switch bytes[offset] {
            case UInt8(ascii: "{"): return "an object"
            case UInt8(ascii: "["): return "an array"
            case UInt8(ascii: "\""): return "a string"
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
            case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
            case UInt8(ascii: "n"): return "null"
            case let byte where byte >= 0x20 && byte < 0x7F: return "'\(String(UnicodeScalar(byte)))'"
            default: return "byte 0x\(String(bytes[offset], radix: 16))"
            }
        }

        func error(at offset: Int, _ message: String) -> LoadError {
            if stopsAtLineBreak, offset < bytes.count, bytes[offset] == 0x0A || bytes[offset] == 0x0D {
                return LoadError(
                    file: file, bytes: bytes, offset: offset,
                    message: "unexpected end of the line: the object is not closed (NDJSON holds one object per line)")
            }
            return LoadError(file: file, bytes: bytes, offset: offset, message: message)
        }
    }
}
