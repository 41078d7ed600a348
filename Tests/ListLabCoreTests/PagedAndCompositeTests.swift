import ListLabCore
import Testing

private final class NameCell: ListCell, ConfigurableCell {
    func configure(with name: String, at path: ItemPath) { text = name }
}

private struct Offline: Error {}

@Test func pagesArriveAsBatchInsertsAndAFailedPageIsRetried() throws {
    var failNext = false
    let names = (0..<25).map { "n\($0)" }
    let provider = PagedDataProvider<String>(pageSize: 10) { page, size in
        if failNext {
            failNext = false
            throw Offline()
        }
        return Array(names[min(page * size, 25)..<min(page * size + size, 25)])
    }
    let list = HeadlessList(viewportRows: 5)
    ListAdapter(provider: provider, presenter: SingleKindPresenter(NameCell.self)).attach(to: list)
    try list.performBatchUpdates(try provider.loadNextPage())
    #expect(list.numberOfItems(inSection: 0) == 10)
    failNext = true
    #expect(throws: Offline.self) { try provider.loadNextPage() }
    #expect(provider.numberOfItems(inSection: 0) == 10)
    #expect(provider.loadedPages == 1)
    let second = try provider.loadNextPage()
    #expect(second == BatchUpdate(insertedItems: (10..<20).map { ItemPath(0, $0) }))
    try list.performBatchUpdates(second)
    let third = try provider.loadNextPage()
    #expect(third.insertedItems.count == 5)
    #expect(!provider.hasMore)
    #expect(try provider.loadNextPage().isEmpty)
}

@Test func aCompositeMapsPathsToTheChildThatOwnsTheSection() throws {
    let tabs = ArrayDataProvider(["News", "Settings"])
    let tasks = SectionedDataProvider(sections: [
        .init(title: "Work", items: ["Brief"]), .init(title: "Home", items: ["Milk", "Tap"]),
    ])
    let home = CompositeDataProvider([AnyDataProvider(tabs), AnyDataProvider(tasks)])
    #expect(home.numberOfSections == 3)
    #expect(home.child(forSection: 2)! == (1, 1))
    #expect(home.item(at: ItemPath(2, 1)) == "Tap")
    #expect(home.title(ofSection: 1) == "Work")
    #expect(try home.append("Run", toSection: 1) == BatchUpdate(insertedItems: [ItemPath(1, 1)]))
    #expect(tasks.sections[0].items == ["Brief", "Run"])
    #expect(try home.update("Headlines", at: ItemPath(0, 0)) == BatchUpdate(reconfiguredItems: [ItemPath(0, 0)]))
    #expect(tabs.items == ["Headlines", "Settings"])
    #expect(throws: ProviderError.self) { try home.move(from: ItemPath(0, 0), to: ItemPath(1, 0)) }
    #expect(throws: ProviderError.noSection(9, sectionCount: 3)) {
        try home.move(from: ItemPath(0, 0), to: ItemPath(9, 0))
    }
    #expect(
        ProviderError.acrossProviders(ItemPath(0, 0), ItemPath(1, 0)).description
            == "0.0 and 1.0 belong to different providers of the composite: change one provider at a time")
    // A child's refusal names the composite's sections, not the child's.
    #expect(throws: ProviderError.noItem(ItemPath(2, 5), sectionCount: 3, itemCount: 2)) {
        try home.update("x", at: ItemPath(2, 5))
    }
    #expect(throws: ProviderError.insertBeyondEnd(ItemPath(1, 7), itemCount: 2)) {
        try home.insert("x", at: ItemPath(1, 7))
    }
    #expect(throws: ProviderError.moveBeyondEnd(from: ItemPath(2, 0), to: ItemPath(2, 4), lastPlace: ItemPath(2, 1))) {
        try home.move(from: ItemPath(2, 0), to: ItemPath(2, 4))
    }
}

@Test func eachSectionOfACompositeHasItsChildsPresenter() {
    let banner = ArrayDataProvider(["Nearby"])
    let places = SectionedDataProvider(sections: [.init(title: "Cafes", items: ["Blue Bottle"])])
    let home = CompositeDataProvider([AnyDataProvider(banner), AnyDataProvider(places)])
    let presenter = CompositePresenter(
        provider: home,
        presenters: [
            SingleKindPresenter(NameCell.self, header: { _ in "Banner" }), SingleKindPresenter(NameCell.self),
        ])
    let list = HeadlessList()
    ListAdapter(provider: home, presenter: presenter).attach(to: list)
    #expect(list.render(showsCells: false) == ["== Banner ==", "   0.0  Nearby", "== Cafes ==", "   1.0  Blue Bottle"])
}

@Test func everyProviderReplacesItsItemsThroughTheProtocolButAComposite() throws {
    let array = AnyDataProvider(ArrayDataProvider(["a", "b"]))
    try array.replaceItems(with: ["c"])
    #expect(array.item(at: ItemPath(0, 0)) == "c" && array.numberOfItems == 1)
    let grouped = AnyDataProvider(SectionedDataProvider(["x1"], groupedBy: { String($0.prefix(1)) }))
    try grouped.replaceItems(with: ["y1", "x2", "y2"])
    #expect(grouped.numberOfSections == 2 && grouped.numberOfItems(inSection: 0) == 2)
    let composite = AnyDataProvider(CompositeDataProvider([array, grouped]))
    #expect(throws: ProviderError.itemsOfAComposite) { try composite.replaceItems(with: ["z"]) }
    #expect(composite.numberOfItems == 4)
}
