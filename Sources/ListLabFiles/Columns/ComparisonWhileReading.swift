import Dispatch
import ListDiff
import Synchronization

/// Shown the rows a reader has read so far, in order, every few thousand
/// rows (``CSVReader``, ``JSONTableReader``). A read on one thread shows
/// its rows on that thread; a read on several threads shows each piece's
/// rows on the piece's own thread, numbered within the piece, while the
/// other pieces are read. The table is being built, so a watcher copies
/// what it needs and keeps nothing of it. A read that gives way to the
/// serial read begins again (``beginRead(pieces:)``), and shows rows from 0.
protocol RowsReadWatcher: AnyObject, Sendable {
    /// The field whose column the watcher reads.
    var field: String { get }
    /// Called before a read shows any row: it reads the file in `pieces`
    /// pieces (1: on one thread), and the rows of any read before are to
    /// be forgotten.
    func beginRead(pieces: Int)
    /// Called with piece `piece`'s table as read so far (its rows
    /// `0..<count` are whole), and the column of ``field`` in it, if it has
    /// one yet (a JSON reader names its columns as it meets them).
    func rowsRead(piece: Int, in table: RecordTable, fieldColumn: Int?)
    /// Called with rows `rows` of piece `piece` (numbered within it) as a
    /// reader on several threads wrote them (before they are a table):
    /// each row's span in `source`, and the kind and payload of its cell of
    /// ``field``, in column `fieldColumn`.
    func rowsRead(
        piece: Int, _ rows: Range<Int>, spans: UnsafeBufferPointer<UInt64>, kinds: UnsafeBufferPointer<UInt8>,
        payloads: UnsafeBufferPointer<UInt64>, fieldColumn: Int, source: [UInt8])
    /// Called on piece `piece`'s thread once all its rows were shown and
    /// it was read whole (not for a read on one thread).
    func pieceRead(_ piece: Int)
}

/// The work of a `reload --diff` by an integer key that needs only the
/// rows read so far, done while the file is read again: each new row's old
/// row by its key, and the pairs whose text differs.
///
/// A read on several threads keeps every core busy: each piece's rows are
/// matched and compared on the piece's own thread as they are read, while
/// they are in the cache. The longest increasing run of the matches (for
/// the count of moves) is taken from the start in the first piece as it is
/// read, and from the end in the last piece once it is read (both at once,
/// then joined); pieces between are added after the read. A read on one
/// thread leaves the other cores idle: its rows are compared on another
/// thread, a chunk at a time behind the reader. Either way only the changed
/// rows' cells are left for after the read.
///
/// It finds what ``ChangeCount/matchRows(from:to:)`` and the count's
/// comparison of text find, or nothing (the caller then works it out
/// after the read, which says what went wrong): when a key is not an
/// integer or repeats, the old keys lie too far apart for a table indexed
/// by key, the fields differ, or the old table is not as its file was read.
final class ComparisonWhileReading: RowsReadWatcher, @unchecked Sendable {
    // Unchecked: `pieces` is replaced only by `beginRead`, before any piece
    // is read; each piece's state is touched by one thread at a time (its
    // reader's, or `queue` for a read on one thread), and read by `finish`
    // after the read and `queue` are done; the index is written once,
    // before `indexing` is left; the tables are values that no side changes.

    /// What the comparison found once the whole file was read.
    struct Found {
        /// Each piece's matches, in order.
        private let matchedInPieces: [[Int32]]
        /// The pairs of an old row and a new row with one key whose text differs, in the new rows' order.
        let differing: [RecordTable.RowPair]
        /// How many new rows have an old row, and the longest run of them in the old rows' order.
        let survivors: Int
        let longestRun: Int
        /// The new rows.
        let count: Int

        fileprivate init(
            matchedInPieces: [[Int32]], differing: [RecordTable.RowPair], survivors: Int, longestRun: Int
        ) {
            (self.matchedInPieces, self.differing) = (matchedInPieces, differing)
            (self.survivors, self.longestRun) = (survivors, longestRun)
            count = matchedInPieces.reduce(0) { $0 + $1.count }
        }

        /// For each new row, the old row with its key, or -1: joined when
        /// asked (a count of the changes needs only the figures above).
        var matched: [Int32] {
            guard matchedInPieces.count > 1 else { return matchedInPieces.first ?? [] }
            var matched: [Int32] = []
            matched.reserveCapacity(count)
            for piece in matchedInPieces { matched += piece }
            return matched
        }
    }

