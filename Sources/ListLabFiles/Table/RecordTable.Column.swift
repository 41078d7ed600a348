import ListLabCore
extension RecordTable {
    /// One field's cells, stored only from the first row that has one to the
    /// last: rows outside that run are absent. A key that one row in a
    /// million has costs one cell, not a million (NDJSON whose records each
    /// have a key of their own loaded in quadratic time and memory when
    /// every column was padded to every row).
    ///
    /// 32 bytes (the fields are in the order that packs them): a file with
    /// a key per record has a column per record.
    struct Column: Sendable {
        /// The stored cells from `start` on, when there are two or more.
        private var kinds: [UInt8] = []
        private var payloads: [UInt64] = []
        /// The one stored cell, at `start`, while there is only one (the
        /// arrays are empty then): a column that one row has costs no
        /// allocation. 100,000 NDJSON records with a key each allocated
        /// 200,000 arrays of one cell, 3.4x the time of one shared key.
        private var singlePayload: UInt64 = 0
        /// `start`, in 32 bits (a table's rows are numbered in 31: ``RowOrigin``).
        private var startRow: UInt32 = 0
        private var singleKind = Kind.absent.rawValue

        /// The row of the first stored cell.
        private(set) var start: Int {
            get { Int(startRow) }
            set { startRow = UInt32(truncatingIfNeeded: newValue) }
        }

        /// The number of rows from `start` to the last stored cell.
        private var storedCount: Int { kinds.isEmpty ? (singleKind == Kind.absent.rawValue ? 0 : 1) : kinds.count }

        /// The row after the last stored cell.
        var end: Int { start + storedCount }

        @inline(__always)
        func kind(_ row: Int) -> Kind {
            let index = row &- start
            if index >= 0, index < kinds.count { return Kind(rawValue: kinds[index]) ?? .absent }
            return index == 0 && kinds.isEmpty ? Kind(rawValue: singleKind) ?? .absent : .absent
        }

        @inline(__always)
        func payload(_ row: Int) -> UInt64 {
            let index = row &- start
            if index >= 0, index < payloads.count { return payloads[index] }
            return index == 0 && kinds.isEmpty ? singlePayload : 0
        }

        mutating func reserveCapacity(_ rows: Int) {
            kinds.reserveCapacity(rows)
            payloads.reserveCapacity(rows)
        }

        /// Sets the cell of `row`, growing the stored run to reach it.
        mutating func set(_ row: Int, _ kind: Kind, _ payload: UInt64) {
            let index = row - start
            if index >= 0, index < kinds.count {
                kinds[index] = kind.rawValue
                payloads[index] = payload
                return
            }
            // The next row of a column being read: the common case, kept short (a reader's
            // cells went through the general path below: 14% of a million-row load).
            if index == kinds.count, !kinds.isEmpty {
                guard kind != .absent else { return }
                kinds.append(kind.rawValue)
                payloads.append(payload)
                return
            }
            if kinds.isEmpty {
                if singleKind == Kind.absent.rawValue || index == 0 {
                    // Empty, or the one cell replaced: stays a single cell (or none).
                    if singleKind == Kind.absent.rawValue, kind == .absent { return }
                    start = kind == .absent ? 0 : row
                    singleKind = kind.rawValue
                    singlePayload = kind == .absent ? 0 : payload
                    return
                }
                guard kind != .absent else { return }
                // A second cell: the single one moves into the arrays.
                kinds.append(singleKind)
                payloads.append(singlePayload)
                singleKind = Kind.absent.rawValue
                singlePayload = 0
            }
            guard kind != .absent else { return }
            if index < 0 {
                kinds.insert(contentsOf: repeatElement(Kind.absent.rawValue, count: -index), at: 0)
                payloads.insert(contentsOf: repeatElement(0, count: -index), at: 0)
                start = row
            } else {
                kinds.append(contentsOf: repeatElement(Kind.absent.rawValue, count: index - kinds.count))
                payloads.append(contentsOf: repeatElement(0, count: index - payloads.count))
            }
            let at = row - start
            if at == kinds.count {
                kinds.append(kind.rawValue)
                payloads.append(payload)
            } else {
                kinds[at] = kind.rawValue
                payloads[at] = payload
            }
        }

