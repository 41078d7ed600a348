// Exported by ListLab (`export swift`) from the dataset 'tabs' (tabs.json):
// the model, its cells and presenter, the provider and the adapter, and a test
// that loads tabs.json and checks what the list shows first. Put it in a test
// target that depends on ListLab's ListLabCore, ListLabRecords and ListLabFiles;
// the model, cells and presenter move into your app's module as they are.

import ListLabCore
import ListLabFiles
import ListLabRecords
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

/// tabs.json's items, read by ListLab's file reader and decoded into `Tab` values,
/// in one section.
func makeTabsProvider(file path: String) throws -> ArrayDataProvider<Tab> {
    let items = try FileDataProvider(path: path, name: "tabs.json").records.map {
        try RecordDecoder().decode(Tab.self, from: $0)
    }
    return ArrayDataProvider(items)
}

/// tabs.json, found from this file (`export swift` wrote the path from here).
private let tabsDataFile: String = {
    let folder = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    return folder + "/../../../../Samples/datasets/tabs.json"
}()

// MARK: The test

@Test func tabsShowAsInListLab() throws {
    let provider = try makeTabsProvider(file: tabsDataFile)
    let adapter = ListAdapter(provider: provider, presenter: makeTabsPresenter())
    let list = HeadlessList(style: .table, viewportRows: 10)
    adapter.attach(to: list)
    #expect(list.render() == [
        "   0.0  News  <TabCell #1>",
        "   0.1  Contributions  <TabCell #2>",
        "   0.2  Settings  <TabCell #3>",
    ])
}
