import Dispatch
import Interruption

/// Finds the first byte that is not valid UTF-8, eight ASCII bytes at a time.
enum UTF8Validation {
    /// ``firstInvalidOffset(_:)`` of `bytes` in `pieces` parts at once, each
    /// begun at a character's start (after at most three continuation bytes;
    /// more would be invalid in the part before): the first part's first
    /// invalid byte is the first of the whole.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>, pieces: Int) -> Int? {
        guard pieces > 1, bytes.count >= pieces * 4_096 else { return firstInvalidOffset(bytes) }
        let starts = (0..<pieces).map { index in
            var start = index * (bytes.count / pieces)
            for _ in 0..<3 where index > 0 && bytes[start] & 0xC0 == 0x80 { start += 1 }
            return start
        }
        let found = PartResults<Int?>(count: pieces, initial: nil)
        let shared = SharedBytes(bytes: bytes)
        DispatchQueue.concurrentPerform(iterations: pieces) { index in
            let end = index + 1 < pieces ? starts[index + 1] : shared.bytes.count
            // A megabyte at a time (each slice begun at a character's start), so that Ctrl-C is seen:
            // then the rest is left, and the read that follows says it stopped.
            var start = starts[index]
            while start < end, !Interruption.isRequested {
                var stop = min(end, start + 1_048_576)
                while stop < end, shared.bytes[stop] & 0xC0 == 0x80, stop - start < 1_048_576 + 3 { stop += 1 }
                if let bad = firstInvalidOffset(UnsafeBufferPointer(rebasing: shared.bytes[start..<stop])) {
                    found.set(index, bad + start)
                    return
                }
                start = stop
            }
        }
        return found.all.lazy.compactMap { $0 }.first
    }

    /// The offset of the first invalid byte of `bytes`, or nil when all of
    /// it is valid UTF-8.
    ///
    /// - Complexity: O(*n*); about 8 bytes per step through ASCII text.
    static func firstInvalidOffset(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        guard let base = bytes.baseAddress else { return nil }
        let raw = UnsafeRawPointer(base)
        let count = bytes.count
        var index = 0
        while index < count {
            if index + 8 <= count,
                raw.loadUnaligned(fromByteOffset: index, as: UInt64.self) & 0x8080_8080_8080_8080 == 0
            {
                index += 8
                continue
            }
            if bytes[index] < 0x80 {
                index += 1
                continue
            }
            guard let length = scalarLength(bytes, at: index) else { return index }
            index += length
        }
        return nil
    }

    /// The length of the character whose first byte, 0x80 or more, is at
    /// `index` in `bytes`, when its bytes are valid UTF-8 (none overlong,
    /// none a surrogate, none past U+10FFFF); nil else.
    @inline(__always)
    static func scalarLength(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> Int? {
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch bytes[index] {
        case 0xC2...0xDF: length = 2
        case 0xE0:
            length = 3
            low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED:
            length = 3
            high = 0x9F
        case 0xF0:
            length = 4
            low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4:
            length = 4
            high = 0x8F
        default: return nil
        }
        guard index + length <= bytes.count else { return nil }
        let second = bytes[index + 1]
        guard second >= low, second <= high else { return nil }
        for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
            return nil
        }
        return length
    }
}
