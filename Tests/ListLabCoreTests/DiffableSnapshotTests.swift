import ListLabCore
import Testing

private typealias Snapshot = DiffableSnapshot<String, String>

/// `A: a1, a2 | B: b1` for a snapshot, to compare with hand-worked states.
private func state(_ snapshot: Snapshot) -> String {
    snapshot.sectionIdentifiers.map { section in
        "\(section): " + ((try? snapshot.itemIdentifiers(inSection: section)) ?? []).joined(separator: ", ")
    }.joined(separator: " | ")
}

private func make(_ sections: [(String, [String])]) throws -> Snapshot {
    var snapshot = Snapshot()
    for (section, items) in sections {
        try snapshot.appendSections([section])
        try snapshot.appendItems(items, toSection: section)
    }
    return snapshot
}

/// Expects `body` to throw UIKit's `reason` and to leave `snapshot` as it was.
private func expectRefusal(
    _ reason: String, _ snapshot: inout Snapshot, _ body: (inout Snapshot) throws -> Void,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let before = snapshot
    var copy = snapshot
    do {
        try body(&copy)
        Issue.record("expected: \(reason)", sourceLocation: sourceLocation)
    } catch {
        #expect("\(error)" == reason, sourceLocation: sourceLocation)
    }
    #expect(copy == before, sourceLocation: sourceLocation)
    #expect(copy.reloadedItemIdentifiers == before.reloadedItemIdentifiers, sourceLocation: sourceLocation)
}

@Test func sectionsAreAppendedInsertedMovedAndDeletedByIdentifier() throws {
    var snapshot = try make([("A", ["a1"]), ("B", ["b1", "b2"])])
    try snapshot.insertSections(["X", "Y"], beforeSection: "B")
    #expect(state(snapshot) == "A: a1 | X:  | Y:  | B: b1, b2")
    try snapshot.insertSections(["Z"], afterSection: "B")
    #expect(snapshot.sectionIdentifiers == ["A", "X", "Y", "B", "Z"])
    try snapshot.moveSection("A", afterSection: "B")
    #expect(snapshot.sectionIdentifiers == ["X", "Y", "B", "A", "Z"])
    try snapshot.moveSection("Z", beforeSection: "X")
    #expect(snapshot.sectionIdentifiers == ["Z", "X", "Y", "B", "A"])
    snapshot.deleteSections(["Y", "nope", "B"])
    #expect(state(snapshot) == "Z:  | X:  | A: a1")
    #expect(snapshot.numberOfItems == 1)
    #expect(snapshot.sectionIdentifier(containingItem: "b1") == nil)
    #expect(snapshot.indexOfSection("A") == 2)
}

@Test func itemsAreAppendedInsertedMovedAndDeletedByIdentifier() throws {
    var snapshot = try make([("A", []), ("B", [])])
    try snapshot.appendItems(["b1", "b2"])  // the last section
    try snapshot.appendItems(["a1"], toSection: "A")
    try snapshot.insertItems(["b0"], beforeItem: "b1")
    try snapshot.insertItems(["a2", "a3"], afterItem: "a1")
    #expect(state(snapshot) == "A: a1, a2, a3 | B: b0, b1, b2")
    try snapshot.moveItem("b2", beforeItem: "a1")
    try snapshot.moveItem("a1", afterItem: "b1")
    #expect(state(snapshot) == "A: b2, a2, a3 | B: b0, b1, a1")
    snapshot.deleteItems(["a2", "nope", "b0"])
    #expect(state(snapshot) == "A: b2, a3 | B: b1, a1")
    #expect(snapshot.indexOfItem("a1") == 3)
    #expect(snapshot.sectionIdentifier(containingItem: "b2") == "A")
    #expect(snapshot.itemIdentifiers == ["b2", "a3", "b1", "a1"])
    #expect(try snapshot.numberOfItems(inSection: "B") == 2)
    snapshot.deleteAllItems()
    #expect(snapshot.numberOfSections == 0)
    #expect(snapshot.numberOfItems == 0)
}

@Test func itemsAddedThatAreThereAlreadyMoveIntoPlaceWithUIKitsWarning() throws {
    var snapshot = try make([("A", ["a1", "a2"]), ("B", ["b1"])])
    let warning = try snapshot.appendItems(["a1", "new"], toSection: "B")
    #expect(state(snapshot) == "A: a2 | B: b1, a1, new")
    #expect(warning?.alreadyPresent == 1)
    #expect(
        warning?.description
            == "Diffable data source detected an attempt to insert or append 1 item identifier that already exists in "
            + "the snapshot. The existing item identifier will be moved into place instead, but this operation will "
            + "be more expensive."
    )
    let two = try snapshot.insertItems(["b1", "a2"], beforeItem: "new")
    #expect(two?.alreadyPresent == 2)
    #expect(
        two?.description
            == "Diffable data source detected an attempt to insert or append 2 item identifiers that already exist in "
            + "the snapshot. The existing item identifiers will be moved into place instead, but this operation will "
            + "be more expensive."
    )
    #expect(state(snapshot) == "A:  | B: a1, b1, a2, new")
    #expect(try snapshot.appendItems(["fresh"]) == nil)
}

