// Exported by ListLab (`export swift`) from the dataset 'nearby' (nearby.json):
// the model, its cells and presenter, the provider and the adapter, and a test
// that checks what the list shows first. Its items are written below, so the
// file needs nothing beside it: put it in a test target that depends on
// ListLab's ListLabCore. The model, cells and presenter move into your app's
// module as they are.

import ListLabCore
import Testing

// MARK: The model

/// One item of nearby.json, with a property per field.
struct Nearby: Codable, Hashable, Identifiable, Sendable {
    var id: Int
    var group: String
    var kind: String
    var name: String
    var category: String?
    var rating: Double?
    var count: Int?
}

// MARK: The cells and the presenter

/// A `top` cell: "* {name}, {category} ({rating})".
final class TopCell: ListCell, ConfigurableCell {
    static var reuseIdentifier: String { "top" }

    func configure(with nearby: Nearby, at path: ItemPath) {
        text = "* \(nearby.name), \(nearby.category.map { "\($0)" } ?? "") (\(nearby.rating.map { "\($0)" } ?? ""))"
    }
}

/// A `category` cell: "{name}: {count} places".
final class CategoryCell: ListCell, ConfigurableCell {
    static var reuseIdentifier: String { "category" }

    func configure(with nearby: Nearby, at path: ItemPath) {
        text = "\(nearby.name): \(nearby.count.map { "\($0)" } ?? "") places"
    }
}

/// A `place` cell: "{name} ({rating})".
final class PlaceCell: ListCell, ConfigurableCell {
    static var reuseIdentifier: String { "place" }

    func configure(with nearby: Nearby, at path: ItemPath) {
        text = "\(nearby.name) (\(nearby.rating.map { "\($0)" } ?? ""))"
    }
}

/// The presenter: a cell kind per item, named by its 'kind', and the section headers.
func makeNearbyPresenter() -> KindChoosingPresenter<Nearby> {
    KindChoosingPresenter<Nearby>(
        [
            CellRegistration(TopCell.self),
            CellRegistration(CategoryCell.self),
            CellRegistration(PlaceCell.self),
        ],
        kind: { $0.kind },
        header: { section in "\(section.title ?? "")" })
}

// MARK: The provider

/// nearby.json's 12 items, as the file held them (`export swift` writes up to
/// 100 items here; a larger file is read from a copy beside this one).
let nearbyItems: [Nearby] = [
    Nearby(id: 1, group: "Top picks", kind: "top", name: "Blue Bottle", category: "Cafes", rating: 4.8, count: nil),
    Nearby(id: 2, group: "Top picks", kind: "top", name: "Dolores Park", category: "Parks", rating: 4.7, count: nil),
    Nearby(id: 3, group: "Categories", kind: "category", name: "Cafes", category: nil, rating: nil, count: 3),
    Nearby(id: 4, group: "Categories", kind: "category", name: "Bakeries", category: nil, rating: nil, count: 2),
    Nearby(id: 5, group: "Categories", kind: "category", name: "Parks", category: nil, rating: nil, count: 2),
    Nearby(id: 6, group: "Cafes", kind: "place", name: "Blue Bottle", category: "Cafes", rating: 4.8, count: nil),
    Nearby(id: 7, group: "Cafes", kind: "place", name: "Sightglass", category: "Cafes", rating: 4.6, count: nil),
    Nearby(id: 8, group: "Cafes", kind: "place", name: "Ritual", category: "Cafes", rating: 4.4, count: nil),
    Nearby(id: 9, group: "Bakeries", kind: "place", name: "Tartine", category: "Bakeries", rating: 4.7, count: nil),
    Nearby(id: 10, group: "Bakeries", kind: "place", name: "Arsicault", category: "Bakeries", rating: 4.9, count: nil),
    Nearby(id: 11, group: "Parks", kind: "place", name: "Dolores Park", category: "Parks", rating: 4.7, count: nil),
    Nearby(id: 12, group: "Parks", kind: "place", name: "Presidio", category: "Parks", rating: 4.8, count: nil),
]

/// The provider of nearbyItems, in a section per 'group', in order of first appearance.
func makeNearbyProvider() -> SectionedDataProvider<Nearby> {
    SectionedDataProvider(nearbyItems, groupedBy: { $0.group })
}

// MARK: The test

@Test func nearbyShowAsInListLab() throws {
    let provider = makeNearbyProvider()
    let adapter = ListAdapter(provider: provider, presenter: makeNearbyPresenter())
    let list = HeadlessList(style: .table, viewportRows: 10)
    adapter.attach(to: list)
    #expect(list.render() == [
        "== Top picks ==",
        "   0.0  * Blue Bottle, Cafes (4.8)  <top #1>",
        "   0.1  * Dolores Park, Parks (4.7)  <top #2>",
        "== Categories ==",
        "   1.0  Cafes: 3 places  <category #3>",
        "   1.1  Bakeries: 2 places  <category #4>",
        "   1.2  Parks: 2 places  <category #5>",
        "== Cafes ==",
        "   2.0  Blue Bottle (4.8)  <place #6>",
        "   2.1  Sightglass (4.6)  <place #7>",
        "   ... 7 rows below",
    ])
}
