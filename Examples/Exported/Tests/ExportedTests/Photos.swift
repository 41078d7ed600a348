// Exported by ListLab (`export swift`) from the dataset 'photos' (photos.json):
// the model, its cells and presenter, the provider and the adapter, and a test
// that loads photos.json and checks what the list shows first. Put it in a test
// target that depends on ListLab's ListLabCore, ListLabRecords and ListLabFiles;
// the model, cells and presenter move into your app's module as they are.

import ListLabCore
import ListLabFiles
import ListLabRecords
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

/// photos.json's items, read by ListLab's file reader and decoded into `Photo` values,
/// in one section.
func makePhotosProvider(file path: String) throws -> ArrayDataProvider<Photo> {
    let items = try FileDataProvider(path: path, name: "photos.json").records.map {
        try RecordDecoder().decode(Photo.self, from: $0)
    }
    return ArrayDataProvider(items)
}

/// photos.json, found from this file (`export swift` wrote the path from here).
private let photosDataFile: String = {
    let folder = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    return folder + "/../../../../Samples/datasets/photos.json"
}()

// MARK: The test

@Test func photosShowAsInListLab() throws {
    let provider = try makePhotosProvider(file: photosDataFile)
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
