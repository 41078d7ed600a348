import ListLabTestSupport
import Testing

@testable import ListLabCore

// The set of paths a batch update's checks use: bits for the paths within the counts, a Set for
// any other, and the same answers as a Set<ItemPath> either way.

@Test func pathsWithinAndOutsideTheCountsAreHeldOnceEach() {
    var set = ItemPathSet(within: [3, 130])
    #expect(set.isEmpty)
    // Outside the counts: a section past them, an item past its section's count, a negative path.
    let paths = [
        ItemPath(1, 129), ItemPath(0, 2), ItemPath(1, 129), ItemPath(5, 0), ItemPath(0, 3), ItemPath(-1, -1),
        ItemPath(0, 3),
    ]
    let inserted = paths.map { set.insert($0) }
    #expect(inserted == [true, true, false, true, true, true, false])
    #expect(set.count == 5)
    #expect(set.contains(ItemPath(1, 129)) && set.contains(ItemPath(0, 3)) && set.contains(ItemPath(-1, -1)))
    #expect(!set.contains(ItemPath(1, 128)) && !set.contains(ItemPath(2, 0)) && !set.contains(ItemPath(0, Int.max)))
    #expect(set.items(inSection: 0) == [2, 3] && set.items(inSection: 1) == [129] && set.items(inSection: 5) == [0])
    #expect(Array(set) == [ItemPath(0, 2), ItemPath(1, 129), ItemPath(-1, -1), ItemPath(0, 3), ItemPath(5, 0)])
}

@Test(arguments: [1, 2, 3])
func aSetOfPathsAnswersAsASetOfItemPathDoes(seed: UInt64) {
    var random = SplitMix64(seed: seed)
    let counts = (0..<4).map { _ in Int(random.next() % 200) }
    // Grown from few paths, and made for many from the start (bits in every section).
    for var bits in [ItemPathSet(within: counts), ItemPathSet(within: counts, expecting: 2_000)] {
        var hashed = Set<ItemPath>()
        for _ in 0..<2_000 {
            // Mostly inside the counts, some past them.
            let path = ItemPath(Int(random.next() % 5) - (random.next() % 50 == 0 ? 1 : 0), Int(random.next() % 220))
            let (new, old) = (bits.insert(path), hashed.insert(path).inserted)
            #expect(new == old)
        }
        #expect(bits.count == hashed.count)
        for section in -1...5 {
            #expect(bits.items(inSection: section) == hashed.filter { $0.section == section }.map(\.item).sorted())
            for item in -1...230 {
                #expect(bits.contains(ItemPath(section, item)) == hashed.contains(ItemPath(section, item)))
            }
        }
        #expect(Set(bits) == hashed)
    }
}

@Test func aFewPathsInALargeSectionAndManyInASmallOneAnswerTheSame() {
    var set = ItemPathSet(within: [1_000_000, 100])
    let paths = [ItemPath(0, 999_999), ItemPath(0, 0), ItemPath(0, 500_000)] + (0..<100).map { ItemPath(1, 99 - $0) }
    for path in paths { set.insert(path) }
    #expect(set.count == 103)
    #expect(set.items(inSection: 0) == [0, 500_000, 999_999] && set.items(inSection: 1) == Array(0..<100))
    #expect(set.contains(ItemPath(0, 500_000)) && !set.contains(ItemPath(0, 500_001)) && set.contains(ItemPath(1, 63)))
}
