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
        bytes.append(contentsOf: text.utf8)
    }

    /// Appends `number` in decimal digits, as `String(number)` writes it.
    package mutating func append(_ number: Int) {
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        // The magnitude of Int.min has no Int: counted as a UInt. The digits come
        // last first, and are turned around in place.
        var magnitude = number.magnitude
        let start = bytes.count
        repeat {
            bytes.append(UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10))
            magnitude /= 10
        } while magnitude > 0
        bytes[start...].reverse()
    }

    /// Appends `path` as `section.item`.
    package mutating func append(_ path: ItemPath) {
        append(path.section)
        bytes.append(UInt8(ascii: "."))
        append(path.item)
    }
}
