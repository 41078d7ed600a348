import UIKit

// An app's screen as an app in Swift 5 language mode writes it against UIKit (this target builds
// in Swift 5 mode): classes that are not main-actor call UIKit, a batch update's block uses
// implicit `self`, cells draw through a content configuration of the app's own, headers are views,
// a swipe archives, a scroll loads more, a pull refreshes. Nothing here knows of ListLab.

struct Message: Hashable {
    let id: Int
    var sender: String
    var subject: String
}

/// What a message row shows: the app's own content configuration.
struct MessageContentConfiguration: UIContentConfiguration, Hashable {
    var sender = ""
    var subject = ""
    var isSelected = false

    func makeContentView() -> UIView & UIContentView {
        MessageContentView(configuration: self)
    }

    func updated(for state: UIConfigurationState) -> MessageContentConfiguration {
        guard let state = state as? UICellConfigurationState else { return self }
        var updated = self
        updated.isSelected = state.isSelected
        return updated
    }
}

final class MessageContentView: UIView, UIContentView {
    private let senderLabel = UILabel()
    private let subjectLabel = UILabel()

    var configuration: UIContentConfiguration {
        didSet { apply() }
    }

    init(configuration: MessageContentConfiguration) {
        self.configuration = configuration
        super.init(frame: .zero)
        addSubview(senderLabel)
        addSubview(subjectLabel)
        apply()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    private func apply() {
        guard let configuration = configuration as? MessageContentConfiguration else { return }
        senderLabel.text = configuration.isSelected ? "▶ " + configuration.sender : configuration.sender
        subjectLabel.text = configuration.subject
    }
}

final class MessageCell: UITableViewCell {
    var message: Message? {
        didSet { setNeedsUpdateConfiguration() }
    }

    override func updateConfiguration(using state: UICellConfigurationState) {
        guard let message = message else { return }
        contentConfiguration = MessageContentConfiguration(sender: message.sender, subject: message.subject).updated(
            for: state)
    }
}

final class SectionHeaderView: UITableViewHeaderFooterView {
    static let reuseIdentifier = "SectionHeaderView"
}

/// Not main-actor, as a Swift 5 app's model is: it calls UIKit all the same.
final class MessageStore {
    weak var tableView: UITableView?
    private(set) var refreshes = 0

    func refreshed() {
        refreshes += 1
        tableView?.reloadData()
        tableView?.refreshControl?.endRefreshing()
    }
}

final class MessagesViewController: UIViewController, UITableViewDataSource, UITableViewDelegate {
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 440), style: .plain)
    var sections: [(title: String, messages: [Message])] = [
        ("Inbox", (1...12).map { Message(id: $0, sender: "Sender \($0)", subject: "Subject \($0)") }),
        ("Archive", [Message(id: 100, sender: "Archivist", subject: "Old news")]),
    ]
    let store = MessageStore()
    private(set) var pagesLoaded = 0

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(MessageCell.self, forCellReuseIdentifier: "message")
        tableView.register(
            SectionHeaderView.self, forHeaderFooterViewReuseIdentifier: SectionHeaderView.reuseIdentifier)
        tableView.dataSource = self
        tableView.delegate = self
        tableView.estimatedRowHeight = UITableView.automaticDimension
        let refresh = UIRefreshControl()
        refresh.addAction(UIAction { [weak self] _ in self?.store.refreshed() }, for: .valueChanged)
        tableView.refreshControl = refresh
        store.tableView = tableView
        view.addSubview(tableView)
    }

    func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        sections[section].messages.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath) as! MessageCell
        cell.message = sections[indexPath.section].messages[indexPath.row]
        return cell
    }

    func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { indexPath.section == 0 }

    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        let header = tableView.dequeueReusableHeaderFooterView(withIdentifier: SectionHeaderView.reuseIdentifier)
        var content = header?.defaultContentConfiguration()
        content?.text = "\(sections[section].title) (\(sections[section].messages.count))"
        header?.contentConfiguration = content
        return header
    }

    func tableView(_ tableView: UITableView, heightForHeaderInSection section: Int) -> CGFloat {
        UITableView.automaticDimension
    }

    func tableView(
        _ tableView: UITableView, trailingSwipeActionsConfigurationForRowAt indexPath: IndexPath
    ) -> UISwipeActionsConfiguration? {
        guard indexPath.section == 0 else { return nil }
        let archive = UIContextualAction(style: .normal, title: "Archive") { [weak self] _, _, done in
            self?.archive(at: indexPath)
            done(true)
        }
        return UISwipeActionsConfiguration(actions: [archive])
    }

    func scrollViewDidScroll(_ scrollView: UIScrollView) {
        if scrollView.contentOffset.y + scrollView.frame.height >= scrollView.contentSize.height - 44 {
            loadMore()
        }
    }

    /// A message arrives: model and row in one batch update, with implicit `self` in the block.
    func receive(_ message: Message) {
        tableView.performBatchUpdates {
            sections[0].messages.insert(message, at: 0)
            tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        }
    }

    /// Moves a message to the archive; the archive's header is not asked again
    /// (its section is neither reloaded nor inserted).
    func archive(at indexPath: IndexPath) {
        tableView.performBatchUpdates(
            {
                let message = sections[0].messages.remove(at: indexPath.row)
                sections[1].messages.append(message)
                tableView.deleteRows(at: [indexPath], with: .left)
                tableView.insertRows(at: [IndexPath(row: sections[1].messages.count - 1, section: 1)], with: .automatic)
            }, completion: nil)
    }

    /// The bug: the row goes, the model keeps it.
    func deleteForgettingTheModel(at indexPath: IndexPath) {
        UIView.performWithoutAnimation {
            tableView.deleteRows(at: [indexPath], with: .none)
        }
    }

    private func loadMore() {
        guard pagesLoaded < 1 else { return }
        pagesLoaded += 1
        let next = sections[0].messages.count
        UIView.performWithoutAnimation {
            sections[0].messages += (1...5).map { Message(id: 1000 + $0, sender: "Later \($0)", subject: "Page 2") }
            tableView.insertRows(at: (next..<next + 5).map { IndexPath(row: $0, section: 0) }, with: .none)
        }
    }
}
