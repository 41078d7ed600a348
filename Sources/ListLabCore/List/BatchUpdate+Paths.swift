extension BatchUpdate {
    /// A function from each path before this update to the path the same
    /// item has after it (nil for an item the update deletes, or one in a
    /// deleted or reloaded section), as the list carries cells and the
    /// selection across it.
    ///
    /// A list that was not told of a change (a change made to the data alone)
    /// shows its rows at their paths before it; this maps what it shows to
    /// where the data now holds it.
    ///
    /// ```swift
    /// let update = BatchUpdate(deletedItems: [ItemPath(0, 1)])
    /// let after = try update.pathsAfter(itemCountsBefore: [4], itemCountsAfter: [3])
    /// after(ItemPath(0, 2))   // 0.1
    /// after(ItemPath(0, 1))   // nil: deleted
    /// ```
    ///
    /// - Parameters:
    ///   - itemCountsBefore: The number of items in each section before the update.
    ///   - itemCountsAfter: The number of items in each section after it.
    /// - Returns: The map from old paths to new ones.
    /// - Throws: ``BatchUpdateError`` when the update does not fit the
    ///   counts, with UIKit's message, as ``HeadlessList/performBatchUpdates(_:)``
    ///   would refuse it.
    /// - Complexity: O(*c* log *c*) to build for *c* changes; each lookup
    ///   O(log *c*) plus the inserts in the item's new section.
    public func pathsAfter(itemCountsBefore: [Int], itemCountsAfter: [Int]) throws(BatchUpdateError) -> (ItemPath) ->
        ItemPath?
    {
        let plan = try BatchUpdatePlan(self, old: itemCountsBefore, new: itemCountsAfter, style: .table)
        return { plan.newPath(for: $0) }
    }
}
