// Exported by ListLab (`export swift`) from the dataset 'contacts' (contacts.csv):
// the model, its cells and presenter, the provider and the adapter, and a test
// that loads contacts.csv and checks what the list shows first. Put it in a test
// target that depends on ListLab's ListLabCore, ListLabRecords and ListLabFiles;
// the model, cells and presenter move into your app's module as they are.

import ListLabCore
import ListLabFiles
import ListLabRecords
import Testing

// MARK: The model

/// One item of contacts.csv, with a property per field.
struct Contact: Codable, Hashable, Identifiable, Sendable {
    var id: Int
    var name: String
    var phone: String
    var city: String
}

// MARK: The cells and the presenter

/// A `ContactCell` cell: "{name}", detail "{phone}".
final class ContactCell: ListCell, ConfigurableCell {
    func configure(with contact: Contact, at path: ItemPath) {
        text = contact.name
        detail = contact.phone
    }
}

/// The presenter: one cell kind.
func makeContactsPresenter() -> SingleKindPresenter<ContactCell> {
    SingleKindPresenter(ContactCell.self)
}

// MARK: The provider

/// contacts.csv's items, read by ListLab's file reader and decoded into `Contact` values,
/// in one section.
func makeContactsProvider(file path: String) throws -> ArrayDataProvider<Contact> {
    let items = try FileDataProvider(path: path, name: "contacts.csv").records.map {
        try RecordDecoder().decode(Contact.self, from: $0)
    }
    return ArrayDataProvider(items)
}

/// contacts.csv, found from this file (`export swift` wrote the path from here).
private let contactsDataFile: String = {
    let folder = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    return folder + "/../../../../Samples/datasets/contacts.csv"
}()

// MARK: The test

@Test func contactsShowAsInListLab() throws {
    let provider = try makeContactsProvider(file: contactsDataFile)
    let adapter = ListAdapter(provider: provider, presenter: makeContactsPresenter())
    let list = HeadlessList(style: .table, viewportRows: 10)
    adapter.attach(to: list)
    #expect(list.render() == [
        "   0.0  Bruce Wayne — 555-0101  <ContactCell #1>",
        "   0.1  Clark Kent — 555-0102  <ContactCell #2>",
        "   0.2  Diana Prince — 555-0103  <ContactCell #3>",
        "   0.3  Barry Allen — 555-0104  <ContactCell #4>",
        "   0.4  Hal Jordan — 555-0105  <ContactCell #5>",
        "   0.5  Arthur Curry — 555-0106  <ContactCell #6>",
        "   0.6  Victor Stone — 555-0107  <ContactCell #7>",
        "   0.7  J'onn J'onzz — 555-0108  <ContactCell #8>",
    ])
}
