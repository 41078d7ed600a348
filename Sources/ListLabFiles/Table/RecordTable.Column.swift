import ListLabCore

extension RecordTable {
    /// One field's cells, stored only from the first row that has one to the
    /// last: rows outside that run are absent. A key that one row in a
    /// million has costs one cell, not a million (NDJSON whose records each
    /// have a key of their own loaded in quadratic time and memory when
    /// every column was padded to every row).
    ///
    /// 24 bytes, and a column of one cell holds no reference: a file with a
    /// key per record has a column per record, each made, touched and
    /// dropped with the table (they were 32 bytes with two arrays each).
    ///
    /// Unchecked `Sendable`: its run is changed only through a column that
    /// holds the only reference to it (copy on write, as an array's
    /// storage); `ManagedBuffer` is not `Sendable` itself.
    struct Column: @unchecked Sendable {
        /// The cells, when two or more rows are stored; else nil, and the
        /// one cell (if any) is below.
        private var run: CellRun?
        /// The one cell, while there is only one (`singleKind` absent when
        /// none): a column that one row has costs no allocation. 100,000
        /// NDJSON records with a key each allocated 200,000 arrays of one
        /// cell, 3.4x the time of one shared key.
        private var singlePayload: UInt64 = 0
        /// The one cell's row, in 32 bits (a table's rows are numbered in 31: ``RowOrigin``).
        private var singleRow: UInt32 = 0
        private var singleKind = Kind.absent.rawValue

        /// A column of every row of `run` (``RecordTable/readRowsInParallel(_:_:)``).
        init(everyRowOf run: CellRun) {
            self.run = run
        }

        /// An empty column.
        init() {}

        /// One piece's column, for a join: its rows from 0, which are rows
        /// `firstRow...` of the joined table, and where the piece's arena
        /// begins in the joined arena (as a payload's offset, shifted).
        struct Part {
            var column: Column
            var firstRow: Int
            var arenaBase: UInt64
        }

        /// The cells of `parts`, in order, each moved down to its rows, absent
        /// between them; a string in a piece's arena points into the joined
        /// arena. A part alone at row 0 is kept, not copied, and a first
        /// part's run with room for all takes the rest in place: the parts
        /// are the only holders of their columns.
        init(joining parts: [Part]) {
            let stored = parts.filter { $0.column.storedCount > 0 }
            guard let first = stored.first, let last = stored.last else { return }
            if stored.count == 1, first.firstRow == 0, first.arenaBase == 0 {
                self = first.column
                return
            }
            let start = first.firstRow + first.column.start
            let count = last.firstRow + last.column.end - start
            // The first piece's run, when it has room for every row (its reader reserved it), takes
            // the others' cells after its own: the join then copies only the later pieces'.
            let grows = first.firstRow == 0 && first.arenaBase == 0 && (first.column.run?.rowCapacity ?? 0) >= count
            let run = grows ? first.column.run.unsafelyUnwrapped : CellRun.make(capacity: count)
            let kept = grows ? 1 : 0
            let firstStored = first.column.storedCount
            run.start = start
            run.count = count
            run.withCells { payloads, kinds in
                var filled = grows ? firstStored : 0
                // Every row from here is written: huge pages waste none of it.
                HugePages.advise(
                    UnsafeMutableRawPointer(payloads + filled), bytes: (count - filled) * MemoryLayout<UInt64>.stride)
                HugePages.advise(UnsafeMutableRawPointer(kinds + filled), bytes: count - filled)
                for part in stored.dropFirst(kept) {
                    let from = part.firstRow + part.column.start - start
                    let rows = part.column.storedCount
                    (payloads + filled).update(repeating: 0, count: from - filled)
                    (kinds + filled).update(repeating: Kind.absent.rawValue, count: from - filled)
                    if let partRun = part.column.run {
                        partRun.withCells { partPayloads, partKinds in
                            (payloads + from).update(from: partPayloads, count: rows)
                            (kinds + from).update(from: partKinds, count: rows)
                        }
                    } else {
                        payloads[from] = part.column.singlePayload
                        kinds[from] = part.column.singleKind
                    }
                    if part.arenaBase != 0 {
                        for index in from..<(from + rows) where Self.isInArena(kinds[index]) {
                            payloads[index] &+= part.arenaBase
                        }
                    }
                    filled = from + rows
                }
            }
            if count == 1 {
                set(start, run.kind(start), run.payload(start))
            } else {
                self.run = run
            }
        }

