import ListLabTestSupport
import Testing
import ListDiff

// A section's changes from a matching made already are the changes the diff finds by identity.

@Test(arguments: 0..<4)
func changesFromAMatchingAreThoseFoundByIdentity(batch: Int) throws {
    var random = SplitMix64(seed: UInt64(31 + batch))
    for _ in 0..<300 {
        let oldCount = random.below(60)
        // Old items 0..<oldCount; some deleted, some moved, some new ones (100...) inserted.
        var new = (0..<oldCount).filter { _ in random.below(6) != 0 }
        for _ in 0..<random.below(8) where !new.isEmpty {
            let moved = new.remove(at: random.below(new.count))
            new.insert(moved, at: random.below(new.count + 1))
        }
        for extra in 0..<random.below(6) { new.insert(100 + extra, at: random.below(new.count + 1)) }
        let changedContent = Set((0..<oldCount).filter { _ in random.below(5) == 0 })
        let expected = try SectionedChangeset(
            from: [DiffSection(id: "", items: Array(0..<oldCount))], to: [DiffSection(id: "", items: new)],
            identity: { $0 }, isContentEqual: { old, _ in !changedContent.contains(old) })
        let matched = new.map { $0 < oldCount ? Int32($0) : -1 }
        let found = SectionedChangeset(matching: matched, oldCount: oldCount) { old, _ in !changedContent.contains(old) }
        #expect(found == expected, "\(oldCount) items to \(new)")
    }
}

@Test func aMatchingThatNamesAnOldItemTwiceOrPastTheEndIsRefused() {
    #expect(SectionedChangeset(matching: [0, 0], oldCount: 2) { _, _ in true } == nil)
    #expect(SectionedChangeset(matching: [2], oldCount: 2) { _, _ in true } == nil)
    #expect(SectionedChangeset(matching: [-1, 1], oldCount: 2) { _, _ in true }?.deletedItems == [ElementPath(0, 0)])
}
