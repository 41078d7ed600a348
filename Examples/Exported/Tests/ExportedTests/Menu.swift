// Exported by ListLab (`export swift`) from the dataset 'menu' (menu.json):
// the model, its cells and presenter, the provider and the adapter, and a test
// that checks what the list shows first. Its items are written below, so the
// file needs nothing beside it: put it in a test target that depends on
// ListLab's ListLabCore. The model, cells and presenter move into your app's
// module as they are.

import ListLabCore
import Testing

// MARK: The model

/// One item of menu.json, with a property per field.
struct Menu: Codable, Hashable, Identifiable, Sendable {
    var id: Int
    var title: String
    var parent: Int?
}

// MARK: The cells and the presenter

/// A `OutlineCell` cell: "{title}".
final class OutlineCell: ListCell, ConfigurableCell {
    func configure(with menu: Menu, at path: ItemPath) {
        text = menu.title
    }
}

/// The presenter: one cell kind.
func makeMenuPresenter() -> SingleKindPresenter<OutlineCell> {
    SingleKindPresenter(OutlineCell.self)
}

// MARK: The provider

/// menu.json's 16 items, as the file held them (`export swift` writes up to
/// 100 items here; a larger file is read from a copy beside this one).
let menuItems: [Menu] = [
    Menu(id: 1, title: "Compositional Layout", parent: nil),
    Menu(id: 2, title: "Getting Started", parent: 1),
    Menu(id: 3, title: "Grid", parent: 2),
    Menu(id: 4, title: "Inset Items Grid", parent: 2),
    Menu(id: 5, title: "Two-Column Grid", parent: 2),
    Menu(id: 6, title: "Advanced Layouts", parent: 1),
    Menu(id: 7, title: "Section Headers & Footers", parent: 6),
    Menu(id: 8, title: "Orthogonal Sections", parent: 6),
    Menu(id: 9, title: "Diffable Data Source", parent: nil),
    Menu(id: 10, title: "Mountains Search", parent: 9),
    Menu(id: 11, title: "Settings: Wi-Fi", parent: 9),
    Menu(id: 12, title: "Insertion Sort Visualization", parent: 9),
    Menu(id: 13, title: "Lists", parent: nil),
    Menu(id: 14, title: "Simple List", parent: 13),
    Menu(id: 15, title: "Outline", parent: 13),
    Menu(id: 16, title: "Reorderable List", parent: 13),
]

/// The provider of menuItems, in one section.
func makeMenuProvider() -> ArrayDataProvider<Menu> {
    ArrayDataProvider(menuItems)
}

// MARK: The test

@Test func menuShowAsInListLab() throws {
    let provider = makeMenuProvider()
    let adapter = ListAdapter(provider: provider, presenter: makeMenuPresenter())
    let list = HeadlessList(style: .table, viewportRows: 10)
    adapter.attach(to: list)
    #expect(list.render() == [
        "   0.0  Compositional Layout  <OutlineCell #1>",
        "   0.1  Getting Started  <OutlineCell #2>",
        "   0.2  Grid  <OutlineCell #3>",
        "   0.3  Inset Items Grid  <OutlineCell #4>",
        "   0.4  Two-Column Grid  <OutlineCell #5>",
        "   0.5  Advanced Layouts  <OutlineCell #6>",
        "   0.6  Section Headers & Footers  <OutlineCell #7>",
        "   0.7  Orthogonal Sections  <OutlineCell #8>",
        "   0.8  Diffable Data Source  <OutlineCell #9>",
        "   0.9  Mountains Search  <OutlineCell #10>",
        "   ... 6 rows below",
    ])
}
