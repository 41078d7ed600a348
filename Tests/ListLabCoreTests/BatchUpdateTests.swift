import Testing

@testable import ListLabCore

/// Runs `update` on a list of `before` counts whose data now has `after`
/// counts; returns the message, and checks that a refused update leaves the
/// list exactly as it was.
private func refusal(
    _ update: BatchUpdate, before: [Int], after: [Int], style: ListStyle = .table, version: IOSVersion = .standard,
    sourceLocation: SourceLocation = #_sourceLocation
) -> String {
    let data = CountsDataSource(before)
    let list = data.makeList(style: style, viewportRows: 6)
    list.iOSVersion = version
    try? list.selectItem(at: ItemPath(0, 0))
    let snapshot = ListSnapshot(list)
    data.counts = after
    do {
        try list.performBatchUpdates(update)
        return "accepted"
    } catch {
        #expect(ListSnapshot(list) == snapshot, "a refused update changed the list", sourceLocation: sourceLocation)
        #expect(list.statistics.refusedBatchUpdates == 1, sourceLocation: sourceLocation)
        return error.description
    }
}

@Test func aWrongItemCountIsRefusedInUIKitsWords() {
    #expect(
        refusal(BatchUpdate(), before: [4], after: [5])
            == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing "
            + "section after the update (5) must be equal to the number of rows contained in that section before the "
            + "update (4), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 "
            + "deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved "
            + "out)."
    )
    #expect(
        refusal(BatchUpdate(insertedItems: [ItemPath(0, 0)]), before: [4], after: [4])
            == "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing "
            + "section after the update (4) must be equal to the number of rows contained in that section before the "
            + "update (4), plus or minus the number of rows inserted or deleted from that section (1 inserted, 0 "
            + "deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved "
            + "out)."
    )
    #expect(
        refusal(
            BatchUpdate(movedItems: [ItemMove(from: ItemPath(0, 0), to: ItemPath(1, 0))]), before: [2, 2],
            after: [1, 2])
            == "Invalid update: invalid number of rows in section 1. The number of rows contained in an existing "
            + "section after the update (2) must be equal to the number of rows contained in that section before the "
            + "update (2), plus or minus the number of rows inserted or deleted from that section (0 inserted, 0 "
            + "deleted) and plus or minus the number of rows moved into or out of that section (1 moved in, 0 moved "
            + "out)."
    )
}

@Test func aWrongSectionCountIsRefused() {
    #expect(
        refusal(BatchUpdate(), before: [1], after: [1, 0])
            == "Invalid update: invalid number of sections. The number of sections contained in the table view after "
            + "the update (2) must be equal to the number of sections contained in the table view before the update "
            + "(1), plus or minus the number of sections inserted or deleted (0 inserted, 0 deleted)."
    )
}

@Test func aCollectionSaysCountsDoNotAddUpAsIOS16Point4Does() {
    // The reason, then the counts and every update on lines of their own.
    #expect(
        refusal(
            BatchUpdate(insertedItems: [ItemPath(0, 0)]), before: [4], after: [4], style: .collection(columns: 3),
            version: IOSVersion(16, 4)) == """
                Invalid batch updates detected: the number of sections and/or items returned by the data source before \
                and/or after performing the batch updates are inconsistent with the updates.
                Data source before updates = { 1 section with item counts: [4] }
                Data source after updates = { 1 section with item counts: [4] }
                Updates = [
                    Insert item (0 - 0)
                ]
                Collection view: <UICollectionView: 0x…>
                """)
    let everyKind = BatchUpdate(
        deletedSections: [1], insertedSections: [2], movedSections: [SectionMove(from: 0, to: 1)],
        reloadedSections: [3],
        deletedItems: [ItemPath(0, 1)], insertedItems: [ItemPath(0, 0)],
        movedItems: [ItemMove(from: ItemPath(0, 2), to: ItemPath(0, 3))],
        reloadedItems: [ItemPath(0, 4)], reconfiguredItems: [ItemPath(0, 5)])
    let counts = UIKitRule.CountMismatch(
        section: nil, before: 4, after: 1, inserted: 1, deleted: 1, update: everyKind, countsBefore: [6, 1, 1, 1],
        countsAfter: [6])
    #expect(
        UIKitRule.countMismatch(counts).reason(in: .collection(columns: 2), on: IOSVersion(16, 4)) == """
            Invalid batch updates detected: the number of sections and/or items returned by the data source before \
            and/or after performing the batch updates are inconsistent with the updates.
            Data source before updates = { 4 sections with item counts: [6, 1, 1, 1] }
            Data source after updates = { 1 section with item counts: [6] }
            Updates = [
                Delete section 1,
                Insert section 2,
                Reload section 3,
                Move section 0 -> 1,
                Delete item (0 - 1),
                Insert item (0 - 0),
                Delete item (0 - 4),
                Insert item (0 - 4),
                Reconfigure item (0 - 5),
                Move item (0 - 2) -> (0 - 3)
            ]
            Collection view: <UICollectionView: 0x…>
            """)
}

