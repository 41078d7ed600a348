/// The smallest pieces of JSON's grammar (RFC 8259), shared by both JSON
/// readers: the value reader (``JSONReader``) and the table reader of
/// `.json` and `.ndjson` files, with ``JSONStringEscape`` for strings and
/// ``NumberScanner`` for numbers.
package enum JSONLexis {
    /// Whether `byte` is whitespace between tokens: space, tab, line feed or
    /// carriage return (section 2).
    @inlinable @inline(__always)
    package static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }

    /// Whether the literal `word` (`true`, `false` or `null`, section 3)
    /// is spelled in `bytes` at `offset`.
    @inlinable @inline(__always)
    package static func hasLiteral(_ word: StaticString, in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool {
        let length = word.utf8CodeUnitCount
        guard offset >= 0, offset + length <= bytes.count else { return false }
        for index in 0..<length where bytes[offset + index] != word.utf8Start[index] { return false }
        return true
    }
}
