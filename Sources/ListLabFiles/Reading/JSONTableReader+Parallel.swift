import Dispatch
import Interruption
import ListLabRecords

/// A JSON array or NDJSON read on several threads: split where an object
/// seems to begin, each piece read by the serial parser into a table of its
/// own (its keys in their order there), then the pieces' keys joined in
/// order of first appearance and their columns joined into one table.
///
/// A piece is known to begin where an object does only when the piece
/// before it, read from a place known to be one, ends exactly there: the
/// first piece begins the file. NDJSON's line breaks always end an object
/// (a string cannot hold one). An array's guess, a `{` after `},`, may be
/// inside a string or a nested array; then, and at any error or any limit
/// a piece cannot judge alone, the serial read runs instead: its values,
/// its errors and their `file:line:column` are the only ones a caller sees.
extension JSONTableReader {
    /// What one piece's read gave.
    private struct PieceRead: Sendable {
        var table = RecordTable(fieldNames: [])
        var fieldNames = FieldNameTable()
        var emptyCells = 0
        var readWhole = false
        var interrupted = false
    }

    /// The records of `bytes` read in `pieces` pieces at once, and their
    /// keys' table; nil when the file is not worth splitting, no split was
    /// found, or the pieces did not read as the serial read would.
    ///
    /// - Throws: ``LoadError/interrupted(file:)`` when Ctrl-C asked to stop.
    static func readInParallel(
        _ bytes: UnsafeBufferPointer<UInt8>, all: [UInt8], file: String, format: Format, pieces: Int,
        progress: (Double) -> Void,
        watcher: (any RowsReadWatcher)? = nil
    ) throws(LoadError) -> (RecordTable, FieldNameTable)? {
        guard pieces >= 2 else { return nil }
        let ranges = split(bytes, format: format, into: pieces)
        if Interruption.isRequested { throw LoadError.interrupted(file: file) }
        guard ranges.count >= 2 else { return nil }
        // The other pieces on threads of dispatch's; the first on this thread, which says the progress.
        // Each piece's rows are the watcher's as they come, on the piece's thread, numbered within it.
        watcher?.beginRead(pieces: ranges.count)
        let results = PartResults(count: ranges.count, initial: PieceRead())
        let shared = SharedBytes(bytes: bytes)
        let group = DispatchGroup()
        for index in ranges.indices.dropFirst() {
            let range = ranges[index]
            let isLast = index == ranges.count - 1
            DispatchQueue.global().async(group: group) {
                let read = readPiece(
                    shared.bytes, range, all: all, format: format, isFirst: false, isLast: isLast, of: ranges.count,
                    checkpoint: { parser in parser.checkpoint(progress: { _ in }, watcher: watcher, piece: index) })
                if read.readWhole { watcher?.pieceRead(index) }
                results.set(index, read)
            }
        }
        let checkpoint = { (parser: borrowing Parser) in parser.checkpoint(progress: progress, watcher: watcher) }
        results.set(
            0,
            readPiece(
                bytes, ranges[0], all: all, format: format, isFirst: true, isLast: false, of: ranges.count,
                checkpoint: checkpoint))
        group.wait()
        var reads = results.takeAll()
        if reads.contains(where: \.interrupted) { throw LoadError.interrupted(file: file) }
        guard reads.allSatisfy({ $0.readWhole && $0.table.count > 0 }) else { return nil }
        // The keys in order of first appearance: the first piece's, then each later piece's new ones in its order.
        var names = reads[0].fieldNames
        var columnOf: [[Int]] = [Array(0..<names.count)]
        for read in reads.dropFirst() {
            columnOf.append(
                (0..<read.fieldNames.count).map { entry in
                    read.fieldNames.withNameBytes(entry) {
                        names.position(addingIfNew: $0, hash: names.hash($0)).position
                    }
                })
        }
        guard names.count <= ReaderLimits.fieldCount else { return nil }
        // The empty cells the serial read would count: each piece's, and those between pieces in one column.
        var emptyCells = reads.reduce(0) { $0 + $1.emptyCells }
        var lastEnd = [Int](repeating: -1, count: names.count)
        var firstRow = 0
        for (index, read) in reads.enumerated() {
            for (local, column) in read.table.columns.enumerated() where column.storedCount > 0 {
                let global = columnOf[index][local]
                if lastEnd[global] >= 0 { emptyCells += firstRow + column.start - lastEnd[global] }
                lastEnd[global] = firstRow + column.end
            }
            firstRow += read.table.count
        }
        guard emptyCells <= ReaderLimits.emptyCells(forFileOf: bytes.count) else { return nil }
        // The pieces' tables moved into the join, which takes the first one's columns as its own.
        var tables: [RecordTable] = []
        for index in reads.indices {
            tables.append(reads[index].table)
            reads[index].table = RecordTable(fieldNames: [])
        }
        reads = []
        return (RecordTable.joining(consume tables, columnOf: columnOf, columnCount: names.count, source: all), names)
    }

