extension Value: Comparable {
    /// A total, fixed order for sorting: null, then booleans (false first),
    /// then numbers (ints and doubles by value), then text, then nested
    /// values (by their JSON text).
    public static func < (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.bool(let a), .bool(let b)): return !a && b
        case (.int(let a), .int(let b)): return a < b
        case (.int(let a), .double(let b)): return Double(a) < b
        case (.double(let a), .int(let b)): return a < Double(b)
        case (.double(let a), .double(let b)): return a < b
        case (.number, _), (_, .number):
            if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
            // Out-of-range numbers order by their magnitude as a double
            // (infinity or zero), then by text, so the order stays total.
            let (a, b) = (lhs.approximateNumber, rhs.approximateNumber)
            return a != b ? a < b : lhs.jsonText < rhs.jsonText
        case (.string(let a), .string(let b)): return a < b
        default:
            if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
            return lhs.jsonText < rhs.jsonText
        }
    }

    /// A number as a double, for ordering (infinity or zero out of range).
    private var approximateNumber: Double {
        switch self {
        case .int(let number): Double(number)
        case .double(let number): number
        case .number(let text): Double(text) ?? 0
        default: 0
        }
    }

    private var rank: Int {
        switch self {
        case .null: 0
        case .bool: 1
        case .int, .double, .number: 2
        case .string: 3
        case .array, .object: 4
        }
    }
}

extension Value {
    /// The value with numbers in one form, so that equal numbers compare
    /// equal: a number kept as written (`1e3`) becomes the int or double it
    /// spells, and a double that is a whole number in 64 bits becomes an int.
    package var numericallyNormalized: Value {
        switch self {
        case .double(let number) where number.rounded() == number && abs(number) < 9.2e18:
            return .int(Int(number))
        case .number(let text):
            let value = NumberScanner.value(Array(text.utf8))
            if case .number = value { return value }
            return value.numericallyNormalized
        default:
            return self
        }
    }

    /// Whether the two are the same value, numbers compared by value
    /// (`1000`, `1000.0` and `1e3` are one value), as a filter matches.
    package func matchesByValue(_ other: Value) -> Bool {
        if self == other { return true }
        switch (self, other) {
        case (.int, .double), (.int, .number), (.double, .int), (.double, .double), (.double, .number),
            (.number, .int), (.number, .double), (.number, .number):
            return numericallyNormalized == other.numericallyNormalized
        default:
            return false
        }
    }
}