@Test func reloadAndReconfigureMarksAreKeptInOrderAndDoNotCountForEquality() throws {
    var snapshot = try make([("A", ["a1", "a2"])])
    let plain = snapshot
    try snapshot.reloadItems(["a2", "a1", "a2"])
    try snapshot.reconfigureItems(["a1"])
    try snapshot.reloadSections(["A"])
    #expect(snapshot.reloadedItemIdentifiers == ["a2", "a1"])
    #expect(snapshot.reconfiguredItemIdentifiers == ["a1"])
    #expect(snapshot.reloadedSectionIdentifiers == ["A"])
    #expect(snapshot == plain)
    snapshot.deleteItems(["a2"])
    #expect(snapshot.reloadedItemIdentifiers == ["a1"])
    #expect(snapshot.unmarked.reconfiguredItemIdentifiers.isEmpty)
}

@Test func everyRefusalIsUIKitsReasonAndChangesNothing() throws {
    var empty = Snapshot()
    expectRefusal("There are currently no sections in the data source. Please add a section first.", &empty) {
        try $0.appendItems(["a"])
    }
    var snapshot = try make([("A", ["a1", "a2"]), ("B", ["b1"])])
    try snapshot.reloadItems(["a1"])
    expectRefusal(
        "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    x,\n    y\n)}", &snapshot
    ) {
        try $0.appendItems(["x", "y", "x", "y", "x"])
    }
    expectRefusal("Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\n    C\n)}", &snapshot)
    { try $0.appendSections(["C", "C"]) }
    expectRefusal(
        "Diffable data source detected an attempt to insert or append 1 section identifier that already exists in the "
            + "snapshot. Identifiers in a snapshot must be unique. Section identifier that already exists: A",
        &snapshot
    ) { try $0.appendSections(["C", "A"]) }
    expectRefusal(
        "Diffable data source detected an attempt to insert or append 2 section identifiers that already exist in the "
            + "snapshot. Identifiers in a snapshot must be unique. Section identifiers that already exist: B, A",
        &snapshot
    ) { try $0.appendSections(["B", "A"]) }
    expectRefusal(
        "Section identifier was not found. You can verify the section exists by calling the indexOfSectionIdentifier "
            + "API (which has O(1) performance)",
        &snapshot
    ) {
        _ = try $0.itemIdentifiers(inSection: "Z")
    }
    expectRefusal("Invalid parameter not satisfying: section != NSNotFound", &snapshot) {
        try $0.appendItems(["n"], toSection: "Z")
    }
    expectRefusal("Invalid parameter not satisfying: section != NSNotFound", &snapshot) {
        try $0.insertItems(["n"], afterItem: "zz")
    }
    expectRefusal("Invalid parameter not satisfying: insertIndex != NSNotFound", &snapshot) {
        try $0.insertSections(["C"], beforeSection: "Z")
    }
    expectRefusal("Invalid parameter not satisfying: fromIndex != NSNotFound", &snapshot) {
        try $0.moveItem("zz", beforeItem: "a1")
    }
    expectRefusal("Invalid parameter not satisfying: toIndex != NSNotFound", &snapshot) {
        try $0.moveItem("a1", beforeItem: "zz")
    }
    expectRefusal("Invalid parameter not satisfying: fromSection != NSNotFound", &snapshot) {
        try $0.moveSection("Z", afterSection: "A")
    }
    expectRefusal("Invalid parameter not satisfying: toSection != NSNotFound", &snapshot) {
        try $0.moveSection("A", afterSection: "Z")
    }
    expectRefusal(
        "Invalid update: destination for insertion operation [a1] is in the insertion identifier list for update: "
            + "<_UIDiffableDataSourceUpdate - action: INS; destination: [a1]; identifiers: [n, a1]>.",
        &snapshot
    ) { try $0.insertItems(["n", "a1"], beforeItem: "a1") }
    expectRefusal(
        "Invalid update: destination for move operation [a1] is in the move identifier list for update: "
            + "<_UIDiffableDataSourceUpdate - action: MOV; destination: [a1]; identifiers: [a1]>.",
        &snapshot
    ) { try $0.moveItem("a1", afterItem: "a1") }
    expectRefusal(
        "Invalid update: destination for move operation [A] is in the move identifier list for update: "
            + "<_UIDiffableDataSourceUpdate - action: MOV; destination: [A]; identifiers: [A]>.",
        &snapshot
    ) { try $0.moveSection("A", beforeSection: "A") }
    expectRefusal("Attempted to reload item identifier that does not exist in the snapshot: zz", &snapshot) {
        try $0.reloadItems(["a2", "zz"])
    }
    expectRefusal("Attempted to reconfigure item identifier that does not exist in the snapshot: zz", &snapshot) {
        try $0.reconfigureItems(["zz"])
    }
    expectRefusal("Attempted to reload section identifier that does not exist in the snapshot: Z", &snapshot) {
        try $0.reloadSections(["A", "Z"])
    }
}

/// UIKit's set of duplicate identifiers shows 20 of many and how many in
/// all, and 200 characters of a long one: 1,500 records of 5 KB alike were
/// one error of 7.5 MB.
@Test func duplicateIdentifiersAreShownShortInTheReason() {
    let many = (0..<25).map { "id\($0)" } + [String(repeating: "x", count: 5_000)]
    let lines = DiffableSnapshotError.duplicateIdentifiers(kind: .item, many).description.split(
        separator: "\n", omittingEmptySubsequences: false)
    #expect(lines.first == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(")
    #expect(lines.count == 23 && lines[20] == "    id19," && lines[21] == "    ... (26 in all)" && lines[22] == ")}")
    let long = DiffableSnapshotError.duplicateIdentifiers(kind: .item, [String(repeating: "x", count: 5_000)])
        .description
    #expect(long.hasSuffix("{(\n    " + String(repeating: "x", count: 200) + "...\n)}"))
}
