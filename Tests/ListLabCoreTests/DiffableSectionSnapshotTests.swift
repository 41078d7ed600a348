import ListLabCore
import ListLabTestSupport
import Testing

/// A cell that shows its identifier.
private final class OutlineCell: ListCell, ReusableCell {}

/// Fruit (Apple, Pear (Conference, Williams)), Vegetables (Leek), Nuts.
private func produce() throws -> DiffableSectionSnapshot<String> {
    var outline = DiffableSectionSnapshot<String>()
    try outline.append(["Fruit", "Vegetables", "Nuts"])
    try outline.append(["Apple", "Pear"], to: "Fruit")
    try outline.append(["Conference", "Williams"], to: "Pear")
    try outline.append(["Leek"], to: "Vegetables")
    return outline
}

/// A list of up to 100 rows (all visible) under a data source whose cells show their identifiers.
private func makeList() -> (HeadlessList, DiffableDataSource<String, String>) {
    let list = HeadlessList(viewportRows: 100)
    list.register(OutlineCell.self)
    let dataSource = DiffableDataSource<String, String>(list: list) { list, path, item in
        let cell = list.dequeueReusableCell(OutlineCell.self, for: path)
        cell.text = item
        return cell
    }
    return (list, dataSource)
}

struct DiffableSectionSnapshotTests {
    @Test func appendedChildrenStartCollapsedAndExpandingShowsThem() throws {
        var outline = try produce()
        #expect(outline.items == ["Fruit", "Apple", "Pear", "Conference", "Williams", "Vegetables", "Leek", "Nuts"])
        #expect(outline.rootItems == ["Fruit", "Vegetables", "Nuts"])
        #expect(outline.visibleItems == ["Fruit", "Vegetables", "Nuts"])
        outline.expand(["Fruit"])
        #expect(outline.visibleItems == ["Fruit", "Apple", "Pear", "Vegetables", "Nuts"])
        outline.expand(["Pear"])
        #expect(outline.visibleItems == ["Fruit", "Apple", "Pear", "Conference", "Williams", "Vegetables", "Nuts"])
        // Collapsing a parent hides its descendants; the child keeps its own state.
        outline.collapse(["Fruit"])
        #expect(outline.visibleItems == ["Fruit", "Vegetables", "Nuts"])
        #expect(outline.isExpanded("Pear"))
        #expect(!outline.isVisible("Conference"))
        outline.expand(["Fruit", "Nowhere"])
        #expect(outline.isVisible("Conference"))
    }

    @Test func levelsParentsChildrenAndIndexes() throws {
        let outline = try produce()
        #expect(outline.level(of: "Fruit") == 0)
        #expect(outline.level(of: "Pear") == 1)
        #expect(outline.level(of: "Williams") == 2)
        #expect(outline.level(of: "Nowhere") == nil)
        #expect(outline.parent(of: "Williams") == "Pear")
        #expect(outline.parent(of: "Fruit") == nil)
        #expect(outline.children(of: "Fruit") == ["Apple", "Pear"])
        #expect(outline.index(of: "Leek") == 6)
        #expect(outline.contains("Leek") && !outline.contains("Kale"))
    }

    @Test func insertsAreSiblingsOfTheDestination() throws {
        var outline = try produce()
        try outline.insert(["Bosc"], before: "Williams")
        try outline.insert(["Cherry"], after: "Apple")
        try outline.insert(["Grains"], after: "Nuts")
        #expect(outline.children(of: "Pear") == ["Conference", "Bosc", "Williams"])
        #expect(outline.children(of: "Fruit") == ["Apple", "Cherry", "Pear"])
        #expect(outline.rootItems == ["Fruit", "Vegetables", "Nuts", "Grains"])
        #expect(outline.parent(of: "Bosc") == "Pear")
    }

    @Test func deletingAnItemDeletesWhatIsUnderIt() throws {
        var outline = try produce()
        outline.delete(["Pear", "Nowhere"])
        #expect(outline.items == ["Fruit", "Apple", "Vegetables", "Leek", "Nuts"])
        #expect(!outline.contains("Williams"))
        outline.delete(["Leek"])
        #expect(outline.children(of: "Vegetables").isEmpty)
        outline.deleteAll()
        #expect(outline.items.isEmpty)
    }

