/// The rows of two tables with the same fields, identified by their
/// content: the identities a provider with no key gives its items (the
/// record path identifies each by its whole record). Hashed by the rows'
/// values, compared row by row where the hashes agree.
final class RowContents {
    let old: RecordTable
    let new: RecordTable

    init(_ old: RecordTable, _ new: RecordTable) {
        self.old = old
        self.new = new
    }

    /// One identity per row of each table, numbered as the diff numbers its
    /// items: the old table's rows from 0, the new table's after them.
    var identities: (old: [RowContent], new: [RowContent]) {
        let count = old.count
        return (
            old.contentHashes().enumerated().map { RowContent(hash: $1, item: $0, contents: self) },
            new.contentHashes().enumerated().map { RowContent(hash: $1, item: count + $0, contents: self) }
        )
    }

    /// Whether two items (numbered as in ``identities``) hold the same content.
    func sameContent(_ item: Int, _ otherItem: Int) -> Bool {
        let count = old.count
        let (table, row) = item < count ? (old, item) : (new, item - count)
        let (otherTable, otherRow) = otherItem < count ? (old, otherItem) : (new, otherItem - count)
        return table.row(row, hasTheContentOf: otherRow, in: otherTable)
    }
}

extension RowContents {
    /// For each new row, the old row with its content (-1 for none), as
    /// ``ChangeCount/matchRows(from:to:)`` gives it for keys; nil when two rows
    /// on one side hold the same content. By an open-addressing table of
    /// row numbers on the rows' hashes, compared row by row where the
    /// hashes agree, because a `Dictionary` of ``RowContent``s costs a class
    /// reference and a `Hasher` per look-up.
    func matchedRows() -> [Int32]? {
        let oldHashes = old.contentHashes()
        let newHashes = new.contentHashes()
        var capacity = 16
        while capacity < 2 * (oldHashes.count + newHashes.count) { capacity *= 2 }
        let mask = capacity - 1
        // Slots: 0 empty, old row + 1, or -(new row + 1) for a new row with no old match.
        var slots = [Int32](repeating: 0, count: capacity)
        var taken = [Bool](repeating: false, count: oldHashes.count)
        guard Self.placeRows(of: old, hashes: oldHashes, in: &slots, mask: mask) == nil else { return nil }
        return old.comparingContent(with: new) { sameContent in
            var matched: [Int32] = []
            matched.reserveCapacity(newHashes.count)
            for (row, hash) in newHashes.enumerated() {
                var slot = hash & mask
                var found = -1
                probing: while slots[slot] != 0 {
                    let entry = Int(slots[slot])
                    if entry > 0 {
                        if oldHashes[entry - 1] == hash, sameContent(entry - 1, row) {
                            if taken[entry - 1] { return nil }
                            found = entry - 1
                            break probing
                        }
                    } else if newHashes[-entry - 1] == hash, new.row(-entry - 1, hasTheContentOf: row, in: new) {
                        return nil
                    }
                    slot = (slot + 1) & mask
                }
                if found >= 0 {
                    taken[found] = true
                } else {
                    slots[slot] = Int32(-(row + 1))
                }
                matched.append(Int32(truncatingIfNeeded: found))
            }
            return matched
        }
    }
}

extension RowContents {
    /// The first two rows of `table` that hold the same content: the
    /// second is the first row whose content an earlier row holds, as a
    /// diff of the rows by their content meets it; nil when every row's
    /// content is its own.
    static func firstRowsAlike(in table: RecordTable) -> (first: Int, second: Int)? {
        let hashes = table.contentHashes()
        var capacity = 16
        while capacity < 2 * hashes.count { capacity *= 2 }
        var slots = [Int32](repeating: 0, count: capacity)
        return placeRows(of: table, hashes: hashes, in: &slots, mask: capacity - 1)
    }

    /// Places each row of `table` (slot: row + 1) by its hash, in order,
    /// until one holds the content of a row placed before it: those two.
    fileprivate static func placeRows(of table: RecordTable, hashes: [Int], in slots: inout [Int32], mask: Int) -> (
        first: Int, second: Int
    )? {
        for (row, hash) in hashes.enumerated() {
            var slot = hash & mask
            while slots[slot] != 0 {
                let other = Int(slots[slot]) - 1
                if hashes[other] == hash, table.row(other, hasTheContentOf: row, in: table) { return (other, row) }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(row + 1)
        }
        return nil
    }
}

/// A row identified by its content (see ``RowContents``).
struct RowContent: Hashable {
    let hash: Int
    let item: Int
    let contents: RowContents

    static func == (lhs: RowContent, rhs: RowContent) -> Bool {
        lhs.hash == rhs.hash && (lhs.item == rhs.item || lhs.contents.sameContent(lhs.item, rhs.item))
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }
}
