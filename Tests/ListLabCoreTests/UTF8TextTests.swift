import ListLabCore
import ListLabTestSupport
import Testing

// Text built as bytes writes what String interpolation writes: the pieces a diff's lines are made of.

@Test(arguments: [1, 2, 3])
func numbersAndPathsAreWrittenAsStringWritesThem(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let edges = [
        0, 1, -1, 9, 10, -10, 11, 99, -99, 100, -100, 101, 999, 1_000, 10_009, Int.max, Int.min, Int.max - 1,
        Int.min + 1, 1_000_000_000_000_000_000,
    ]
    let numbers = edges + (0..<500).map { _ in Int(bitPattern: UInt(random.next())) >> Int(random.next() % 64) }
    var text = UTF8Text()
    var expected = ""
    for (index, number) in numbers.enumerated() {
        text.append(number)
        expected += String(number)
        text.append(index.isMultiple(of: 2) ? " → " : ", ")
        expected += index.isMultiple(of: 2) ? " → " : ", "
        let path = ItemPath(Int(random.next() % 1_000), number)
        text.append(path)
        expected += "\(path)"
    }
    #expect(text.string == expected)
    #expect(!text.isEmpty && UTF8Text().isEmpty && UTF8Text().string == "")
    text.removeAll()
    text.append(-7)
    #expect(text.string == "-7")
    // Many paths at once, with a separator, as one at a time writes them.
    let paths = numbers.map { ItemPath(Int(random.next() % 3) - 1, $0) }
    var one = UTF8Text()
    for (index, path) in paths.enumerated() {
        if index > 0 { one.append(", ") }
        one.append(path)
    }
    text.removeAll()
    text.append("[")
    text.append(paths, separator: ", ")
    #expect(text.string == "[" + one.string && one.string == paths.map { "\($0)" }.joined(separator: ", "))
    text.append([], separator: "; ")
    text.append([ItemPath(0, 0)], separator: "; ")
    #expect(text.string == "[" + one.string + "0.0", "no separator before a list's first path, nothing for none")
}
