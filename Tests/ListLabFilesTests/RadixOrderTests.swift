import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabFiles

// The radix order of numbers is the order a stable comparison sort gives, both ways, with
// the values a column holds at its edges: both zeros, infinities, the largest integers.

/// The order a stable comparison sort gives `values`.
private func comparisonOrder<T: Comparable>(_ values: [T], descending: Bool) -> [Int] {
    values.enumerated().sorted { a, b in
        if a.element == b.element { return a.offset < b.offset }
        return descending ? b.element < a.element : a.element < b.element
    }.map(\.offset)
}

@Test(arguments: [false, true])
func numbersSortAsAComparisonSortSortsThem(descending: Bool) throws {
    var random = SplitMix64(seed: 7)
    let edges: [Double] = [
        0, -0.0, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude,
        -.leastNonzeroMagnitude, 1, -1,
    ]
    for count in [0, 1, 2, 17, 1_000, 20_000] {
        let numbers = (0..<count).map { _ -> Double in
            switch random.below(4) {
            case 0: edges[random.below(edges.count)]
            case 1: Double(random.below(10)) - 5  // many equal values
            default: (Double(random.below(2_000_001)) - 1_000_000) / 100
            }
        }
        #expect(
            try ValueSort.numberOrder(of: numbers, descending: descending)
                == comparisonOrder(numbers, descending: descending), "\(count) numbers")
    }
}

@Test(arguments: [false, true])
func integersSortAsAComparisonSortSortsThem(descending: Bool) throws {
    var random = SplitMix64(seed: 11)
    let integers = (0..<5_000).map { _ -> Int in
        switch random.below(3) {
        case 0: [Int.min, Int.max, 0, -1, 1][random.below(5)]
        case 1: random.below(7)
        default: (random.below(1 << 40) - (1 << 39)) << random.below(20)
        }
    }
    #expect(
        try ValueSort.integerOrder(of: integers, descending: descending)
            == comparisonOrder(integers, descending: descending))
}

@Test func numbersAmongOtherValuesSortByValuesOrder() throws {
    // Numbers of both kinds sort together; once text joins them, Value's own order holds.
    #expect(
        try ValueSort.order(of: [.double(2.5), .int(-3), .double(-0.0), .int(0), .int(2)], descending: false) == [
            1, 2, 3, 4, 0,
        ])
    #expect(try ValueSort.order(of: [.double(2.5), .string("a"), .int(-3)], descending: true) == [1, 0, 2])
}

/// A column of numbers sorted by keys made from its cells on every core is in ValueSort's order of
/// its values: decimals, integers, `-0`, numbers as text (1e400) and integers past 2^53 (then no
/// keys: the values are sorted as values), both ways.
@Test(arguments: 0..<12)
func keysMadeFromTheCellsSortAsTheValuesSort(seed: UInt64) throws {
    var random = SplitMix64(seed: 0x50_0000 + seed)
    let numbers = ["0", "-0", "1.5", "-2.25", "3", "1e3", "0.1", "-7", "2.50", "9007199254740993", "1e400", "-1e-400"]
    let allowed = seed % 3 == 0 ? numbers.count : numbers.count - 3
    let rows = (0..<Int.random(in: 70_000...140_000, using: &random)).map { row in
        "\(row),\(numbers[Int.random(in: 0..<allowed, using: &random)])\n"
    }
    let table = try CSVReader.read(Array(("id,n\n" + rows.joined()).utf8), file: "n.csv")
    for descending in [false, true] {
        let expected = try ValueSort.order(of: table.values(of: "n"), descending: descending)
        let keys = try table.numberSortKeys(of: "n", descending: descending)
        if seed % 3 == 0 {
            #expect(keys == nil, "a value that is not a Double is sorted as a value")
        } else {
            #expect(try RadixOrder.stableOrder(of: try #require(keys)) == expected)
        }
    }
}

/// Keys that differ only in some digits (one, two, three passes, in any of the six places; all
/// alike; a single key) are ordered as a stable comparison sort orders them: the passes over
/// the digits every key shares are left out, and a pass reads the last one's keys.
@Test(arguments: 0..<24)
func keysThatShareDigitsSortAsAComparisonSortSortsThem(seed: UInt64) throws {
    var random = SplitMix64(seed: 0x52_0000 + seed)
    let base = random.next()
    var differing: UInt64 = 0
    for _ in 0..<(seed % 4) { differing |= UInt64(0x7FF) << UInt64(11 * random.below(6)) }
    if seed % 6 == 5 { differing = .max }
    let count = [1, 2, 3, 1_000, 70_000][random.below(5)]
    let keys = (0..<count).map { _ in
        (base & ~differing) | (random.next() & differing & (random.below(3) == 0 ? 0xF0F0_F0F0_F0F0_F0F0 : .max))
    }
    #expect(
        try RadixOrder.stableOrder(of: keys) == comparisonOrder(keys, descending: false),
        "\(count) keys differing in \(String(differing, radix: 16))")
}

/// A column of integers and plain decimals of at most 15 digits (prices, scores) gets keys made
/// from its digits, scaled to the most decimals any has; they sort as ValueSort sorts the values
/// (equal values written two ways, `1.5` and `1.50`, `-0` and `0`, stay in their order), both
/// ways. A column with a number past 15 digits or with an exponent is keyed by its `Double`s.
@Test(arguments: 0..<16)
func decimalsSortByTheirDigitsAsTheirValuesSort(seed: UInt64) throws {
    var random = SplitMix64(seed: 0x53_0000 + seed)
    let fixed = [
        "0", "-0", "-0.0", "1.5", "1.50", "-1.5", "0.000001", "99999999", "-99999999", "123456789.5", "7", "-7.000",
    ]
    let rows = (0..<Int.random(in: 66_000...140_000, using: &random)).map { row -> String in
        let number =
            random.below(3) == 0
            ? fixed[random.below(fixed.count)]
            : "\(random.below(2) == 0 ? "-" : "")\(random.below(100_000)).\(String(random.below(100)).count == 1 ? "0" : "")\(random.below(100))"
        return "\(row),\(number)\n"
    }
    let tail = ["", "1,1e3\n", "2,1234567890123456\n", "3,0.1234567890123456\n"][Int(seed % 4)]
    let table = try CSVReader.read(Array(("id,n\n" + rows.joined() + tail).utf8), file: "d.csv")
    for descending in [false, true] {
        let expected = try ValueSort.order(of: table.values(of: "n"), descending: descending)
        let keys = try #require(try table.numberSortKeys(of: "n", descending: descending))
        #expect(try RadixOrder.stableOrder(of: keys) == expected)
        // Decimal keys span the numbers' scaled range (at most 2 x 10^14 here); a Double's span its sign bit.
        let range = (keys.max() ?? 0) - (keys.min() ?? 0)
        #expect((range < 1 << 52) == tail.isEmpty, "keys spanning \(range)")
    }
}