@Test func aListTakesAnotherStyleAndReloads() {
    let data = CountsDataSource([5])
    let list = data.makeList(style: .table, viewportRows: 2)
    try? list.selectItem(at: ItemPath(0, 1))
    list.scroll(by: 2)
    let reloads = list.statistics.reloads
    list.setStyle(.collection(columns: 3))
    #expect(list.style == .collection(columns: 3))
    #expect(list.statistics.reloads == reloads + 1)
    #expect(list.scrollOffset == 0)
    #expect(list.selectedPaths.isEmpty)
    // Three items to a row: two rows show all five.
    #expect(list.visiblePaths == (0..<5).map { ItemPath(0, $0) })
    data.counts = [6]
    #expect(throws: BatchUpdateError.self) { try list.performBatchUpdates(BatchUpdate()) }
}

@Test func deletingAMissingItemIsRefused() {
    #expect(
        refusal(BatchUpdate(deletedItems: [ItemPath(0, 5)]), before: [4], after: [3])
            == "attempt to delete row 5 from section 0 which only contains 4 rows before the update")
    #expect(
        refusal(BatchUpdate(deletedItems: [ItemPath(2, 0)]), before: [4], after: [3])
            == "attempt to delete row 0 from section 2, but there are only 1 sections before the update")
    #expect(
        refusal(BatchUpdate(deletedSections: [3]), before: [4], after: [])
            == "attempt to delete section 3, but there are only 1 sections before the update")
}

@Test func insertingBeyondTheEndIsRefused() {
    #expect(
        refusal(BatchUpdate(insertedItems: [ItemPath(0, 8)]), before: [7], after: [8])
            == "attempt to insert row 8 into section 0, but there are only 8 rows in section 0 after the update")
    #expect(
        refusal(BatchUpdate(insertedItems: [ItemPath(2, 0)]), before: [1], after: [1])
            == "attempt to insert row 0 into section 2, but there are only 1 sections after the update")
    #expect(
        refusal(BatchUpdate(insertedSections: [5]), before: [1], after: [1, 1])
            == "attempt to insert section 5 but there are only 2 sections after the update")
}

@Test func aPathDeletedOrInsertedTwiceCountsOnce() {
    // UIKit drops the second without a word: the counts are checked with one.
    #expect(
        refusal(BatchUpdate(deletedItems: [ItemPath(0, 1), ItemPath(0, 1)]), before: [4], after: [3]) == "accepted")
    #expect(
        refusal(BatchUpdate(insertedItems: [ItemPath(0, 1), ItemPath(0, 1)]), before: [2], after: [3]) == "accepted")
    #expect(
        refusal(BatchUpdate(deletedItems: [ItemPath(0, 1), ItemPath(0, 1)]), before: [4], after: [2]).hasPrefix(
            "Invalid update: invalid number of rows in section 0.") == true)
}

@Test func aRowInsertedInsideAnInsertedSectionAddsNothing() {
    // UIKit drops it (a decompiled UITableView of iOS 12): the new section's rows are the data source's.
    #expect(
        refusal(BatchUpdate(insertedSections: [1], insertedItems: [ItemPath(1, 0)]), before: [2], after: [2, 3])
            == "accepted")
    #expect(
        refusal(BatchUpdate(movedItems: [ItemMove(from: ItemPath(0, 1), to: ItemPath(0, 1))]), before: [2], after: [2])
            == "accepted")
}

