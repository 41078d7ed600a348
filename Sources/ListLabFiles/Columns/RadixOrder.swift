import Interruption

/// The sorted order of 64-bit keys, as row numbers, by a stable radix sort
/// eleven bits at a time (least significant first), skipping the bits every
/// key shares: `sort` of a column of numbers. Written here because the standard
/// library has only a comparison sort, which took most of a sort of a
/// million numbers (`listlab-bench columns-files` measures the two).
///
/// Numbers become keys that compare as the numbers do (``key(_:)-swift.type.method``).
///
/// ```swift
/// let keys = [3.5, -1, 0, 3.5, -0.0].map(RadixOrder.key)
/// let order = try RadixOrder.stableOrder(of: keys)   // [1, 2, 4, 0, 3]
/// ```
enum RadixOrder {
    /// The positions of `keys` in increasing order, equal keys in their order.
    ///
    /// - Throws: `Interrupted` when Ctrl-C asked to stop (looked at every
    ///   ``interruptionStride`` keys, as the comparison sort looked every
    ///   65,536 comparisons).
    /// - Complexity: O(*n*): a pass over the keys for each eleven bits some
    ///   keys differ in (six at most), and two more.
    static func stableOrder(of keys: [UInt64]) throws(Interrupted) -> [Int] {
        let count = keys.count
        guard count > 1 else { return Array(0..<count) }
        guard count <= Int(Int32.max) else { return try wideOrder(of: keys) }
        // The bits some keys differ in (a column of prices spans a few thousand keys: 14 bits),
        // found first: only they are sorted, in as few passes of at most eleven bits as cover
        // them, each as narrow as that allows (two passes of 7 bits, 128 buckets each, write to
        // fewer places at once than two of 11).
        var (allOnes, anyOnes) = (UInt64.max, UInt64(0))
        for key in keys {
            allOnes &= key
            anyOnes |= key
        }
        let differing = allOnes ^ anyOnes
        guard differing != 0 else { return Array(0..<count) }
        let lowest = differing.trailingZeroBitCount
        let span = 64 - differing.leadingZeroBitCount - lowest
        let passes = (span + maximumDigitBits - 1) / maximumDigitBits
        let digitBits = (span + passes - 1) / passes
        let buckets = 1 << digitBits
        let digitMask = UInt64(buckets - 1)
        let shifts = (0..<passes).map { UInt64(lowest + $0 * digitBits) }
        var counts = [Int](repeating: 0, count: passes * buckets)
        try keys.withUnsafeBufferPointer { (keys) throws(Interrupted) in
            try counts.withUnsafeMutableBufferPointer { (counts) throws(Interrupted) in
                for start in stride(from: 0, to: count, by: interruptionStride) {
                    try Interruption.check()
                    for key in keys[start..<Swift.min(start + interruptionStride, count)] {
                        for (pass, shift) in shifts.enumerated() {
                            counts[pass &* buckets &+ Int(truncatingIfNeeded: (key &>> shift) & digitMask)] &+= 1
                        }
                    }
                }
            }
        }
        // Row numbers in 32 bits between passes (each pass moves 12 bytes a key, not 16); the
        // first pass reads the keys given and the rows in order, the last writes no keys and
        // the rows as the result.
        let (keysA, rowsA) = (
            UnsafeMutableBufferPointer<UInt64>.allocate(capacity: passes > 1 ? count : 0),
            UnsafeMutableBufferPointer<Int32>.allocate(capacity: passes > 1 ? count : 0)
        )
        let (keysB, rowsB) = (
            UnsafeMutableBufferPointer<UInt64>.allocate(capacity: passes > 2 ? count : 0),
            UnsafeMutableBufferPointer<Int32>.allocate(capacity: passes > 2 ? count : 0)
        )
        defer {
            for buffer in [keysA, keysB] { buffer.deallocate() }
            for buffer in [rowsA, rowsB] { buffer.deallocate() }
        }
        // Every pass writes every place of its buffers: huge pages waste none of them, and save
        // a fault at every 4 KB (a sort's new buffers faulted more than its passes took).
        for buffer in [keysA, keysB] {
            HugePages.advise(UnsafeMutableRawPointer(buffer.baseAddress), bytes: buffer.count * 8)
        }
        for buffer in [rowsA, rowsB] {
            HugePages.advise(UnsafeMutableRawPointer(buffer.baseAddress), bytes: buffer.count * 4)
        }
        return try [Int](unsafeUninitializedCapacity: count) { (order, initialized) throws(Interrupted) in
            HugePages.advise(UnsafeMutableRawPointer(order.baseAddress), bytes: count * MemoryLayout<Int>.stride)
            try keys.withUnsafeBufferPointer { (keys) throws(Interrupted) in
                var offsets = [Int](repeating: 0, count: buckets)
                try offsets.withUnsafeMutableBufferPointer { (offsets) throws(Interrupted) in
                    for (pass, shift) in shifts.enumerated() {
                        var next = 0
                        for bucket in 0..<buckets {
                            offsets[bucket] = next
                            next += counts[pass * buckets + bucket]
                        }
                        let (isFirst, isLast) = (pass == 0, pass == passes - 1)
                        // Pass 0 reads the given keys into A, pass 1 reads A into B, pass 2 B into A...
                        let keysIn = isFirst ? keys : UnsafeBufferPointer(pass % 2 == 1 ? keysA : keysB)
                        let rowsIn = UnsafeBufferPointer(pass % 2 == 1 ? rowsA : rowsB)
                        let (keysOut, rowsOut) = pass % 2 == 0 ? (keysA, rowsA) : (keysB, rowsB)
                        for index in 0..<count {
                            if index & (interruptionStride - 1) == 0 { try Interruption.check() }
                            let key = keysIn[index]
                            let bucket = Int(truncatingIfNeeded: (key &>> shift) & digitMask)
                            let place = offsets[bucket]
                            offsets[bucket] = place &+ 1
                            let row = isFirst ? Int32(truncatingIfNeeded: index) : rowsIn[index]
                            if isLast {
                                order.initializeElement(at: place, to: Int(row))
                            } else {
                                keysOut[place] = key
                                rowsOut[place] = row
                            }
                        }
                    }
                }
            }
            initialized = count
        }
    }

