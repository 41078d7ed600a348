/// The length of the longest strictly increasing subsequence of the values
/// added so far, by patience sorting: O(log *n*) a value, O(1) for a value
/// above all before it (most rows of a reload keep their order). Only the
/// length, to count a diff's moves without making them.
struct IncreasingRun {
    /// The smallest last value of an increasing subsequence of each length
    /// (row numbers, which a table keeps in 32 bits).
    private var tails: [Int32] = []

    /// The length of the longest strictly increasing subsequence.
    var length: Int { tails.count }

    /// A run for at most `count` values, its room taken at once, so that it
    /// never grows while the rows are visited.
    init(capacity count: Int) { tails.reserveCapacity(count) }

    @inline(__always)
    mutating func add(_ value: Int) {
        let value = Int32(truncatingIfNeeded: value)
        if let last = tails.last, last < value {
            tails.append(value)
        } else {
            place(value)
        }
    }

    /// Puts `value` in place of the smallest tail not below it.
    private mutating func place(_ value: Int32) {
        var low = 0
        var high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if tails[middle] < value { low = middle + 1 } else { high = middle }
        }
        if low == tails.count { tails.append(value) } else { tails[low] = value }
    }

    /// The length of the longest strictly increasing subsequence of `values`.
    static func length(of values: [Int]) -> Int {
        var run = IncreasingRun(capacity: values.count)
        for value in values { run.add(value) }
        return run.length
    }
}