    /// Each old key's row, counted from 1 (0: none), so that the memory
    /// needs no clearing, at the key's place; and how many places new rows'
    /// keys may take.
    ///
    /// Keys close together (ids numbered by a file) have a place each, from
    /// `lowestKey` up, with room above the highest old key for as many new
    /// ones. Keys far apart (ids with gaps, a dataset's own numbers: a place
    /// each would be memory for every number between them) are placed in an
    /// open-addressing table of slots instead (``slotKeys``), a place a slot;
    /// a key not there is a new one's, outside the places.
    private struct KeyIndex {
        var lowestKey: Int
        var oldRowPlusOne: ZeroedMemory<Int32>
        var places: Int
        /// For keys far apart: the key in each slot (empty for keys close together).
        var slotKeys: [Int] = []
        /// The slot a key's probe starts at: the top bits of the key times an odd number drawn per process.
        var multiplier: UInt64 = 1
        var slotShift: UInt64 = 63

        @inline(__always)
        func firstSlot(of key: Int) -> Int {
            Int(truncatingIfNeeded: (UInt64(bitPattern: Int64(key)) &* multiplier) >> slotShift)
        }
    }

    /// A run of matches in a class, so that a piece may hold one (a run is not copyable).
    private final class RunFromTheEnd {
        var run: SurvivorRun
        init(_ run: consuming SurvivorRun) { self.run = run }
    }

    /// What one piece's rows found, numbered within the piece.
    private final class Piece: @unchecked Sendable {
        // Unchecked: one thread at a time, as the comparison's own state (above).
        // The reader's side (for a read on one thread, the comparison's queue has the rest).
        var taken = 0
        /// The piece's column of ``field`` that every chunk was read from.
        var watchedColumn: Int?
        /// The source the rows' spans point into, kept for the queue.
        var source: [UInt8]?

        var matched: [Int32] = []
        /// One bit for each place of the keys' index, set once a new row of the piece has its key.
        var placesTaken: [UInt64] = []
        /// The keys of new rows outside the index, to be checked for repeats at the end unless they ascend.
        var unmatchedKeys: [Int] = []
        var unmatchedAscend = true
        /// The pairs whose text differs, the new row numbered within the piece.
        var differing: [RecordTable.RowPair] = []
        /// The last piece's matches, once it is read, as a run from the end.
        var fromTheEnd: RunFromTheEnd?
    }

    private let old: RecordTable
    private let keyColumn: Int
    let field: String
    /// A read on one thread's chunks, compared in turn behind the reader.
    private let queue = DispatchQueue(label: "ListLab.ComparisonWhileReading")
    /// Left once `index` is built (or found impossible).
    private let indexing = DispatchGroup()
    private var index: KeyIndex?
    /// Set when the reading failed or the comparison cannot say: the
    /// rest of the rows are passed over.
    private let abandoned = Atomic<Bool>(false)

    private var pieces = [Piece()]
    private var readsSerially = true
    /// The matches from the start: the first piece's as it is read, the pieces between after.
    private var run: SurvivorRun

    /// A comparison with `old` by the integer keys of its column
    /// `keyColumn`, for a reading of its file again in `format`; nil when
    /// `old` is not as its file was read in that format.
    init?(comparingWith old: RecordTable, keyColumn: Int, format: RecordTableWriter.Format) {
        guard old.isAsRead, old.layout?.format == format, old.layout?.rowSpans.count == old.count,
            old.columns.indices.contains(keyColumn)
        else { return nil }
        self.old = old
        self.keyColumn = keyColumn
        field = old.fieldNames[keyColumn]
        run = SurvivorRun(capacity: old.count)
        // Built while the file is read from disk and split.
        indexing.enter()
        queue.async {
            self.index = self.indexOldKeys()
            if self.index == nil { self.abandon() }
            self.indexing.leave()
        }
    }

    /// Stops the comparison (the reading failed, or the comparison cannot
    /// say): chunks not yet compared are dropped.
    func abandon() {
        abandoned.store(true, ordering: .relaxed)
    }

    private var isAbandoned: Bool { abandoned.load(ordering: .relaxed) }

    func beginRead(pieces count: Int) {
        // A read on one thread after one on several begins from row 0: what the pieces found is dropped.
        pieces = (0..<max(1, count)).map { _ in Piece() }
        readsSerially = count <= 1
        run = SurvivorRun(capacity: old.count)
    }

