import ListLabRecords
import ListLabTestSupport
import Testing

/// A field read in one pass is what ``NumberScanner/integer(_:_:_:)`` and
/// ``NumberScanner/isNumber(_:_:_:)`` say of it: the texts at the edges (signs, leading zeros,
/// nineteen and twenty digits, fractions and exponents cut short), and random texts of digits,
/// signs, points and exponents.
@Test func aReadingInOnePassIsTheIntegerAndNumberScans() {
    var texts = [
        "0", "-0", "7", "-7", "007", "0.5", "-0.5", "1.", ".5", "1e5", "1E+5", "1e-", "1e", "--1", "-", "+1", "1-",
        "1.2.3",
        "9223372036854775807", "9223372036854775808", "-9223372036854775808", "-9223372036854775809",
        "12345678901234567890",
        "99999999999999999999", "123456789012345678", "1.10", "1e400", "",
    ]
    var random = SplitMix64(seed: 0x4E_0000)
    let alphabet = Array("0123456789-+.eE".utf8)
    for _ in 0..<5_000 {
        texts.append(
            String(
                decoding: (0..<Int.random(in: 1...22, using: &random)).map { _ in
                    alphabet[Int.random(in: 0..<(Bool.random(using: &random) ? 10 : alphabet.count), using: &random)]
                }, as: UTF8.self))
    }
    for text in texts {
        let bytes = Array(text.utf8)
        bytes.withUnsafeBufferPointer { buffer in
            let expected: NumberScanner.Reading =
                if let integer = NumberScanner.integer(buffer, 0, buffer.count) {
                    .integer(integer)
                } else if NumberScanner.isNumber(buffer, 0, buffer.count) {
                    .number
                } else {
                    .notANumber
                }
            #expect(NumberScanner.reading(buffer, 0, buffer.count) == expected, "\(text)")
        }
    }
}
