import ListLabCore
import Testing

// MARK: FountainKit: a flat list of tabs with a tab cell

private enum Tab: String, CaseIterable {
    case news = "News"
    case contributions = "Contributions"
    case settings = "Settings"
}

private final class TabCell: ListCell, ConfigurableCell {
    func configure(with tab: Tab, at path: ItemPath) { text = tab.rawValue }
}

@Test func fountainKitsTabListShowsOneCellPerTab() throws {
    let list = HeadlessList()
    let adapter = ListAdapter(provider: ArrayDataProvider(Tab.allCases), presenter: SingleKindPresenter(TabCell.self))
    var chosen: [Tab] = []
    adapter.onSelect = { tab, _ in chosen.append(tab) }
    adapter.attach(to: list)
    #expect(
        list.render() == [
            "   0.0  News  <TabCell #1>", "   0.1  Contributions  <TabCell #2>", "   0.2  Settings  <TabCell #3>",
        ])
    try list.selectItem(at: ItemPath(0, 2))
    #expect(chosen == [.settings])
}

// MARK: Prearo's PhotoList: a flat list with a configurable cell

private struct Photo: Equatable {
    var title: String
    var url: String
}

private final class PhotoCell: ListCell, ConfigurableCell {
    func configure(with photo: Photo, at path: ItemPath) {
        text = photo.title
        detail = photo.url
    }
}

@Test func prearosPhotoListReusesCellsAsItScrolls() throws {
    let photos = (1...40).map { Photo(title: "Photo \($0)", url: "https://example.com/\($0).jpg") }
    let list = HeadlessList(viewportRows: 4)
    let provider = ArrayDataProvider(photos)
    ListAdapter(provider: provider, presenter: SingleKindPresenter(PhotoCell.self)).attach(to: list)
    list.scroll(by: 36)
    #expect(list.statistics.cellsCreated == 4)
    #expect(list.render(showsCells: false).last == "   0.39  Photo 40 — https://example.com/40.jpg")
    // An update reconfigures only that cell.
    let before = list.statistics.configurations
    try list.performBatchUpdates(
        try provider.update(Photo(title: "Sunset", url: "https://example.com/s.jpg"), at: ItemPath(0, 38)))
    #expect(list.statistics.configurations == before + 1)
    #expect(list.cellForItem(at: ItemPath(0, 38))?.text == "Sunset")
}

// MARK: Prearo's TaskList: sections with headers

private struct Task {
    var title: String
    var list: String
    var done: Bool
}

private final class TaskCell: ListCell, ConfigurableCell {
    func configure(with task: Task, at path: ItemPath) { text = (task.done ? "[x] " : "[ ] ") + task.title }
}

@Test func prearosTaskListHasSectionsWithHeaders() throws {
    let provider = SectionedDataProvider(
        [
            Task(title: "Write brief", list: "Work", done: true), Task(title: "Buy milk", list: "Home", done: false),
            Task(title: "Review PR", list: "Work", done: false),
        ], groupedBy: \.list)
    let presenter = SingleKindPresenter(
        TaskCell.self, header: { "\($0.title ?? "") (\($0.itemCount))" }, footer: { _ in nil })
    let list = HeadlessList()
    ListAdapter(provider: provider, presenter: presenter).attach(to: list)
    #expect(
        list.render(showsCells: false) == [
            "== Work (2) ==", "   0.0  [x] Write brief", "   0.1  [ ] Review PR",
            "== Home (1) ==", "   1.0  [ ] Buy milk",
        ])
    // Moving a task to another list moves it to that section, through a batch update. As in
    // UIKit, the headers of sections the update neither inserts nor reloads are not asked for
    // again: their counts are stale until the list reloads.
    try list.performBatchUpdates(
        try provider.update(Task(title: "Review PR", list: "Home", done: false), at: ItemPath(0, 1)))
    #expect(
        list.render(showsCells: false) == [
            "== Work (2) ==", "   0.0  [x] Write brief",
            "== Home (1) ==", "   1.0  [ ] Buy milk", "   1.1  [ ] Review PR",
        ])
    list.reloadData()
    #expect(list.render(showsCells: false).filter { $0.hasPrefix("==") } == ["== Work (1) ==", "== Home (2) =="])
}

