// Exported by ListLab (`export swift`) from the dataset 'menu' (menu.json):
// the model, its cells and presenter, the provider and the adapter, and a test
// that loads menu.json and checks what the list shows first. Put it in a test
// target that depends on ListLab's ListLabCore, ListLabRecords and ListLabFiles;
// the model, cells and presenter move into your app's module as they are.

import ListLabCore
import ListLabFiles
import ListLabRecords
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

/// menu.json's items, read by ListLab's file reader and decoded into `Menu` values,
/// in one section.
func makeMenuProvider(file path: String) throws -> ArrayDataProvider<Menu> {
    let items = try FileDataProvider(path: path, name: "menu.json").records.map {
        try RecordDecoder().decode(Menu.self, from: $0)
    }
    return ArrayDataProvider(items)
}

/// menu.json, found from this file (`export swift` wrote the path from here).
private let menuDataFile: String = {
    let folder = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    return folder + "/../../../../Samples/datasets/menu.json"
}()

// MARK: The test

@Test func menuShowAsInListLab() throws {
    let provider = try makeMenuProvider(file: menuDataFile)
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
