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
            return
        }
        let place = tails.withUnsafeBufferPointer { Self.firstTail(notBelow: value, in: $0) }
        if place == tails.count { tails.append(value) } else { tails[place] = value }
    }

    /// The place of the smallest of `tails` (ascending) not below `value`;
    /// `tails.count` when all are below it.
    @inline(__always)
    fileprivate static func firstTail(notBelow value: Int32, in tails: UnsafeBufferPointer<Int32>) -> Int {
        var low = 0
        var high = tails.count
        while low < high {
            let middle = (low + high) / 2
            if tails[middle] < value { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The length of the longest strictly increasing subsequence of `values`.
    ///
    /// The tails in room of their own, searched without a branch on the
    /// values: in a sort's row numbers a search's every turn is a coin
    /// toss, and the mispredicted branches were most of its time.
    static func length(of values: [Int]) -> Int {
        guard !values.isEmpty else { return 0 }
        let tails = UnsafeMutablePointer<Int32>.allocate(capacity: values.count)
        defer { tails.deallocate() }
        var length = 0
        for value in values {
            let value = Int32(truncatingIfNeeded: value)
            if length == 0 || tails[length - 1] < value {
                tails[length] = value
                length += 1
                continue
            }
            // The first tail not below the value (the last one is not): the range halves each
            // turn, its start moved by a conditional move, not a branch.
            var start = 0
            var count = length
            while count > 1 {
                let half = count >> 1
                start = tails[start + half - 1] < value ? start + half : start
                count -= half
            }
            tails[start] = value
        }
        return length
    }

    /// How many of `matched` are not negative (the survivors of a diff, by
    /// their old rows), and the length of their longest strictly increasing
    /// subsequence (``SurvivorRun``).
    static func survivorsAndLongestRun(of matched: [Int32]) -> (survivors: Int, length: Int) {
        var run = SurvivorRun(capacity: matched.count)
        matched.withUnsafeBufferPointer { run.add($0) }
        return (run.survivors, run.length)
    }
}

/// How many of the matched rows added so far are survivors (not negative:
/// old rows a diff keeps), and the length of their longest strictly
/// increasing subsequence, as ``IncreasingRun/add(_:)`` finds it for each,
/// a chunk at a time (a comparison while reading adds each chunk of rows
/// read), in room of its own taken at once. A search reads every 64th tail
/// first (they stay in cache), then one block of the tails, as ListDiff's
/// subsequence does: a search of a million tails would wait on memory at
/// each step.
///
/// A run may also be taken from the end (``addingFromTheEnd``): the last
/// rows of a file read on several threads, while the first are still read
/// on another, and then ``joined(after:)`` to the run of the rows before them.
struct SurvivorRun: ~Copyable {
    /// 64 tails to a sample, reached by shifts and masks, so that adding divides nothing.
    private static let sampleShift = 6
    private static let sampleMask = (1 << sampleShift) - 1

    /// For a run from the start, the smallest last row of an increasing
    /// subsequence of each length; from the end, the largest first row of
    /// each length, stored complemented (`~row`), so that the tails ascend either way.
    private let tails: UnsafeMutableBufferPointer<Int32>
    private let samples: UnsafeMutableBufferPointer<Int32>
    private var sampleCount = 0
    /// The survivors added.
    private(set) var survivors = 0
    /// The length of their longest strictly increasing subsequence.
    private(set) var length = 0

    /// A run for at most `capacity` survivors (the old rows).
    init(capacity: Int) {
        tails = .allocate(capacity: max(1, capacity))
        samples = .allocate(capacity: (capacity >> Self.sampleShift) + 1)
    }

    deinit {
        tails.deallocate()
        samples.deallocate()
    }

    /// Adds the next matched rows (negative ones are not survivors).
    ///
    /// - Precondition: At most the capacity's survivors in all.
    mutating func add(_ matched: UnsafeBufferPointer<Int32>) {
        add(matched.lazy.filter { $0 >= 0 })
    }

    /// Adds matched rows `matched` that come before those added so far, in
    /// a run taken from the end: each row of them from the last to the first.
    ///
    /// - Precondition: At most the capacity's survivors in all.
    mutating func addingFromTheEnd(_ matched: UnsafeBufferPointer<Int32>) {
        // A row's complement reverses the order: an increasing run read backwards is a decreasing one.
        add(matched.reversed().lazy.filter { $0 >= 0 }.map { ~$0 })
    }

    /// The length of the longest strictly increasing subsequence of the
    /// rows of `first` (a run from the start) followed by this run's (from
    /// the end).
    ///
    /// Such a subsequence is one of `first`'s rows below some row `v` and
    /// one of these rows from `v` up: the longest has the length of the
    /// tails of `first` below `v` and of the heads here not below it, at a
    /// `v` that is one of the heads (or past all rows). The heads are
    /// walked from the largest down, the tails of `first` with them.
    /// - Complexity: O(*a* + *b*) for the two runs' lengths, and O(log *a*)
    ///   when the first run's rows all lie below the heads (the rows read
    ///   in one piece of a file keep mostly to rows of their own).
    func joinedLength(after first: borrowing SurvivorRun) -> Int {
        let tailsBefore = UnsafeBufferPointer(rebasing: first.tails[..<first.length])
        var longest = first.length  // v past every row
        // Heads from the largest (the shortest run) down: heads[j] is ~tails[j].
        let heads = UnsafeBufferPointer(rebasing: tails[..<length])
        guard let lowest = tailsBefore.first, let highest = tailsBefore.last else { return max(longest, length) }
        // The heads above every tail of `first`: the most of them is the last such head's run.
        var j = IncreasingRun.firstTail(notBelow: ~highest, in: heads)  // the first head not above `highest`
        if j > 0 { longest = max(longest, first.length + j) }
        // The heads between: each with the tails below it.
        var below = first.length
        while j < heads.count, ~heads[j] > lowest {
            let head = ~heads[j]
            while below > 0, tailsBefore[below - 1] >= head { below -= 1 }
            longest = max(longest, below + j + 1)
            j += 1
        }
        // The heads not above the lowest tail: the longest is all of them.
        return max(longest, heads.count)
    }

    /// Adds `values` (transformed survivors), in order, to the tails.
    @inline(__always)
    private mutating func add(_ values: some Sequence<Int32>) {
        let (tails, samples) = (tails, samples)
        let (sampleShift, sampleMask) = (Self.sampleShift, Self.sampleMask)
        var (survivors, length, sampleCount) = (survivors, length, sampleCount)
        defer { (self.survivors, self.length, self.sampleCount) = (survivors, length, sampleCount) }
        for value in values {
            precondition(survivors < tails.count, "more survivors than old rows")
            survivors += 1
            if length == 0 || tails[length - 1] < value {
                if length & sampleMask == 0 {
                    samples[sampleCount] = value
                    sampleCount += 1
                }
                tails[length] = value
                length += 1
                continue
            }
            // Most often (a row moved up, then the rows after it) the last tail is the one to lower.
            var place = length - 1
            if length >= 2 && tails[length - 2] >= value {
                // The first tail not below `value` (the last one is): its block from the samples, then in the block.
                let block = IncreasingRun.firstTail(
                    notBelow: value, in: UnsafeBufferPointer(rebasing: samples[..<sampleCount]))
                let low = block == 0 ? 0 : ((block - 1) << sampleShift) + 1
                let high = Swift.min(block << sampleShift, length - 1) + 1
                place =
                    low + IncreasingRun.firstTail(notBelow: value, in: UnsafeBufferPointer(rebasing: tails[low..<high]))
            }
            tails[place] = value
            if place & sampleMask == 0 { samples[place >> sampleShift] = value }
        }
    }
}
