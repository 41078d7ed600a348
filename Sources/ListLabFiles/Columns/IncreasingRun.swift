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
struct SurvivorRun: ~Copyable {
    /// 64 tails to a sample, reached by shifts and masks, so that adding divides nothing.
    private static let sampleShift = 6
    private static let sampleMask = (1 << sampleShift) - 1

    private let tails: UnsafeMutableBufferPointer<Int32>
    private let samples: UnsafeMutableBufferPointer<Int32>
    private var sampleCount = 0
    /// The survivors added.
    private(set) var survivors = 0
    /// The length of their longest strictly increasing subsequence.
    private(set) var length = 0

    /// A run of at most `capacity` survivors (the old rows).
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
        let (tails, samples) = (tails, samples)
        let (sampleShift, sampleMask) = (Self.sampleShift, Self.sampleMask)
        var (survivors, length, sampleCount) = (survivors, length, sampleCount)
        defer { (self.survivors, self.length, self.sampleCount) = (survivors, length, sampleCount) }
        for value in matched where value >= 0 {
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
            // The first tail not below `value` (the last one is): its block from the samples, then in the block.
            let block = IncreasingRun.firstTail(
                notBelow: value, in: UnsafeBufferPointer(rebasing: samples[..<sampleCount]))
            let low = block == 0 ? 0 : ((block - 1) << sampleShift) + 1
            let high = Swift.min(block << sampleShift, length - 1) + 1
            let place =
                low + IncreasingRun.firstTail(notBelow: value, in: UnsafeBufferPointer(rebasing: tails[low..<high]))
            tails[place] = value
            if place & sampleMask == 0 { samples[place >> sampleShift] = value }
        }
    }
}
