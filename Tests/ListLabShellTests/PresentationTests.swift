import ListLabCore
import ListLabTestSupport
import Testing

@testable import ListLabShell

// The presentation on its own: what the list is told of a change to the data, and how far it
// lags behind after changes made with --data-only.

@Test func aChangeTheListWasNotToldOfLastsUntilTheListReloads() throws {
    let output = RecordingOutput()
    let session = Session(output: output)
    session.execute("load contacts")
    let presentation = session.presentation
    let loaded = try session.current()
    #expect(presentation.currentUnannouncedChange() == nil)

    session.execute(#"append name="Oliver Queen" --data-only"#)
    #expect(presentation.currentUnannouncedChange()?.command == #"append name="Oliver Queen" --data-only"#)
    #expect(presentation.list.numberOfItems(inSection: 0) == 8 && loaded.provider.numberOfItems(inSection: 0) == 9)
    #expect(throws: ShellError.self) { try presentation.checkListIsInStep(for: "delete 0.1", with: loaded) }
    // A batch update while a change is made with --data-only is that change's own: not refused.
    presentation.changesDataOnly = true
    #expect(throws: Never.self) { try presentation.checkListIsInStep(for: "delete 0.1", with: loaded) }
    presentation.changesDataOnly = false

    presentation.list.reloadData()
    #expect(presentation.currentUnannouncedChange() == nil)
    #expect(throws: Never.self) { try presentation.checkListIsInStep(for: "delete 0.1", with: loaded) }
}

@Test func aBatchUpdateThatBringsTheCountsLevelPutsTheListInStep() throws {
    let session = Session(output: RecordingOutput())
    session.execute("load contacts")
    session.execute(#"append name="Oliver Queen" --data-only"#)
    let presentation = session.presentation
    presentation.listWasTold(of: try session.current())
    #expect(presentation.currentUnannouncedChange() != nil)  // the list still has 8 rows, the data 9
    session.execute("batch insert 0.8")
    #expect(presentation.currentUnannouncedChange() == nil)
}

@Test func underADiffableDataSourceTheListIsNotToldAndShowingAnotherProviderTurnsItOff() throws {
    let output = RecordingOutput()
    let session = Session(output: output)
    session.execute("load contacts")
    session.execute("diffable on")
    let presentation = session.presentation
    #expect(!presentation.listFollowsData)
    let batches = presentation.list.statistics.batchUpdates
    try presentation.apply(
        BatchUpdate(deletedItems: [ItemPath(0, 1)]), from: "delete", to: try session.current(), command: "delete 0.1",
        output: output)
    #expect(presentation.list.statistics.batchUpdates == batches)
    #expect(output.lines.last?.hasPrefix("(diffable: contacts changed, the list shows the applied snapshot") == true)

    session.execute("load tabs")
    #expect(presentation.diffable == nil && presentation.listFollowsData)
    #expect(output.lines.contains("(diffable off: the list is shown through the adapter again)"))
}

@Test func theViewportSummarySaysWhichRowsShow() {
    let session = Session(output: RecordingOutput(), viewportRows: 3)
    #expect(session.presentation.viewportSummary == "no rows")
    session.execute("load contacts")
    session.execute("scroll 2")
    #expect(session.presentation.viewportSummary == "rows 2-4 of 8")
}

/// A filter on a file provider's columns keeps the hidden rows in the
/// provider, where a diffable data source's snapshots cannot reach them:
/// `diffable on` is refused while one is on, as the other changes are (a
/// filter after it trapped in `replaceItems`, and `filter off` told the
/// list of batch updates that a diffable data source refuses). A filter
/// made under the diffable data source is on records, and goes off as it came.
@Test func diffableOnIsRefusedWhileAFilterOnAFilesColumnsIsOn() throws {
    let folder = try TemporaryFolder()
    try folder.write("m.ndjson", "{\"id\":1,\"f\":1}\n{\"id\":2,\"f\":2}\n{\"id\":3,\"f\":1}\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.execute("load m.ndjson")
    session.execute("filter f=1")
    output.clear()
    #expect(session.execute("diffable on").failed)
    #expect(output.lines == ["error: diffable on is refused while a filter is on (f=1): 'filter off' first"])
    for command in [
        "filter f=2", "filter off", "diffable on", "filter f=2", "filter f=1", "filter off", "diffable off",
        "filter f=2", "filter off",
    ] {
        #expect(!session.execute(command).failed, "\(command): \(output.lines.suffix(3))")
    }
    output.clear()
    session.execute("show")
    #expect(output.lines.count == 3)
}