    @Test func mistakesThrowUIKitsReasonAndChangeNothing() throws {
        var outline = try produce()
        let before = outline.items
        #expect(throws: DiffableSectionSnapshotError.duplicateIdentifiers(["Kale"])) {
            try outline.append(["Kale", "Kale"])
        }
        #expect(throws: DiffableSectionSnapshotError.duplicateIdentifiers(["Apple"])) {
            try outline.append(["Kale", "Apple"], to: "Vegetables")
        }
        #expect(throws: DiffableSectionSnapshotError.notInSnapshot(role: .parent, "Meat")) {
            try outline.append(["Ham"], to: "Meat")
        }
        #expect(throws: DiffableSectionSnapshotError.notInSnapshot(role: .insertBefore, "Meat")) {
            try outline.insert(["Ham"], before: "Meat")
        }
        #expect(outline.items == before)
        #expect(
            "\(DiffableSectionSnapshotError.duplicateIdentifiers(["Kale"]))"
                == "Identifiers in a section snapshot must be unique. Duplicate item identifiers: {(\n    Kale\n)}")
    }

    @Test func partsAndTheVisualDescription() throws {
        var outline = try produce()
        outline.expand(["Fruit"])
        #expect(outline.snapshot(of: "Fruit").items == ["Apple", "Pear", "Conference", "Williams"])
        #expect(outline.snapshot(of: "Fruit").rootItems == ["Apple", "Pear"])
        #expect(outline.snapshot(of: "Fruit", includingParent: true).visibleItems == ["Fruit", "Apple", "Pear"])
        #expect(outline.snapshot(of: "Kale").items.isEmpty)
        #expect(
            outline.visualDescription() == """
                - Fruit
                    Apple
                  + Pear
                      Conference
                      Williams
                + Vegetables
                    Leek
                  Nuts
                """)
    }

    @Test func expandingAndCollapsingThroughTheDataSourceAreBatchInsertsAndDeletes() throws {
        let (list, dataSource) = makeList()
        var outline = try produce()
        var result = try dataSource.apply(outline, to: "Produce")
        #expect(dataSource.snapshot().sectionIdentifiers == ["Produce"])
        #expect(dataSource.snapshot().itemIdentifiers == ["Fruit", "Vegetables", "Nuts"])
        #expect(result.stages.map(\.description) == ["insert section 0"])
        outline.expand(["Fruit"])
        result = try dataSource.apply(outline, to: "Produce")
        #expect(result.stages.map(\.description) == ["insert 0.1, 0.2"])
        #expect(
            (0..<list.numberOfItems(inSection: 0)).map { list.cellForItem(at: ItemPath(0, $0))?.text } == [
                "Fruit", "Apple", "Pear", "Vegetables", "Nuts",
            ])
        outline.collapse(["Fruit"])
        result = try dataSource.apply(outline, to: "Produce")
        #expect(result.stages.map(\.description) == ["delete 0.1, 0.2"])
        #expect(dataSource.snapshot(for: "Produce").isExpanded("Fruit") == false)
        #expect(dataSource.snapshot(for: "Produce").items == outline.items)
        #expect(list.statistics.refusedBatchUpdates == 0)
        // A whole snapshot applied makes the section flat again.
        try dataSource.apply(dataSource.snapshot())
        #expect(dataSource.snapshot(for: "Produce").items == ["Fruit", "Vegetables", "Nuts"])
        #expect(dataSource.snapshot(for: "Nowhere").items.isEmpty)
    }

    @Test func theTraceNamesTheDiffableDataSourceAndItsCellProvider() throws {
        let (list, dataSource) = makeList()
        var lines: [String] = []
        list.tracer.sink = { lines.append($0.description) }
        var snapshot = DiffableSnapshot<String, String>()
        try snapshot.appendSections(["Main"])
        try snapshot.appendItems(["Ada"])
        try dataSource.apply(snapshot)
        #expect(lines.first == "controller → diffable data source: apply(snapshot, animatingDifferences: true)")
        #expect(lines.contains("  diffable data source → list: performBatchUpdates(insert section 0)"))
        #expect(lines.contains { $0.hasSuffix("list → diffable data source: cellForItem(at: 0.0)") })
        #expect(lines.contains { $0.hasSuffix("diffable data source → cell provider: cellProvider(0.0, Ada)") })
    }
}