        /// Whether a cell of `kind` points into the arena.
        private static func isInArena(_ kind: UInt8) -> Bool {
            kind == Kind.arenaString.rawValue || kind == Kind.arenaNumber.rawValue || kind == Kind.arenaJSON.rawValue
        }

        /// The row of the first stored cell.
        var start: Int { run?.start ?? Int(singleRow) }

        /// The number of rows from `start` to the last stored cell.
        var storedCount: Int { run?.count ?? (singleKind == Kind.absent.rawValue ? 0 : 1) }

        /// The row after the last stored cell.
        var end: Int { start + storedCount }

        @inline(__always)
        func kind(_ row: Int) -> Kind {
            if let run { return run.kind(row) }
            return row == Int(singleRow) ? Kind(rawValue: singleKind) ?? .absent : .absent
        }

        @inline(__always)
        func payload(_ row: Int) -> UInt64 {
            if let run { return run.payload(row) }
            return row == Int(singleRow) ? singlePayload : 0
        }

        /// The column's run of cells, made first if the column has none
        /// (from its one cell, with room for `capacity` rows) and copied
        /// first if another column shares it (a copy of the table): the
        /// column's own, to change.
        private mutating func uniqueRun(capacity: Int = 2) -> CellRun {
            guard run != nil else {
                let made = CellRun.make(capacity: capacity)
                if singleKind != Kind.absent.rawValue { made.append(Int(singleRow), singleKind, singlePayload) }
                (singlePayload, singleRow, singleKind) = (0, 0, Kind.absent.rawValue)
                run = made
                return made
            }
            if !isKnownUniquelyReferenced(&run), let shared = run { run = shared.copy(capacity: shared.rowCapacity) }
            return run.unsafelyUnwrapped
        }

        /// Copies the stored run first if another column shares it (a copy
        /// of the table), so that ``setInPlaceIfOwned(_:_:_:)`` may write it.
        mutating func makeRunUnique() {
            if run != nil, !isKnownUniquelyReferenced(&run), let shared = run {
                run = shared.copy(capacity: shared.rowCapacity)
            }
        }

        /// Sets the cell of `row` in the stored run when the run has room for
        /// it, without looking at whether another column shares the run: for
        /// a reader that holds the only copy (see
        /// ``RecordTable/appendOwnedCell(_:kind:payload:)``); false, setting
        /// nothing, when the column has no run or the run must grow.
        @inline(__always)
        func setInPlaceIfOwned(_ row: Int, _ kind: Kind, _ payload: UInt64) -> Bool {
            guard run != nil else { return false }
            return Unmanaged.passUnretained(run.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                $0.setInPlace(row, kind.rawValue, payload)
            }
        }

        /// See ``CellRun/adviseHugePagesAhead()``.
        func adviseHugePagesAhead() { run?.adviseHugePagesAhead() }

        mutating func reserveCapacity(_ rows: Int) {
            guard rows > 1 else { return }
            let own = uniqueRun(capacity: rows)
            if own.rowCapacity < rows { run = own.copy(capacity: rows) }
        }

