/// Writes JSON strings (RFC 8259, section 7): the one writer of them, for
/// values, files, the page's messages and templates alike, so that every
/// JSON ListLab writes escapes the same characters the same way.
package enum JSONStringWriter {
    /// `text` as a JSON string: quotes, backslashes and control characters
    /// escaped, every other character as it is.
    package static func quoted(_ text: String) -> String {
        var out: [UInt8] = []
        append(text, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    /// Appends ``quoted(_:)``'s JSON string of `text` to `out`, as UTF-8.
    package static func append(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &out) }
    }

    /// Appends the UTF-8 text `bytes` as a JSON string to `out`.
    package static func append(_ bytes: ArraySlice<UInt8>, to out: inout [UInt8]) {
        bytes.withUnsafeBufferPointer { append($0, to: &out) }
    }

    /// Appends the UTF-8 text `bytes` as a JSON string to `out`.
    package static func append(_ bytes: UnsafeBufferPointer<UInt8>, to out: inout [UInt8]) {
        let count = bytes.count
        guard let source = bytes.baseAddress else {
            out += [UInt8(ascii: "\""), UInt8(ascii: "\"")]
            return
        }
        // Measured first, then written in place, eight bytes at a time up to the next byte
        // that needs an escape: a page's HTML has a quote in every attribute, and growing an
        // array a piece at a time cost more than drawing the page.
        var length = count + 2
        var index = 0
        while index < count {
            if index + 8 <= count {
                let escapes = escapeMask(
                    UInt64(littleEndian: UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)))
                if escapes == 0 {
                    index += 8
                    continue
                }
                index += escapes.trailingZeroBitCount >> 3
            }
            length += extraWidth(source[index])
            index += 1
        }
        let start = out.count
        out.append(contentsOf: repeatElement(0, count: length))
        out.withUnsafeMutableBufferPointer { buffer in
            guard let target = buffer.baseAddress.map({ $0 + start }) else { return }
            let hex: StaticString = "0123456789abcdef"
            var at = 0
            target[at] = UInt8(ascii: "\"")
            at += 1
            var index = 0
            while index < count {
                if index + 8 <= count {
                    // The whole word is stored, and the bytes past the one to escape written
                    // over: the output is never shorter than the input, so it has room.
                    let word = UnsafeRawPointer(source + index).loadUnaligned(as: UInt64.self)
                    UnsafeMutableRawPointer(target + at).storeBytes(of: word, as: UInt64.self)
                    let escapes = escapeMask(UInt64(littleEndian: word))
                    if escapes == 0 {
                        at += 8
                        index += 8
                        continue
                    }
                    let clean = escapes.trailingZeroBitCount >> 3
                    at += clean
                    index += clean
                }
                let byte = source[index]
                index += 1
                let extra = extraWidth(byte)
                guard extra > 0 else {
                    target[at] = byte
                    at += 1
                    continue
                }
                target[at] = UInt8(ascii: "\\")
                switch byte {
                case 0x0A: target[at + 1] = UInt8(ascii: "n")
                case 0x0D: target[at + 1] = UInt8(ascii: "r")
                case 0x09: target[at + 1] = UInt8(ascii: "t")
                case UInt8(ascii: "\""), UInt8(ascii: "\\"): target[at + 1] = byte
                default:
                    target[at + 1] = UInt8(ascii: "u")
                    target[at + 2] = UInt8(ascii: "0")
                    target[at + 3] = UInt8(ascii: "0")
                    target[at + 4] = hex.utf8Start[Int(byte >> 4)]
                    target[at + 5] = hex.utf8Start[Int(byte & 0xF)]
                }
                at += 1 + extra
            }
            target[at] = UInt8(ascii: "\"")
        }
    }

    /// The top bit of each of the eight bytes of `word` (the first byte the
    /// lowest: words are read as little-endian on every machine) that needs an
    /// escape in a JSON string: a control character, a quote or a
    /// backslash. The lowest bit set is exactly the first such byte; bits
    /// above it may be set for bytes that need none.
    @inline(__always)
    private static func escapeMask(_ word: UInt64) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let tops: UInt64 = 0x8080_8080_8080_8080
        let quote = word ^ (ones &* 0x22)
        let backslash = word ^ (ones &* 0x5C)
        let control = (word &- ones &* 0x20) & ~word
        return (control | ((quote &- ones) & ~quote) | ((backslash &- ones) & ~backslash)) & tops
    }

    /// The bytes an escape adds for `byte`: 1 for `\"`, `\\`, `\n`, `\r` and `\t`,
    /// 5 for another control character (`\u001b`), 0 for a byte written as it is.
    @inline(__always)
    private static func extraWidth(_ byte: UInt8) -> Int {
        switch byte {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x0A, 0x0D, 0x09: 1
        case 0..<0x20: 5
        default: 0
        }
    }
}