// MARK: Abhisek's Nearby home: three cell kinds, places grouped by category

private struct Place: Equatable {
    var name: String
    var category: String
}

private enum HomeRow {
    case topPicks([Place])
    case categories([String])
    case place(Place)
}

private final class TopPicksCell: ListCell, ConfigurableCell {
    func configure(with places: [Place], at path: ItemPath) {
        text = "Top picks: " + places.map(\.name).joined(separator: ", ")
    }
}

private final class CategoriesCell: ListCell, ConfigurableCell {
    func configure(with categories: [String], at path: ItemPath) { text = categories.joined(separator: " · ") }
}

private final class PlaceCell: ListCell, ConfigurableCell {
    func configure(with place: Place, at path: ItemPath) { text = place.name }
}

@Test func abhiseksNearbyHomeChoosesACellKindPerItem() {
    let places = [
        Place(name: "Blue Bottle", category: "Cafes"), Place(name: "Tartine", category: "Bakeries"),
        Place(name: "Sightglass", category: "Cafes"),
    ]
    let grouped = SectionedDataProvider<HomeRow>(sections: [
        .init(title: "Home", items: [.topPicks([places[0], places[1]]), .categories(["Cafes", "Bakeries"])]),
        .init(title: "Cafes", items: [.place(places[0]), .place(places[2])]),
        .init(title: "Bakeries", items: [.place(places[1])]),
    ])
    let presenter = KindChoosingPresenter<HomeRow>([
        CellRegistration(TopPicksCell.self) { if case .topPicks(let picks) = $0 { picks } else { nil } },
        CellRegistration(CategoriesCell.self) { if case .categories(let names) = $0 { names } else { nil } },
        CellRegistration(PlaceCell.self) { if case .place(let place) = $0 { place } else { nil } },
    ])
    let list = HeadlessList(viewportRows: 20)
    ListAdapter(provider: grouped, presenter: presenter).attach(to: list)
    #expect(
        list.render() == [
            "== Home ==",
            "   0.0  Top picks: Blue Bottle, Tartine  <TopPicksCell #1>",
            "   0.1  Cafes · Bakeries  <CategoriesCell #2>",
            "== Cafes ==",
            "   1.0  Blue Bottle  <PlaceCell #3>",
            "   1.1  Sightglass  <PlaceCell #4>",
            "== Bakeries ==",
            "   2.0  Tartine  <PlaceCell #5>",
        ])
    #expect(presenter.reuseIdentifiers == ["TopPicksCell", "CategoriesCell", "PlaceCell"])
}

// Presentation models that name their own cell kind.

private struct RowModel {
    var cellKind: String
    var title: String
}

private final class TitleCell: ListCell, ConfigurableCell {
    func configure(with model: RowModel, at path: ItemPath) { text = model.title }
}

private final class BannerCell: ListCell, ConfigurableCell {
    func configure(with model: RowModel, at path: ItemPath) { text = model.title.uppercased() }
}

@Test func presentationModelsNameTheirCellKind() {
    let rows = [
        RowModel(cellKind: "BannerCell", title: "Nearby"), RowModel(cellKind: "TitleCell", title: "Cafes"),
        RowModel(cellKind: "Unknown", title: "?"),
    ]
    let presenter = KindChoosingPresenter(
        [CellRegistration(TitleCell.self), CellRegistration(BannerCell.self)], kind: \.cellKind)
    let list = HeadlessList()
    ListAdapter(provider: ArrayDataProvider(rows), presenter: presenter).attach(to: list)
    #expect(
        list.render() == [
            "   0.0  NEARBY  <BannerCell #1>", "   0.1  Cafes  <TitleCell #2>",
            "   0.2  (no cell kind for this item)  <ListLab.MissingItemCell #3>",
        ])
}