        /// Sets the cell of `row`, growing the stored run to reach it.
        mutating func set(_ row: Int, _ kind: Kind, _ payload: UInt64) {
            guard run != nil else {
                if singleKind == Kind.absent.rawValue || Int(singleRow) == row {
                    // Empty, or the one cell replaced: stays a single cell (or none).
                    if kind == .absent {
                        (singlePayload, singleRow, singleKind) = (0, 0, Kind.absent.rawValue)
                    } else {
                        (singlePayload, singleRow, singleKind) = (
                            payload, UInt32(truncatingIfNeeded: row), kind.rawValue
                        )
                    }
                    return
                }
                guard kind != .absent else { return }
                // A second cell: both move into a run.
                run = uniqueRun().setting(row, kind.rawValue, payload)
                return
            }
            if !isKnownUniquelyReferenced(&run) {
                run = run.unsafelyUnwrapped.copy(capacity: run.unsafelyUnwrapped.rowCapacity)
            }
            // The column holds the run throughout, so it is used unretained: a retain and a release
            // for each cell took as long as the rest of setting it.
            let placed = Unmanaged.passUnretained(run.unsafelyUnwrapped)._withUnsafeGuaranteedRef {
                $0.setInPlace(row, kind.rawValue, payload)
            }
            if placed || kind == .absent { return }
            run = run.unsafelyUnwrapped.setting(row, kind.rawValue, payload)
        }

        /// Appends the kinds and payloads of `rows` to `kinds` and
        /// `payloads`, when every one of them is stored (a reader's cells
        /// are); false, appending nothing, when one is not.
        func copyCells(_ rows: Range<Int>, kinds: inout [UInt8], payloads: inout [UInt64]) -> Bool {
            if rows.isEmpty { return true }
            guard let run else {
                guard rows.count == 1, rows.lowerBound == Int(singleRow), singleKind != Kind.absent.rawValue else {
                    return false
                }
                kinds.append(singleKind)
                payloads.append(singlePayload)
                return true
            }
            let (start, count) = (run.start, run.count)
            guard rows.lowerBound >= start, rows.upperBound <= start + count else { return false }
            run.withCells { runPayloads, runKinds in
                kinds.append(
                    contentsOf: UnsafeBufferPointer(start: runKinds + (rows.lowerBound - start), count: rows.count))
                payloads.append(
                    contentsOf: UnsafeBufferPointer(start: runPayloads + (rows.lowerBound - start), count: rows.count))
            }
            return true
        }

        /// Calls `body` with the kinds and payloads of rows `0..<count` in
        /// place, when the column's run stores every one of them; else nil.
        func withStoredCells<Result>(
            count: Int, _ body: (UnsafePointer<UInt8>, UnsafePointer<UInt64>) throws -> Result
        ) rethrows -> Result? {
            guard let run, run.start == 0, run.count == count else { return nil }
            return try run.withCells { payloads, kinds in try body(kinds, payloads) }
        }

