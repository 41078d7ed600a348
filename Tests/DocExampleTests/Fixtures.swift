import ListLabCore
import ListLabRecords
import Testing

@testable import ListLabPlayground
@testable import ListLabShell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// The names the doc comments' examples take as given: the models, cells and
// data an app would have around the line the example shows. Each is small
// and real, so that an example compiles and runs as written.

/// A contact, as the list examples show one.
struct Contact: Hashable {
    var id = 0
    var name: String
    var phone = ""
}

/// A cell that shows a contact.
final class ContactCell: ListCell, ConfigurableCell {
    func configure(with contact: Contact, at path: ItemPath) {
        text = contact.name
        detail = contact.phone
    }
}

/// A provider of three contacts.
var contacts: ArrayDataProvider<Contact> {
    ArrayDataProvider([
        Contact(id: 1, name: "Bruce Wayne", phone: "555-0100"),
        Contact(id: 2, name: "Clark Kent", phone: "555-0101"),
        Contact(id: 3, name: "Diana Prince", phone: "555-0103"),
    ])
}

/// Diana's record.
var diana: Record { Record(fields: [("id", 3), ("name", "Diana Prince"), ("phone", "555-0103")]) }

/// A CSV file of contacts in the temporary folder, written afresh, for an example to change and save.
var contactsFile: String {
    // A file of its own each time: the examples run in parallel, and one that saves would change
    // the file another has read (it then refuses to save over a file changed on disk).
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "listlab-doc-examples-\(ProcessInfo.processInfo.processIdentifier)")
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("contacts-\(UUID().uuidString).csv").path
    let text = "id,name,phone\n1,Bruce Wayne,555-0100\n2,Clark Kent,555-0101\n3,Diana Prince,555-0103\n"
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
}

/// A tab of a tab bar.
enum Tab: String, Hashable {
    case news, contributions, settings
}

/// A cell that shows a tab.
final class TabCell: ListCell, ConfigurableCell {
    func configure(with tab: Tab, at path: ItemPath) { text = tab.rawValue }
}

/// A place near the user.
struct Place {
    var name: String
}

/// A row of a home screen: top picks, categories or a place.
enum HomeRow {
    case topPicks([Place])
    case categories([String])
    case place(Place)
}

/// A cell that shows the top picks in one row.
final class TopPicksCell: ListCell, ConfigurableCell {
    func configure(with places: [Place], at path: ItemPath) { text = places.map(\.name).joined(separator: ", ") }
}

/// A cell that shows a place.
final class PlaceCell: ListCell, ConfigurableCell {
    func configure(with place: Place, at path: ItemPath) { text = place.name }
}

/// A banner and two places, from two providers.
var banner: ArrayDataProvider<HomeRow> { ArrayDataProvider([.topPicks([Place(name: "Harbour")])]) }
var places: ArrayDataProvider<HomeRow> {
    ArrayDataProvider([.place(Place(name: "Harbour")), .place(Place(name: "Hills"))])
}

/// A web service of 25 photos, served a page at a time.
struct PhotoService: Sendable {
    func photos(page: Int, size: Int) throws -> [Photo] {
        (page * size..<min(25, (page + 1) * size)).map { Photo(title: "Photo \($0)") }
    }
}

/// The photo service.
let api = PhotoService()

/// A photo.
struct Photo {
    var title: String
}

/// A cell that shows a photo.
final class PhotoCell: ListCell, ConfigurableCell {
    func configure(with photo: Photo, at path: ItemPath) { text = photo.title }
}

/// A provider of two photos.
var photos: ArrayDataProvider<Photo> { ArrayDataProvider([Photo(title: "Harbour"), Photo(title: "Hills")]) }

/// A to-do item, on one of several lists.
struct TodoItem {
    var title: String
    var list: String
}

/// A cell that shows a to-do item.
final class TodoCell: ListCell, ConfigurableCell {
    func configure(with item: TodoItem, at path: ItemPath) { text = item.title }
}

/// Three to-do items on two lists.
var tasks: [TodoItem] {
    [
        TodoItem(title: "Write", list: "Work"), TodoItem(title: "Read", list: "Home"),
        TodoItem(title: "Review", list: "Work"),
    ]
}

/// The presenter of to-do items.
var presenter: SingleKindPresenter<TodoCell> { SingleKindPresenter(TodoCell.self) }

/// The playground of the app's tabs, as the playground article makes it.
func tabsPlayground() -> Playground {
    var playground = Playground(name: "tabs-lab", offersSamples: false)
    playground.register(
        "tabs", summary: "the app's tabs",
        provider: { ArrayDataProvider([Tab.news, .contributions, .settings]) },
        presenter: { SingleKindPresenter(TabCell.self) })
    return playground
}

/// What a playground example's `main()` and `serveMain()` do, short of
/// taking over the process: the playground is checked as they check it
/// (a registration that cannot be made fails), and a session of it loads
/// and shows each registration, as its prompt and each tab of its server
/// would, with no error.
enum DocExamplePlayground {
    static func start(_ playground: Playground) throws {
        #expect(playground.problems.isEmpty, "\(playground.problems)")
        let output = RecordingOutput()
        let session = playground.makeSession(output: output)
        for registration in playground.registrations {
            session.execute("load \(registration.name)")
            session.execute("show")
        }
        #expect(!playground.registrations.isEmpty)
        #expect(!output.lines.contains { $0.hasPrefix("error:") }, "\(output.lines)")
    }

    /// Each tab of the server is a session of the playground (`PlaygroundServer`'s own tests
    /// open tabs); the example is checked as a start of it.
    static func serve(_ playground: Playground) throws {
        try start(playground)
    }
}
