/// Marks the elements of one longest strictly increasing subsequence of
/// `values` (patience sorting with back links).
///
/// The survivors of a diff, written as their old indices in new order, stay
/// put exactly when they are marked: every other survivor is a move, and no
/// smaller set of moves can restore the order.
///
/// - Returns: For each position of `values`, whether it is in the subsequence.
/// - Complexity: O(*n* log *n*).
@usableFromInline
func longestIncreasingSubsequence(_ values: [Int]) -> [Bool] {
    var tails: [Int] = []            // positions of the smallest tail of each length
    var previous = [Int](repeating: -1, count: values.count)
    for (position, value) in values.enumerated() {
        var low = 0
        var high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if values[tails[middle]] < value { low = middle + 1 } else { high = middle }
        }
        if low > 0 { previous[position] = tails[low - 1] }
        if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var marked = [Bool](repeating: false, count: values.count)
    var position = tails.last ?? -1
    while position >= 0 {
        marked[position] = true
        position = previous[position]
    }
    return marked
}
