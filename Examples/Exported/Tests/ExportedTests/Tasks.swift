// Exported by ListLab (`export swift`) from the dataset 'tasks' (tasks.csv):
// the model, its cells and presenter, the provider and the adapter, and a test
// that loads tasks.csv and checks what the list shows first. Put it in a test
// target that depends on ListLab's ListLabCore, ListLabRecords and ListLabFiles;
// the model, cells and presenter move into your app's module as they are.

import ListLabCore
import ListLabFiles
import ListLabRecords
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

/// tasks.csv's items, read by ListLab's file reader and decoded into `TaskItem` values,
/// in a section per 'list', in order of first appearance.
func makeTasksProvider(file path: String) throws -> SectionedDataProvider<TaskItem> {
    let items = try FileDataProvider(path: path, name: "tasks.csv").records.map {
        try RecordDecoder().decode(TaskItem.self, from: $0)
    }
    return SectionedDataProvider(items, groupedBy: { $0.list })
}

/// tasks.csv, found from this file (`export swift` wrote the path from here).
private let tasksDataFile: String = {
    let folder = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
    return folder + "/../../../../Samples/datasets/tasks.csv"
}()

// MARK: The test

@Test func tasksShowAsInListLab() throws {
    let provider = try makeTasksProvider(file: tasksDataFile)
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
