import ListLabCore
import Testing
@testable import ListLabShell

// What changed in each updated item, held in path order for the stage lines to say once each.

@Test func changedFieldsAreSaidOnceEachInPathOrder() {
    // Out of order, with a path given twice: its last text is kept, as a dictionary kept it.
    var fields = ChangedFields([
        (ItemPath(0, 5), "b: 1 → 2"), (ItemPath(0, 1), "a: x → y"), (ItemPath(0, 5), "b: 1 → 3"), (ItemPath(1, 0), "c: true → false"),
    ])
    #expect(fields.has(ItemPath(0, 1)) && fields.has(ItemPath(0, 5)) && fields.has(ItemPath(1, 0)))
    #expect(!fields.has(ItemPath(0, 2)) && !fields.has(ItemPath(2, 0)) && !fields.has(ItemPath(-1, 0)))
    #expect(fields.take(ItemPath(0, 5)) == "b: 1 → 3")
    #expect(fields.take(ItemPath(0, 5)) == nil && !fields.has(ItemPath(0, 5)))
    #expect(fields.unsaid.map(\.path) == [ItemPath(0, 1), ItemPath(1, 0)])
    #expect(fields.unsaid.map(\.text) == ["a: x → y", "c: true → false"])
    #expect(ChangedFields().unsaid.isEmpty && !ChangedFields().has(ItemPath(0, 0)))
}
