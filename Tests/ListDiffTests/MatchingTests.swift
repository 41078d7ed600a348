import ListDiff
import ListLabTestSupport
import Testing

// A section's changes from a matching made already are the changes the diff finds by identity.

@Test(arguments: 0..<4)
func changesFromAMatchingAreThoseFoundByIdentity(batch: Int) throws {
    var random = SplitMix64(seed: UInt64(31 + batch))
    for round in 0..<300 {
        // Counts at and around the 64 old items a word of the matched bits holds, and past two words.
        let oldCount = round % 3 == 0 ? [63, 64, 65, 127, 128, 129, 200][random.below(7)] : random.below(60)
        // Old items 0..<oldCount; some deleted, some moved, some new ones (1000...) inserted.
        var new = (0..<oldCount).filter { _ in random.below(6) != 0 }
        for _ in 0..<random.below(8) where !new.isEmpty {
            let moved = new.remove(at: random.below(new.count))
            new.insert(moved, at: random.below(new.count + 1))
        }
        for extra in 0..<random.below(6) { new.insert(1_000 + extra, at: random.below(new.count + 1)) }
        let changedContent = Set((0..<oldCount).filter { _ in random.below(5) == 0 })
        let expected = try SectionedChangeset(
            from: [DiffSection(id: "", items: Array(0..<oldCount))], to: [DiffSection(id: "", items: new)],
            identity: { $0 }, isContentEqual: { old, _ in !changedContent.contains(old) })
        // A new item of none is any negative number: -1, or in odd rounds others too.
        let matched = new.map { $0 < oldCount ? Int32($0) : round % 2 == 0 ? -1 : -1 - Int32(random.below(3)) }
        let found = SectionedChangeset(matching: matched, oldCount: oldCount) { old, _ in !changedContent.contains(old)
        }
        #expect(found == expected, "\(oldCount) items to \(new)")
    }
}

@Test func aMatchingThatNamesAnOldItemTwiceOrPastTheEndIsRefused() {
    #expect(SectionedChangeset(matching: [0, 0], oldCount: 2) { _, _ in true } == nil)
    #expect(SectionedChangeset(matching: [2], oldCount: 2) { _, _ in true } == nil)
    #expect(SectionedChangeset(matching: [-1, 1], oldCount: 2) { _, _ in true }?.deletedItems == [ElementPath(0, 0)])
    #expect(SectionedChangeset(matching: [0], oldCount: -1) { _, _ in true } == nil)
    #expect(SectionedChangeset(matching: [64, 64], oldCount: 65) { _, _ in true } == nil, "twice, in the second word")
    #expect(
        SectionedChangeset(matching: [], oldCount: 65) { _, _ in true }?.deletedItems
            == (0..<65).map { ElementPath(0, $0) })
    #expect(SectionedChangeset(matching: [], oldCount: 0) { _, _ in true } == SectionedChangeset())
}
