/// The escapes of JSON strings (RFC 8259, section 7), decoded in one place
/// for both JSON readers: the value reader (``JSONReader``) and the table
/// reader of `.json` and `.ndjson` files, so that they accept and refuse
/// the same strings with the same words.
package enum JSONStringEscape {
    /// A malformed escape.
    package enum Failure: Error, Hashable, Sendable {
        /// The text ends inside the escape.
        case unterminated
        /// A backslash before a character that is not an escape.
        case invalidEscape(UInt8)
        /// `\u` without four hex digits.
        case expectedHexDigits
        /// Half of a surrogate pair, alone.
        case loneSurrogate(UInt32)
        /// A high surrogate followed by something other than a low one.
        case invalidSurrogatePair

        /// What is wrong, for an error message.
        package var message: String {
            switch self {
            case .unterminated: "unterminated escape in a string"
            case .invalidEscape(let byte):
                byte >= 0x20 && byte < 0x7F
                    ? "invalid escape '\\\(Character(Unicode.Scalar(byte)))' in a string"
                    : "invalid escape in a string"
            case .expectedHexDigits: "expected 4 hex digits after \\u"
            case .loneSurrogate(let value): "lone surrogate \\u\(Self.hex(value)) in a string"
            case .invalidSurrogatePair: "invalid surrogate pair in a string"
            }
        }

        private static func hex(_ value: UInt32) -> String {
            let digits = String(value, radix: 16, uppercase: true)
            return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
        }
    }

    /// Decodes the escape whose backslash is at `index`: appends its UTF-8
    /// to `output` and moves `index` past it (past both halves of a
    /// surrogate pair).
    package static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int, into output: inout [UInt8])
        throws(Failure)
    {
        var position = index + 1
        guard position < bytes.count else { throw .unterminated }
        let escaped = bytes[position]
        position += 1
        switch escaped {
        case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): output.append(escaped)
        case UInt8(ascii: "n"): output.append(0x0A)
        case UInt8(ascii: "t"): output.append(0x09)
        case UInt8(ascii: "r"): output.append(0x0D)
        case UInt8(ascii: "b"): output.append(0x08)
        case UInt8(ascii: "f"): output.append(0x0C)
        case UInt8(ascii: "u"):
            var value = try hex4(bytes, at: &position)
            if (0xD800..<0xDC00).contains(value) {
                guard position + 1 < bytes.count, bytes[position] == UInt8(ascii: "\\"),
                    bytes[position + 1] == UInt8(ascii: "u")
                else {
                    throw .loneSurrogate(value)
                }
                position += 2
                let low = try hex4(bytes, at: &position)
                guard (0xDC00..<0xE000).contains(low) else { throw .invalidSurrogatePair }
                value = 0x10000 + ((value - 0xD800) << 10) + (low - 0xDC00)
            }
            guard let scalar = Unicode.Scalar(value) else { throw .loneSurrogate(value) }
            output.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw .invalidEscape(escaped)
        }
        index = position
    }

    private static func hex4(_ bytes: UnsafeBufferPointer<UInt8>, at position: inout Int) throws(Failure) -> UInt32 {
        var value: UInt32 = 0
        for _ in 0..<4 {
            guard position < bytes.count else { throw .unterminated }
            let byte = bytes[position]
            let digit: UInt32
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(byte - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(byte - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(byte - UInt8(ascii: "A") + 10)
            default: throw .expectedHexDigits
            }
            value = value * 16 + digit
            position += 1
        }
        return value
    }
}
