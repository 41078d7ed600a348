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
        case (.string(let a), .string(let b)): return a < b
        default:
            if lhs.rank != rhs.rank { return lhs.rank < rhs.rank }
            return lhs.jsonText < rhs.jsonText
        }
    }

    private var rank: Int {
        switch self {
        case .null: 0
        case .bool: 1
        case .int, .double: 2
        case .string: 3
        case .array, .object: 4
        }
    }
}
