import UIKit

/// The notes, pinned first: a table view controller with a diffable data source, as an iOS app
/// of the Swift 5 language mode writes it.
final class NotesViewController: UITableViewController {
    enum Section: Hashable {
        case pinned, others
    }

    private var dataSource: NotesDataSource!
    private let store: NoteStore

    init(store: NoteStore = .shared) {
        self.store = store
        super.init(style: .insetGrouped)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        title = "Notes"
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "note")
        dataSource = NotesDataSource(tableView: tableView) { [weak self] tableView, indexPath, id in
            let cell = tableView.dequeueReusableCell(withIdentifier: "note", for: indexPath)
            guard let note = self?.store.notes.first(where: { $0.id == id }) else { return cell }
            var content = cell.defaultContentConfiguration()
            content.text = note.title
            content.secondaryText = note.isPinned ? "Pinned" : nil
            cell.contentConfiguration = content
            return cell
        }
        showNotes(animated: false)
    }

    func showNotes(animated: Bool = true) {
        var snapshot = NSDiffableDataSourceSnapshot<Section, Note.ID>()
        let pinned = store.notes.filter(\.isPinned).map(\.id)
        let others = store.notes.filter { !$0.isPinned }.map(\.id)
        if !pinned.isEmpty {
            snapshot.appendSections([.pinned])
            snapshot.appendItems(pinned, toSection: .pinned)
        }
        snapshot.appendSections([.others])
        snapshot.appendItems(others, toSection: .others)
        dataSource.apply(snapshot, animatingDifferences: animated)
    }

    override func tableView(
        _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
        guard let id = dataSource.itemIdentifier(for: indexPath) else { return nil }
        let delete = UIContextualAction(style: .destructive, title: "Delete") { [weak self] _, _, done in
            self?.store.delete(id)
            self?.showNotes()
            done(true)
        }
        let pin = UIContextualAction(style: .normal, title: "Pin") { [weak self] _, _, done in
            self?.store.togglePin(id)
            self?.showNotes()
            done(true)
        }
        return UISwipeActionsConfiguration(actions: [delete, pin])
    }
}

/// A diffable data source whose rows can be swiped: UIKit's says no row can be edited unless a
/// subclass says otherwise, and then shows no swipe actions at all.
final class NotesDataSource: UITableViewDiffableDataSource<NotesViewController.Section, Note.ID> {
    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { true }
}
