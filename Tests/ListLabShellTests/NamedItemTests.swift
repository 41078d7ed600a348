import Foundation
import ListLabCore
import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabShell

// One PATH is one item in every command, at any moment: the row the list
// shows. Keys name an item whatever its place.

private func session(_ lines: [String], in folder: String = ".") -> (Session, RecordingOutput) {
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder)
    for line in lines { session.execute(line) }
    return (session, output)
}

private func key(at path: ItemPath, in session: Session) -> Value? {
    (try? session.current())?.provider.item(at: path)?["id"]
}

@Test func underAnOutlineEveryCommandNamesTheRowOnScreen() throws {
    let folder = try TemporaryFolder()
    let sample = try #require(BuiltInSamples.all.first { $0.name == "menu" }.flatMap(BuiltInSamples.path(of:)))
    try folder.write("menu.json", try String(contentsOfFile: sample, encoding: .utf8))
    let (shell, output) = session(
        ["load menu.json", "diffable on", "outline by parent", "inspect 0.2"], in: folder.path)
    #expect(output.lines.last(where: { $0.hasPrefix("0.2") }) == "0.2 (key id = 13)")
    output.clear()
    shell.execute("delete 0.2")
    #expect(output.lines.last == "deleted 0.2 (0.12 in the data): Lists")
    // The item on screen went, not the data's 0.2 (id 3, a row not even visible).
    let loaded = try shell.current()
    #expect(loaded.records.path(ofKey: 13) == nil)
    #expect(loaded.records.path(ofKey: 3) != nil)
    shell.execute("save")
    let saved = folder.read("menu.json")
    #expect(!saved.contains("\"id\": 13,") && !saved.contains("\"id\":13,") && saved.contains("Grid"))
}

@Test func afterASnapshotMoveUpdateChangesTheItemShown() {
    let (shell, output) = session([
        "load contacts", "diffable on", "snapshot moveItem 1 afterItem 8", "apply", "update 0.0 city=Moved",
    ])
    #expect(output.lines.last == #"updated 0.0 (0.1 in the data): city = "Moved""#)
    #expect(shell.list.numberOfItems(inSection: 0) == 8)
    let loaded = try? shell.current()
    #expect(loaded?.provider.item(at: ItemPath(0, 1))?["city"] == "Moved")
    #expect(loaded?.provider.item(at: ItemPath(0, 1))?["name"] == "Clark Kent")
}

/// Under a diffable data source a row is written with its section: a bare number is an identifier.
@Test func underADiffableDataSourceARowIsWrittenWithItsSection() {
    let (shell, output) = session(["load contacts", "diffable on", "update 2 name=X"])
    #expect(
        output.lines.last
            == "error: column 8: '2': under a diffable data source a row is written with its section (0.2, not 2): a "
            + "bare number names an identifier, as in 'snapshot reloadItems 2'"
    )
    for line in ["select 1", "show 2-4", "delete 3", "move 1 0.2", "inspect 7"] {
        #expect(shell.execute(line).failed, "\(line)")
    }
    for line in [
        "select 0.1", "show 0.2-4", "inspect 0.7", "snapshot reloadItems 2", "diffable off", "update 2 name=X",
    ] {
        #expect(!shell.execute(line).failed, "\(line)")
    }
}

@Test func aPositionTheListAndTheDataReadDifferentlyIsRefusedNamingBoth() {
    let (_, output) = session([
        "load contacts", "diffable on", "snapshot moveItem 1 afterItem 8", "apply", "insert 0.0 name=X",
        "move id=2 0.3",
    ])
    #expect(
        output.lines.suffix(2) == [
            "error: insert at 0.0 is ambiguous: the list shows the applied snapshot, where 0.0 is 2, and the data "
                + "holds 1 there: 'snapshot new from data' and 'apply' first, or use 'snapshot' operations",
            "error: move to 0.3 is ambiguous: the list shows the applied snapshot, where 0.3 is 5, and the data holds "
                + "4 there: 'snapshot new from data' and 'apply' first, or use 'snapshot' operations",
        ])
}

@Test func aKeyNamesTheSameItemAfterASort() {
    let (shell, output) = session([
        "load contacts", "sort name", "update id=2 city=Smallville", "inspect id=2", "select id=2", "delete id=99",
    ])
    #expect(output.lines.contains(#"updated 0.3 (id=2): city = "Smallville"; cell #2 reconfigured in place"#))
    #expect(output.lines.contains("0.3 (key id = 2)"))
    #expect(output.lines.contains("selected 0.3: Clark Kent"))
    #expect(output.lines.last == "error: column 8: no item with id=99 in contacts")
    let loaded = try? shell.current()
    #expect(loaded?.provider.item(at: ItemPath(0, 3))?["name"] == "Clark Kent")
    #expect(loaded?.provider.item(at: ItemPath(0, 3))?["city"] == "Smallville")
}

@Test func anItemIsNamedByItsKeyField() {
    #expect(
        last(["load contacts", "update name=Ada city=X"]) == [
            "error: column 8: an item is named by its key, id=VALUE, not by name"
        ])
    #expect(
        last(["load tabs", "load tasks", "compose tabs tasks", "delete id=1"]) == [
            "error: column 8: items of tabs+tasks have no key to name them by: name one by its PATH"
        ])
}

@Test func afterADataOnlyDeleteARowOnScreenIsTheItemItShows() {
    let (shell, output) = session(["load contacts", "delete 1 --data-only", "inspect 2", "select 1", "update 2 city=X"])
    #expect(output.lines.contains("0.2 (0.1 in the data) (key id = 3)"))
    #expect(
        output.lines.contains {
            $0.hasPrefix(
                "error: 0.1 on screen is an item the data no longer holds ('delete 1 --data-only' changed the data, "
                    + "the list was not told)"
            )
        })
    // A change the list would have to be told of is refused before the data changes.
    #expect(
        output.lines.last
            == "error: update would hand the list a batch update, but the list was not told of 'delete 1 --data-only' "
            + "(it has 8 rows in section 0, the data 7): UIKit would refuse it; tell the list with 'batch', or "
            + "'reload --list' first"
    )
    let loaded = try? shell.current()
    #expect(loaded?.provider.item(at: ItemPath(0, 1))?["city"] == "Themyscira")
    // Once told, the paths agree again.
    shell.execute("batch delete 0.1")
    shell.execute("update 1 city=Y")
    #expect(output.lines.last == #"updated 0.1: city = "Y"; cell #3 reconfigured in place"#)
}
