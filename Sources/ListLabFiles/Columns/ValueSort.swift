import Interruption
public import ListLabRecords

/// The order `sort` puts values in, as row numbers: by `Value`'s `<` (null,
/// false, true, numbers, text, nested values), equal values in their order
/// (a stable sort); every 65,536 comparisons, a look at whether Ctrl-C asked
/// to stop (`Interruption`).
///
/// Values of one kind are sorted as plain numbers or `String`s, in the same
/// order and much faster than `Value`s, whose comparison copies and switches
/// over them: numbers by a radix sort (`RadixOrder`), text by comparison.
///
/// ```swift
/// let order = try ValueSort.order(of: [.int(3), .null, .string("a"), .int(1)], descending: false)   // [1, 3, 0, 2]
/// ```
public enum ValueSort {
    /// The positions of `values` in sorted order.
    ///
    /// - Parameters:
    ///   - values: The values, one per row.
    ///   - descending: Largest first (equal values still in their order).
    /// - Throws: `Interrupted` when Ctrl-C asked to stop.
    /// - Complexity: O(*n* log *n*).
    public static func order(of values: [Value], descending: Bool) throws -> [Int] {
        switch SortKeys(values) {
        case .numbers(let keys): try numberOrder(of: keys, descending: descending)
        case .strings(let keys): try stableOrder(of: keys, descending: descending)
        case .values(let keys): try stableOrder(of: keys, descending: descending)
        }
    }

    /// ``order(of:descending:)`` for numbers (none of them NaN), by a radix
    /// sort (``RadixOrder``).
    static func numberOrder<Numbers: Collection>(of numbers: Numbers, descending: Bool) throws(Interrupted) -> [Int]
    where Numbers.Element == Double {
        try RadixOrder.stableOrder(
            of: RadixOrder.keys(of: numbers) { descending ? ~RadixOrder.key($0) : RadixOrder.key($0) })
    }

    /// ``order(of:descending:)`` for integers, by a radix sort (``RadixOrder``).
    static func integerOrder<Integers: Collection>(of integers: Integers, descending: Bool) throws(Interrupted) -> [Int]
    where Integers.Element == Int {
        try RadixOrder.stableOrder(
            of: RadixOrder.keys(of: integers) { descending ? ~RadixOrder.key($0) : RadixOrder.key($0) })
    }

    /// ``order(of:descending:)`` for any comparable keys: each key sorted
    /// beside its position, so that a comparison reads the two pairs it
    /// compares rather than two keys far apart in a large array.
    static func stableOrder<Keys: Collection>(of keys: Keys, descending: Bool) throws(Interrupted) -> [Int]
    where Keys.Element: Comparable {
        var pairs: [(key: Keys.Element, position: Int)] = []
        pairs.reserveCapacity(keys.count)
        for (position, key) in keys.enumerated() { pairs.append((key, position)) }
        var comparisons = 0
        do {
            try pairs.sort { a, b in
                comparisons += 1
                if comparisons & 0xFFFF == 0 { try Interruption.check() }
                if a.key == b.key { return a.position < b.position }
                return descending ? b.key < a.key : a.key < b.key
            }
        } catch {
            throw Interrupted()  // the only error the comparison throws
        }
        return pairs.map(\.position)
    }
}

/// A column's values as keys that compare faster than `Value`s and in the
/// same order: every value a number (an int that a double holds exactly, or
/// a double that is not NaN) as a `Double`; every value text as a `String`;
/// else the values themselves.
enum SortKeys {
    case numbers([Double])
    case strings([String])
    case values([Value])

    init(_ values: [Value]) {
        var numbers: [Double] = []
        numbers.reserveCapacity(values.count)
        scan: for value in values {
            switch value {
            case .int(let number) where number.magnitude <= 1 << 53: numbers.append(Double(number))
            case .double(let number) where !number.isNaN: numbers.append(number)
            default: break scan
            }
        }
        if numbers.count == values.count {
            self = .numbers(numbers)
            return
        }
        var strings: [String] = []
        strings.reserveCapacity(values.count)
        for value in values {
            guard case .string(let text) = value else { break }
            strings.append(text)
        }
        self = strings.count == values.count ? .strings(strings) : .values(values)
    }
}