    /// Reads one piece (of `pieces`) as the serial read would read those
    /// bytes; whole when it read to the piece's end without an error.
    private static func readPiece(
        _ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>, all: [UInt8], format: Format, isFirst: Bool,
        isLast: Bool, of pieces: Int,
        checkpoint: (borrowing Parser) -> Void
    ) -> PieceRead {
        var parser = Parser(
            bytes: UnsafeBufferPointer(rebasing: bytes[..<range.upperBound]), file: "",
            table: RecordTable(fieldNames: [], source: all))
        parser.readsAPiece = true
        // The whole file's bound on empty cells, shared: the pieces together hold no more than a serial read may.
        parser.emptyCellLimit = ReaderLimits.emptyCells(forFileOf: bytes.count) / pieces
        if isFirst { parser.rowsEnd = bytes.count } else { parser.index = range.lowerBound }
        var read = PieceRead()
        do {
            switch format {
            case .array:
                if isFirst {
                    parser.skipSpace()
                    try parser.readArrayOpening()
                }
                try parser.readArrayObjects(endingTheArray: isLast, checkpoint: checkpoint)
            case .lines where isFirst: try parser.readLinesDocument(checkpoint: checkpoint)
            case .lines: try parser.readLines(checkpoint: checkpoint)
            }
            read.readWhole = true
            parser.lend(to: checkpoint)  // the rows since the last checkpoint
        } catch {
            read.interrupted = error.wasInterrupted
            return read
        }
        read.emptyCells = parser.emptyCells
        read.fieldNames = parser.fieldNames
        read.table = parser.table
        return read
    }

    /// The most bytes past a split's guess looked at for an object's start.
    private static let searchedBytes = 1_048_576

    /// `bytes` cut into at most `count` pieces where an object seems to
    /// begin: for NDJSON after a line break, for an array at a `{` after
    /// `}` and `,` (spaces between). A guess that finds none within a
    /// megabyte is dropped, and so is its piece.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, format: Format, into count: Int) -> [Range<Int>] {
        let step = bytes.count / count
        var starts = [0]
        for index in 1..<count {
            let guess = max(index * step, (starts.last ?? 0) + 1)
            let limit = min(bytes.count, guess + searchedBytes)
            guard guess < limit,
                let start = format == .lines
                    ? lineStart(in: bytes, guess..<limit) : objectStart(in: bytes, guess..<limit),
                start < bytes.count
            else { continue }
            starts.append(start)
        }
        return starts.indices.map { starts[$0]..<($0 + 1 < starts.count ? starts[$0 + 1] : bytes.count) }
    }

    /// The first place in `range` after a line feed.
    private static func lineStart(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        UnsafeBufferPointer(rebasing: bytes[range]).firstIndex(of: 0x0A).map { range.lowerBound + $0 + 1 }
    }

    /// The first `{` in `range` that follows a `,` that follows a `}`, spaces between.
    private static func objectStart(in bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Int? {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D }
        var index = range.lowerBound
        while index < range.upperBound {
            guard
                let comma = UnsafeBufferPointer(rebasing: bytes[index..<range.upperBound]).firstIndex(
                    of: UInt8(ascii: ","))
            else { return nil }
            let at = index + comma
            index = at + 1
            var before = at - 1
            while before >= 0, isSpace(bytes[before]) { before -= 1 }
            guard before >= 0, bytes[before] == UInt8(ascii: "}") else { continue }
            var after = at + 1
            while after < bytes.count, isSpace(bytes[after]) { after += 1 }
            if after < bytes.count, bytes[after] == UInt8(ascii: "{") { return after }
        }
        return nil
    }
}
