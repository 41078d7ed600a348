// The README's "Use it from Swift" program, as the README says to put it: the main.swift of
// an executable that depends on ListLabCore. Written by `swift run listlab-doc-examples`
// (Tests/ListLabTestSupport/ReadmeExampleFile.swift): do not edit; change the README.

import ListLabCore

struct Contact {
    var name: String
    var phone: String
}

final class ContactCell: ListCell, ConfigurableCell {
    func configure(with contact: Contact, at path: ItemPath) {
        text = contact.name
        detail = contact.phone
    }
}

let provider = ArrayDataProvider([
    Contact(name: "Ada Lovelace", phone: "555-0101"),
    Contact(name: "Grace Hopper", phone: "555-0102"),
])
let adapter = ListAdapter(provider: provider, presenter: SingleKindPresenter(ContactCell.self))
adapter.onSelect = { contact, path in print("selected \(path): \(contact.name)") }
let list = HeadlessList(style: .table, viewportRows: 10)
adapter.attach(to: list)

// Change the data, then tell the list what changed: UIKit's rules accept it.
let alan = Contact(name: "Alan Turing", phone: "555-0103")
try list.performBatchUpdates(try provider.append(alan, toSection: nil))

// Tell it of a delete the data did not make: refused, in UIKit's words, and nothing changes.
do {
    try list.performBatchUpdates(BatchUpdate(deletedItems: [ItemPath(0, 0)]))
} catch {
    print(error)
}

try list.selectItem(at: ItemPath(0, 2))
for line in list.render() { print(line) }
