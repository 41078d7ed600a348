/// The positions of `values` outside one longest strictly increasing
/// subsequence, ascending, by patience sorting.
///
/// The diff uses it for moves: survivors in the subsequence can stay
/// put exactly when they are marked, so every survivor outside it is a move,
/// and no smaller set of moves can restore the order.
///
/// Survivors mostly keep their order, so a value usually extends the longest
/// run so far: that case is checked first, without a binary search, and
/// recorded by nothing but a count. The pile (the run length it ends) of
/// every other value is kept beside its position; a pass from the end then
/// takes the last value of the longest pile, and before it the nearest value
/// of each pile below: the subsequence a patience sort's back links give,
/// without a link for every value.
///
/// Positions holding `skipped` are neither in the subsequence nor returned:
/// the diff marks so the places of items that turned out not to stay.
///
/// - Complexity: O(*n* log *n*); O(*n*) when few values are out of order.
@usableFromInline
func positionsOutsideLongestIncreasingSubsequence(_ values: ArraySlice<Int32>, skipping skipped: Int32 = .min) -> [Int]
{
    values.withUnsafeBufferPointer { values in
        // The smallest value ending an increasing run of each length.
        var tails: [Int32] = []
        tails.reserveCapacity(values.count)  // room taken once: growing would copy them again and again
        // Every 64th tail: a search reads these few first (they stay in cache), then one
        // block of the tails, where a search of a million tails would wait on memory at each step.
        let tailsPerSample = 64
        var samples: [Int32] = []
        // The values that did not extend the longest run: their positions and piles, in order.
        var others: [(position: Int32, pile: Int32)] = []
        for position in values.indices {
            let value = values[position]
            if value == skipped { continue }
            if tails.isEmpty || value > tails[tails.count - 1] {
                if tails.count % tailsPerSample == 0 { samples.append(value) }
                tails.append(value)
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
                if tails[middle] < value { low = middle + 1 } else { high = middle }
            }
            tails[low] = value
            if low % tailsPerSample == 0 { samples[low / tailsPerSample] = value }
            others.append((Int32(position), Int32(low)))
        }
        // From the end: a value that extended the run has the pile of the extensions before it.
        var extensionsBefore = tails.count  // each extension added one tail
        var wanted = tails.count - 1
        var other = others.count - 1
        var outside: [Int] = []
        for position in values.indices.reversed() {
            let value = values[position]
            if value == skipped { continue }
            let pile: Int
            if other >= 0, Int(others[other].position) == position {
                pile = Int(others[other].pile)
                other -= 1
            } else {
                extensionsBefore -= 1
                pile = extensionsBefore
            }
            // The nearest of the wanted pile is below the value taken after it: it was a tail
            // below that value when the value came.
            if pile == wanted {
                wanted -= 1
            } else {
                outside.append(position)
            }
        }
        outside.reverse()
        return outside
    }
}

/// The same for `Int` values (a list's section indices).
@usableFromInline
func positionsOutsideLongestIncreasingSubsequence(_ values: [Int]) -> [Int] {
    positionsOutsideLongestIncreasingSubsequence(values.map { Int32(truncatingIfNeeded: $0) }[...])
}
