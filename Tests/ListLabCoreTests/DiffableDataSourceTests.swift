import ListLabCore
import ListLabTestSupport
import Testing

/// A cell that shows the text it was configured with and counts configurations.
private final class NameCell: ListCell, ReusableCell {}

/// A contact whose identity, as a diffable identifier, is its whole value
/// (the pitfall) unless `ContactID` is used.
private struct Contact: Hashable {
    var id: Int
    var name: String
}

/// A list of up to 1,000 rows (all visible) fed by a data source whose cells show `text(identifier)`.
private func makeList<Item: Hashable>(_ text: @escaping (Item) -> String) -> (
    HeadlessList, DiffableDataSource<String, Item>
) {
    let list = HeadlessList(viewportRows: 1_000)
    list.register(NameCell.self)
    let dataSource = DiffableDataSource<String, Item>(list: list) { list, path, item in
        let cell = list.dequeueReusableCell(NameCell.self, for: path)
        cell.text = text(item)
        return cell
    }
    dataSource.headerTitle = { $0 }
    return (list, dataSource)
}

/// What the list shows: per section, the cells' texts, in order.
private func shown(_ list: HeadlessList) -> [[String]] {
    (0..<list.numberOfSections).map { section in
        (0..<list.numberOfItems(inSection: section)).map {
            list.cellForItem(at: ItemPath(section, $0))?.text ?? "(no cell)"
        }
    }
}

