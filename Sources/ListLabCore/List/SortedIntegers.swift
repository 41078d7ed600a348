extension Array where Element == Int {
    /// The number of elements below `value`, in an ascending array (a
    /// binary search): where `value` would be inserted to keep the order.
    ///
    /// - Complexity: O(log *n*).
    package func countBelow(_ value: Int) -> Int {
        var low = 0
        var high = count
        while low < high {
            let middle = (low + high) / 2
            if self[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }
}
