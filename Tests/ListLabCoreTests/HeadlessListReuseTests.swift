import Testing

@testable import ListLabCore

@Test func scrollingTenThousandItemsThroughTwentyRowsCreatesAtMost22Cells() {
    let data = CountsDataSource([10_000])
    let list = data.makeList(viewportRows: 20)
    #expect(list.statistics.cellsCreated == 20)
    for _ in 0..<10_000 {
        list.scroll(by: 1)
    }
    #expect(list.scrollOffset == 9_980)
    #expect(list.statistics.cellsCreated <= 22)
    #expect(list.statistics.cellsReused == 9_980)
    #expect(list.indexPathsForVisibleItems.count == 20)
    #expect(visibleTexts(list).first == "s0i9980")
    // Jumping by whole screens reuses too.
    list.scrollToTop()
    list.scroll(by: 5_000)
    #expect(list.statistics.cellsCreated <= 22)
    #expect(visibleTexts(list).last == "s0i5019")
}

@Test func onlyVisibleItemsHaveCellsWhateverTheSizeOfTheData() {
    let big = CountsDataSource([1_000_000]).makeList(viewportRows: 5)
    #expect(big.indexPathsForVisibleItems == (0..<5).map { ItemPath(0, $0) })
    big.scrollToBottom()
    #expect(big.indexPathsForVisibleItems.first == ItemPath(0, 999_995))
    #expect(big.statistics.cellsCreated == 5)
    #expect(big.statistics.dataSourceCalls < 30)
}

@Test func aCellIsCreatedOnlyWhenItsQueueIsEmpty() {
    let data = CountsDataSource([6])
    let list = data.makeList(viewportRows: 3)
    #expect(list.statistics.cellsCreated == 3)
    list.scroll(by: 3)
    #expect(list.statistics.cellsCreated == 3)
    #expect(list.statistics.cellsReused == 3)
    #expect(list.cellForItem(at: ItemPath(0, 3))?.reuseCount == 1)
    // A bigger viewport needs new cells only for the rows the queue can't supply.
    try? list.setViewportRows(6)
    #expect(list.statistics.cellsCreated == 6)
    #expect(list.queuedCellCount == 0)
}

@Test func reuseIsTheSameOnEveryRun() {
    func run() -> [String] {
        let list = CountsDataSource([50]).makeList(viewportRows: 7)
        list.scroll(by: 4)
        list.scroll(by: 13)
        list.scroll(by: -9)
        return ListSnapshot(list).cells
    }
    #expect(run() == run())
}

@Test func viewportSizesOutsideTheRangeAreRefused() {
    let list = CountsDataSource([3]).makeList(viewportRows: 2)
    for rows in [0, -1, 1_001, 1_000_000_000] {
        #expect(throws: ListError.invalidViewport(rows)) { try list.setViewportRows(rows) }
    }
    #expect(ListError.invalidViewport(0).description == "a viewport of 0 rows is not possible: choose 1 to 1000")
    #expect(list.viewportRows == 2)
}

@Test func scrollingStaysWithinTheContent() throws {
    let list = CountsDataSource([30]).makeList(viewportRows: 10)
    list.scroll(by: .max)
    #expect(list.scrollOffset == 20)
    list.scroll(by: .min)
    #expect(list.scrollOffset == 0)
    list.scroll(toRow: -5)
    #expect(list.scrollOffset == 0)
    try list.scrollToItem(at: ItemPath(0, 25))
    #expect(list.scrollOffset == 20)
    try list.scrollToItem(at: ItemPath(0, 4))
    #expect(list.scrollOffset == 4)
    #expect(throws: ListError.self) { try list.scrollToItem(at: ItemPath(0, 30)) }
    #expect(
        ListError.noItem(ItemPath(3, 9), sectionCount: 4, itemCount: 4).description
            == "no item at 3.9 (section 3 has 4 items)")
}

@Test func headersTakeARowAndCollectionsLayItemsInColumns() {
    let data = CountsDataSource([5, 2])
    data.headers = ["First", "Second"]
    let list = data.makeList(style: .collection(columns: 2), viewportRows: 10)
    #expect(list.totalRows == 1 + 3 + 1 + 1)
    #expect(
        list.visibleRows == [
            .header(section: 0, title: "First"),
            .items([ItemPath(0, 0), ItemPath(0, 1)]), .items([ItemPath(0, 2), ItemPath(0, 3)]),
            .items([ItemPath(0, 4)]),
            .header(section: 1, title: "Second"),
            .items([ItemPath(1, 0), ItemPath(1, 1)]),
        ])
    try? list.setViewportRows(2)
    list.scroll(by: 4)
    #expect(list.visibleRows == [.header(section: 1, title: "Second"), .items([ItemPath(1, 0), ItemPath(1, 1)])])
}

@Test func emptySectionsTakeNoRows() {
    let data = CountsDataSource([0, 2, 0, 1])
    let list = data.makeList()
    #expect(list.indexPathsForVisibleItems == [ItemPath(1, 0), ItemPath(1, 1), ItemPath(3, 0)])
}

@Test func theDelegateHearsOfEachCellThatComesIntoView() {
    let data = CountsDataSource([8])
    let list = data.makeList(viewportRows: 3)
    list.scroll(by: 2)
    #expect(data.displayed == (0..<5).map { ItemPath(0, $0) })
}

@Test func renderingShowsHeadersCellsSelectionAndWhatIsOffScreen() throws {
    let data = CountsDataSource([3, 4])
    data.headers = ["Work", nil]
    let list = data.makeList(viewportRows: 4)
    try list.selectItem(at: ItemPath(0, 1))
    #expect(
        list.render() == [
            "== Work ==",
            "   0.0  s0i0  <Cell #1>",
            " * 0.1  s0i1  <Cell #2>",
            "   0.2  s0i2  <Cell #3>",
            "   ... 4 rows below",
        ])
    list.scroll(by: 2)
    #expect(
        list.render() == [
            "   ... 2 rows above",
            " * 0.1  s0i1  <Cell #2>",
            "   0.2  s0i2  <Cell #3>",
            "   1.0  s1i0  <Cell #1 reused>",
            "   1.1  s1i1  <Cell #4>",
            "   ... 2 rows below",
        ])
    #expect(list.render(showsCells: false)[1] == " * 0.1  s0i1")
    #expect(CountsDataSource([]).makeList().render() == ["(empty: 0 sections, no rows)"])
}
