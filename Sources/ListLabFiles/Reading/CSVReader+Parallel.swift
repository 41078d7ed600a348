internal import CRowScan
import Dispatch
import Interruption
import ListLabCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A CSV body read on several threads: split at row boundaries found in one
/// pass, each piece read by the serial reader's own steps into its rows of
/// columns made once at their size, then checked. What one thread would do
/// differently (a quoted field across a boundary the split guessed wrong, a
/// row with a stray quote, any error) makes the read give up, and the serial
/// read runs instead: its values, its errors and their `file:line:column`
/// are the only ones a caller ever sees.
extension CSVReader {
    /// One piece of the body: its bytes, from a row's start, and its rows.
    struct Piece {
        var range: Range<Int>
        var rows: Int
        var firstRow = 0
    }

    /// What one piece's read found beside its cells.
    private struct PieceOutcome: Sendable {
        /// The text of its quoted fields with doubled quotes, whose cells
        /// point into it from offset 0.
        var arena: [UInt8] = []
        /// The rows and columns of those cells.
        var arenaCells: [(row: Int, column: Int)] = []
        var readWhole = false
        var interrupted = false
    }

    /// Reads `body` of `bytes` into `table` (its columns made, no rows yet)
    /// on several threads; false, with the table as it was, when the body is
    /// too small to split or a piece was not read as the serial read would.
    ///
    /// - Throws: ``LoadError/interrupted(file:)`` when Ctrl-C asked to stop.
    static func readInParallel(
        _ bytes: UnsafeBufferPointer<UInt8>, body: Range<Int>, columns: Int, file: String,
        into table: inout RecordTable,
        splitting: ReadSplitting, progress: (Double) -> Void,
        watching: (watcher: any RowsReadWatcher, column: Int, source: [UInt8])? = nil
    ) throws(LoadError) -> Bool {
        let count = splitting.pieces(forBytes: body.count)
        let pieces = count >= 2 && columns > 0 ? split(bytes, body: body, into: count) : nil
        if Interruption.isRequested { throw LoadError.interrupted(file: file) }
        guard let pieces else { return false }
        let rows = pieces.reduce(0) { $0 + $1.rows }
        var outcomes = [PieceOutcome](repeating: PieceOutcome(), count: pieces.count)
        watching?.watcher.beginRead(pieces: pieces.count)
        let read = try table.readRowsInParallel(rows) { (target: RecordTable.ParallelRows) throws(LoadError) -> Bool in
            // Each piece's rows are the watcher's as they come, on the piece's thread, numbered within it.
            let shown = { (index: Int) -> (@Sendable (Range<Int>) -> Void)? in
                guard let watching else { return nil }
                let (watcher, column, source, firstRow) = (
                    watching.watcher, watching.column, watching.source, pieces[index].firstRow
                )
                return { (rows: Range<Int>) in
                    let cells = target.cells[column]
                    watcher.rowsRead(
                        piece: index, (rows.lowerBound - firstRow)..<(rows.upperBound - firstRow),
                        spans: UnsafeBufferPointer(start: target.spans + rows.lowerBound, count: rows.count),
                        kinds: UnsafeBufferPointer(start: cells.kinds + rows.lowerBound, count: rows.count),
                        payloads: UnsafeBufferPointer(start: cells.payloads + rows.lowerBound, count: rows.count),
                        fieldColumn: column, source: source)
                }
            }
            // The other pieces on threads of dispatch's; the first on this thread, which says the progress.
            let group = DispatchGroup()
            let results = PartResults(count: pieces.count, initial: PieceOutcome())
            let shared = SharedBytes(bytes: bytes)
            for index in pieces.indices.dropFirst() {
                let piece = pieces[index]
                let shownHere = shown(index)
                let watcher = watching?.watcher
                DispatchQueue.global().async(group: group) {
                    let outcome = readPiece(
                        shared.bytes, piece, columns: columns, into: target, progress: { _ in }, shown: shownHere)
                    if outcome.readWhole { watcher?.pieceRead(index) }
                    results.set(index, outcome)
                }
            }
            results.set(
                0, readPiece(bytes, pieces[0], columns: columns, into: target, progress: progress, shown: shown(0)))
            group.wait()
            outcomes = results.all
            if outcomes.contains(where: \.interrupted) { throw LoadError.interrupted(file: file) }
            return outcomes.allSatisfy(\.readWhole)
        }
        guard read else { return false }
        // Each piece's arena after the ones before it, its cells' offsets moved with it.
        for outcome in outcomes where !outcome.arena.isEmpty {
            let base = UInt64(table.arena.count) << 32
            table.arena.append(contentsOf: outcome.arena)
            for (row, column) in outcome.arenaCells {
                table.columns[column].set(row, .arenaString, table.columns[column].payload(row) &+ base)
            }
        }
        return true
    }