        /// Calls `body` with the integers of rows `0..<count` in place (the
        /// payloads, an integer cell's bits), when every one of them is an
        /// integer cell; else nil.
        func withIntegers<Result>(count: Int, _ body: (UnsafeBufferPointer<Int>) throws -> Result) rethrows -> Result? {
            if count == 0 { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
            guard let run else {
                guard count == 1, singleRow == 0, singleKind == Kind.int.rawValue else { return nil }
                return try withUnsafeBytes(of: singlePayload) { try body($0.assumingMemoryBound(to: Int.self)) }
            }
            guard run.start == 0, run.count == count else { return nil }
            return try run.withCells { payloads, kinds in
                guard !UnsafeBufferPointer(start: kinds, count: count).contains(where: { $0 != Kind.int.rawValue })
                else { return nil }
                return try UnsafeMutableRawPointer(payloads).withMemoryRebound(to: Int.self, capacity: count) {
                    try body(UnsafeBufferPointer(start: $0, count: count))
                }
            }
        }

        /// The cells of `rows`, in that order, as a column of their own (a
        /// sort or a filter of the table). Copied in one pass into one run:
        /// a million rows through ``set(_:_:_:)`` took five times as long.
        /// `highest` is the highest of `rows`: when the run stores every row
        /// to it, cells are read through the run's pointers.
        func gathered(_ rows: [Int], highest: Int? = nil) -> Column {
            let highest = highest ?? rows.max() ?? -1
            var column = Column()
            guard storedCount > 0, !rows.isEmpty else { return column }
            let gathered = CellRun.make(capacity: rows.count)
            gathered.withCells { payloads, kinds in
                if let run, run.start == 0, highest < run.count {
                    // Every row stored: read through the run's pointers, with no look at its bounds per cell.
                    run.withCells { runPayloads, runKinds in
                        rows.withUnsafeBufferPointer { rows in
                            for index in rows.indices {
                                let row = rows[index]
                                kinds[index] = runKinds[row]
                                payloads[index] = runPayloads[row]
                            }
                        }
                    }
                    return
                }
                for (index, row) in rows.enumerated() {
                    kinds[index] = kind(row).rawValue
                    payloads[index] = payload(row)
                }
            }
            gathered.count = rows.count
            column.run = gathered
            return column
        }

        /// The column's cells, each moved to its row's place in
        /// `newPlaces` (by this table's row; -1 for a row left out): a sort
        /// or a filter of a column that holds few cells, in time of those
        /// cells, where ``gathered(_:)`` goes over every row.
        func scattered(to newPlaces: [Int32]) -> Column {
            var cells: [(place: Int, kind: UInt8, payload: UInt64)] = []
            for row in start..<end where row < newPlaces.count && newPlaces[row] >= 0 {
                let kind = kind(row)
                if kind != .absent { cells.append((Int(newPlaces[row]), kind.rawValue, payload(row))) }
            }
            cells.sort { $0.place < $1.place }
            var column = Column()
            guard let first = cells.first, let last = cells.last else { return column }
            guard cells.count > 1 else {
                (column.singlePayload, column.singleRow, column.singleKind) = (
                    first.payload, UInt32(truncatingIfNeeded: first.place), first.kind
                )
                return column
            }
            let run = CellRun.make(capacity: last.place - first.place + 1)
            run.withCells { payloads, kinds in
                payloads.initialize(repeating: 0, count: last.place - first.place + 1)
                kinds.initialize(repeating: Kind.absent.rawValue, count: last.place - first.place + 1)
                for cell in cells {
                    payloads[cell.place - first.place] = cell.payload
                    kinds[cell.place - first.place] = cell.kind
                }
            }
            run.start = first.place
            run.count = last.place - first.place + 1
            column.run = run
            return column
        }

        /// Inserts a row at `row`: later rows move down one.
        mutating func insertRow(_ row: Int, _ kind: Kind, _ payload: UInt64) {
            if storedCount == 0 || row >= end {
                set(row, kind, payload)
            } else if row <= start {
                // Every stored cell moves down a row; then the new one is set.
                if run == nil { singleRow += 1 } else { uniqueRun().start += 1 }
                set(row, kind, payload)
            } else {
                let own = uniqueRun()
                run = own.inserting(kind.rawValue, payload, at: row - own.start)
            }
        }

        /// Removes `rows` (ascending, no repeats).
        ///
        /// - Complexity: O(*c* + log *r*) for *c* stored cells and *r* removed rows.
        mutating func removeRows(_ rows: [Int]) {
            guard run != nil else {
                guard singleKind != Kind.absent.rawValue else { return }
                let before = rows.countBelow(Int(singleRow))
                if before < rows.count, rows[before] == Int(singleRow) {
                    (singlePayload, singleRow, singleKind) = (0, 0, Kind.absent.rawValue)
                } else {
                    singleRow -= UInt32(before)
                }
                return
            }
            let own = uniqueRun()
            own.removeRows(rows)
            if own.count == 0 { run = nil }
        }
    }

    /// A column's cells once it has had more than one (or room reserved):
    /// from `start` on, `count` rows of payloads, then their kinds, in one
    /// allocation (a column of two arrays took two, and a look at each's
    /// uniqueness for every cell set).
    final class CellRun: ManagedBuffer<CellRun.Header, UInt64> {
        struct Header {
            /// The row of the first cell.
            var start: Int
            /// The rows stored.
            var count: Int
            /// The rows there is room for: the payloads' count, after which the kinds' bytes begin.
            var capacity: Int
        }

