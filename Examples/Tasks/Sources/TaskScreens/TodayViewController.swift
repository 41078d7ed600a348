import UIKit

/// A task of the to-do list.
public struct TodoTask: Hashable, Sendable, Identifiable {
    public let id: Int
    public var title: String
    public var isDone = false

    public init(id: Int, title: String) {
        self.id = id
        self.title = title
    }
}

/// A task's row: its title, and a checkmark once done.
final class TaskCell: UITableViewCell {
    override init(style: UITableViewCell.CellStyle, reuseIdentifier: String?) {
        super.init(style: .default, reuseIdentifier: reuseIdentifier)
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    func show(_ task: TodoTask) {
        var content = defaultContentConfiguration()
        content.text = task.title
        contentConfiguration = content
        accessoryType = task.isDone ? .checkmark : .none
    }
}

/// The tasks in their sections: the table's data source.
public final class TaskListDataSource: NSObject, UITableViewDataSource {
    public var sections: [(title: String, tasks: [TodoTask])] = [
        ("Today", [TodoTask(id: 1, title: "Water the plants"), TodoTask(id: 2, title: "Call the bank")]),
        ("Later", [TodoTask(id: 3, title: "Renew the passport")]),
    ]

    public func numberOfSections(in tableView: UITableView) -> Int { sections.count }

    public func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { sections[section].title }

    public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { sections[section].tasks.count }

    public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "task", for: indexPath)
        (cell as? TaskCell)?.show(sections[indexPath.section].tasks[indexPath.row])
        return cell
    }
}

/// Today's tasks.
public final class TodayViewController: UIViewController, UITableViewDelegate {
    public let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 844), style: .insetGrouped)
    public let tasks = TaskListDataSource()
    public private(set) var opened: [String] = []

    public override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(TaskCell.self, forCellReuseIdentifier: "task")
        tableView.dataSource = tasks
        tableView.delegate = self
        view.addSubview(tableView)
    }

    public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
        opened.append(tasks.sections[indexPath.section].tasks[indexPath.row].title)
        tableView.deselectRow(at: indexPath, animated: true)
    }

    /// Adds a task to Today: the model first, then the row.
    public func add(_ task: TodoTask) {
        tableView.performBatchUpdates {
            self.tasks.sections[0].tasks.append(task)
            self.tableView.insertRows(at: [IndexPath(row: self.tasks.sections[0].tasks.count - 1, section: 0)], with: .automatic)
        }
    }

    /// Renames a task in the cell it has.
    public func rename(at indexPath: IndexPath, to title: String) {
        tasks.sections[indexPath.section].tasks[indexPath.row].title = title
        tableView.reconfigureRows(at: [indexPath])
    }

    /// Moves the first task of Today to Later.
    public func postponeFirst() {
        let task = tasks.sections[0].tasks.removeFirst()
        tasks.sections[1].tasks.insert(task, at: 0)
        tableView.moveRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 0, section: 1))
    }

    /// The bug: the row goes, the task stays in the model.
    public func completeFirstTaskBuggy() {
        tableView.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .fade)
    }
}
