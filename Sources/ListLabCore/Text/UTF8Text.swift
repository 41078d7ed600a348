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
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            guard let start = digits.baseAddress else { return }
            bytes.append(contentsOf: UnsafeBufferPointer(start: start, count: Self.writeDigits(of: number, at: start)))
        }
    }

    /// Appends `paths` as `section.item`, with `separator` between them:
    /// written in one pass into room taken at once, where a call to append
    /// each number cost more than its digits (a staged diff names hundreds
    /// of thousands of paths on one line).
    package mutating func append(_ paths: [ItemPath], separator: StaticString) {
        let separatorCount = separator.utf8CodeUnitCount
        let written = [UInt8](unsafeUninitializedCapacity: paths.count * (41 + separatorCount)) { room, count in
            guard let start = room.baseAddress else { return }
            var next = start
            for (index, path) in paths.enumerated() {
                if index > 0 {
                    next.update(from: separator.utf8Start, count: separatorCount)
                    next += separatorCount
                }
                next += Self.writeDigits(of: path.section, at: next)
                next.pointee = UInt8(ascii: ".")
                next += 1
                next += Self.writeDigits(of: path.item, at: next)
            }
            count = next - start
        }
        bytes.append(contentsOf: written)
    }

    /// Writes `number` in decimal digits at `start`, as `String(number)`
    /// writes it (at most 20 bytes: a sign and 19 digits), and returns how
    /// many. Counted first, then written from the last two digits back from
    /// a table (each division waits on the last). The magnitude of Int.min
    /// has no Int: a UInt.
    @inline(__always)
    private static func writeDigits(of number: Int, at start: UnsafeMutablePointer<UInt8>) -> Int {
        let magnitude = number.magnitude
        var digits = 1
        var power: UInt = 10
        while digits < 19 && magnitude >= power {
            digits += 1
            power &*= 10
        }
        let count = digits + (number < 0 ? 1 : 0)
        if number < 0 { start.pointee = UInt8(ascii: "-") }
        let pairs = digitPairs.utf8Start
        var position = start + count
        var rest = magnitude
        while rest >= 100 {
            let pair = Int(truncatingIfNeeded: rest % 100) &* 2
            rest /= 100
            position -= 2
            position[0] = pairs[pair]
            position[1] = pairs[pair + 1]
        }
        if rest >= 10 {
            let pair = Int(truncatingIfNeeded: rest) &* 2
            position -= 2
            position[0] = pairs[pair]
            position[1] = pairs[pair + 1]
        } else {
            position -= 1
            position[0] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: rest)
        }
        return count
    }

    /// "00" to "99", each pair of digits at twice its value.
    private static let digitPairs: StaticString =
        "00010203040506070809101112131415161718192021222324252627282930313233343536373839404142434445464748495051525354555657585960616263646566676869707172737475767778798081828384858687888990919293949596979899"

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