        // The header is read and written through its pointer: the class's
        // stored `header` is checked for exclusive access at each use.

        /// The row of the first cell.
        var start: Int {
            @inline(__always) get { withUnsafeMutablePointerToHeader { $0.pointee.start } }
            set { withUnsafeMutablePointerToHeader { $0.pointee.start = newValue } }
        }

        /// The rows stored.
        var count: Int {
            @inline(__always) get { withUnsafeMutablePointerToHeader { $0.pointee.count } }
            set { withUnsafeMutablePointerToHeader { $0.pointee.count = newValue } }
        }

        /// The rows there is room for.
        var rowCapacity: Int { withUnsafeMutablePointerToHeader { $0.pointee.capacity } }

        /// An empty run with room for `capacity` rows.
        static func make(capacity: Int) -> CellRun {
            let capacity = max(capacity, 2)
            let buffer = create(minimumCapacity: capacity + (capacity + 7) / 8) { _ in
                Header(start: 0, count: 0, capacity: capacity)
            }
            let run = unsafeDowncast(buffer, to: CellRun.self)
            run.withUnsafeMutablePointerToElements { elements in
                _ = UnsafeMutableRawPointer(elements + capacity).bindMemory(
                    to: UInt8.self, capacity: (capacity + 7) / 8 * 8)
            }
            return run
        }

        /// A run of `rows` rows from row 0, its cells to be set by a reader
        /// through ``cellPointers`` (until then, they are not initialized),
        /// with room for a sixteenth more: the first rows appended after a
        /// load go in place, where a run made at its size was copied whole
        /// (room no row touches costs address space, not memory).
        static func everyRow(_ rows: Int) -> CellRun {
            let run = make(capacity: rows + rows / 16)
            run.start = 0
            run.count = rows
            // Huge pages where the rows' cells go (not the room after them, which no row touches yet):
            // each piece's reader writes its rows in turn, a new page at every 4 KB.
            run.withCells { payloads, kinds in
                HugePages.advise(UnsafeMutableRawPointer(payloads), bytes: rows * MemoryLayout<UInt64>.stride)
                HugePages.advise(UnsafeMutableRawPointer(kinds), bytes: rows)
            }
            return run
        }

        /// The most rows ahead ``adviseHugePagesAhead()`` asks huge pages
        /// for, and the fewest rows a run holds before it asks: 2 MB of
        /// payloads, so that pages a column never fills cost at most as
        /// much as those it did.
        static let rowsOfAHugePage = 262_144

        /// Asks for huge pages where the next rows' payloads go, up to
        /// ``rowsOfAHugePage`` ahead (and a reader's next 65,536 rows), once
        /// the run holds that many: for a reader that sets a cell in every
        /// row, a page fault at every 2 MB instead of every 4 KB.
        func adviseHugePagesAhead() {
            withUnsafeMutablePointers { header, payloads in
                let count = header.pointee.count
                guard count >= Self.rowsOfAHugePage else { return }
                let end = min(header.pointee.capacity, count + Self.rowsOfAHugePage + 65_536)
                guard end > count else { return }
                HugePages.advise(
                    UnsafeMutableRawPointer(payloads + count), bytes: (end - count) * MemoryLayout<UInt64>.stride)
            }
        }

        /// The payloads and the kinds from the run's first row, for a reader
        /// that sets each cell of rows of its own from its own thread; valid
        /// while the run is kept.
        var cellPointers: (payloads: UnsafeMutablePointer<UInt64>, kinds: UnsafeMutablePointer<UInt8>) {
            withCells { ($0, $1) }
        }

