/// Text built as UTF-8 bytes, piece by piece, then made a `String` once:
/// for output of many short pieces (paths, numbers, field names), where
/// appending each piece to a `String` costs more than the rest of the work.
///
/// ```swift
/// var text = UTF8Text()
/// text.append("move ")
/// text.append(12)
/// text.append(" -> ")
/// text.append(-3)
/// print(text.string)   // "move 12 -> -3"
/// ```
package struct UTF8Text {
    /// The bytes so far.
    package private(set) var bytes: [UInt8] = []

    /// Empty text, with room for `capacity` bytes.
    package init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// Whether nothing has been appended.
    package var isEmpty: Bool { bytes.isEmpty }

    /// The text as a `String`.
    package var string: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends `text`.
    package mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends `number` in decimal digits, as `String(number)` writes it.
    package mutating func append(_ number: Int) {
        if number >= 0 && number < 10 {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: number))
            return
        }
        // Written from the last digits back into room for the longest (a sign and 19
        // digits), two at a time from a table (each division waits on the last), then
        // copied at once. The magnitude of Int.min has no Int: a UInt.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            let pairs = Self.digitPairs.utf8Start
            var position = digits.count
            var magnitude = number.magnitude
            while magnitude >= 100 {
                let pair = Int(truncatingIfNeeded: magnitude % 100) &* 2
                magnitude /= 100
                position -= 2
                digits[position] = pairs[pair]
                digits[position + 1] = pairs[pair + 1]
            }
            if magnitude >= 10 {
                let pair = Int(truncatingIfNeeded: magnitude) &* 2
                position -= 2
                digits[position] = pairs[pair]
                digits[position + 1] = pairs[pair + 1]
            } else {
                position -= 1
                digits[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude)
            }
            if number < 0 {
                position -= 1
                digits[position] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position...]))
        }
    }

    /// "00" to "99", each pair of digits at twice its value.
    private static let digitPairs: StaticString = "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

    /// Removes the text, keeping the room it took, for the next.
    package mutating func removeAll() {
        bytes.removeAll(keepingCapacity: true)
    }

    /// Appends `path` as `section.item`.
    package mutating func append(_ path: ItemPath) {
        append(path.section)
        bytes.append(UInt8(ascii: "."))
        append(path.item)
    }
}
