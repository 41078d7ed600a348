import ListDiff
import ListLabTestSupport
import Testing

@testable import ListLabCore

/// An item of the property tests: an identity and a content version.
private struct Entry: Hashable {
    var id: Int
    var version: Int
    var text: String { "\(id)v\(version)" }
}

/// A data source showing sections of entries, switchable to a new state.
private final class EntriesDataSource: ListDataSource {
    var sections: [(id: String, items: [Entry])]
    init(_ sections: [(id: String, items: [Entry])]) { self.sections = sections }
    func numberOfSections(in list: HeadlessList) -> Int { sections.count }
    func list(_ list: HeadlessList, numberOfItemsInSection section: Int) -> Int { sections[section].items.count }
    func list(_ list: HeadlessList, cellForItemAt path: ItemPath) -> ListCell {
        let cell = list.dequeueReusableCell(withIdentifier: "Cell", for: path)
        cell.text = sections[path.section].items[path.item].text
        return cell
    }
}

/// A random pair of states: sections kept, dropped, added and reordered;
/// items kept, dropped, added, changed and moved, within and across sections.
private func randomPair(seed: UInt64, sections: Int, items: Int, churn: Int) -> (
    old: [(id: String, items: [Entry])], new: [(id: String, items: [Entry])]
) {
    var random = SplitMix64(seed: seed)
    var nextID = 0
    var old: [(id: String, items: [Entry])] = []
    for index in 0..<sections {
        var entries: [Entry] = []
        for _ in 0..<random.below(items + 1) {
            entries.append(Entry(id: nextID, version: 0))
            nextID += 1
        }
        old.append(("S\(index)", entries))
    }
    var new = old.filter { _ in random.below(100) >= churn / 3 }
    for index in 0..<random.below(3) where churn > 0 {
        new.insert(("N\(seed)-\(index)", []), at: random.below(new.count + 1))
    }
    if new.count > 1, churn > 0 { new.swapAt(random.below(new.count), random.below(new.count)) }
    var pool: [Entry] = []
    for index in new.indices {
        new[index].items = new[index].items.filter { _ in random.below(100) >= churn }
        for position in new[index].items.indices where random.below(100) < churn {
            new[index].items[position].version += 1
        }
        for _ in 0..<random.below(churn / 10 + 1) where !new[index].items.isEmpty {
            pool.append(new[index].items.remove(at: random.below(new[index].items.count)))
        }
    }
    // Items that left an old section (kept, or from dropped sections) land anywhere.
    let kept = Set(new.flatMap { $0.items.map(\.id) })
    let dropped = old.filter { section in !new.contains { other in other.id == section.id } }.flatMap(\.items)
    pool += dropped.filter { entry in random.below(100) < 50 && !kept.contains(entry.id) }
    for _ in 0..<random.below(churn + 1) {
        pool.append(Entry(id: nextID, version: 0))
        nextID += 1
    }
    for entry in pool where !new.isEmpty {
        let section = random.below(new.count)
        new[section].items.insert(entry, at: random.below(new[section].items.count + 1))
    }
    return (old, new)
}

private func check(
    _ old: [(id: String, items: [Entry])], _ new: [(id: String, items: [Entry])], style: CellUpdateStyle,
    sourceLocation: SourceLocation = #_sourceLocation
) throws {
    let (list, staged) = try listAndUpdate(old, new, style: style)
    for stage in staged.stages {
        try list.performBatchUpdates(stage)
    }
    let shown = list.indexPathsForVisibleItems.map { list.cellForItem(at: $0)?.text ?? "" }
    let expected = new.flatMap { $0.items.map(\.text) }
    #expect(shown == expected, sourceLocation: sourceLocation)
    #expect(list.numberOfSections == new.count, sourceLocation: sourceLocation)
}

@Test(arguments: 0..<60)
func stagedUpdatesTakeTheListToTheNewStateWithinUIKitsRules(seed: Int) throws {
    let churn = [0, 10, 30, 60, 90][seed % 5]
    let (old, new) = randomPair(seed: UInt64(seed), sections: 1 + seed % 5, items: 12, churn: churn)
    try check(old, new, style: seed % 2 == 0 ? .reconfigure : .reload)
}

