import Testing

@testable import ListLabCore

@Test func selectionTellsTheDelegateAndMarksTheCell() throws {
    let data = CountsDataSource([3])
    let list = data.makeList()
    try list.selectItem(at: ItemPath(0, 1))
    #expect(data.selected == [ItemPath(0, 1)])
    #expect(list.selectedPaths == [ItemPath(0, 1)])
    #expect(list.cellForItem(at: ItemPath(0, 1))?.isSelected == true)
    try list.selectItem(at: ItemPath(0, 2))
    #expect(list.selectedPaths == [ItemPath(0, 2)])
    #expect(list.cellForItem(at: ItemPath(0, 1))?.isSelected == false)
    #expect(throws: ListError.self) { try list.selectItem(at: ItemPath(0, 3)) }
    #expect(list.selectedPaths == [ItemPath(0, 2)])
    list.deselectItem(at: ItemPath(0, 2))
    #expect(list.selectedPaths.isEmpty)
}

@Test func multipleSelectionKeepsTheOthers() throws {
    let list = CountsDataSource([3]).makeList()
    list.allowsMultipleSelection = true
    try list.selectItem(at: ItemPath(0, 2))
    try list.selectItem(at: ItemPath(0, 0))
    #expect(list.selectedPaths == [ItemPath(0, 0), ItemPath(0, 2)])
    list.deselectAll()
    #expect(list.selectedPaths.isEmpty)
}

@Test func selectionFollowsItsItemThroughAMove() throws {
    let data = CountsDataSource([5])
    let list = data.makeList()
    try list.selectItem(at: ItemPath(0, 1))
    data.labels = [["s0i0", "s0i2", "s0i3", "s0i1", "s0i4"]]
    try list.performBatchUpdates(BatchUpdate(movedItems: [ItemMove(from: ItemPath(0, 1), to: ItemPath(0, 3))]))
    #expect(list.selectedPaths == [ItemPath(0, 3)])
    #expect(list.cellForItem(at: ItemPath(0, 3))?.isSelected == true)
    #expect(list.cellForItem(at: ItemPath(0, 3))?.text == "s0i1")
    // Items that shift because another leaves keep their selection too.
    data.counts = [4]
    data.labels = [["s0i2", "s0i3", "s0i1", "s0i4"]]
    try list.performBatchUpdates(BatchUpdate(deletedItems: [ItemPath(0, 0)]))
    #expect(list.selectedPaths == [ItemPath(0, 2)])
}

@Test func selectionDisappearsWithItsItem() throws {
    let data = CountsDataSource([3])
    let list = data.makeList()
    try list.selectItem(at: ItemPath(0, 1))
    data.counts = [2]
    try list.performBatchUpdates(BatchUpdate(deletedItems: [ItemPath(0, 1)]))
    #expect(list.selectedPaths.isEmpty)
    #expect(list.indexPathsForVisibleItems.allSatisfy { list.cellForItem(at: $0)?.isSelected == false })
}

@Test func reloadDataClearsTheSelection() throws {
    let list = CountsDataSource([3]).makeList()
    try list.selectItem(at: ItemPath(0, 1))
    list.reloadData()
    #expect(list.selectedPaths.isEmpty)
}
