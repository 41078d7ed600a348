/// Reads numbers from bytes quickly, for the loaders.
enum NumberScanner {
    /// An integer written plainly: `0`, or an optional `-` and digits without
    /// a leading zero, at most 18 of them (so it cannot overflow). Other
    /// spellings (`+5`, `007`) are not integers here, so they stay text.
    @inline(__always)
    static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var index = start
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let digits = end - index
        guard digits >= 1, digits <= 18 else { return nil }
        if bytes[index] == UInt8(ascii: "0") && digits > 1 { return nil }
        var value = 0
        while index < end {
            let digit = Int(bytes[index]) &- 48
            guard digit >= 0, digit <= 9 else { return nil }
            value = value &* 10 &+ digit
            index += 1
        }
        if negative && value == 0 { return nil }
        return negative ? -value : value
    }

    private static let powersOfTen: [Double] = (0...22).map { exponent in
        var value = 1.0
        for _ in 0..<exponent { value *= 10 }
        return value
    }

    /// A decimal number with a fraction or an exponent (`4.5`, `-0.25`,
    /// `1e3`), its integer part written as ``integer(_:_:_:)`` requires.
    /// Short numbers take an exact fast path; the rest go through the
    /// standard library's parser.
    static func double(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
        var index = start
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let integerStart = index
        var mantissa: UInt64 = 0
        var digits = 0
        while index < end, bytes[index] >= 48, bytes[index] <= 57 {
            if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] - 48) }
            digits += 1
            index += 1
        }
        let integerDigits = index - integerStart
        guard integerDigits >= 1, !(bytes[integerStart] == 48 && integerDigits > 1) else { return nil }
        var scale = 0
        var sawPointOrExponent = false
        if index < end, bytes[index] == UInt8(ascii: ".") {
            sawPointOrExponent = true
            index += 1
            let fractionStart = index
            while index < end, bytes[index] >= 48, bytes[index] <= 57 {
                if digits < 19 { mantissa = mantissa &* 10 &+ UInt64(bytes[index] - 48); scale -= 1 }
                digits += 1
                index += 1
            }
            guard index > fractionStart else { return nil }
        }
        var exponent = 0
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            sawPointOrExponent = true
            index += 1
            var exponentNegative = false
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") {
                exponentNegative = bytes[index] == UInt8(ascii: "-")
                index += 1
            }
            let exponentStart = index
            while index < end, bytes[index] >= 48, bytes[index] <= 57 {
                if exponent < 10_000 { exponent = exponent * 10 + Int(bytes[index] - 48) }
                index += 1
            }
            guard index > exponentStart else { return nil }
            if exponentNegative { exponent = -exponent }
        }
        guard index == end, sawPointOrExponent else { return nil }
        let power = scale + exponent
        if digits <= 15, abs(power) <= 22 {
            let value = power < 0 ? Double(mantissa) / powersOfTen[-power] : Double(mantissa) * powersOfTen[power]
            return negative ? -value : value
        }
        let text = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
        guard let value = Double(text), value.isFinite else { return nil }
        return value
    }
}
