// Exported by ListLab (`export swift`) from the dataset 'tasks' (tasks.csv):
// the model, its cells and presenter, the provider and the adapter, and a test
// that checks what the list shows first. Its items are written below, so the
// file needs nothing beside it: put it in a test target that depends on
// ListLab's ListLabCore. The model, cells and presenter move into your app's
// module as they are.

import ListLabCore
import Testing

// MARK: The model

/// One item of tasks.csv, with a property per field.
struct TaskItem: Codable, Hashable, Identifiable, Sendable {
    var id: Int
    var title: String
    var list: String
    var done: Bool
}

// MARK: The cells and the presenter

/// A `TaskCell` cell: "{title}".
final class TaskCell: ListCell, ConfigurableCell {
    func configure(with taskItem: TaskItem, at path: ItemPath) {
        text = taskItem.title
    }
}

/// The presenter: one cell kind, and the section headers.
func makeTasksPresenter() -> SingleKindPresenter<TaskCell> {
    SingleKindPresenter(
        TaskCell.self,
        header: { section in "\(section.title ?? "") (\(section.itemCount))" })
}

// MARK: The provider

/// tasks.csv's 7 items, as the file held them (`export swift` writes up to
/// 100 items here; a larger file is read from a copy beside this one).
let tasksItems: [TaskItem] = [
    TaskItem(id: 1, title: "Write the brief", list: "Work", done: true),
    TaskItem(id: 2, title: "Review the diff", list: "Work", done: false),
    TaskItem(id: 3, title: "Buy milk", list: "Home", done: false),
    TaskItem(id: 4, title: "Fix the tap", list: "Home", done: true),
    TaskItem(id: 5, title: "Book flights", list: "Travel", done: false),
    TaskItem(id: 6, title: "Plan the demo", list: "Work", done: false),
    TaskItem(id: 7, title: "Water the plants", list: "Home", done: false),
]

/// The provider of tasksItems, in a section per 'list', in order of first appearance.
func makeTasksProvider() -> SectionedDataProvider<TaskItem> {
    SectionedDataProvider(tasksItems, groupedBy: { $0.list })
}

// MARK: The test

@Test func tasksShowAsInListLab() throws {
    let provider = makeTasksProvider()
    let adapter = ListAdapter(provider: provider, presenter: makeTasksPresenter())
    let list = HeadlessList(style: .table, viewportRows: 10)
    adapter.attach(to: list)
    #expect(list.render() == [
        "== Work (3) ==",
        "   0.0  Write the brief  <TaskCell #1>",
        "   0.1  Review the diff  <TaskCell #2>",
        "   0.2  Plan the demo  <TaskCell #3>",
        "== Home (3) ==",
        "   1.0  Buy milk  <TaskCell #4>",
        "   1.1  Fix the tap  <TaskCell #5>",
        "   1.2  Water the plants  <TaskCell #6>",
        "== Travel (1) ==",
        "   2.0  Book flights  <TaskCell #7>",
    ])
}
