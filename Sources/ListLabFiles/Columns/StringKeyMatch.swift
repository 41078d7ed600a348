import ListLabRecords

extension RecordTable {
    /// For each row of `new`, the row of this table whose `field` has the
    /// same text (-1 for none), matched by the bytes of the text as the
    /// files spell it: no `String` is made or hashed. Only when every value
    /// of the field, on both sides, is a string of ASCII (two such strings
    /// are equal exactly when their bytes are; `é` written as one scalar or
    /// as `e` and an accent is one string and two spellings); nil otherwise,
    /// and when a key repeats on either side, for the values' own match to
    /// say which.
    ///
    /// A `[Value: Int32]` of string keys made and hashed a `String` per
    /// row, which cost a `reload --diff` by such keys four times a reload.
    func matchingASCIIStrings(of field: String, in new: RecordTable) -> [Int32]? {
        guard let oldColumn = fieldNames.firstIndex(of: field), let newColumn = new.fieldNames.firstIndex(of: field)
        else { return nil }
        guard let oldLength = asciiStringBytes(column: oldColumn),
            let newLength = new.asciiStringBytes(column: newColumn)
        else { return nil }
        var table = FieldNameTable()
        table.reserveCapacity(count, nameLength: count == 0 ? 0 : oldLength / count + 1)
        let added = withStringCells(column: oldColumn) { key in table.position(addingIfNew: key).isNew }
        guard added else { return nil }
        // Read through a constant: a method of a captured variable's copy would retain its arrays each row.
        let oldKeys = table
        // The new keys not in the old table, to find one that repeats among them.
        var unmatched = FieldNameTable()
        unmatched.reserveCapacity(new.count / 8, nameLength: new.count == 0 ? 0 : newLength / new.count + 1)
        var taken = [UInt64](repeating: 0, count: count / 64 + 1)
        var matched: [Int32] = []
        matched.reserveCapacity(new.count)
        let distinct = new.withStringCells(column: newColumn) { key in
            guard let row = oldKeys.position(of: key, hash: oldKeys.hash(key)) else {
                matched.append(-1)
                return unmatched.position(addingIfNew: key).isNew
            }
            let (word, bit) = (row >> 6, UInt64(1) << UInt64(row & 63))
            guard taken[word] & bit == 0 else { return false }
            taken[word] |= bit
            matched.append(Int32(truncatingIfNeeded: row))
            return true
        }
        return distinct ? matched : nil
    }

    /// The first row whose cell of `column` repeats an earlier row's, with
    /// that earlier row, by the bytes of their text when every cell of the
    /// column is a string of ASCII (see ``matchingASCIIStrings(of:in:)``):
    /// `.some(nil)` when none repeats; nil when the column is not such
    /// strings, for the values' own check.
    func firstRepeatOfASCIIStrings(column: Int) -> (first: Int, second: Int)?? {
        guard let length = asciiStringBytes(column: column) else { return nil }
        var table = FieldNameTable()
        table.reserveCapacity(count, nameLength: count == 0 ? 0 : length / count + 1)
        var repeated: (first: Int, second: Int)?
        var row = 0
        _ = withStringCells(column: column) { key in
            // Every row before this one added its key: an entry's number is its row.
            let (entry, isNew) = table.position(addingIfNew: key)
            if !isNew { repeated = (entry, row) }
            row += 1
            return isNew
        }
        return .some(repeated)
    }

    /// The bytes of the strings of `column`, when every row's cell is a
    /// string of ASCII; else nil.
    private func asciiStringBytes(column: Int) -> Int? {
        var total = 0
        var high: UInt8 = 0
        let strings = withStringCells(column: column) { key in
            total += key.count
            for byte in key { high |= byte }
            return true
        }
        return strings && high < 0x80 ? total : nil
    }

    /// Calls `body` with the bytes of each row's cell of `column`, in row
    /// order, until it returns false; false then, and when a row's cell is
    /// not a string (no key, a number, JSON).
    private func withStringCells(column: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        let cells = columns[column]
        guard count == 0 || (cells.start == 0 && cells.end == count) else { return false }
        return source.withUnsafeBufferPointer { source in
            arena.withUnsafeBufferPointer { arena in
                // Each cell's bytes in the source or the arena, where its payload says.
                func visit(_ kind: UInt8, _ payload: UInt64) -> Bool {
                    let bytes: UnsafeBufferPointer<UInt8>
                    switch kind {
                    case Kind.sourceString.rawValue: bytes = source
                    case Kind.arenaString.rawValue: bytes = arena
                    default: return false
                    }
                    let (offset, length) = (Int(payload >> 32), Int(payload & 0xFFFF_FFFF))
                    guard offset + length <= bytes.count else { return false }
                    return body(UnsafeBufferPointer(rebasing: bytes[offset..<(offset + length)]))
                }
                // In place where the column's run holds every row (a file's key column does); else a cell at a time.
                let inPlace = cells.withStoredCells(count: count) { kinds, payloads in
                    for row in 0..<count where !visit(kinds[row], payloads[row]) { return false }
                    return true
                }
                if let inPlace { return inPlace }
                for row in 0..<count where !visit(cells.kind(row).rawValue, cells.payload(row)) { return false }
                return true
            }
        }
    }
}
