// Exported by ListLab (`export swift`) from the dataset 'photos' (photos.json):
// the model, its cells and presenter, the provider and the adapter, and a test
// that checks what the list shows first. Its items are written below, so the
// file needs nothing beside it: put it in a test target that depends on
// ListLab's ListLabCore. The model, cells and presenter move into your app's
// module as they are.

import ListLabCore
import Testing

// MARK: The model

/// One item of photos.json, with a property per field.
struct Photo: Codable, Hashable, Identifiable, Sendable {
    var id: Int
    var title: String
    var url: String
}

// MARK: The cells and the presenter

/// A `PhotoCell` cell: "{title}", detail "{url}".
final class PhotoCell: ListCell, ConfigurableCell {
    func configure(with photo: Photo, at path: ItemPath) {
        text = photo.title
        detail = photo.url
    }
}

/// The presenter: one cell kind.
func makePhotosPresenter() -> SingleKindPresenter<PhotoCell> {
    SingleKindPresenter(PhotoCell.self)
}

// MARK: The provider

/// photos.json's 40 items, as the file held them (`export swift` writes up to
/// 100 items here; a larger file is read from a copy beside this one).
let photosItems: [Photo] = [
    Photo(id: 1, title: "Harbour at dawn", url: "https://photos.example.com/1.jpg"),
    Photo(id: 2, title: "Lighthouse at dawn", url: "https://photos.example.com/2.jpg"),
    Photo(id: 3, title: "Market at dawn", url: "https://photos.example.com/3.jpg"),
    Photo(id: 4, title: "Bridge at dawn", url: "https://photos.example.com/4.jpg"),
    Photo(id: 5, title: "Garden at dawn", url: "https://photos.example.com/5.jpg"),
    Photo(id: 6, title: "Station at dawn", url: "https://photos.example.com/6.jpg"),
    Photo(id: 7, title: "Canal at dawn", url: "https://photos.example.com/7.jpg"),
    Photo(id: 8, title: "Tower at dawn", url: "https://photos.example.com/8.jpg"),
    Photo(id: 9, title: "Harbour at noon", url: "https://photos.example.com/9.jpg"),
    Photo(id: 10, title: "Lighthouse at noon", url: "https://photos.example.com/10.jpg"),
    Photo(id: 11, title: "Market at noon", url: "https://photos.example.com/11.jpg"),
    Photo(id: 12, title: "Bridge at noon", url: "https://photos.example.com/12.jpg"),
    Photo(id: 13, title: "Garden at noon", url: "https://photos.example.com/13.jpg"),
    Photo(id: 14, title: "Station at noon", url: "https://photos.example.com/14.jpg"),
    Photo(id: 15, title: "Canal at noon", url: "https://photos.example.com/15.jpg"),
    Photo(id: 16, title: "Tower at noon", url: "https://photos.example.com/16.jpg"),
    Photo(id: 17, title: "Harbour at dusk", url: "https://photos.example.com/17.jpg"),
    Photo(id: 18, title: "Lighthouse at dusk", url: "https://photos.example.com/18.jpg"),
    Photo(id: 19, title: "Market at dusk", url: "https://photos.example.com/19.jpg"),
    Photo(id: 20, title: "Bridge at dusk", url: "https://photos.example.com/20.jpg"),
    Photo(id: 21, title: "Garden at dusk", url: "https://photos.example.com/21.jpg"),
    Photo(id: 22, title: "Station at dusk", url: "https://photos.example.com/22.jpg"),
    Photo(id: 23, title: "Canal at dusk", url: "https://photos.example.com/23.jpg"),
    Photo(id: 24, title: "Tower at dusk", url: "https://photos.example.com/24.jpg"),
    Photo(id: 25, title: "Harbour by night", url: "https://photos.example.com/25.jpg"),
    Photo(id: 26, title: "Lighthouse by night", url: "https://photos.example.com/26.jpg"),
    Photo(id: 27, title: "Market by night", url: "https://photos.example.com/27.jpg"),
    Photo(id: 28, title: "Bridge by night", url: "https://photos.example.com/28.jpg"),
    Photo(id: 29, title: "Garden by night", url: "https://photos.example.com/29.jpg"),
    Photo(id: 30, title: "Station by night", url: "https://photos.example.com/30.jpg"),
    Photo(id: 31, title: "Canal by night", url: "https://photos.example.com/31.jpg"),
    Photo(id: 32, title: "Tower by night", url: "https://photos.example.com/32.jpg"),
    Photo(id: 33, title: "Harbour in rain", url: "https://photos.example.com/33.jpg"),
    Photo(id: 34, title: "Lighthouse in rain", url: "https://photos.example.com/34.jpg"),
    Photo(id: 35, title: "Market in rain", url: "https://photos.example.com/35.jpg"),
    Photo(id: 36, title: "Bridge in rain", url: "https://photos.example.com/36.jpg"),
    Photo(id: 37, title: "Garden in rain", url: "https://photos.example.com/37.jpg"),
    Photo(id: 38, title: "Station in rain", url: "https://photos.example.com/38.jpg"),
    Photo(id: 39, title: "Canal in rain", url: "https://photos.example.com/39.jpg"),
    Photo(id: 40, title: "Tower in rain", url: "https://photos.example.com/40.jpg"),
]

/// The provider of photosItems, in one section.
func makePhotosProvider() -> ArrayDataProvider<Photo> {
    ArrayDataProvider(photosItems)
}

// MARK: The test

@Test func photosShowAsInListLab() throws {
    let provider = makePhotosProvider()
    let adapter = ListAdapter(provider: provider, presenter: makePhotosPresenter())
    let list = HeadlessList(style: .table, viewportRows: 10)
    adapter.attach(to: list)
    #expect(list.render() == [
        "   0.0  Harbour at dawn — https://photos.example.com/1.jpg  <PhotoCell #1>",
        "   0.1  Lighthouse at dawn — https://photos.example.com/2.jpg  <PhotoCell #2>",
        "   0.2  Market at dawn — https://photos.example.com/3.jpg  <PhotoCell #3>",
        "   0.3  Bridge at dawn — https://photos.example.com/4.jpg  <PhotoCell #4>",
        "   0.4  Garden at dawn — https://photos.example.com/5.jpg  <PhotoCell #5>",
        "   0.5  Station at dawn — https://photos.example.com/6.jpg  <PhotoCell #6>",
        "   0.6  Canal at dawn — https://photos.example.com/7.jpg  <PhotoCell #7>",
        "   0.7  Tower at dawn — https://photos.example.com/8.jpg  <PhotoCell #8>",
        "   0.8  Harbour at noon — https://photos.example.com/9.jpg  <PhotoCell #9>",
        "   0.9  Lighthouse at noon — https://photos.example.com/10.jpg  <PhotoCell #10>",
        "   ... 30 rows below",
    ])
}