    /// The most bits of a key one pass sorts by: 2,048 buckets, whose counts stay in the cache.
    private static let maximumDigitBits = 11

    /// ``stableOrder(of:)`` past 2^31 keys, row numbers in 64 bits, a
    /// comparison sort of (key, row) pairs: no table holds so many rows.
    private static func wideOrder(of keys: [UInt64]) throws(Interrupted) -> [Int] {
        var pairs = keys.enumerated().map { ($1, $0) }
        pairs.sort { $0.0 != $1.0 ? $0.0 < $1.0 : $0.1 < $1.1 }
        try Interruption.check()
        return pairs.map(\.1)
    }

    /// How many keys a loop handles between two looks at whether Ctrl-C
    /// asked to stop (a power of two).
    static let interruptionStride = 1 << 16

    /// The keys of `values`, made by `key`, with a look at whether Ctrl-C
    /// asked to stop every ``interruptionStride`` values.
    static func keys<Values: Collection>(of values: Values, _ key: (Values.Element) -> UInt64) throws(Interrupted)
        -> [UInt64]
    {
        var keys: [UInt64] = []
        keys.reserveCapacity(values.count)
        for value in values {
            if keys.count & (interruptionStride - 1) == 0 { try Interruption.check() }
            keys.append(key(value))
        }
        return keys
    }

    /// A number's key: keys compare as the numbers do, and the two zeros
    /// are one key (as `-0.0 == 0.0`). Not for NaN, which has no order.
    static func key(_ number: Double) -> UInt64 {
        let bits = (number == 0 ? 0.0 : number).bitPattern
        // Negative numbers: all bits turned, so that the larger magnitude comes first.
        return bits & (1 << 63) != 0 ? ~bits : bits | (1 << 63)
    }

    /// An integer's key: keys compare as the integers do.
    static func key(_ integer: Int) -> UInt64 {
        UInt64(bitPattern: Int64(integer)) ^ (1 << 63)
    }
}
