// Exported by ListLab (`export swift`) from the dataset 'expansions' (expansions.ndjson):
// the model, its cells and presenter, the provider and the adapter, and a test
// that checks what the list shows first. Its items are written below, so the
// file needs nothing beside it: put it in a test target that depends on
// ListLab's ListLabCore. The model, cells and presenter move into your app's
// module as they are.

import ListLabCore
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

/// expansions.ndjson's 12 items, as the file held them (`export swift` writes up to
/// 100 items here; a larger file is read from a copy beside this one).
let expansionsItems: [Expansion] = [
    Expansion(id: 1, name: "Sky Forge", series: "Founders", year: 2019, cards: 220),
    Expansion(id: 2, name: "Tidebreak", series: "Founders", year: 2019, cards: 180),
    Expansion(id: 3, name: "Emberfall", series: "Founders", year: 2020, cards: 200),
    Expansion(id: 4, name: "Glass Orchard", series: "Wanderers", year: 2020, cards: 190),
    Expansion(id: 5, name: "Salt Road", series: "Wanderers", year: 2021, cards: 210),
    Expansion(id: 6, name: "The Quiet Moon", series: "Wanderers", year: 2021, cards: 175),
    Expansion(id: 7, name: "Iron Choir", series: "Reckoning", year: 2022, cards: 230),
    Expansion(id: 8, name: "Ashen Vale", series: "Reckoning", year: 2022, cards: 205),
    Expansion(id: 9, name: "Last Harbour", series: "Reckoning", year: 2023, cards: 215),
    Expansion(id: 10, name: "Starlit Atlas", series: "Horizons", year: 2023, cards: 240),
    Expansion(id: 11, name: "Deep Current", series: "Horizons", year: 2024, cards: 195),
    Expansion(id: 12, name: "Paper Suns", series: "Horizons", year: 2024, cards: 185),
]

/// The provider of expansionsItems, in a section per 'series', in order of first appearance.
func makeExpansionsProvider() -> SectionedDataProvider<Expansion> {
    SectionedDataProvider(expansionsItems, groupedBy: { $0.series })
}

// MARK: The test

@Test func expansionsShowAsInListLab() throws {
    let provider = makeExpansionsProvider()
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
