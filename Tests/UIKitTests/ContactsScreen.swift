import UIKit

// An app's screen as an app writes it against UIKit: a view controller, a sectioned table data
// source of its own, and a diffable one. Nothing here knows of ListLab.

struct Contact: Hashable, Sendable {
    var name: String
    var phone: String
}

final class ContactCell: UITableViewCell {
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .subtitle, reuseIdentifier: reuseIdentifier)
        accessoryType = .disclosureIndicator
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func prepareForReuse() {
        super.prepareForReuse()
        contentConfiguration = nil
    }
}

final class ContactsDataSource: NSObject, UITableViewDataSource {
    var sections: [(title: String, contacts: [Contact])] = [
        ("Favourites", [Contact(name: "Ada", phone: "555-0101"), Contact(name: "Grace", phone: "555-0102")]),
        ("Others", [Contact(name: "Alan", phone: "555-0103")]),
    ]

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].contacts.count
    }

    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? {
        sections[section].title
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
        let contact = sections[indexPath.section].contacts[indexPath.row]
        var content = cell.defaultContentConfiguration()
        content.text = contact.name
        content.secondaryText = contact.phone
        cell.contentConfiguration = content
        return cell
    }
}

final class ContactsViewController: UIViewController, UITableViewDelegate {
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .insetGrouped)
    let dataSource = ContactsDataSource()
    private(set) var selected: [String] = []

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(ContactCell.self, forCellReuseIdentifier: "contact")
        tableView.dataSource = dataSource
        tableView.delegate = self
        view.addSubview(tableView)
    }

    func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        selected.append(dataSource.sections[indexPath.section].contacts[indexPath.row].name)
    }

    /// Adds a favourite the right way: the model first, then the row.
    func addFavourite(_ contact: Contact) {
        tableView.performBatchUpdates {
            self.dataSource.sections[0].contacts.append(contact)
            self.tableView.insertRows(
                at: [IndexPath(row: self.dataSource.sections[0].contacts.count - 1, section: 0)], with: .automatic)
        }
    }

    /// The bug: the row goes, the model keeps it.
    func deleteFirstFavouriteForgettingTheModel() {
        tableView.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
    }

    /// A phone number changed: the cell is configured again.
    func updatePhone(at indexPath: IndexPath, to phone: String) {
        dataSource.sections[indexPath.section].contacts[indexPath.row].phone = phone
        tableView.reconfigureRows(at: [indexPath])
    }
}

/// The same list through a diffable data source.
final class DiffableContactsViewController: UIViewController {
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .plain)
    var dataSource: UITableViewDiffableDataSource<String, String>!

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "name")
        dataSource = UITableViewDiffableDataSource<String, String>(tableView: tableView) { tableView, indexPath, name in
            let cell = tableView.dequeueReusableCell(withIdentifier: "name", for: indexPath)
            cell.textLabel?.text = name
            return cell
        }
        view.addSubview(tableView)
    }

    func show(_ names: [String], in section: String = "main") {
        var snapshot = NSDiffableDataSourceSnapshot<String, String>()
        snapshot.appendSections([section])
        snapshot.appendItems(names, toSection: section)
        dataSource.apply(snapshot, animatingDifferences: true)
    }
}