        /// Calls `body` with the payloads and the kinds, each from the run's first row.
        @inline(__always)
        func withCells<Result>(_ body: (UnsafeMutablePointer<UInt64>, UnsafeMutablePointer<UInt8>) throws -> Result)
            rethrows -> Result
        {
            try withUnsafeMutablePointers { header, elements in
                try body(
                    elements,
                    UnsafeMutableRawPointer(elements + header.pointee.capacity).assumingMemoryBound(to: UInt8.self))
            }
        }

        @inline(__always)
        func kind(_ row: Int) -> Kind {
            withUnsafeMutablePointers { header, elements in
                let index = row &- header.pointee.start
                guard index >= 0 && index < header.pointee.count else { return .absent }
                return Kind(
                    rawValue: UnsafeMutableRawPointer(elements + header.pointee.capacity).load(
                        fromByteOffset: index, as: UInt8.self)) ?? .absent
            }
        }

        @inline(__always)
        func payload(_ row: Int) -> UInt64 {
            withUnsafeMutablePointers { header, elements in
                let index = row &- header.pointee.start
                return index >= 0 && index < header.pointee.count ? elements[index] : 0
            }
        }

        /// A copy with room for `capacity` rows (at least its own).
        func copy(capacity: Int) -> CellRun {
            let copy = CellRun.make(capacity: max(capacity, count))
            copy.start = start
            copy.count = count
            withCells { payloads, kinds in
                copy.withCells { copyPayloads, copyKinds in
                    copyPayloads.update(from: payloads, count: count)
                    copyKinds.update(from: kinds, count: count)
                }
            }
            return copy
        }

        /// Appends a cell at `row` (the run's next row, or its first when empty).
        func append(_ row: Int, _ kind: UInt8, _ payload: UInt64) {
            if count == 0 { start = row }
            let index = count
            withCells { payloads, kinds in
                payloads[index] = payload
                kinds[index] = kind
            }
            count += 1
        }

        /// Sets the cell of `row` when it is stored or the next, with room
        /// for it (a reader's every cell); false when the run must grow.
        @inline(__always)
        func setInPlace(_ row: Int, _ kind: UInt8, _ payload: UInt64) -> Bool {
            withUnsafeMutablePointers { header, payloads in
                let index = row &- header.pointee.start
                guard index >= 0, index <= header.pointee.count, index < header.pointee.capacity else { return false }
                if index == header.pointee.count {
                    guard kind != Kind.absent.rawValue else { return true }
                    header.pointee.count += 1
                }
                payloads[index] = payload
                UnsafeMutableRawPointer(payloads + header.pointee.capacity).storeBytes(
                    of: kind, toByteOffset: index, as: UInt8.self)
                return true
            }
        }

        /// Sets the cell of `row`, growing the run to reach it (absent cells
        /// between); the run to keep, this one or a larger copy.
        func setting(_ row: Int, _ kind: UInt8, _ payload: UInt64) -> CellRun {
            let index = row &- start
            if index >= 0, index < count {
                withCells { payloads, kinds in
                    payloads[index] = payload
                    kinds[index] = kind
                }
                return self
            }
            // The next row of a column being read: the common case, kept short.
            if index == count, index < rowCapacity {
                append(row, kind, payload)
                return self
            }
            if count == 0 {
                append(row, kind, payload)
                return self
            }
            let (low, high) = (min(row, start), max(row + 1, start + count))
            let grown =
                high - low > rowCapacity || index < 0
                ? moved(to: low, capacity: max(high - low, rowCapacity * 2)) : self
            grown.withCells { payloads, kinds in
                let from = grown.count
                let to = row - grown.start
                if to > from {
                    (payloads + from).update(repeating: 0, count: to - from)
                    (kinds + from).update(repeating: Kind.absent.rawValue, count: to - from)
                }
                payloads[to] = payload
                kinds[to] = kind
                grown.count = max(from, to + 1)
            }
            return grown
        }

