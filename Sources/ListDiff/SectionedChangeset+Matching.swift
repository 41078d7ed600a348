extension SectionedChangeset {
    /// The changes of one section whose items are matched already: the
    /// new item at `i` is the old item `matched[i]`, or new when it is
    /// negative. The same changes as ``init(from:to:identity:isContentEqual:)``
    /// gives one section whose identities match so, without hashing an
    /// identity: old items no new one is are deleted, new ones inserted,
    /// the matched ones outside the longest run that keeps its order moved,
    /// and those whose content changed updated.
    ///
    /// ```swift
    /// // Old items a, b, c; new items c, a, d: c moved, b deleted, d inserted.
    /// let changes = SectionedChangeset(matching: [2, 0, -1], oldCount: 3) { _, _ in true }
    /// changes?.deletedItems   // [0.1]
    /// changes?.insertedItems  // [0.2]
    /// changes?.movedItems.map { "\($0.from) → \($0.to)" }   // ["0.2 → 0.0"]
    /// ```
    ///
    /// - Parameters:
    ///   - matched: For each new item, the old item it is, or a negative number.
    ///   - oldCount: The number of old items.
    ///   - isContentEqual: Whether the old item at the first index looks the
    ///     same as the new item at the second.
    /// - Returns: Nil when `matched` is not a matching: an old item named
    ///   twice, or one not below `oldCount`.
    /// - Complexity: O(*n* log *n*) for *n* items; O(*n*) when few are out of order.
    @inlinable
    public init?(matching matched: [Int32], oldCount: Int, isContentEqual: (_ old: Int, _ new: Int) -> Bool) {
        self.init()
        guard oldCount >= 0 else { return nil }
        // Which old items are matched, a bit each (a million fit in the cache), and the
        // changes gathered in arrays of their own, set once at the end.
        var isMatched = [UInt64](repeating: 0, count: (oldCount + 63) >> 6)
        var inserted: [ElementPath] = []
        var updated: [Move<ElementPath>] = []
        // A new item's number of none is -1 here, so that the longest run reads `matched` as it is, skipping
        // them (copies of the matched items and their places were 8 bytes an item of fresh memory).
        var noneIsMinusOne = true
        for (new, old) in matched.enumerated() {
            guard old >= 0 else {
                inserted.append(ElementPath(0, new))
                if old != -1 { noneIsMinusOne = false }
                continue
            }
            let oldIndex = Int(old)
            guard oldIndex < oldCount else { return nil }
            let (word, bit) = (oldIndex >> 6, UInt64(1) << (oldIndex & 63))
            guard isMatched[word] & bit == 0 else { return nil }
            isMatched[word] |= bit
            if !isContentEqual(oldIndex, new) {
                updated.append(Move(from: ElementPath(0, oldIndex), to: ElementPath(0, new)))
            }
        }
        let values = noneIsMinusOne ? matched[...] : matched.map { Swift.max($0, -1) }[...]
        var moved: [Move<ElementPath>] = []
        for new in positionsOutsideLongestIncreasingSubsequence(values, skipping: -1) {
            moved.append(Move(from: ElementPath(0, Int(values[new])), to: ElementPath(0, new)))
        }
        var deleted: [ElementPath] = []
        deleted.reserveCapacity(oldCount - (matched.count - inserted.count))
        for (word, bits) in isMatched.enumerated() {
            // The old items of this word not matched (none past the last old item).
            var unmatched =
                ~bits & (word == isMatched.count - 1 && oldCount & 63 != 0 ? (UInt64(1) << (oldCount & 63)) - 1 : ~0)
            while unmatched != 0 {
                deleted.append(ElementPath(0, word << 6 + unmatched.trailingZeroBitCount))
                unmatched &= unmatched - 1
            }
        }
        (deletedItems, insertedItems, movedItems, updatedItems) = (deleted, inserted, moved, updated)
    }
}