@Test func edgeCasesOfWholeLists() throws {
    let some: [(id: String, items: [Entry])] = [
        ("A", (0..<5).map { Entry(id: $0, version: 0) }), ("B", [Entry(id: 9, version: 0)]),
    ]
    try check([], some, style: .reload)
    try check(some, [], style: .reload)
    try check(some, some, style: .reload)
    try check(some, [("A", (10..<13).map { Entry(id: $0, version: 0) }), ("B", [])], style: .reconfigure)
    try check(some, [("B", [Entry(id: 0, version: 1)]), ("A", [Entry(id: 9, version: 0)])], style: .reconfigure)
}

@Test func movesAreMinimalOnSmallCases() throws {
    func moves(_ old: [Int], _ new: [Int]) throws -> Int {
        try SectionedChangeset(
            from: [DiffSection(id: 0, items: old)], to: [DiffSection(id: 0, items: new)], identity: { $0 },
            isContentEqual: ==
        ).movedItems.count
    }
    #expect(try moves([1, 2, 3, 4, 5], [2, 3, 4, 5, 1]) == 1)
    #expect(try moves([1, 2, 3], [3, 2, 1]) == 2)
    #expect(try moves([1, 2, 3], [1, 2, 3]) == 0)
}

@Test func aChangedItemThatMovedIsRefreshedInTheSecondStage() throws {
    let old = [DiffSection(id: "S", items: [Entry(id: 1, version: 0), Entry(id: 2, version: 0)])]
    let new = [DiffSection(id: "S", items: [Entry(id: 2, version: 0), Entry(id: 1, version: 1)])]
    let changes = try SectionedChangeset(from: old, to: new, identity: \.id, isContentEqual: ==)
    #expect(
        StagedUpdate(changes, style: .reconfigure).stages == [
            BatchUpdate(movedItems: [ItemMove(from: ItemPath(0, 1), to: ItemPath(0, 0))]),
            BatchUpdate(reconfiguredItems: [ItemPath(0, 1)]),
        ])
}

@Test func itemsMoveAcrossSections() throws {
    let old = [DiffSection(id: "A", items: [1, 2]), DiffSection(id: "B", items: [3])]
    let new = [DiffSection(id: "A", items: [1]), DiffSection(id: "B", items: [2, 3])]
    let changes = try SectionedChangeset(from: old, to: new, identity: { $0 }, isContentEqual: ==)
    #expect(changes.movedItems == [.init(from: ElementPath(0, 1), to: ElementPath(1, 0))])
    #expect(changes.deletedItems.isEmpty && changes.insertedItems.isEmpty)
}

@Test func duplicateIdentitiesNameBothPaths() {
    let old = [DiffSection(id: "A", items: [1, 2]), DiffSection(id: "B", items: [3, 2])]
    #expect(throws: DuplicateIdentityError.self) {
        try SectionedChangeset(from: old, to: [], identity: { $0 }, isContentEqual: ==)
    }
    do {
        _ = try SectionedChangeset(from: old, to: [], identity: { $0 }, isContentEqual: ==)
    } catch {
        #expect(error.description == "duplicate identity '2' in the old list, at 0.1 and 1.1")
    }
}

@Test func theRandomStatesExerciseEveryKindOfChange() throws {
    var seen = SectionedChangeset()
    var crossSection = 0
    for seed in 0..<200 {
        let (old, new) = randomPair(
            seed: UInt64(seed), sections: 1 + seed % 5, items: 12, churn: [10, 30, 60, 90][seed % 4])
        let changes = try SectionedChangeset(
            from: old.map { DiffSection(id: $0.id, items: $0.items) },
            to: new.map { DiffSection(id: $0.id, items: $0.items) },
            identity: \.id, isContentEqual: ==)
        seen.deletedSections += changes.deletedSections
        seen.insertedSections += changes.insertedSections
        seen.movedSections += changes.movedSections
        seen.deletedItems += changes.deletedItems
        seen.insertedItems += changes.insertedItems
        seen.movedItems += changes.movedItems
        seen.updatedItems += changes.updatedItems
        crossSection += changes.movedItems.filter { $0.from.section != $0.to.section }.count
    }
    #expect(!seen.deletedSections.isEmpty && !seen.insertedSections.isEmpty && !seen.movedSections.isEmpty)
    #expect(
        !seen.deletedItems.isEmpty && !seen.insertedItems.isEmpty && !seen.movedItems.isEmpty
            && !seen.updatedItems.isEmpty)
    #expect(crossSection > 0)
}

