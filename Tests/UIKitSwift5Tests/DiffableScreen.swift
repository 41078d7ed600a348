import UIKit

// A diffable screen as a Swift 5 app writes it: a subclassed data source that allows swipe to
// delete, enum identifiers, and a model change that forgets an identifier can repeat.

enum Row: Hashable {
    case message(Int)
    case banner(String)
}

final class EditableDataSource: UITableViewDiffableDataSource<Int, Row> {
    override func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool {
        if case .message = itemIdentifier(for: indexPath) { return true }
        return false
    }

    override func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {
        guard editingStyle == .delete, let row = itemIdentifier(for: indexPath) else { return }
        var current = snapshot()
        current.deleteItems([row])
        apply(current)
    }

    override func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { "Today" }
}

final class TodayViewController: UIViewController {
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 440), style: .insetGrouped)
    var dataSource: EditableDataSource!

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
        dataSource = EditableDataSource(tableView: tableView) { tableView, indexPath, row in
            let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
            var content = cell.defaultContentConfiguration()
            switch row {
            case .message(let id): content.text = "Message \(id)"
            case .banner(let text): content.text = text
            }
            cell.contentConfiguration = content
            return cell
        }
        show(messages: [1, 2, 3])
    }

    func show(messages: [Int]) {
        var snapshot = NSDiffableDataSourceSnapshot<Int, Row>()
        snapshot.appendSections([0])
        snapshot.appendItems([.banner("Good morning")] + messages.map { .message($0) })
        dataSource.apply(snapshot, animatingDifferences: false)
    }
}
