// Generated from README.md's "Use it from Swift" example by
// `swift run listlab-doc-examples` (Tests/ListLabTestSupport/ReadmeExampleFile.swift):
// do not edit; change the README and run it again.

import ListLabCore

/// The README's example, as written there; `print` writes into the text it returns.
func runReadmeExample() throws -> String {
    final class Printed { var text = "" }
    let printed = Printed()
    func print(_ items: Any..., separator: String = " ", terminator: String = "\n") {
        printed.text += items.map { "\($0)" }.joined(separator: separator) + terminator
    }
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

    return printed.text
}

/// What the README says the example prints.
let readmeExampleOutput = #"""
    Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (3) must be equal to the number of rows contained in that section before the update (3), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section (0 moved in, 0 moved out).
    selected 0.2: Alan Turing
       0.0  Ada Lovelace — 555-0101  <ContactCell #1>
       0.1  Grace Hopper — 555-0102  <ContactCell #2>
     * 0.2  Alan Turing — 555-0103  <ContactCell #3>

    """#