    func rowsRead(piece number: Int, in table: RecordTable, fieldColumn: Int?) {
        guard pieces.indices.contains(number), !isAbandoned else { return abandon() }
        let piece = pieces[number]
        guard table.count > piece.taken else { return }
        let rows = piece.taken..<table.count
        // One column for every chunk: a JSON reader finds it by the name's bytes, and a
        // name may also be spelled another way that compares equal as a String.
        guard let fieldColumn, fieldColumn == (piece.watchedColumn ?? fieldColumn) else { return abandon() }
        piece.watchedColumn = fieldColumn
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
        piece.taken = rows.upperBound
        let source = piece.source ?? table.source
        piece.source = source
        if readsSerially {
            let (spans, kinds, payloads) = (spans, kinds, payloads)
            queue.async { self.compare(piece, number, spans, kinds, payloads, source) }
        } else {
            compare(piece, number, spans, kinds, payloads, source)
        }
    }

    func rowsRead(
        piece number: Int, _ rows: Range<Int>, spans: UnsafeBufferPointer<UInt64>, kinds: UnsafeBufferPointer<UInt8>,
        payloads: UnsafeBufferPointer<UInt64>, fieldColumn: Int, source: [UInt8]
    ) {
        guard pieces.indices.contains(number), !isAbandoned else { return abandon() }
        let piece = pieces[number]
        let new = max(rows.lowerBound, piece.taken)..<rows.upperBound
        guard !new.isEmpty else { return }
        guard rows.lowerBound <= piece.taken, fieldColumn == (piece.watchedColumn ?? fieldColumn) else {
            return abandon()
        }
        piece.watchedColumn = fieldColumn
        piece.taken = new.upperBound
        let skip = new.lowerBound - rows.lowerBound
        let chunk = skip..<(skip + new.count)
        if readsSerially {
            let (spans, kinds, payloads) = (Array(spans[chunk]), Array(kinds[chunk]), Array(payloads[chunk]))
            queue.async { self.compare(piece, number, spans, kinds, payloads, source) }
        } else {
            compare(
                piece, number, UnsafeBufferPointer(rebasing: spans[chunk]),
                UnsafeBufferPointer(rebasing: kinds[chunk]), UnsafeBufferPointer(rebasing: payloads[chunk]), source)
        }
    }

    func pieceRead(_ number: Int) {
        // The last piece's run from the end, while the first piece may still be read.
        guard !readsSerially, number > 0, number == pieces.count - 1, !isAbandoned else { return }
        let piece = pieces[number]
        var run = SurvivorRun(capacity: piece.matched.count)
        piece.matched.withUnsafeBufferPointer { run.addingFromTheEnd($0) }
        piece.fromTheEnd = RunFromTheEnd(run)
    }

    /// What was found, once `table` (the file read again) is whole; nil
    /// when the comparison cannot say (see the type's description). The
    /// comparison's own room is given back either way.
    func finish(reading table: RecordTable) -> Found? {
        // The key's column as the comparison after the read finds it (by name, as a String),
        // in both tables.
        let column = table.fieldNames.firstIndex(of: field)
        if column != keyColumn || table.fieldNames != old.fieldNames { abandon() }
        // A read on one thread shows its last rows here; the pieces of one on several showed theirs.
        if readsSerially { rowsRead(piece: 0, in: table, fieldColumn: column) }
        queue.sync {}
        indexing.wait()
        let pieces = pieces
        defer {
            self.pieces = []
            index = nil
        }
        guard !isAbandoned, pieces.reduce(0, { $0 + $1.matched.count }) == table.count,
            keysAreDistinct(in: pieces)
        else { return nil }
        // The pieces between the first and the last from the start, then the last one's run joined.
        var survivors = 0
        var longestRun = 0
        let last = pieces.count - 1
        for piece in pieces[1...].dropLast(pieces[last].fromTheEnd == nil ? 0 : 1) {
            piece.matched.withUnsafeBufferPointer { run.add($0) }
        }
        if let fromTheEnd = pieces[last].fromTheEnd {
            survivors = run.survivors + fromTheEnd.run.survivors
            longestRun = fromTheEnd.run.joinedLength(after: run)
        } else {
            (survivors, longestRun) = (run.survivors, run.length)
        }
        var differing = pieces[0].differing
        var first = Int32(0)
        for (piece, next) in zip(pieces, pieces.dropFirst()) {
            first += Int32(truncatingIfNeeded: piece.matched.count)
            differing += next.differing.lazy.map { RecordTable.RowPair(row: $0.row, otherRow: $0.otherRow + first) }
        }
        return Found(
            matchedInPieces: pieces.map(\.matched), differing: differing, survivors: survivors, longestRun: longestRun)
    }

