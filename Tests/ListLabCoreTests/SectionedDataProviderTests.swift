import ListDiff
import ListLabCore
import Testing

private struct Task: Equatable {
    var title: String
    var list: String
}

private let tasks = [
    Task(title: "Write brief", list: "Work"), Task(title: "Buy milk", list: "Home"),
    Task(title: "Review PR", list: "Work"), Task(title: "Call mum", list: "Home"),
    Task(title: "Book flights", list: "Travel"),
]

@Test func explicitSectionsKeepTheirTitlesAndOrder() throws {
    let provider = SectionedDataProvider(sections: [
        .init(title: "Today", items: ["a", "b"]), .init(title: nil, items: []), .init(title: "Later", items: ["c"]),
    ])
    #expect(provider.numberOfSections == 3)
    #expect((0..<3).map(provider.numberOfItems(inSection:)) == [2, 0, 1])
    #expect((0..<3).map(provider.title(ofSection:)) == ["Today", nil, "Later"])
    #expect(provider.item(at: ItemPath(2, 0)) == "c")
    #expect(provider.item(at: ItemPath(1, 0)) == nil)
    #expect(try provider.append("d", toSection: nil) == BatchUpdate(insertedItems: [ItemPath(2, 1)]))
    #expect(try provider.append("e", toSection: 1) == BatchUpdate(insertedItems: [ItemPath(1, 0)]))
    #expect(
        try provider.move(from: ItemPath(0, 0), to: ItemPath(2, 2))
            == BatchUpdate(movedItems: [ItemMove(from: ItemPath(0, 0), to: ItemPath(2, 2))]))
    #expect(provider.sections.map(\.items) == [["b"], ["e"], ["c", "d", "a"]])
    #expect(provider.numberOfItems == 5)
}

@Test func groupingFollowsFirstAppearanceByDefault() {
    let provider = SectionedDataProvider(tasks, groupedBy: \.list)
    #expect(provider.sections.map(\.title) == ["Work", "Home", "Travel"])
    #expect(provider.sections[0].items.map(\.title) == ["Write brief", "Review PR"])
    #expect(provider.sections[1].items.map(\.title) == ["Buy milk", "Call mum"])
}

@Test func groupingCanSortSectionsByKey() {
    let provider = SectionedDataProvider(tasks, groupedBy: \.list, order: .ascending)
    #expect(provider.sections.map(\.title) == ["Home", "Travel", "Work"])
}

/// Newest first: the sections by key, descending, and a new key finds its place among them.
@Test func groupingCanPutTheNewestSectionFirst() throws {
    let days = [
        Task(title: "a", list: "2026-11-26"), Task(title: "b", list: "2026-11-28"),
        Task(title: "c", list: "2026-11-27"),
    ]
    let provider = SectionedDataProvider(days, groupedBy: \.list, order: .descending)
    #expect(provider.sections.map(\.title) == ["2026-11-28", "2026-11-27", "2026-11-26"])
    #expect(
        try provider.append(Task(title: "d", list: "2026-11-29"), toSection: nil) == BatchUpdate(insertedSections: [0]))
    #expect(
        try provider.append(Task(title: "e", list: "2026-11-25"), toSection: nil) == BatchUpdate(insertedSections: [4]))
    #expect(provider.sections.map(\.title) == ["2026-11-29", "2026-11-28", "2026-11-27", "2026-11-26", "2026-11-25"])
}

@Test func appendingToAGroupFindsOrMakesItsSection() throws {
    let provider = SectionedDataProvider(tasks, groupedBy: \.list, order: .ascending)
    #expect(
        try provider.append(Task(title: "Pack", list: "Travel"), toSection: nil)
            == BatchUpdate(insertedItems: [ItemPath(1, 1)]))
    #expect(try provider.append(Task(title: "Run", list: "Gym"), toSection: nil) == BatchUpdate(insertedSections: [0]))
    #expect(provider.sections.map(\.title) == ["Gym", "Home", "Travel", "Work"])
    #expect(
        describe { try provider.append(Task(title: "x", list: "Home"), toSection: 3) }
            == "an item of group 'Home' cannot go in section 3, which holds group 'Work'")
    #expect(
        describe { try provider.insert(Task(title: "x", list: "Home"), at: ItemPath(3, 0)) }
            == "an item of group 'Home' cannot go in section 3, which holds group 'Work'")
}

