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
    let edges: [Double] = [0, -0.0, .infinity, -.infinity, .greatestFiniteMagnitude, -.greatestFiniteMagnitude, .leastNonzeroMagnitude, -.leastNonzeroMagnitude, 1, -1]
    for count in [0, 1, 2, 17, 1_000, 20_000] {
        let numbers = (0..<count).map { _ -> Double in
            switch random.below(4) {
            case 0: edges[random.below(edges.count)]
            case 1: Double(random.below(10)) - 5  // many equal values
            default: (Double(random.below(2_000_001)) - 1_000_000) / 100
            }
        }
        #expect(try ValueSort.numberOrder(of: numbers, descending: descending) == comparisonOrder(numbers, descending: descending), "\(count) numbers")
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
    #expect(try ValueSort.integerOrder(of: integers, descending: descending) == comparisonOrder(integers, descending: descending))
}

@Test func numbersAmongOtherValuesSortByValuesOrder() throws {
    // Numbers of both kinds sort together; once text joins them, Value's own order holds.
    #expect(try ValueSort.order(of: [.double(2.5), .int(-3), .double(-0.0), .int(0), .int(2)], descending: false) == [1, 2, 3, 4, 0])
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
