extension RecordTable {
    /// One field's cells, stored only from the first row that has one to the
    /// last: rows outside that run are absent. A key that one row in a
    /// million has costs one cell, not a million (NDJSON whose records each
    /// have a key of their own loaded in quadratic time and memory when
    /// every column was padded to every row).
    struct Column: Sendable {
        /// The row of the first stored cell.
        private(set) var start = 0
        private(set) var kinds: [UInt8] = []
        private(set) var payloads: [UInt64] = []

        /// The row after the last stored cell.
        var end: Int { start + kinds.count }

        @inline(__always)
        func kind(_ row: Int) -> Kind {
            let index = row &- start
            guard index >= 0, index < kinds.count else { return .absent }
            return Kind(rawValue: kinds[index]) ?? .absent
        }

        @inline(__always)
        func payload(_ row: Int) -> UInt64 {
            let index = row &- start
            guard index >= 0, index < payloads.count else { return 0 }
            return payloads[index]
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
            guard kind != .absent else { return }
            if kinds.isEmpty {
                start = row
            } else if index < 0 {
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

        /// Inserts a row at `row`: later rows move down one.
        mutating func insertRow(_ row: Int, _ kind: Kind, _ payload: UInt64) {
            if kinds.isEmpty || row >= end {
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
            var next = Self.firstIndex(in: rows, notBelow: start)
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

        /// The index of the first element of the ascending `rows` that is at least `row`.
        private static func firstIndex(in rows: [Int], notBelow row: Int) -> Int {
            var low = 0
            var high = rows.count
            while low < high {
                let middle = (low + high) / 2
                if rows[middle] < row { low = middle + 1 } else { high = middle }
            }
            return low
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
    }
}
