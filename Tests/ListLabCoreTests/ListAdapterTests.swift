import ListLabCore
import Testing

private final class NameCell: ListCell, ConfigurableCell {
    func configure(with name: String, at path: ItemPath) { text = name }
}

@Test func theTraceShowsWhoAnswersWhichQuestion() {
    let list = HeadlessList(viewportRows: 1)
    var lines: [String] = []
    list.tracer.sink = { lines.append($0.description) }
    ListAdapter(provider: ArrayDataProvider(["Bruce", "Diana"]), presenter: SingleKindPresenter(NameCell.self)).attach(
        to: list)
    #expect(
        lines == [
            "controller → list: reloadData()",
            "  list → adapter: numberOfSections",
            "    adapter → provider: numberOfSections → 1",
            "  list → adapter: numberOfItems(inSection: 0)",
            "    adapter → provider: numberOfItems(inSection: 0) → 2",
            "  list → adapter: titleForHeader(inSection: 0)",
            "    adapter → presenter: headerTitle(forSection: 0) → none",
            "  list → adapter: titleForFooter(inSection: 0)",
            "    adapter → presenter: footerTitle(forSection: 0) → none",
            "  list → adapter: cellForItem(at: 0.0)",
            "    adapter → provider: item(at: 0.0) → Bruce",
            "    adapter → presenter: cell(for: Bruce, at: 0.0)",
            "      presenter → list: dequeueReusableCell(\"NameCell\", for: 0.0) → new cell #1",
            "      presenter → cell #1: configure(with: Bruce, at: 0.0)",
            "  list → adapter: willDisplay(cell #1, forItemAt: 0.0)",
        ])
    lines = []
    list.scroll(by: 1)
    #expect(lines.contains("      presenter → list: dequeueReusableCell(\"NameCell\", for: 0.1) → reused cell #1"))
}

@Test func anAdapterWhoseProviderDisagreesWithTheListShowsItInsteadOfCrashing() {
    let provider = ArrayDataProvider(["a", "b", "c"])
    let list = HeadlessList()
    ListAdapter(provider: provider, presenter: SingleKindPresenter(NameCell.self)).attach(to: list)
    // The data changes but the list is not told; then the list refuses a
    // wrong update and keeps its old counts.
    _ = try? provider.delete(at: [ItemPath(0, 2)])
    #expect(throws: BatchUpdateError.self) { try list.performBatchUpdates(BatchUpdate()) }
    list.scroll(by: 0)
    try? list.setViewportRows(11)
    #expect(list.numberOfItems(inSection: 0) == 3)
    list.reloadData()
    #expect(list.numberOfItems(inSection: 0) == 2)
}

@Test func selectionReachesTheHandlerWithTheItem() throws {
    let list = HeadlessList()
    let adapter = ListAdapter(
        provider: ArrayDataProvider(["Bruce", "Diana", "Clark"]), presenter: SingleKindPresenter(NameCell.self))
    var selected: [String] = []
    adapter.onSelect = { name, path in selected.append("\(path) \(name)") }
    adapter.attach(to: list)
    try list.selectItem(at: ItemPath(0, 1))
    #expect(selected == ["0.1 Diana"])
}

/// A provider that claims more items than it can give (a data source bug).
private final class ShortProvider: DataProvider {
    var numberOfSections: Int { 1 }
    func numberOfItems(inSection section: Int) -> Int { 3 }
    func item(at path: ItemPath) -> String? { path.item < 2 ? "n\(path.item)" : nil }
    func title(ofSection section: Int) -> String? { nil }
    func append(_ item: String, toSection section: Int?) throws -> BatchUpdate { BatchUpdate() }
    func insert(_ item: String, at path: ItemPath) throws -> BatchUpdate { BatchUpdate() }
    func update(_ item: String, at path: ItemPath) throws -> BatchUpdate { BatchUpdate() }
    func delete(at paths: [ItemPath]) throws -> BatchUpdate { BatchUpdate() }
    func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate { BatchUpdate() }
    func reload() throws {}
    func replaceItems(with items: [String]) throws {}
}

@Test func aPathTheProviderHasNoItemForShowsAMissingItemCellNotATrap() {
    let list = HeadlessList(viewportRows: 5)
    var lines: [String] = []
    list.tracer.sink = { lines.append($0.description) }
    ListAdapter(provider: ShortProvider(), presenter: SingleKindPresenter(NameCell.self)).attach(to: list)
    let cell = list.cellForItem(at: ItemPath(0, 2))
    #expect(cell?.text == "(no item at 0.2 in the provider)")
    #expect(cell?.reuseIdentifier == HeadlessList.missingItemIdentifier)
    #expect(list.cellForItem(at: ItemPath(0, 1))?.text == "n1")
    #expect(lines.contains("    adapter → provider: item(at: 0.2) → none"))
}
