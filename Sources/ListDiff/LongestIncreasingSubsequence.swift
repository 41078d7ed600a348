/// The positions of `values` outside one longest strictly increasing
/// subsequence, ascending, by patience sorting.
///
/// The diff uses it for moves: survivors in the subsequence can stay
/// put exactly when they are marked, so every survivor outside it is a move,
/// and no smaller set of moves can restore the order.
///
/// Survivors mostly keep their order, so a value usually extends the longest
/// run so far: that case is checked first, without a binary search. Only the
/// positions outside are returned, as they are few: a list of flags for a
/// million values would be the largest thing the diff holds at that point.
///
/// - Complexity: O(*n* log *n*); O(*n*) when few values are out of order.
@usableFromInline
func positionsOutsideLongestIncreasingSubsequence(_ values: ArraySlice<Int32>) -> [Int] {
    values.withUnsafeBufferPointer { values in
        // The tails' values beside their positions: a search reads one array, not two.
        var tails: [Int32] = []
        var tailValues: [Int32] = []
        tails.reserveCapacity(values.count)  // room taken once: growing would copy them again and again
        tailValues.reserveCapacity(values.count)
        // Each position's predecessor in the subsequence it ends; `inside` once it is marked.
        let inside = Int32.min
        var previous = [Int32](repeating: -1, count: values.count)
        var lastTail = Int32.min
        return previous.withUnsafeMutableBufferPointer { previous in
            for position in values.indices {
                let value = values[position]
                if tails.isEmpty || value > lastTail {
                    if let last = tails.last { previous[position] = last }
                    tails.append(Int32(position))
                    tailValues.append(value)
                    lastTail = value
                    continue
                }
                var low = 0
                var high = tails.count - 1  // the last tail is not below value
                while low < high {
                    let middle = (low + high) / 2
                    if tailValues[middle] < value { low = middle + 1 } else { high = middle }
                }
                if low > 0 { previous[position] = tails[low - 1] }
                tails[low] = Int32(position)
                tailValues[low] = value
                if low == tails.count - 1 { lastTail = value }
            }
            var position = Int(tails.last ?? -1)
            while position >= 0 {
                let before = Int(previous[position])
                previous[position] = inside
                position = before
            }
            var outside: [Int] = []
            for position in previous.indices where previous[position] != inside { outside.append(position) }
            return outside
        }
    }
}

/// The same for `Int` values (a list's section indices).
@usableFromInline
func positionsOutsideLongestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    positionsOutsideLongestIncreasingSubsequence(values.map { Int32(truncatingIfNeeded: $0) }[...])
}