    /// Whether no key is in two rows: no place of the index in two pieces,
    /// and no key outside it twice.
    private func keysAreDistinct(in pieces: [Piece]) -> Bool {
        var placesTaken: [UInt64] = []
        for piece in pieces where !piece.placesTaken.isEmpty {
            guard !placesTaken.isEmpty else {
                placesTaken = piece.placesTaken
                continue
            }
            var inBoth: UInt64 = 0
            placesTaken.withUnsafeMutableBufferPointer { taken in
                for (word, bits) in zip(taken.indices, piece.placesTaken) {
                    inBoth |= taken[word] & bits
                    taken[word] |= bits
                }
            }
            guard inBoth == 0 else { return false }
        }
        var unmatched: [Int] = []
        var ascend = true
        for piece in pieces {
            if !piece.unmatchedAscend { ascend = false }
            if let first = piece.unmatchedKeys.first, let last = unmatched.last, last >= first { ascend = false }
            unmatched += piece.unmatchedKeys
        }
        if !ascend {
            unmatched.sort()
            guard zip(unmatched, unmatched.dropFirst()).allSatisfy({ $0 != $1 }) else { return false }
        }
        return true
    }

    /// Each old key's row, or nil: the old keys are not all integers, repeat, or lie too far apart.
    private func indexOldKeys() -> KeyIndex? {
        guard !isAbandoned else { return nil }  // the reading failed at once
        let index: KeyIndex?? = old.columns[keyColumn].withIntegers(count: old.count) { keys in
            guard let low = keys.min(), let high = keys.max() else {
                return KeyIndex(lowestKey: 0, oldRowPlusOne: ZeroedMemory(count: 0), places: 0)
            }
            let (span, overflow) = high.subtractingReportingOverflow(low)
            guard !overflow, span < 4 * keys.count + 1_024 else { return Self.slottedIndex(of: keys) }
            let rows = ZeroedMemory<Int32>(count: span + 1)
            let distinct = rows.withBuffer { rows in
                for (row, key) in keys.enumerated() {
                    guard rows[key - low] == 0 else { return false }
                    rows[key - low] = Int32(truncatingIfNeeded: row + 1)
                }
                return true
            }
            return distinct ? KeyIndex(lowestKey: low, oldRowPlusOne: rows, places: span + 1 + keys.count + 1_024) : nil
        }
        return index ?? nil
    }

    /// The index of `keys` (distinct, or nil) in a table of slots, for keys
    /// too far apart for a place each; nil too when a probe runs long (keys
    /// made to collide: the comparison after the read is left to do it).
    private static func slottedIndex(of keys: UnsafeBufferPointer<Int>) -> KeyIndex? {
        guard keys.count < Int(Int32.max) / 2 else { return nil }
        var bits = 10
        while 1 << bits < 2 * keys.count { bits += 1 }
        let slots = 1 << bits
        let rows = ZeroedMemory<Int32>(count: slots)
        var slotKeys = [Int](repeating: 0, count: slots)
        let shape = KeyIndex(
            lowestKey: 0, oldRowPlusOne: ZeroedMemory(count: 0), places: slots,
            multiplier: UInt64.random(in: .min ... .max) | 1, slotShift: UInt64(64 - bits))
        let mask = slots - 1
        let placed = rows.withBuffer { rows in
            slotKeys.withUnsafeMutableBufferPointer { slotKeys in
                for (row, key) in keys.enumerated() {
                    var slot = shape.firstSlot(of: key)
                    var probes = 0
                    while rows[slot] != 0 {
                        // The same key twice, or a run of slots no hash of a file's own keys makes.
                        guard slotKeys[slot] != key, probes < 256 else { return false }
                        slot = (slot + 1) & mask
                        probes += 1
                    }
                    rows[slot] = Int32(truncatingIfNeeded: row + 1)
                    slotKeys[slot] = key
                }
                return true
            }
        }
        guard placed else { return nil }
        var index = shape
        index.oldRowPlusOne = rows
        index.slotKeys = slotKeys
        return index
    }

    /// ``compare(_:_:_:_:_:_:)`` of a chunk copied.
    private func compare(
        _ piece: Piece, _ number: Int, _ spans: [UInt64], _ kinds: [UInt8], _ payloads: [UInt64], _ source: [UInt8]
    ) {
        spans.withUnsafeBufferPointer { spans in
            kinds.withUnsafeBufferPointer { kinds in
                payloads.withUnsafeBufferPointer { compare(piece, number, spans, kinds, $0, source) }
            }
        }
    }

