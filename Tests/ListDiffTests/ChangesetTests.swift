import ListDiff
import ListLabTestSupport
import Testing

@Test func rotatingOneItemIsOneMove() throws {
    let changes = try Changeset(from: [1, 2, 3, 4, 5], to: [2, 3, 4, 5, 1])
    #expect(changes.moves == [Changeset.Move(from: 0, to: 4)])
    #expect(changes.deletes.isEmpty && changes.inserts.isEmpty)
}

@Test func reversingThreeItemsIsTwoMoves() throws {
    #expect(try Changeset(from: [1, 2, 3], to: [3, 2, 1]).moves.count == 2)
}

@Test func deletesInsertsAndUpdatesAreFoundByIdentityAndContent() throws {
    struct Row {
        var id: Int
        var name: String
    }
    let old = [Row(id: 1, name: "a"), Row(id: 2, name: "b"), Row(id: 3, name: "c")]
    let new = [Row(id: 3, name: "c"), Row(id: 4, name: "d"), Row(id: 1, name: "A")]
    let changes = try Changeset(from: old, to: new, identity: \.id, isContentEqual: { $0.name == $1.name })
    #expect(changes.deletes == [1])
    #expect(changes.inserts == [1])
    #expect(changes.moves == [Changeset.Move(from: 2, to: 0)])
    #expect(changes.updates == [Changeset.Move(from: 0, to: 2)])
    #expect(changes.count == 4)
}

@Test(arguments: [([Int](), [Int]()), ([], [1, 2]), ([1, 2], []), ([1, 2, 3], [1, 2, 3])])
func edgeCases(old: [Int], new: [Int]) throws {
    let changes = try Changeset(from: old, to: new)
    #expect(changes.deletes == Array(old.indices.filter { !new.contains(old[$0]) }))
    #expect(changes.inserts == Array(new.indices.filter { !old.contains(new[$0]) }))
    #expect(changes.moves.isEmpty)
}

@Test func duplicateIdentitiesAreAnErrorNamingBothPositions() {
    #expect(throws: DuplicateIdentityError(identity: "2", side: .new, first: 1, second: 3)) {
        try Changeset(from: [1, 2], to: [1, 2, 5, 2])
    }
    #expect(
        DuplicateIdentityError(identity: "7", side: .old, first: 0, second: 4).description
            == "duplicate identity '7' in the old list, at 0 and 4")
}

@Test func applyingTheChangesetGivesTheNewList() throws {
    var generator = SplitMix64(seed: 42)
    for _ in 0..<200 {
        let old = (0..<Int(generator.next() % 30)).map { $0 }
        var new = old.filter { _ in generator.next() % 4 != 0 }
        new.shuffle(using: &generator)
        new += (100..<(100 + Int(generator.next() % 5)))
        new.shuffle(using: &generator)
        let changes = try Changeset(from: old, to: new)
        // Rebuild: survivors that don't move keep their relative order; moved and inserted items take their new places.
        var rebuilt = [Int?](repeating: nil, count: new.count)
        for index in changes.inserts { rebuilt[index] = new[index] }
        for move in changes.moves { rebuilt[move.to] = old[move.from] }
        let moved = Set(changes.moves.map(\.from))
        let deleted = Set(changes.deletes)
        var staying = old.indices.filter { !moved.contains($0) && !deleted.contains($0) }.map { old[$0] }.makeIterator()
        for index in rebuilt.indices where rebuilt[index] == nil { rebuilt[index] = staying.next() }
        #expect(rebuilt.compactMap { $0 } == new)
        #expect(staying.next() == nil)
    }
}