@Test func eachIOSVersionSaysCountsThatDoNotAddUpInItsWords() {
    let update = BatchUpdate(deletedItems: [ItemPath(0, 1)], reloadedItems: [ItemPath(0, 0)])
    let classic = refusal(update, before: [4], after: [4], version: IOSVersion(16))
    #expect(
        classic.hasPrefix(
            "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section "
                + "after the update (4)"
        ) == true)
    let detected = refusal(update, before: [4], after: [4], version: IOSVersion(16, 4))
    #expect(
        detected.split(separator: "\n").map(String.init) == [
            "Invalid batch updates detected: the number of sections and/or rows returned by the data source before "
                + "and/or after performing the batch updates are inconsistent with the updates.",
            "Data source before updates = { 1 section with row counts: [4] }",
            "Data source after updates = { 1 section with row counts: [4] }",
            "Updates = [",
            "    Delete row (0 - 1),",
            "    Delete row (0 - 0),",
            "    Insert row (0 - 0)",
            "]",
            "Table view: <UITableView: 0x…>",
        ])
    let seventeen = refusal(update, before: [4], after: [4], version: IOSVersion(17))
    #expect(
        seventeen.hasPrefix(
            "Invalid batch updates detected: the number of sections and/or rows returned by the data source before "
                + "and after performing"
        ) == true)
    #expect(
        IOSVersion("16.4") == IOSVersion(16, 4) && IOSVersion("17.0.1") == IOSVersion(17)
            && IOSVersion("26") == IOSVersion(26))
    #expect(
        IOSVersion("12") == nil && IOSVersion("27") == nil && IOSVersion("16.") == nil && IOSVersion("sixteen") == nil
            && IOSVersion("1e1") == nil)
}

@Test func movingADeletedItemIsRefused() {
    let move = ItemMove(from: ItemPath(0, 1), to: ItemPath(0, 0))
    #expect(
        refusal(BatchUpdate(deletedItems: [ItemPath(0, 1)], movedItems: [move]), before: [3], after: [2])
            == "attempt to perform a delete and a move from the same index path (<NSIndexPath: 0x…> {length = 2, path "
            + "= 0 - 1})"
    )
    #expect(
        refusal(
            BatchUpdate(deletedSections: [0], movedItems: [ItemMove(from: ItemPath(0, 0), to: ItemPath(0, 0))]),
            before: [3, 1], after: [1]) == "cannot move a row from a deleted section (0)")
    #expect(
        refusal(
            BatchUpdate(
                insertedItems: [ItemPath(0, 0)], movedItems: [ItemMove(from: ItemPath(0, 2), to: ItemPath(0, 0))]),
            before: [3], after: [4])
            == "attempt to perform an insert and a move to the same index path (<NSIndexPath: 0x…> {length = 2, path "
            + "= 0 - 0})"
    )
}

@Test func reloadingAndDeletingTheSamePathIsRefused() {
    #expect(
        refusal(BatchUpdate(deletedItems: [ItemPath(0, 2)], reloadedItems: [ItemPath(0, 2)]), before: [3], after: [2])
            == "attempt to delete and reload the same index path (<NSIndexPath: 0x…> {length = 2, path = 0 - 2})")
    #expect(
        refusal(BatchUpdate(reloadedItems: [ItemPath(0, 3)]), before: [3], after: [3])
            == "attempt to delete row 3 from section 0 which only contains 3 rows before the update")
}

@Test func impossibleMovesAreRefused() {
    func move(_ from: ItemPath, _ to: ItemPath) -> ItemMove { ItemMove(from: from, to: to) }
    #expect(
        refusal(BatchUpdate(movedItems: [move(ItemPath(0, 3), ItemPath(0, 0))]), before: [3], after: [3])
            == "attempt to move index path (<NSIndexPath: 0x…> {length = 2, path = 0 - 3}) that does not exist - "
            + "there are only 3 rows in section 0 before the update"
    )
    #expect(
        refusal(BatchUpdate(movedItems: [move(ItemPath(0, 0), ItemPath(0, 3))]), before: [3], after: [3])
            == "attempt to move index path (<NSIndexPath: 0x…> {length = 2, path = 0 - 0}) to index path "
            + "(<NSIndexPath: 0x…> {length = 2, path = 0 - 3}) that does not exist - there are only 3 rows in section "
            + "0 after the update"
    )
    #expect(
        refusal(
            BatchUpdate(movedItems: [move(ItemPath(0, 0), ItemPath(0, 1)), move(ItemPath(0, 0), ItemPath(0, 2))]),
            before: [3], after: [3])
            == "attempt to move row at index path <NSIndexPath: 0x…> {length = 2, path = 0 - 0} to both <NSIndexPath: "
            + "0x…> {length = 2, path = 0 - 1} and <NSIndexPath: 0x…> {length = 2, path = 0 - 2}"
    )
    #expect(
        refusal(
            BatchUpdate(movedItems: [move(ItemPath(0, 0), ItemPath(0, 2)), move(ItemPath(0, 1), ItemPath(0, 2))]),
            before: [3], after: [3])
            == "attempt to move both row at index path <NSIndexPath: 0x…> {length = 2, path = 0 - 0} and "
            + "<NSIndexPath: 0x…> {length = 2, path = 0 - 1} to <NSIndexPath: 0x…> {length = 2, path = 0 - 2}"
    )
}

