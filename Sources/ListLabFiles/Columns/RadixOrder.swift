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
    /// - Complexity: O(*n*): at most seven passes over the keys.
    static func stableOrder(of keys: [UInt64]) throws(Interrupted) -> [Int] {
        let count = keys.count
        guard count > 1 else { return Array(0..<count) }
        // Eleven bits a pass, six passes at most (2,048 buckets, whose counts stay in the cache),
        // where a byte a pass took eight; every digit's counts in one pass.
        let passes = (64 + digitBits - 1) / digitBits
        var counts = [Int](repeating: 0, count: passes * buckets)
        try counts.withUnsafeMutableBufferPointer { (counts) throws(Interrupted) in
            for start in stride(from: 0, to: count, by: interruptionStride) {
                try Interruption.check()
                for key in keys[start..<Swift.min(start + interruptionStride, count)] {
                    for pass in 0..<passes {
                        counts[pass &* buckets &+ Int(truncatingIfNeeded: (key &>> UInt64(pass &* digitBits)) & digitMask)] &+= 1
                    }
                }
            }
        }
        guard count <= Int(Int32.max) else { return try wideOrder(of: keys) }
        var keysIn = keys
        var keysOut = [UInt64](repeating: 0, count: count)
        // Row numbers in 32 bits: each pass moves 12 bytes a key, not 16.
        var rowsIn = [Int32](unsafeUninitializedCapacity: count) { rows, initialized in
            for row in 0..<count { rows.initializeElement(at: row, to: Int32(truncatingIfNeeded: row)) }
            initialized = count
        }
        var rowsOut = [Int32](repeating: 0, count: count)
        for pass in 0..<passes {
            let bucketCounts = counts[(pass * buckets)..<(pass * buckets + buckets)]
            // A digit that every key shares leaves the order as it is.
            if bucketCounts.contains(count) { continue }
            var offsets = [Int](repeating: 0, count: buckets)
            var next = 0
            for (bucket, bucketCount) in bucketCounts.enumerated() {
                offsets[bucket] = next
                next += bucketCount
            }
            let shift = UInt64(pass * digitBits)
            try keysIn.withUnsafeBufferPointer { (keysIn) throws(Interrupted) in
                try rowsIn.withUnsafeBufferPointer { (rowsIn) throws(Interrupted) in
                    try keysOut.withUnsafeMutableBufferPointer { (keysOut) throws(Interrupted) in
                        try rowsOut.withUnsafeMutableBufferPointer { (rowsOut) throws(Interrupted) in
                            try offsets.withUnsafeMutableBufferPointer { (offsets) throws(Interrupted) in
                                for index in 0..<count {
                                    if index & (interruptionStride - 1) == 0 { try Interruption.check() }
                                    let key = keysIn[index]
                                    let bucket = Int(truncatingIfNeeded: (key &>> shift) & digitMask)
                                    let place = offsets[bucket]
                                    offsets[bucket] = place &+ 1
                                    keysOut[place] = key
                                    rowsOut[place] = rowsIn[index]
                                }
                            }
                        }
                    }
                }
            }
            swap(&keysIn, &keysOut)
            swap(&rowsIn, &rowsOut)
        }
        return rowsIn.map { Int($0) }
    }

    /// The bits of a key one pass sorts by, and their buckets.
    private static let digitBits = 11
    private static let buckets = 1 << digitBits
    private static let digitMask = UInt64(buckets - 1)

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
    static func keys<Values: Collection>(of values: Values, _ key: (Values.Element) -> UInt64) throws(Interrupted) -> [UInt64] {
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
