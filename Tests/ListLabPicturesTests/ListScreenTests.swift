import ListLabCore
import Testing

@testable import ListLabPictures

@Suite struct ListScreenTests {
    @Test func aScreenIsWhatTheListShows() throws {
        let fruits = FruitList(count: 7, viewportRows: 3)
        try fruits.list.selectItem(at: ItemPath(0, 3))
        fruits.list.scroll(toRow: 2)
        let screen = fruits.screen
        #expect(screen.rowsAbove == 2)
        #expect(screen.rowsBelow == 2)
        #expect(screen.items.map(\.text) == ["Cherry", "Date", "Elderberry"])
        #expect(screen.items.map(\.isSelected) == [false, true, false])
        // Cherry keeps its cell; Date and Elderberry reuse the first two
        #expect(screen.items.compactMap(\.cell).map(\.serial) == [3, 1, 2])
        #expect(screen.items.compactMap(\.cell).map(\.isReused) == [false, true, true])
        #expect(showLines(screen) == fruits.list.render())
    }

    @Test func headersFootersAndAnEmptyListAreOnTheScreen() {
        let list = HeadlessList(viewportRows: 6)
        let provider = SectionedDataProvider(sections: [
            .init(title: "Red", items: [Fruit(name: "Apple")]), .init(title: "Yellow", items: [Fruit(name: "Banana")]),
        ])
        let presenter = SingleKindPresenter(
            FruitCell.self, footer: { (info: SectionInfo) in "\(info.itemCount) in \(info.title ?? "")" })
        #expect(showLines(ListScreen(list)) == list.render())
        ListAdapter(provider: provider, presenter: presenter).attach(to: list)
        let screen = ListScreen(list)
        #expect(screen.rows.first == .header(section: 0, title: "Red"))
        #expect(screen.rows.last == .footer(section: 1, title: "1 in Yellow"))
        #expect(showLines(screen) == list.render())
    }

    @Test func aCollectionScreenHasItemsSideBySide() {
        let list = HeadlessList(style: .collection(columns: 3), viewportRows: 2)
        ListAdapter(
            provider: ArrayDataProvider(fruitNames.map { Fruit(name: $0) }),
            presenter: SingleKindPresenter(FruitCell.self)
        ).attach(to: list)
        let screen = ListScreen(list)
        #expect(screen.columns == 3)
        #expect(screen.rows.count == 2)
        #expect(screen.rowsBelow == 1)
        #expect(screen.items.map(\.text) == Array(fruitNames.prefix(6)))
    }
}