@Test func aValidUpdateMovesCellsAndKeepsTheirContent() throws {
    let data = CountsDataSource([4])
    let list = data.makeList()
    let cellB = list.cellForItem(at: ItemPath(0, 1))
    // The data: delete s0i0, insert "new" at 2, move s0i3 to the front.
    data.counts = [4]
    data.labels = [["s0i3", "s0i1", "new", "s0i2"]]
    try list.performBatchUpdates(
        BatchUpdate(
            deletedItems: [ItemPath(0, 0)], insertedItems: [ItemPath(0, 2)],
            movedItems: [ItemMove(from: ItemPath(0, 3), to: ItemPath(0, 0))]))
    #expect(list.cellForItem(at: ItemPath(0, 1)) === cellB)
    #expect(visibleTexts(list) == ["s0i3", "s0i1", "new", "s0i2"])
    // The deleted item's cell leaves during the update, so the inserted item gets a new one.
    #expect(list.statistics.cellsCreated == 5)
    #expect(list.statistics.cellsReused == 0)
    #expect(list.queuedCellCount == 1)
    #expect(list.statistics.batchUpdates == 1)
}

@Test func reloadReplacesTheCellAndReconfigureConfiguresItInPlace() throws {
    let data = CountsDataSource([3])
    let list = data.makeList()
    let first = list.cellForItem(at: ItemPath(0, 0))
    let second = list.cellForItem(at: ItemPath(0, 1))
    data.labels = [["A", "B", "s0i2"]]
    try list.performBatchUpdates(BatchUpdate(reloadedItems: [ItemPath(0, 0)], reconfiguredItems: [ItemPath(0, 1)]))
    #expect(list.cellForItem(at: ItemPath(0, 0)) !== first)
    #expect(list.cellForItem(at: ItemPath(0, 1)) === second)
    #expect(second?.configurationCount == 2)
    #expect(visibleTexts(list) == ["A", "B", "s0i2"])
    #expect(list.statistics.reloadedCells == 1)
    #expect(list.statistics.reconfigurations == 1)
}

@Test func sectionsCanBeInsertedDeletedAndMoved() throws {
    let data = CountsDataSource([1, 2, 3])
    let list = data.makeList()
    let cellOfSectionTwo = list.cellForItem(at: ItemPath(2, 0))
    data.counts = [3, 1, 5]
    data.labels = [["s2i0", "s2i1", "s2i2"], ["s0i0"], ["n0", "n1", "n2", "n3", "n4"]]
    try list.performBatchUpdates(
        BatchUpdate(
            deletedSections: [1], insertedSections: [2], movedSections: [SectionMove(from: 2, to: 0)]))
    #expect(list.cellForItem(at: ItemPath(0, 0)) === cellOfSectionTwo)
    #expect(visibleTexts(list) == ["s2i0", "s2i1", "s2i2", "s0i0", "n0", "n1", "n2", "n3", "n4"])
}

@Test func anUpdateBeforeTheFirstLoadJustLoads() throws {
    let data = CountsDataSource([2])
    let list = HeadlessList()
    list.register(ListCell.self, forCellReuseIdentifier: "Cell")
    list.dataSource = data
    try list.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(0, 1)]))
    #expect(list.numberOfItems(inSection: 0) == 2)
}

@Test func everyObserverHearsEachUpdateAndReloadInTheOrderTheyWereAdded() {
    let data = CountsDataSource([3])
    let list = data.makeList()
    var heard: [String] = []
    let first = list.addBatchUpdateObserver { event in
        if case .didPerform = event { heard.append("first") }
    }
    list.addBatchUpdateObserver { event in
        switch event {
        case .willPerform: heard.append("second will")
        case .didPerform: heard.append("second did")
        case .refused: heard.append("second refused")
        }
    }
    let reload = list.addReloadObserver { heard.append("reload") }
    data.counts = [4]
    try? list.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(0, 3)]))
    #expect(heard == ["second will", "first", "second did"])
    heard = []
    list.removeObserver(first)
    try? list.performBatchUpdates(BatchUpdate(insertedItems: [ItemPath(0, 9)]))
    list.reloadData()
    #expect(heard == ["second will", "second refused", "reload"])
    heard = []
    list.removeObserver(reload)
    list.reloadData()
    #expect(heard == [])
}