        /// Appends the kinds and payloads of `rows` to `kinds` and
        /// `payloads`, when every one of them is stored (a reader's cells
        /// are); false, appending nothing, when one is not.
        func copyCells(_ rows: Range<Int>, kinds: inout [UInt8], payloads: inout [UInt64]) -> Bool {
            if rows.isEmpty { return true }
            if self.kinds.isEmpty {
                guard rows.count == 1, rows.lowerBound == start, singleKind != Kind.absent.rawValue else { return false }
                kinds.append(singleKind)
                payloads.append(singlePayload)
                return true
            }
            guard rows.lowerBound >= start, rows.upperBound <= end else { return false }
            let stored = (rows.lowerBound - start)..<(rows.upperBound - start)
            kinds.append(contentsOf: self.kinds[stored])
            payloads.append(contentsOf: self.payloads[stored])
            return true
        }

        /// Calls `body` with the integers of rows `0..<count` in place (the
        /// payloads, an integer cell's bits), when every one of them is an
        /// integer cell; else nil.
        func withIntegers<Result>(count: Int, _ body: (UnsafeBufferPointer<Int>) throws -> Result) rethrows -> Result? {
            if count == 0 { return try body(UnsafeBufferPointer(start: nil, count: 0)) }
            if count == 1, kinds.isEmpty, start == 0, singleKind == Kind.int.rawValue {
                return try withUnsafeBytes(of: singlePayload) { try body($0.assumingMemoryBound(to: Int.self)) }
            }
            guard start == 0, kinds.count == count, !kinds.contains(where: { $0 != Kind.int.rawValue }) else { return nil }
            return try payloads.withUnsafeBufferPointer { payloads in
                try UnsafeRawBufferPointer(payloads).withMemoryRebound(to: Int.self) { try body($0) }
            }
        }

        /// The cells of `rows`, in that order, as a column of their own (a
        /// sort or a filter of the table). Copied in one pass into one run:
        /// a million rows through ``set(_:_:_:)`` took five times as long.
        func gathered(_ rows: [Int]) -> Column {
            var column = Column()
            guard storedCount > 0 else { return column }
            column.kinds.reserveCapacity(rows.count)
            column.payloads.reserveCapacity(rows.count)
            for row in rows {
                column.kinds.append(kind(row).rawValue)
                column.payloads.append(payload(row))
            }
            return column
        }

        /// Inserts a row at `row`: later rows move down one.
        mutating func insertRow(_ row: Int, _ kind: Kind, _ payload: UInt64) {
            if storedCount == 0 || row >= end {
                set(row, kind, payload)
            } else if row <= start {
                start += 1
                set(row, kind, payload)
            } else {
                kinds.insert(kind.rawValue, at: row - start)
                payloads.insert(payload, at: row - start)
            }
        }

        /// Removes `rows` (ascending, no repeats).
        ///
        /// - Complexity: O(*c* + log *r*) for *c* stored cells and *r* removed rows.
        mutating func removeRows(_ rows: [Int]) {
            if kinds.isEmpty {
                guard singleKind != Kind.absent.rawValue else { return }
                let before = rows.countBelow(start)
                if before < rows.count, rows[before] == start {
                    singleKind = Kind.absent.rawValue
                    singlePayload = 0
                    start = 0
                } else {
                    start -= before
                }
                return
            }
            var next = rows.countBelow(start)
            let removedBefore = next
            var kept = 0
            for index in kinds.indices {
                if next < rows.count, rows[next] == start + index {
                    next += 1
                    continue
                }
                kinds[kept] = kinds[index]
                payloads[kept] = payloads[index]
                kept += 1
            }
            kinds.removeLast(kinds.count - kept)
            payloads.removeLast(payloads.count - kept)
            start -= removedBefore
            if kinds.isEmpty { start = 0 }
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

        /// Whether `origins` are the source's rows 0, 1, 2, ... in order,
        /// none edited: the rows of a table as its file was read. One pass
        /// with no branch, which the compiler vectorizes.
        static func areAsRead(_ origins: [RowOrigin]) -> Bool {
            origins.withUnsafeBufferPointer { origins in
                var differs: UInt32 = 0
                for row in origins.indices { differs |= origins[row].raw ^ RowOrigin(sourceRow: row, edited: false).raw }
                return differs == 0
            }
        }
    }
}