// MARK: HeadlessList.apply: stages as batch updates, or reloadData above a threshold

/// A list over `old` whose data source already shows `new`, and the staged update between them.
private func listAndUpdate(
    _ old: [(id: String, items: [Entry])], _ new: [(id: String, items: [Entry])], style: CellUpdateStyle = .reconfigure
) throws -> (HeadlessList, StagedUpdate) {
    let changes = try SectionedChangeset(
        from: old.map { DiffSection(id: $0.id, items: $0.items) },
        to: new.map { DiffSection(id: $0.id, items: $0.items) },
        identity: \.id, isContentEqual: ==)
    let data = EntriesDataSource(old)
    let list = HeadlessList(viewportRows: 1_000)
    list.register(ListCell.self, forCellReuseIdentifier: "Cell")
    list.dataSource = data
    list.reloadData()
    data.sections = new
    return (list, StagedUpdate(changes, style: style))
}

private let before: [(id: String, items: [Entry])] = [("S", (0..<4).map { Entry(id: $0, version: 0) })]
/// Item 0 deleted, 1 changed, 4 inserted, 3 moved to the front: two stages, four changes.
private let after: [(id: String, items: [Entry])] = [
    ("S", [Entry(id: 3, version: 0), Entry(id: 1, version: 1), Entry(id: 2, version: 0), Entry(id: 4, version: 0)])
]

@Test func applyPerformsEachStageAsABatchUpdate() throws {
    let (list, staged) = try listAndUpdate(before, after)
    #expect(staged.stages.count == 2)
    var seen: [String] = []
    let outcome = try list.apply(
        staged, reloadingDataAbove: staged.changeCount,
        willPerform: { seen.append("will \($0)") }, didPerform: { seen.append("did \($0)") })
    #expect(outcome == .performedBatchUpdates)
    #expect(seen == staged.stages.flatMap { ["will \($0)", "did \($0)"] })
    #expect(list.statistics.batchUpdates == 2 && list.statistics.reloads == 1)
    #expect(
        list.indexPathsForVisibleItems.map { list.cellForItem(at: $0)?.text ?? "" } == ["3v0", "1v1", "2v0", "4v0"])
}

@Test func applyReloadsDataAboveTheThreshold() throws {
    let (list, staged) = try listAndUpdate(before, after)
    var performed = 0
    let outcome = try list.apply(
        staged, reloadingDataAbove: staged.changeCount - 1, willPerform: { _ in performed += 1 })
    #expect(outcome == .reloadedData && performed == 0)
    #expect(list.statistics.batchUpdates == 0 && list.statistics.reloads == 2)
    #expect(
        list.indexPathsForVisibleItems.map { list.cellForItem(at: $0)?.text ?? "" } == ["3v0", "1v1", "2v0", "4v0"])
}

@Test func applyOfNoChangesLeavesTheListAlone() throws {
    let (list, staged) = try listAndUpdate(before, before)
    #expect(try list.apply(staged) == .unchanged)
    #expect(list.statistics.batchUpdates == 0 && list.statistics.reloads == 1)
}

@Test func applyOfAnUpdateThatDoesNotDescribeTheChangeIsRefused() throws {
    // The update of one change, against a data source that changed differently.
    let (list, staged) = try listAndUpdate(before, [("S", [Entry(id: 9, version: 0)] + before[0].items)])
    let (_, wrong) = try listAndUpdate(before, [("S", Array(before[0].items.dropFirst()))])
    #expect(staged.changeCount == 1)
    #expect(throws: BatchUpdateError.self) { try list.apply(wrong) }
    #expect(list.statistics.refusedBatchUpdates == 1)
}