    /// Matches the rows of one chunk of a piece (`spans`, and their keys'
    /// kinds and payloads, in `source`) and notes those whose text differs
    /// from their old row's; the first piece's matches are added to the run.
    ///
    /// One pass, a row at a time: its key's place in the index, its old
    /// row, and their two texts, compared while the new one is in the
    /// cache. The loop calls nothing (the chunk's matches are written in
    /// place), so that the loads of one row's old text overlap the next's.
    private func compare(
        _ piece: Piece, _ number: Int, _ spans: UnsafeBufferPointer<UInt64>, _ kinds: UnsafeBufferPointer<UInt8>,
        _ payloads: UnsafeBufferPointer<UInt64>, _ source: [UInt8]
    ) {
        if index == nil { indexing.wait() }
        guard !isAbandoned, let index, let oldLayout = old.layout else { return }
        // Worked on as locals, not through the piece: each access to a class's array checks exclusivity.
        var (matched, taken, unmatched) = (piece.matched, piece.placesTaken, piece.unmatchedKeys)
        var (ascend, differing) = (piece.unmatchedAscend, piece.differing)
        (piece.matched, piece.placesTaken, piece.unmatchedKeys, piece.differing) = ([], [], [], [])
        defer {
            (piece.matched, piece.placesTaken, piece.unmatchedKeys) = (matched, taken, unmatched)
            (piece.unmatchedAscend, piece.differing) = (ascend, differing)
        }
        if taken.isEmpty {
            taken = [UInt64](repeating: 0, count: index.places / 64 + 1)
            matched.reserveCapacity(old.count / pieces.count + old.count / 8 + 4_096)
        }
        let first = matched.count
        let lowestKey = index.lowestKey
        let slotMask = index.places - 1
        let count = Swift.min(spans.count, kinds.count, payloads.count)
        // Bits of places taken twice, and whether every key was an integer.
        var twice: UInt64 = 0
        var integers = true
        let chunk = [Int32](unsafeUninitializedCapacity: count) { chunk, written in
            index.slotKeys.withUnsafeBufferPointer { slotKeys in
                index.oldRowPlusOne.withBuffer { oldRowPlusOne in
                    taken.withUnsafeMutableBufferPointer { taken in
                        oldLayout.rowSpans.withUnsafeBufferPointer { oldSpans in
                            old.source.withUnsafeBytes { oldBytes in
                                source.withUnsafeBytes { newBytes in
                                    guard let oldBase = oldBytes.baseAddress, let newBase = newBytes.baseAddress else {
                                        integers = count == 0
                                        return
                                    }
                                    for row in 0..<count {
                                        guard kinds[row] == RecordTable.Kind.int.rawValue else {
                                            integers = false
                                            return
                                        }
                                        let key = Int(truncatingIfNeeded: payloads[row])
                                        var place: Int
                                        if slotKeys.isEmpty {
                                            let overflow: Bool
                                            (place, overflow) = key.subtractingReportingOverflow(lowestKey)
                                            if overflow || place >= index.places { place = -1 }
                                        } else {
                                            // Its slot, or none: a new key (the table is never full).
                                            place = index.firstSlot(of: key)
                                            while oldRowPlusOne[place] != 0, slotKeys[place] != key {
                                                place = (place + 1) & slotMask
                                            }
                                            if oldRowPlusOne[place] == 0 { place = -1 }
                                        }
                                        guard place >= 0 else {
                                            if let last = unmatched.last, last >= key { ascend = false }
                                            unmatched.append(key)
                                            chunk[row] = -1
                                            continue
                                        }
                                        let (word, bit) = (place >> 6, UInt64(1) << UInt64(place & 63))
                                        twice |= taken[word] & bit
                                        taken[word] |= bit
                                        let oldRow = place < oldRowPlusOne.count ? oldRowPlusOne[place] &- 1 : -1
                                        chunk[row] = oldRow
                                        guard oldRow >= 0 else { continue }
                                        // An index's row is one of the old table's (indexOldKeys), each with its span.
                                        let (oldSpan, newSpan) = (oldSpans[Int(oldRow)], spans[row])
                                        let length = Int(oldSpan & 0xFFFF_FFFF)
                                        if length == Int(newSpan & 0xFFFF_FFFF)
                                            && sameBytes(
                                                oldBase + Int(oldSpan >> 32), newBase + Int(newSpan >> 32),
                                                count: length)
                                        {
                                            continue
                                        }
                                        differing.append(
                                            RecordTable.RowPair(
                                                row: oldRow, otherRow: Int32(truncatingIfNeeded: first + row)))
                                    }
                                }
                            }
                        }
                    }
                }
            }
            written = integers ? count : 0
        }
        guard integers, twice == 0 else { return abandon() }
        matched += chunk
        if number == 0 { chunk.withUnsafeBufferPointer { run.add($0) } }
    }
}