@Test func changingAnItemsKeyMovesItToItsGroup() throws {
    let provider = SectionedDataProvider(tasks, groupedBy: \.list)
    // Work keeps one task; Home gains one.
    let moved = try provider.update(Task(title: "Review PR", list: "Home"), at: ItemPath(0, 1))
    #expect(moved == BatchUpdate(deletedItems: [ItemPath(0, 1)], insertedItems: [ItemPath(1, 2)]))
    // Travel empties and goes; a new group comes at the end.
    let regrouped = try provider.update(Task(title: "Book flights", list: "Someday"), at: ItemPath(2, 0))
    #expect(regrouped == BatchUpdate(deletedSections: [2], insertedSections: [2]))
    #expect(provider.sections.map(\.title) == ["Work", "Home", "Someday"])
    // The same key is a plain reconfigure.
    #expect(
        try provider.update(Task(title: "Write the brief", list: "Work"), at: ItemPath(0, 0))
            == BatchUpdate(reconfiguredItems: [ItemPath(0, 0)]))
}

@Test func deletingTheLastItemOfAGroupDeletesItsSection() throws {
    let provider = SectionedDataProvider(tasks, groupedBy: \.list)
    let update = try provider.delete(at: [ItemPath(2, 0), ItemPath(0, 0)])
    #expect(update == BatchUpdate(deletedSections: [2], deletedItems: [ItemPath(0, 0)]))
    #expect(provider.sections.map(\.title) == ["Work", "Home"])
}

@Test func groupedMovesStayInTheirSection() throws {
    let provider = SectionedDataProvider(tasks, groupedBy: \.list)
    #expect(
        describe { try provider.move(from: ItemPath(0, 0), to: ItemPath(1, 0)) }
            == "cannot move 0.0 to 1.0: sections are grouped by key, so an item changes section only when its key "
            + "changes"
    )
    _ = try provider.move(from: ItemPath(0, 0), to: ItemPath(0, 1))
    #expect(provider.sections[0].items.map(\.title) == ["Review PR", "Write brief"])
}

@Test func groupedProviderReloadsAndRegroups() throws {
    var source = [Task(title: "a", list: "X")]
    let provider = SectionedDataProvider(groupedBy: \Task.list, loadingFrom: { source })
    #expect(provider.numberOfSections == 0)
    try provider.reload()
    #expect(provider.sections.map(\.title) == ["X"])
    source.append(Task(title: "b", list: "Y"))
    try provider.reload()
    #expect(provider.sections.map(\.title) == ["X", "Y"])
}

private final class TaskCell: ListCell, ConfigurableCell {
    func configure(with task: Task, at path: ItemPath) { text = task.title }
}

/// A load in one call: the new items grouped as the provider groups them, and the staged update
/// that takes a list from the old sections to the new one (by identity, then the changed content).
/// Two items of one identity change nothing and say so.
@Test func replacingTheItemsReturnsTheUpdateThatTakesAListThere() throws {
    let provider = SectionedDataProvider(tasks, groupedBy: \.list)
    let list = HeadlessList(viewportRows: 20)
    ListAdapter(provider: provider, presenter: SingleKindPresenter(TaskCell.self)).attach(to: list)
    var next = tasks.filter { $0.list != "Travel" }
    next[0] = Task(title: "Write brief", list: "Work")  // the same
    next.append(Task(title: "Stretch", list: "Gym"))
    let update = try provider.replaceItems(with: next, identity: \.title, isContentEqual: ==)
    try list.apply(update)
    #expect(provider.sections.map(\.title) == ["Work", "Home", "Gym"])
    #expect(list.numberOfSections == 3 && list.numberOfItems(inSection: 2) == 1)
    let before = provider.sections.map(\.items)
    #expect(throws: DuplicateIdentityError.self) {
        try provider.replaceItems(
            with: [Task(title: "a", list: "x"), Task(title: "a", list: "y")], identity: \.title, isContentEqual: ==)
    }
    #expect(provider.sections.map(\.items) == before, "nothing changed")
}

/// A forwarding provider answers as its base does and writes only what it changes.
@Test func aForwardingProviderAnswersAsItsBase() throws {
    final class NoEmptyTitles: ForwardingDataProvider {
        struct Empty: Error {}
        let base = SectionedDataProvider(tasks, groupedBy: \.list)
        func append(_ item: Task, toSection section: Int?) throws -> BatchUpdate {
            guard !item.title.isEmpty else { throw Empty() }
            return try base.append(item, toSection: section)
        }
    }
    let provider = NoEmptyTitles()
    #expect(
        provider.numberOfSections == 3 && provider.title(ofSection: 1) == "Home"
            && provider.item(at: ItemPath(0, 1))?.title == "Review PR")
    #expect(throws: NoEmptyTitles.Empty.self) { try provider.append(Task(title: "", list: "Home"), toSection: nil) }
    #expect(
        try provider.move(from: ItemPath(0, 0), to: ItemPath(0, 1))
            == BatchUpdate(movedItems: [ItemMove(from: ItemPath(0, 0), to: ItemPath(0, 1))]))
    #expect(provider.base.item(at: ItemPath(0, 1))?.title == "Write brief")
}
