/// Reads numbers from bytes quickly, for the loaders.
package enum NumberScanner {
    /// An integer written plainly: `0`, or an optional `-` and digits without
    /// a leading zero, that fits in 64 bits. Other spellings (`+5`, `007`,
    /// `-0`) are not integers here, so that an integer's text is always what
    /// `String(value)` gives back.
    @inline(__always)
    package static func integer(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Int? {
        var index = start
        var negative = false
        if index < end, bytes[index] == UInt8(ascii: "-") {
            negative = true
            index += 1
        }
        let digits = end - index
        guard digits >= 1, digits <= 19 else { return nil }
        if bytes[index] == UInt8(ascii: "0") && digits > 1 { return nil }
        var value: UInt64 = 0
        while index < end {
            let digit = UInt64(bytes[index]) &- 48
            guard digit <= 9 else { return nil }
            value = value &* 10 &+ digit
            index += 1
        }
        if digits == 19 {
            // Nineteen digits can pass Int64's bounds (and wrap UInt64 only from 1.8e19 up,
            // which needs twenty): check against the bound for the sign.
            guard value <= (negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max)) else { return nil }
        }
        if negative && value == 0 { return nil }
        return negative ? Int(truncatingIfNeeded: 0 &- value) : Int(value)
    }

    /// What a field's text is as a number, read in one pass.
    package enum Reading: Equatable {
        /// An integer, as ``integer(_:_:_:)`` reads one.
        case integer(Int)
        /// Another number, as ``isNumber(_:_:_:)`` says (kept as its text).
        case number
        /// Not a number.
        case notANumber
    }

    /// `bytes[start..<end]` read as ``integer(_:_:_:)`` and
    /// ``isNumber(_:_:_:)`` read it, in one pass over its digits (a CSV's
    /// decimal was scanned twice, a tenth of a load).
    package static func reading(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Reading {
        var index = start
        let negative = index < end && bytes[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        var value: UInt64 = 0
        while index < end {
            let digit = bytes[index] &- 48
            guard digit <= 9 else { break }
            value = value &* 10 &+ UInt64(digit)
            index += 1
        }
        let digits = index - digitsStart
        guard digits >= 1, bytes[digitsStart] != UInt8(ascii: "0") || digits == 1 else { return .notANumber }
        if index == end {
            // Nineteen digits can pass Int64's bounds (and wrap UInt64 only from twenty).
            guard digits < 19 || (digits == 19 && value <= (negative ? UInt64(Int64.max) + 1 : UInt64(Int64.max))),
                !negative || value != 0
            else {
                return .number
            }
            return .integer(negative ? Int(truncatingIfNeeded: 0 &- value) : Int(value))
        }
        if bytes[index] == UInt8(ascii: ".") {
            index += 1
            let fraction = index
            while index < end, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
            guard index > fraction else { return .notANumber }
        }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            let exponent = index
            while index < end, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
            guard index > exponent else { return .notANumber }
        }
        return index == end ? .number : .notANumber
    }

    /// Whether `bytes[start..<end]` is a number as JSON writes one: an
    /// optional `-`, an integer part without leading zeros, an optional
    /// fraction and an optional exponent.
    package static func isNumber(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var index = start
        func digits() -> Int {
            let first = index
            while index < end, bytes[index] >= 48, bytes[index] <= 57 { index += 1 }
            return index - first
        }
        if index < end, bytes[index] == UInt8(ascii: "-") { index += 1 }
        let integerStart = index
        let integerDigits = digits()
        guard integerDigits >= 1, !(bytes[integerStart] == 48 && integerDigits > 1) else { return false }
        if index < end, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits() >= 1 else { return false }
        }
        if index < end, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < end, bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "+") { index += 1 }
            guard digits() >= 1 else { return false }
        }
        return index == end
    }

    /// The value of a number's text (which must pass ``isNumber(_:_:_:)``):
    /// an `int` when it is an integer that fits in 64 bits, a `double` when a
    /// `Double` holds it without overflowing to infinity or underflowing to
    /// zero, and otherwise the text itself (``Value/number(_:)``), so that no
    /// number ever turns into `null` or `0.0` on its own.
    ///
    /// Every reader (CSV, JSON tables, JSON values) types numbers through
    /// this one function, so a value read twice compares equal to itself.
    package static func value(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Value {
        if let integer = integer(bytes, start, end) { return .int(integer) }
        if end - start == 2, bytes[start] == UInt8(ascii: "-"), bytes[start + 1] == UInt8(ascii: "0") {
            return .double(-0.0)
        }
        if let double = double(bytes, start, end) {
            // A zero written with a non-zero digit (1e-400) underflowed.
            if double != 0
                || !(start..<end).contains(where: {
                    bytes[$0] >= 49 && bytes[$0] <= 57 && !isInExponent(bytes, start, $0)
                })
            {
                return .double(double)
            }
        }
        return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
    }

    /// The value of a number typed by a person (or given in a JSON argument),
    /// kept as written: an `int` or a `double` only when that value's own
    /// text is exactly `text` (`42`, `4.5`), otherwise the text itself
    /// (``Value/number(_:)``): `1e3`, `1.10`, `-0` and integers beyond 64 bits
    /// are saved as they were typed, never as `1000.0`, `1.1`, `0` or a rounded
    /// double. Such a number still compares by value as a key or in a filter
    /// (``Value/numericallyNormalized``).
    ///
    /// Returns nil when `text` is not a number as JSON writes one (`007`,
    /// `+5`, `inf` and `.5` are text).
    package static func valueAsWritten(_ text: String) -> Value? {
        let bytes = Array(text.utf8)
        let value: Value? = bytes.withUnsafeBufferPointer { buffer in
            guard isNumber(buffer, 0, buffer.count) else { return nil }
            return self.value(buffer, 0, buffer.count)
        }
        switch value {
        case nil: return nil
        case .int(let number)? where String(number) == text: return .int(number)
        case .double(let number)? where Value.jsonNumber(number) == text: return .double(number)
        default: return .number(text)
        }
    }

    /// Whether the byte at `offset` comes after an `e` or `E`.
    private static func isInExponent(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ offset: Int) -> Bool {
        (start..<offset).contains { bytes[$0] == UInt8(ascii: "e") || bytes[$0] == UInt8(ascii: "E") }
    }

    /// ``value(_:_:_:)`` of a whole byte array.
    package static func value(_ bytes: [UInt8]) -> Value {
        bytes.withUnsafeBufferPointer { value($0, 0, $0.count) }
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
    package static func double(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> Double? {
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
                if digits < 19 {
                    mantissa = mantissa &* 10 &+ UInt64(bytes[index] - 48)
                    scale -= 1
                }
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
