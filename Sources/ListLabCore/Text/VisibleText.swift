/// Text made safe to show: the characters that would act on a terminal
/// rather than be shown by it, written as visible escapes.
///
/// A cell holding `ESC[2J` would clear the screen, `ESC]0;...BEL` set the
/// window's title, `ESC]52;c;...BEL` write the clipboard, and U+202E turn
/// the rest of the line around. Every line ListLab prints passes through
/// ``escaped(_:)``, so data is only ever shown. The escapes are JSON's (`\n`,
/// `\r`, `\t`, `\u001b`), which `inspect` and `show --json` print anyway and
/// the prompt reads back in a quoted value.
///
/// ```swift
/// VisibleText.escaped("a\u{1B}[2Jb")   // "a\\u001b[2Jb"
/// ```
package enum VisibleText {
    /// Whether `scalar` must be escaped: the C0 controls (line breaks and tab
    /// among them), DEL, the C1 controls, the line and paragraph separators,
    /// and the bidirectional formatting characters.
    @inline(__always)
    package static func mustEscape(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true
        case 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// Whether `text` holds nothing that ``mustEscape(_:)``.
    package static func isSafe(_ text: String) -> Bool {
        // On the UTF-8 bytes, which are the scalars below 0x80. The scalars above it that must be
        // escaped begin with 0xC2, 0xD8 or 0xE2, bytes that only begin a scalar: a line of
        // arrows and accents is read once, not again scalar by scalar.
        var text = text
        return text.withUTF8 { bytes in
            let count = bytes.count
            var index = 0
            let ones: UInt64 = 0x0101_0101_0101_0101
            let tops: UInt64 = 0x8080_8080_8080_8080
            while index < count {
                // Eight bytes at a time while all are printable ASCII (0x20...0x7E), as most
                // output is: a byte below 0x20 or above 0x7E sets its top bit in a mask.
                if let start = bytes.baseAddress {
                    while index + 8 <= count {
                        let word = UnsafeRawPointer(start + index).loadUnaligned(as: UInt64.self)
                        let below = (word &- ones &* 0x20) & ~word & tops
                        let above = ((word &+ ones) | word) & tops
                        guard below | above == 0 else { break }
                        index += 8
                    }
                }
                // Then the next eight (or the rest) a byte at a time.
                let end = Swift.min(index + 8, count)
                while index < end {
                    let byte = bytes[index]
                    if byte < 0x20 || byte == 0x7F { return false }
                    if byte == 0xC2 || byte == 0xD8 || byte == 0xE2 {
                        let second = index + 1 < count ? bytes[index + 1] : 0
                        let third = index + 2 < count ? bytes[index + 2] : 0
                        switch byte {
                        case 0xC2 where second <= 0x9F: return false  // U+0080...U+009F
                        case 0xD8 where second == 0x9C: return false  // U+061C
                        case 0xE2
                        where second == 0x80 && (third == 0x8E || third == 0x8F || (0xA8...0xAE).contains(third)):
                            return false  // U+200E, U+200F, U+2028...U+202E
                        // U+2066...U+2069
                        case 0xE2 where second == 0x81 && (0xA6...0xA9).contains(third): return false
                        default: break
                        }
                    }
                    index += 1
                }
            }
            return true
        }
    }

    /// `text` with every character that ``mustEscape(_:)`` written as a JSON
    /// escape; `text` itself when it has none.
    package static func escaped(_ text: String) -> String {
        guard !isSafe(text) else { return text }
        var output = ""
        output.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            guard mustEscape(scalar) else {
                output.unicodeScalars.append(scalar)
                continue
            }
            switch scalar {
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            default:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            }
        }
        return output
    }
}
