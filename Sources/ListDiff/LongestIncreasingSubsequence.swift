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
/// Positions holding `skipped` are neither in the subsequence nor returned:
/// the diff marks so the places of items that turned out not to stay.
///
/// - Complexity: O(*n* log *n*); O(*n*) when few values are out of order.
@usableFromInline
func positionsOutsideLongestIncreasingSubsequence(_ values: ArraySlice<Int32>, skipping skipped: Int32 = .min) -> [Int] {
    values.withUnsafeBufferPointer { values in
        // The position of the smallest value ending an increasing run of each length.
        var tails: [Int32] = []
        tails.reserveCapacity(values.count)  // room taken once: growing would copy them again and again
        // Every 64th tail's value: a search reads these few first (they stay in cache), then one
        // block of the tails, where a search of a million tails would wait on memory at each step.
        let tailsPerSample = 64
        var samples: [Int32] = []
        // Each position's predecessor in the subsequence it ends; `inside` once it is marked.
        let inside = Int32.min
        var previous = [Int32](repeating: -1, count: values.count)
        var lastTail = Int32.min
        return previous.withUnsafeMutableBufferPointer { previous in
            for position in values.indices {
                let value = values[position]
                if value == skipped {
                    previous[position] = inside
                    continue
                }
                if tails.isEmpty || value > lastTail {
                    if let last = tails.last { previous[position] = last }
                    if tails.count % tailsPerSample == 0 { samples.append(value) }
                    tails.append(Int32(position))
                    lastTail = value
                    continue
                }
                // The first tail not below value: its block from the samples, then within the block.
                var block = 0
                var blocks = samples.count
                while block < blocks {
                    let middle = (block + blocks) / 2
                    if samples[middle] < value { block = middle + 1 } else { blocks = middle }
                }
                var low = block == 0 ? 0 : (block - 1) * tailsPerSample + 1
                var high = min(block * tailsPerSample, tails.count - 1)  // not below value
                while low < high {
                    let middle = (low + high) / 2
                    if values[Int(tails[middle])] < value { low = middle + 1 } else { high = middle }
                }
                if low > 0 { previous[position] = tails[low - 1] }
                tails[low] = Int32(position)
                if low % tailsPerSample == 0 { samples[low / tailsPerSample] = value }
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
