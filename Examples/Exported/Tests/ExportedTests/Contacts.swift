// Exported by ListLab (`export swift`) from the dataset 'contacts' (contacts.csv):
// the model, its cells and presenter, the provider and the adapter, and a test
// that checks what the list shows first. Its items are written below, so the
// file needs nothing beside it: put it in a test target that depends on
// ListLab's ListLabCore. The model, cells and presenter move into your app's
// module as they are.

import ListLabCore
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

/// contacts.csv's 8 items, as the file held them (`export swift` writes up to
/// 100 items here; a larger file is read from a copy beside this one).
let contactsItems: [Contact] = [
    Contact(id: 1, name: "Bruce Wayne", phone: "555-0101", city: "Gotham"),
    Contact(id: 2, name: "Clark Kent", phone: "555-0102", city: "Metropolis"),
    Contact(id: 3, name: "Diana Prince", phone: "555-0103", city: "Themyscira"),
    Contact(id: 4, name: "Barry Allen", phone: "555-0104", city: "Central City"),
    Contact(id: 5, name: "Hal Jordan", phone: "555-0105", city: "Coast City"),
    Contact(id: 6, name: "Arthur Curry", phone: "555-0106", city: "Atlantis"),
    Contact(id: 7, name: "Victor Stone", phone: "555-0107", city: "Detroit"),
    Contact(id: 8, name: "J'onn J'onzz", phone: "555-0108", city: "Mars"),
]

/// The provider of contactsItems, in one section.
func makeContactsProvider() -> ArrayDataProvider<Contact> {
    ArrayDataProvider(contactsItems)
}

// MARK: The test

@Test func contactsShowAsInListLab() throws {
    let provider = makeContactsProvider()
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