private func snapshot<Item: Hashable>(_ sections: [(String, [Item])]) throws -> DiffableSnapshot<String, Item> {
    var snapshot = DiffableSnapshot<String, Item>()
    for (section, items) in sections {
        try snapshot.appendSections([section])
        try snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

@Test func theDocumentationExampleShowsTheSnapshot() throws {
    let (list, dataSource) = makeList { (name: String) in name }
    try dataSource.apply(try snapshot([("Favourites", ["Ada", "Grace"])]), animatingDifferences: true)
    #expect(dataSource.itemIdentifier(for: ItemPath(0, 1)) == "Grace")
    #expect(dataSource.indexPath(for: "Ada") == ItemPath(0, 0))
    #expect(dataSource.indexPath(for: "Nobody") == nil)
    #expect(shown(list) == [["Ada", "Grace"]])
    #expect(list.headerTitle(inSection: 0) == "Favourites")
}

@Test func applyPerformsTheBatchUpdatesByIdentifier() throws {
    let (list, dataSource) = makeList { (name: String) in name }
    try dataSource.apply(try snapshot([("A", ["a", "b", "c"]), ("B", ["d"])]))
    let cellOfC = list.cellForItem(at: ItemPath(0, 2))
    let result = try dataSource.apply(try snapshot([("B", ["d", "c"]), ("A", ["a", "e"])]))
    #expect(result.outcome == .performedBatchUpdates)
    #expect(result.stages.map(\.description) == ["move section 1 -> 0; delete 0.1; insert 1.1; move 0.2 -> 0.1"])
    #expect(shown(list) == [["d", "c"], ["a", "e"]])
    // c moved: the same cell, not a new one.
    #expect(list.cellForItem(at: ItemPath(0, 1)) === cellOfC)
    #expect(dataSource.snapshot() == (try snapshot([("B", ["d", "c"]), ("A", ["a", "e"])])))
}

@Test func contentChangedIdentifierNotMeansNothingUpdatesUntilReconfigured() throws {
    // Identifiers are ids; the names live elsewhere, as a store would hold them.
    var names = [1: "Ada", 2: "Grace"]
    let (list, dataSource) = makeList { (id: Int) in names[id] ?? "?" }
    try dataSource.apply(try snapshot([("People", [1, 2])]))
    names[2] = "Grace Hopper"
    let result = try dataSource.apply(try snapshot([("People", [1, 2])]))
    #expect(result.outcome == .unchanged)
    #expect(shown(list) == [["Ada", "Grace"]])  // the stale cell
    var next = dataSource.snapshot()
    try next.reconfigureItems([2])
    let cell = list.cellForItem(at: ItemPath(0, 1))
    #expect(try dataSource.apply(next).stages.map(\.description) == ["reconfigure 0.1"])
    #expect(shown(list) == [["Ada", "Grace Hopper"]])
    #expect(list.cellForItem(at: ItemPath(0, 1)) === cell)
    names[1] = "Ada Lovelace"
    next = dataSource.snapshot()
    try next.reloadItems([1])
    #expect(try dataSource.apply(next).stages.map(\.description) == ["reload 0.0"])
    #expect(shown(list) == [["Ada Lovelace", "Grace Hopper"]])
    // The marks are not kept once applied.
    #expect(dataSource.snapshot().reloadedItemIdentifiers.isEmpty)
}

@Test func aValueIdentifierWhoseContentChangedIsADeleteAndAnInsert() throws {
    let (list, dataSource) = makeList { (contact: Contact) in contact.name }
    try dataSource.apply(try snapshot([("People", [Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Grace")])]))
    let result = try dataSource.apply(
        try snapshot([("People", [Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Grace Hopper")])]))
    #expect(result.stages.map(\.description) == ["delete 0.1; insert 0.1"])
    #expect(shown(list) == [["Ada", "Grace Hopper"]])
}

@Test func withoutAnimationTheDiffIsStillAppliedAndReloadDataIsItsOwnCall() throws {
    let (list, dataSource) = makeList { (name: String) in name }
    dataSource.applySnapshotUsingReloadData(try snapshot([("A", ["a"])]))
    #expect(shown(list) == [["a"]])
    let cell = list.cellForItem(at: ItemPath(0, 0))
    let result = try dataSource.apply(try snapshot([("A", ["b", "a"])]), animatingDifferences: false)
    #expect(result.outcome == .performedBatchUpdates)
    #expect(result.stages.map(\.description) == ["insert 0.0"])
    #expect(shown(list) == [["b", "a"]])
    #expect(list.cellForItem(at: ItemPath(0, 1)) === cell)
}

@Test func aNilCellFromTheCellProviderRefusesTheApplyInUIKitsWordsAndChangesNothing() throws {
    // The cell provider has no cell for "ghost" (an identifier without a record).
    let table = HeadlessList(viewportRows: 3)
    table.register(NameCell.self)
    let source = DiffableDataSource<String, String>(list: table) { list, path, name in
        guard name != "ghost" else { return nil }
        let cell = list.dequeueReusableCell(NameCell.self, for: path)
        cell.text = name
        return cell
    }
    source.applySnapshotUsingReloadData(try snapshot([("A", ["a", "b", "c"])]))
    try table.selectItem(at: ItemPath(0, 1))
    let before = (rendered: table.render(), statistics: table.statistics, applied: source.snapshot())

    let withGhost = try snapshot([("A", ["ghost", "a", "b", "c"])])
    let error = #expect(throws: BatchUpdateError.self) { try source.apply(withGhost) }
    #expect(
        error?.description
            == "UITableView dataSource returned a nil cell for row at index path: <NSIndexPath: 0x…> {length = 2, "
            + "path = 0 - 0}. Table view: <UITableView: 0x…>, dataSource: <UITableViewDiffableDataSource: 0x…>"
    )
    #expect(error?.itemWithoutCell == ItemPath(0, 0))
    #expect(table.render() == before.rendered)
    #expect(source.snapshot() == before.applied)
    #expect(table.selectedPaths == [ItemPath(0, 1)])
    var expected = before.statistics
    expected.refusedBatchUpdates += 1
    #expect(table.statistics == expected)

    // Off screen, no cell is asked for, so UIKit takes it (and would raise when it scrolls there).
    try source.apply(try snapshot([("A", ["a", "b", "c", "ghost"])]))
    #expect(source.snapshot().itemIdentifiers == ["a", "b", "c", "ghost"])
    table.scrollToBottom()
    #expect(table.cellForItem(at: ItemPath(0, 3))?.text == "(the cell provider gave no cell for 0.3)")
}

@Test func aCollectionViewSaysItsOwnSentenceForANilCell() throws {
    let grid = HeadlessList(style: .collection(columns: 2), viewportRows: 4)
    let source = DiffableDataSource<Int, Int>(list: grid) { _, _, _ in nil }
    var empty = DiffableSnapshot<Int, Int>()
    try empty.appendSections([0])
    try source.apply(empty)
    var one = empty
    try one.appendItems([7])
    let error = #expect(throws: BatchUpdateError.self) { try source.apply(one) }
    #expect(
        error?.description
            == "the collection view's data source did not return a valid cell from "
            + "-collectionView:cellForItemAtIndexPath: for index path <NSIndexPath: 0x…> {length = 2, path = 0 - 0}"
    )
    #expect(source.snapshot().numberOfItems == 0)
    #expect(grid.numberOfItems(inSection: 0) == 0)
}

/// A random snapshot: up to 5 sections of the 8 names S0...S7, items from a
/// pool of 40, each in at most one place; the order of both is random.
private func randomSnapshot(_ random: inout SplitMix64) throws -> DiffableSnapshot<String, String> {
    var sections = (0..<8).map { "S\($0)" }
    sections.shuffle(using: &random)
    var items = (0..<40).map { "i\($0)" }
    items.shuffle(using: &random)
    var snapshot = DiffableSnapshot<String, String>()
    var next = 0
    for section in sections.prefix(random.below(6)) {
        try snapshot.appendSections([section])
        let count = min(random.below(9), items.count - next)
        try snapshot.appendItems(Array(items[next..<(next + count)]), toSection: section)
        next += count
    }
    return snapshot
}

@Test func randomSnapshotPairsApplyAsBatchUpdatesTheListAccepts() throws {
    var random = SplitMix64(seed: 0xD1FF_AB1E)
    for _ in 0..<3_000 {
        let (list, dataSource) = makeList { (name: String) in name }
        let old = try randomSnapshot(&random)
        var new = try randomSnapshot(&random)
        // Reload or reconfigure some survivors, as an app would after an edit.
        for item in new.itemIdentifiers where old.indexOfItem(item) != nil && random.below(4) == 0 {
            if random.below(2) == 0 { try new.reloadItems([item]) } else { try new.reconfigureItems([item]) }
        }
        dataSource.applySnapshotUsingReloadData(old)
        let result = try dataSource.apply(new)
        let expected = new.sectionIdentifiers.map { (try? new.itemIdentifiers(inSection: $0)) ?? [] }
        #expect(shown(list) == expected)
        #expect(result.outcome != .reloadedData)
        #expect(dataSource.snapshot() == new)
    }
}
