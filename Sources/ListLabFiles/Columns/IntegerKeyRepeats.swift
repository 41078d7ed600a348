extension RecordTable {
    /// The first row whose integer key repeats an earlier row's, with that
    /// earlier row, in row order; nil when every key is its own.
    ///
    /// Ids numbered by a file ascend (one pass), or lie close together: a
    /// bit for each number between the lowest and the highest, set row by
    /// row. Keys far apart are put in order by ``RadixOrder`` (a stable
    /// order, so that equal keys keep their rows' order). A sorted copy
    /// (the standard library's comparison sort) took a quarter of a plain
    /// `reload` of a million rows whose ids had been edited out of order.
    static func firstRepeat(ofIntegers keys: UnsafeBufferPointer<Int>) -> (first: Int, second: Int)? {
        guard keys.count > 1, !zip(keys, keys.dropFirst()).allSatisfy({ $0 < $1 }),
            let low = keys.min(), let high = keys.max()
        else { return nil }
        let (span, overflow) = high.subtractingReportingOverflow(low)
        guard !overflow, span < 4 * keys.count + 1_024 else { return firstRepeatInOrder(of: keys) }
        var seen = [UInt64](repeating: 0, count: span / 64 + 1)
        let second: Int? = seen.withUnsafeMutableBufferPointer { seen in
            for (row, key) in keys.enumerated() {
                let place = key &- low
                let (word, bit) = (place >> 6, UInt64(1) << UInt64(place & 63))
                if seen[word] & bit != 0 { return row }
                seen[word] |= bit
            }
            return nil
        }
        guard let second, let first = keys[..<second].firstIndex(of: keys[second]) else { return nil }
        return (first, second)
    }

    /// ``firstRepeat(ofIntegers:)`` for keys far apart: in a stable order
    /// of the keys, each run of one key lists its rows in order, so the
    /// first repeat in row order is the earliest of the rows that follow
    /// one of their own key.
    private static func firstRepeatInOrder(of keys: UnsafeBufferPointer<Int>) -> (first: Int, second: Int)? {
        let radixKeys = keys.map(RadixOrder.key)
        // Ctrl-C stops the radix order; the command that asked is being stopped, and the comparison sort still answers.
        let order =
            (try? RadixOrder.stableOrder(of: radixKeys))
            ?? radixKeys.indices.sorted { (radixKeys[$0], $0) < (radixKeys[$1], $1) }
        var second: Int?
        for (earlier, later) in zip(order, order.dropFirst()) where radixKeys[earlier] == radixKeys[later] {
            if second.map({ later < $0 }) ?? true { second = later }
        }
        guard let second, let first = keys[..<second].firstIndex(of: keys[second]) else { return nil }
        return (first, second)
    }
}
