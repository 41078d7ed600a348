// Exported by ListLab (`export swift`) from the dataset 'expansions' (expansions.ndjson):
// the model, its cells and presenter, the provider and the adapter, and a test
// that loads expansions.ndjson and checks what the list shows first. Put it in a test
// target that depends on ListLab's ListLabCore, ListLabRecords and ListLabFiles;
// the model, cells and presenter move into your app's module as they are.

import ListLabCore
import ListLabFiles
import ListLabRecords
import Testing

// MARK: The model

/// One item of expansions.ndjson, with a property per field.
struct Expansion: Codable, Hashable, Identifiable, Sendable {
    var id: Int
    var name: String
    var series: String
    var year: Int
    var cards: Int
}

// MARK: The cells and the presenter

/// A `ExpansionCell` cell: "{name}", detail "{year}, {cards} cards".
final class ExpansionCell: ListCell, ConfigurableCell {
    func configure(with expansion: Expansion, at path: ItemPath) {
        text = expansion.name
        detail = "\(expansion.year), \(expansion.cards) cards"
    }
}

/// The presenter: one cell kind, and the section headers.
func makeExpansionsPresenter() -> SingleKindPresenter<ExpansionCell> {
    SingleKindPresenter(
        ExpansionCell.self,
        header: { section in "\(section.title ?? "")" })
}

// MARK: The provider

/// expansions.ndjson's items, read by ListLab's file reader and decoded into `Expansion` values,
/// in a section per 'series', in order of first appearance.
func makeExpansionsProvider(file path: String) throws -> SectionedDataProvider<Expansion> {
    let items = try FileDataProvider(path: path, name: "expansions.ndjson").records.map {
        try RecordDecoder().decode(Expansion.self, from: $0)
    }
    return SectionedDataProvider(items, groupedBy: { $0.series })
}

/// expansions.ndjson, found from this file (`export swift` wrote the path from here).
private let expansionsDataFile: String = {
    let folder = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    return folder + "/../../../../Samples/datasets/expansions.ndjson"
}()

// MARK: The test

@Test func expansionsShowAsInListLab() throws {
    let provider = try makeExpansionsProvider(file: expansionsDataFile)
    let adapter = ListAdapter(provider: provider, presenter: makeExpansionsPresenter())
    let list = HeadlessList(style: .table, viewportRows: 10)
    adapter.attach(to: list)
    #expect(list.render() == [
        "== Founders ==",
        "   0.0  Sky Forge — 2019, 220 cards  <ExpansionCell #1>",
        "   0.1  Tidebreak — 2019, 180 cards  <ExpansionCell #2>",
        "   0.2  Emberfall — 2020, 200 cards  <ExpansionCell #3>",
        "== Wanderers ==",
        "   1.0  Glass Orchard — 2020, 190 cards  <ExpansionCell #4>",
        "   1.1  Salt Road — 2021, 210 cards  <ExpansionCell #5>",
        "   1.2  The Quiet Moon — 2021, 175 cards  <ExpansionCell #6>",
        "== Reckoning ==",
        "   2.0  Iron Choir — 2022, 230 cards  <ExpansionCell #7>",
        "   ... 6 rows below",
    ])
}
