import ListLabCore
import Testing

@testable import ListLabPictures

@Suite struct ScreenTransitionTests {
    @Test func aDeleteCollapsesAndTheRowsBelowSlideUp() throws {
        let fruits = FruitList(count: 5, viewportRows: 4)
        try fruits.list.performBatchUpdates(try fruits.provider.delete(at: [ItemPath(0, 1)]))
        let transition = try #require(fruits.transitions.first)
        #expect(transition.markBefore(ItemPath(0, 1)) == .delete)
        #expect(transition.sprites.map(\.motion) == [.stays, .collapses, .slides, .slides, .enters])
        #expect(transition.sprites.map(\.fromRow) == [0, 1, 2, 3, nil])
        #expect(transition.sprites.map(\.toRow) == [0, nil, 1, 2, 3])
        // The row that comes into view is Elderberry, in a new cell: the deleted cell is reusable only after the
        // update.
        guard case .item(let entering)? = transition.sprites.last?.new else {
            Issue.record("no item enters")
            return
        }
        #expect(entering.text == "Elderberry")
        #expect(entering.cell?.serial == 5)
    }

    @Test func anInsertOpensAndAMoveSlides() throws {
        let fruits = FruitList(count: 3, viewportRows: 5)
        try fruits.list.performBatchUpdates(try fruits.provider.insert(Fruit(name: "Kiwi"), at: ItemPath(0, 0)))
        try fruits.list.performBatchUpdates(try fruits.provider.move(from: ItemPath(0, 3), to: ItemPath(0, 0)))
        let (insert, move) = (fruits.transitions[0], fruits.transitions[1])
        #expect(insert.sprites.map(\.motion) == [.slides, .slides, .slides, .opens])
        #expect(insert.markAfter(ItemPath(0, 0)) == .insert)
        #expect(move.sprites.map(\.motion) == [.slides, .slides, .slides, .slides])
        #expect(move.sprites.map(\.fromRow) == [0, 1, 2, 3])
        #expect(move.sprites.map(\.toRow) == [1, 2, 3, 0])
        #expect(move.markBefore(ItemPath(0, 3)) == .move)
        #expect(move.markAfter(ItemPath(0, 0)) == .move)
    }

    @Test func aReloadCrossFadesAndAReconfigureChangesInPlace() throws {
        let fruits = FruitList(count: 3, viewportRows: 5)
        _ = try fruits.provider.update(Fruit(name: "Apricot"), at: ItemPath(0, 0))
        try fruits.list.performBatchUpdates(BatchUpdate(reloadedItems: [ItemPath(0, 0)]))
        _ = try fruits.provider.update(Fruit(name: "Blueberry"), at: ItemPath(0, 1))
        try fruits.list.performBatchUpdates(BatchUpdate(reconfiguredItems: [ItemPath(0, 1)]))
        let (reload, reconfigure) = (fruits.transitions[0], fruits.transitions[1])
        #expect(reload.sprites.map(\.motion) == [.fadesOut, .stays, .stays, .fadesIn])
        #expect(reconfigure.sprites.map(\.motion) == [.stays, .changesInPlace, .stays])
        let changed = reconfigure.sprites[1]
        guard case .item(let old)? = changed.old, case .item(let new)? = changed.new else {
            Issue.record("no item changes")
            return
        }
        #expect((old.text, new.text) == ("Banana", "Blueberry"))
        #expect(old.cell?.serial == new.cell?.serial)
    }

    @Test func aRefusedUpdateMovesNothingAndMarksWhatItAttempted() throws {
        let fruits = FruitList(count: 3, viewportRows: 5)
        #expect(throws: BatchUpdateError.self) {
            try fruits.list.performBatchUpdates(BatchUpdate(deletedItems: [ItemPath(0, 1)]))
        }
        let transition = try #require(fruits.transitions.first)
        #expect(transition.isRefused)
        #expect(transition.refusal?.hasPrefix("Invalid update: invalid number of rows in section 0.") == true)
        #expect(transition.after == transition.before)
        #expect(transition.sprites.isEmpty)
        #expect(transition.markBefore(ItemPath(0, 1)) == .delete)
        #expect(transition.markAfter(ItemPath(0, 1)) == nil)
    }
}
