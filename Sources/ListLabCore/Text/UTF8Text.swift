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
        // Written from the last digit back into room for the longest (a sign and 19
        // digits), then copied at once. The magnitude of Int.min has no Int: a UInt.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var position = digits.count
            var magnitude = number.magnitude
            repeat {
                position -= 1
                digits[position] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if number < 0 {
                position -= 1
                digits[position] = UInt8(ascii: "-")
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: digits[position...]))
        }
    }

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