        /// A copy with room for `capacity` rows from row `first` (at or
        /// before this run's start), its cells moved down to their rows,
        /// absent above them.
        private func moved(to first: Int, capacity: Int) -> CellRun {
            let copy = CellRun.make(capacity: capacity)
            let shift = start - first
            copy.start = first
            copy.count = shift + count
            withCells { payloads, kinds in
                copy.withCells { copyPayloads, copyKinds in
                    copyPayloads.update(repeating: 0, count: shift)
                    copyKinds.update(repeating: Kind.absent.rawValue, count: shift)
                    (copyPayloads + shift).update(from: payloads, count: count)
                    (copyKinds + shift).update(from: kinds, count: count)
                }
            }
            return copy
        }

        /// Inserts a cell at `index` (inside the run): later cells move down one.
        func inserting(_ kind: UInt8, _ payload: UInt64, at index: Int) -> CellRun {
            let run = count < rowCapacity ? self : copy(capacity: rowCapacity * 2)
            run.withCells { payloads, kinds in
                let after = run.count - index
                (payloads + index + 1).update(from: payloads + index, count: after)
                (kinds + index + 1).update(from: kinds + index, count: after)
                payloads[index] = payload
                kinds[index] = kind
            }
            run.count += 1
            return run
        }

        /// Removes `rows` (ascending, no repeats), in place.
        func removeRows(_ rows: [Int]) {
            let (first, stored) = (start, count)
            var next = rows.countBelow(first)
            let removedBefore = next
            var kept = 0
            withCells { payloads, kinds in
                for index in 0..<stored {
                    if next < rows.count, rows[next] == first + index {
                        next += 1
                        continue
                    }
                    payloads[kept] = payloads[index]
                    kinds[kept] = kinds[index]
                    kept += 1
                }
            }
            count = kept
            start = kept == 0 ? 0 : first - removedBefore
        }
    }

    /// Where a row came from: a row of the file the table was read from
    /// (untouched, or changed since), or nowhere (added since).
    struct RowOrigin: Sendable, Equatable {
        private var raw: UInt32

        /// A row added since the file was read.
        static let added = RowOrigin(raw: 0)

        /// Row `row` of the source; `edited` when its cells may differ from the file's.
        init(sourceRow row: Int, edited: Bool) {
            raw = UInt32(truncatingIfNeeded: row + 1) | (edited ? 0x8000_0000 : 0)
        }

        private init(raw: UInt32) { self.raw = raw }

        /// The source row, or nil for an added row.
        var sourceRow: Int? { raw & 0x7FFF_FFFF == 0 ? nil : Int(raw & 0x7FFF_FFFF) - 1 }

        /// Whether the row's cells may differ from the source's.
        var isEdited: Bool { raw & 0x8000_0000 != 0 }

        /// The same source row, marked edited.
        var edited: RowOrigin { raw == 0 ? self : RowOrigin(raw: raw | 0x8000_0000) }

        /// The origins of `rows` rows as read (rows 0, 1, 2, ... of the
        /// source), with room for a sixteenth more rows (see ``CellRun/everyRow(_:)``).
        static func asRead(_ rows: Int) -> [RowOrigin] {
            var origins: [RowOrigin] = []
            origins.reserveCapacity(rows + rows / 16)
            for row in 0..<rows { origins.append(RowOrigin(sourceRow: row, edited: false)) }
            return origins
        }

        /// Whether `origins` are the source's rows 0, 1, 2, ... in order,
        /// none edited: the rows of a table as its file was read. One pass
        /// with no branch, which the compiler vectorizes.
        static func areAsRead(_ origins: [RowOrigin]) -> Bool {
            origins.withUnsafeBufferPointer { origins in
                var differs: UInt32 = 0
                for row in origins.indices {
                    differs |= origins[row].raw ^ RowOrigin(sourceRow: row, edited: false).raw
                }
                return differs == 0
            }
        }
    }
}

/// A join's parts, one list per column, which each thread of the join takes
/// columns of its own from: unchecked `Sendable`, as no two threads touch one column.
struct SharedColumnParts: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<[RecordTable.Column.Part]>
}

/// A join's columns, each set by the thread that built it.
struct SharedColumns: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<RecordTable.Column>
}