    /// Reads one piece's rows as the serial read does (``parse``'s row loop),
    /// into rows `piece.firstRow...` of `target`; whole when it read exactly
    /// `piece.rows` rows without an error. The piece's bytes end where the
    /// next piece begins: a quoted field that runs past it is unterminated
    /// here, and the serial read decides.
    private static func readPiece(
        _ all: UnsafeBufferPointer<UInt8>, _ piece: Piece, columns: Int, into target: RecordTable.ParallelRows,
        progress: (Double) -> Void,
        shown: ((Range<Int>) -> Void)? = nil
    ) -> PieceOutcome {
        var outcome = PieceOutcome()
        let bytes = UnsafeBufferPointer(rebasing: all[..<piece.range.upperBound])
        var cursor = Cursor(bytes: bytes, file: "")
        cursor.index = piece.range.lowerBound
        var row = piece.firstRow
        var shownUpTo = row
        let end = piece.firstRow + piece.rows
        do {
            while true {
                cursor.skipBlankLines()
                guard cursor.index < bytes.count else { break }
                guard row < end else { return outcome }
                if (row - piece.firstRow) & 4095 == 4095 {
                    if Interruption.isRequested {
                        outcome.interrupted = true
                        return outcome
                    }
                    progress(Double(cursor.index - piece.range.lowerBound) / Double(max(1, piece.range.count)))
                    shown?(shownUpTo..<row)
                    shownUpTo = row
                }
                let rowStart = cursor.index
                var rowEnd = rowStart
                var column = 0
                repeat {
                    let field = try cursor.field()
                    rowEnd = cursor.index
                    guard column < columns else { return outcome }
                    let cell: (RecordTable.Kind, UInt64)
                    if field.quoted {
                        if field.escaped {
                            let offset = outcome.arena.count
                            outcome.arena.append(contentsOf: cursor.unescaped)
                            outcome.arenaCells.append((row, column))
                            cell = (.arenaString, RecordTable.slice(offset: offset, length: cursor.unescaped.count))
                        } else {
                            cell = (
                                .sourceString, RecordTable.slice(offset: field.start, length: field.end - field.start)
                            )
                        }
                    } else {
                        cell = typed(all, field.start, field.end)
                    }
                    target.cells[column].payloads[row] = cell.1
                    target.cells[column].kinds[row] = cell.0.rawValue
                    column += 1
                } while cursor.endOfField()
                guard column == columns else { return outcome }
                target.spans[row] = RecordTable.slice(offset: rowStart, length: rowEnd - rowStart)
                row += 1
            }
        } catch {
            return outcome
        }
        outcome.readWhole = row == end
        if outcome.readWhole { shown?(shownUpTo..<row) }
        return outcome
    }

    /// The body cut into `count` pieces at row starts, each with its rows,
    /// in one pass over the bytes on `count` threads; nil when a piece would
    /// hold no row start (a quoted field longer than a piece).
    ///
    /// A row starts where a line that is not blank begins outside quotes.
    /// Whether a place is inside quotes depends on every quote before it,
    /// so each part is scanned for both answers at its start (they are each
    /// other's opposite throughout), and the quotes' parity of the parts
    /// before it picks one. A quote inside an unquoted field (which the
    /// reader keeps as text) misleads the parity: the pieces' reads then
    /// disagree with the count, and the serial read runs.
    static func split(_ bytes: UnsafeBufferPointer<UInt8>, body: Range<Int>, into count: Int) -> [Piece]? {
        let step = body.count / count
        let starts = (0..<count).map { body.lowerBound + $0 * step }
        let scans = PartResults(count: count, initial: PartScan())
        let shared = SharedBytes(bytes: bytes)
        DispatchQueue.concurrentPerform(iterations: count) { index in
            let end = index + 1 < count ? starts[index + 1] : body.upperBound
            scans.set(index, scan(shared.bytes, starts[index]..<end, bodyStart: body.lowerBound))
        }
        var pieces: [Piece] = []
        var inQuotes = false
        for (index, found) in scans.all.enumerated() {
            let (first, rows) =
                inQuotes ? (found.firstStartInside, found.rowsInside) : (found.firstStartOutside, found.rowsOutside)
            if found.quotesAreOdd { inQuotes.toggle() }
            guard let first else {
                // No row starts here: the piece before runs on.
                guard index > 0, rows == 0 else { return nil }
                continue
            }
            if var last = pieces.popLast() {
                last.range = last.range.lowerBound..<first
                pieces.append(last)
            }
            pieces.append(Piece(range: first..<body.upperBound, rows: rows))
        }
        guard pieces.count >= 2 else { return nil }
        var firstRow = 0
        for index in pieces.indices {
            pieces[index].firstRow = firstRow
            firstRow += pieces[index].rows
        }
        return pieces
    }

    /// What a scan of one part found, for each answer to whether its start is inside quotes.
    struct PartScan: Sendable {
        var firstStartOutside: Int?
        var rowsOutside = 0
        var firstStartInside: Int?
        var rowsInside = 0
        var quotesAreOdd = false
    }

    /// The row starts in `part`, counted for a start outside quotes and for
    /// one inside, and the parity of its quotes (``crowscan_scan``, 64
    /// bytes at a time), a megabyte at a time so that Ctrl-C is seen: then
    /// the split gives up, and the read says it stopped.
    static func scan(_ bytes: UnsafeBufferPointer<UInt8>, _ part: Range<Int>, bodyStart: Int) -> PartScan {
        // Whether the byte before is a line break (the body begins as a row would).
        var state = crowscan_state(
            after_break: part.lowerBound == bodyStart || isBreak(bytes[part.lowerBound - 1]) ? 1 : 0, outside: 1)
        var found = crowscan_found(
            first_start_outside: -1, rows_outside: 0, first_start_inside: -1, rows_inside: 0, quotes_odd: 0)
        guard let base = bytes.baseAddress else { return PartScan() }
        var index = part.lowerBound
        while index < part.upperBound {
            if Interruption.isRequested { return PartScan() }
            let end = min(part.upperBound, index + 1_048_576)
            crowscan_scan(base, Int64(index), Int64(end), &state, &found)
            index = end
        }
        return PartScan(
            firstStartOutside: found.first_start_outside < 0 ? nil : Int(found.first_start_outside),
            rowsOutside: Int(found.rows_outside),
            firstStartInside: found.first_start_inside < 0 ? nil : Int(found.first_start_inside),
            rowsInside: Int(found.rows_inside),
            quotesAreOdd: found.quotes_odd != 0)
    }

    @inline(__always)
    private static func isBreak(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D }
}
