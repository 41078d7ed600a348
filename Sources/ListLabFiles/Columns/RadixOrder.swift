import Interruption

/// The sorted order of 64-bit keys, as row numbers, by a stable radix sort
/// a byte at a time (least significant first), skipping a byte every key
/// shares: `sort` of a column of numbers. Written here because the standard
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
    /// - Throws: `Interrupted` when Ctrl-C asked to stop (looked at once a pass).
    /// - Complexity: O(*n*): at most nine passes over the keys.
    static func stableOrder(of keys: [UInt64]) throws(Interrupted) -> [Int] {
        let count = keys.count
        guard count > 1 else { return Array(0..<count) }
        // Every byte's counts in one pass.
        var counts = [Int](repeating: 0, count: 8 * 256)
        counts.withUnsafeMutableBufferPointer { counts in
            for key in keys {
                for byte in 0..<8 { counts[byte &* 256 &+ Int(truncatingIfNeeded: (key &>> UInt64(byte &* 8)) & 0xFF)] &+= 1 }
            }
        }
        var keysIn = keys
        var keysOut = [UInt64](repeating: 0, count: count)
        var rowsIn = [Int](unsafeUninitializedCapacity: count) { rows, initialized in
            for row in 0..<count { rows.initializeElement(at: row, to: row) }
            initialized = count
        }
        var rowsOut = [Int](repeating: 0, count: count)
        for byte in 0..<8 {
            let bucketCounts = counts[(byte * 256)..<(byte * 256 + 256)]
            // A byte that every key shares leaves the order as it is.
            if bucketCounts.contains(count) { continue }
            try Interruption.check()
            var offsets = [Int](repeating: 0, count: 256)
            var next = 0
            for (bucket, bucketCount) in bucketCounts.enumerated() {
                offsets[bucket] = next
                next += bucketCount
            }
            let shift = UInt64(byte * 8)
            keysIn.withUnsafeBufferPointer { keysIn in
                rowsIn.withUnsafeBufferPointer { rowsIn in
                    keysOut.withUnsafeMutableBufferPointer { keysOut in
                        rowsOut.withUnsafeMutableBufferPointer { rowsOut in
                            offsets.withUnsafeMutableBufferPointer { offsets in
                                for index in 0..<count {
                                    let key = keysIn[index]
                                    let bucket = Int(truncatingIfNeeded: (key &>> shift) & 0xFF)
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
        return rowsIn
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
