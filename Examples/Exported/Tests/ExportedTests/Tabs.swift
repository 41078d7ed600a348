// Exported by ListLab (`export swift`) from the dataset 'tabs' (tabs.json):
// the model, its cells and presenter, the provider and the adapter, and a test
// that checks what the list shows first. Its items are written below, so the
// file needs nothing beside it: put it in a test target that depends on
// ListLab's ListLabCore. The model, cells and presenter move into your app's
// module as they are.

import ListLabCore
import Testing

// MARK: The model

/// One item of tabs.json, with a property per field.
struct Tab: Codable, Hashable, Identifiable, Sendable {
    var id: Int
    var title: String
    var icon: String
}

// MARK: The cells and the presenter

/// A `TabCell` cell: "{title}".
final class TabCell: ListCell, ConfigurableCell {
    func configure(with tab: Tab, at path: ItemPath) {
        text = tab.title
    }
}

/// The presenter: one cell kind.
func makeTabsPresenter() -> SingleKindPresenter<TabCell> {
    SingleKindPresenter(TabCell.self)
}

// MARK: The provider

/// tabs.json's 3 items, as the file held them (`export swift` writes up to
/// 100 items here; a larger file is read from a copy beside this one).
let tabsItems: [Tab] = [
    Tab(id: 1, title: "News", icon: "newspaper"),
    Tab(id: 2, title: "Contributions", icon: "hands"),
    Tab(id: 3, title: "Settings", icon: "gear"),
]

/// The provider of tabsItems, in one section.
func makeTabsProvider() -> ArrayDataProvider<Tab> {
    ArrayDataProvider(tabsItems)
}

// MARK: The test

@Test func tabsShowAsInListLab() throws {
    let provider = makeTabsProvider()
    let adapter = ListAdapter(provider: provider, presenter: makeTabsPresenter())
    let list = HeadlessList(style: .table, viewportRows: 10)
    adapter.attach(to: list)
    #expect(list.render() == [
        "   0.0  News  <TabCell #1>",
        "   0.1  Contributions  <TabCell #2>",
        "   0.2  Settings  <TabCell #3>",
    ])
}
