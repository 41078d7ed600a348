// Exported by ListLab (`export swift`) from the dataset 'nearby' (nearby.json):
// the model, its cells and presenter, the provider and the adapter, and a test
// that loads nearby.json and checks what the list shows first. Put it in a test
// target that depends on ListLab's ListLabCore, ListLabRecords and ListLabFiles;
// the model, cells and presenter move into your app's module as they are.

import ListLabCore
import ListLabFiles
import ListLabRecords
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

/// nearby.json's items, read by ListLab's file reader and decoded into `Nearby` values,
/// in a section per 'group', in order of first appearance.
func makeNearbyProvider(file path: String) throws -> SectionedDataProvider<Nearby> {
    let items = try FileDataProvider(path: path, name: "nearby.json").records.map {
        try RecordDecoder().decode(Nearby.self, from: $0)
    }
    return SectionedDataProvider(items, groupedBy: { $0.group })
}

/// nearby.json, found from this file (`export swift` wrote the path from here).
private let nearbyDataFile: String = {
    let folder = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    return folder + "/../../../../Samples/datasets/nearby.json"
}()

// MARK: The test

@Test func nearbyShowAsInListLab() throws {
    let provider = try makeNearbyProvider(file: nearbyDataFile)
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
