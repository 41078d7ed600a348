import Foundation
import ListLabShell
import Testing
import UIKit
import UIKitTranscripts

// A table or collection view from a test writes its steps as a transcript, which the playground
// replays as written (the same rules, the same words) and draws.

/// Replays `text` as `listlab test` does; the report's lines, empty when it passes.
private func replayReport(_ text: String) throws -> [String] {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-recording-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("steps.lab").path
    try text.write(toFile: path, atomically: true, encoding: .utf8)
    let result = TranscriptRunner.run(path)
    return result.passed ? [] : result.report
}

@MainActor
@Test func aTablesStepsAreATranscriptThatReplays() throws {
    let screen = ContactsViewController()
    screen.loadViewIfNeeded()
    let recording = ListRecording(of: screen.tableView)
    screen.addFavourite(Contact(name: "Katherine \"Kay\"", phone: "555-0104"))
    screen.updatePhone(at: IndexPath(row: 0, section: 0), to: "555-0199")
    screen.tableView.reloadData()
    let text = recording.transcript(title: "Contacts: add a favourite, change a phone.")
    #expect(
        recording.commands.prefix(2) == [
            "viewport 20",
            #"rows section title "Favourites" "Ada" detail "555-0101" "Grace" detail "555-0102" section title "Others" "Alan" detail "555-0103""#,
        ])
    #expect(
        recording.commands.contains("batch insert 0.2") && recording.commands.contains("batch reconfigure 0.0")
            && recording.commands.contains("reload --list"))
    #expect(text.hasPrefix("Contacts: add a favourite, change a phone.\n\n  > viewport 20\n"), "\(text.prefix(200))")
    #expect(text.contains("  the list accepted: insert 0.2\n"), "\(text)")
    #expect(text.contains(#"   0.2  Katherine "Kay" — 555-0104  <Cell #"#), "\(text)")
    #expect(text.contains("   0.0  Ada — 555-0199  <Cell #"), "\(text)")
    #expect(!text.contains("error:"), "\(text)")
    #expect(try replayReport(text) == [])
}

@MainActor
@Test func aRefusalIsRecordedInUIKitsWordsAndReplaysAsTheSameError() throws {
    let screen = ContactsViewController()
    screen.loadViewIfNeeded()
    let recording = ListRecording(of: screen.tableView)
    let raised = UIKitException.catching { screen.deleteFirstFavouriteForgettingTheModel() }
    let reason = try #require(raised?.reason)
    #expect(reason.hasPrefix("Invalid update: invalid number of rows in section 0."))
    let text = recording.transcript(raised: raised)
    #expect(
        recording.commands.suffix(2) == [
            #"rows --data-only section title "Favourites" "Ada" detail "555-0101" "Grace" detail "555-0102" section title "Others" "Alan" detail "555-0103""#,
            "batch delete 0.0",
        ])
    #expect(text.contains("  error: " + reason + "\n"), "the refusal is the command's recorded error: \(text)")
    #expect(!text.contains("The app ended"), "the refusal shows the exception already")
    #expect(try replayReport(text) == [])
}

@MainActor
@Test func aRefusedStepWritesTheRowsTheDataSourceGivesNotTheOldCells() throws {
    // A trial's finding: the refused step's rows carried the old cells' texts, so the transcript showed data
    // the app no longer had.
    let screen = ContactsViewController()
    screen.loadViewIfNeeded()
    let recording = ListRecording(of: screen.tableView)
    screen.dataSource.sections[0].contacts[0].name = "Ada L."
    let raised = UIKitException.catching {
        screen.tableView.deleteRows(at: [IndexPath(row: 1, section: 0)], with: .none)
    }
    #expect(raised?.reason.hasPrefix("Invalid update: invalid number of rows in section 0.") == true)
    #expect(
        recording.commands.suffix(2) == [
            #"rows --data-only section title "Favourites" "Ada L." detail "555-0101" "Grace" detail "555-0102" section title "Others" "Alan" detail "555-0103""#,
            "batch delete 0.1",
        ])
    #expect(try replayReport(recording.transcript(raised: raised)) == [])
}

@MainActor
@Test func aRefusalThePlaygroundCannotRestageIsSaidInProse() throws {
    let screen = DiffableContactsViewController()
    screen.loadViewIfNeeded()
    screen.show(["Ada", "Grace"])
    let recording = ListRecording(of: screen.tableView)
    screen.show(["Ada", "Grace", "Alan"])
    // A hand-made update on a list a diffable data source owns.
    let raised = UIKitException.catching {
        screen.tableView.insertRows(at: [IndexPath(row: 3, section: 0)], with: .none)
    }
    let reason = try #require(raised?.reason)
    let text = recording.transcript(raised: raised)
    #expect(text.contains("  the list accepted: insert 0.2\n"), "the apply is a batch update: \(text)")
    #expect(text.contains("Here UIKit refused the update 'insert 0.3' with:\n" + reason), "\(text)")
    #expect(!text.contains("  > batch insert 0.3"))
    #expect(try replayReport(text) == [])
}

@MainActor
@Test func aScrollGivesTheRowsItShowsTheirTexts() throws {
    let screen = ContactsViewController()
    screen.loadViewIfNeeded()
    screen.tableView.frame = CGRect(x: 0, y: 0, width: 390, height: 88)
    screen.dataSource.sections[1].contacts = (1...6).map { Contact(name: "Other \($0)", phone: "555-02\($0)") }
    screen.tableView.reloadData()
    let recording = ListRecording(of: screen.tableView)
    screen.tableView.scrollToRow(at: IndexPath(row: 5, section: 1), at: .bottom, animated: false)
    screen.updatePhone(at: IndexPath(row: 5, section: 1), to: "555-0299")
    let text = recording.transcript()
    #expect(
        recording.commands.first { $0.hasPrefix("rows") }?.contains(" \"…\"") == true,
        "rows never on screen are unseen: \(recording.commands)")
    #expect(recording.commands.contains { $0.hasPrefix("scroll +") }, "\(recording.commands)")
    #expect(text.contains("1.5  Other 6 — 555-0299"), "\(text)")
    #expect(!text.contains("  1.5  …"), "\(text)")
    #expect(try replayReport(text) == [])
}

@MainActor
@Test func aCollectionListsAppliesAreStepsThatReplay() throws {
    let screen = LibraryViewController()
    screen.loadViewIfNeeded()
    screen.show(
        reading: [Book(id: 1, title: "Dune")], shelf: [Book(id: 2, title: "Emma"), Book(id: 3, title: "Ulysses")])
    let recording = ListRecording(of: screen.collectionView)
    // Emma is picked up, and Dune's title is corrected.
    screen.show(
        reading: [Book(id: 1, title: "Dune (1965)"), Book(id: 2, title: "Emma")],
        shelf: [Book(id: 3, title: "Ulysses")], reconfiguring: [1])
    let text = recording.transcript(title: "Library: Emma moves to Reading.")
    #expect(recording.commands.contains { $0.hasPrefix("set list collection ") }, "\(recording.commands)")
    // The apply moves, then reconfigures, as two batch updates (UIKit's diffable data source does too).
    #expect(
        recording.commands.filter { $0.hasPrefix("batch ") } == ["batch move 1.0 0.1", "batch reconfigure 0.0"],
        "\(recording.commands)")
    #expect(text.contains("0.0  Dune (1965)"), "\(text)")
    #expect(text.contains("0.1  Emma"), "\(text)")
    #expect(try replayReport(text) == [])
}

/// The recording writes the list's iOS version first, so a refusal replays in that version's
/// words, a line each (iOS 17 lays the counts and updates out on lines of their own).
@MainActor
@Test func aRecordingReplaysInItsIOSVersionsWords() throws {
    let saved = UIKitEnvironment.iOSVersion
    defer { UIKitEnvironment.iOSVersion = saved }
    UIKitEnvironment.iOSVersion = OperatingSystemVersion(majorVersion: 17, minorVersion: 0, patchVersion: 0)
    let screen = ContactsViewController()
    screen.loadViewIfNeeded()
    let recording = ListRecording(of: screen.tableView)
    let raised = UIKitException.catching { screen.deleteFirstFavouriteForgettingTheModel() }
    let reason = try #require(raised?.reason)
    #expect(reason.hasPrefix("Invalid batch updates detected") && reason.contains("\n"), "\(reason)")
    #expect(recording.commands.first == "set ios 17")
    let text = recording.transcript(raised: raised)
    #expect(text.contains("  error: " + reason.split(separator: "\n").joined(separator: "\n  ") + "\n"), "\(text)")
    #expect(try replayReport(text) == [])
}

@MainActor
@Test func anExplorersFailureIsATranscriptThatReplays() throws {
    let explorer = explorer(buggy: true, renames: false)
    let failure = try #require(explorer.run())
    let text = explorer.transcript(of: failure)
    #expect(text.hasPrefix("explore (seed 7): \(failure.calls.count) step"), "\(text)")
    #expect(text.contains(failure.calls.joined(separator: "; ")))
    // The steps the list took, and where UIKit refused, in its words; then how the app ended.
    #expect(text.contains("  > batch delete "))
    #expect(text.contains("Invalid update: invalid number of sections."))
    #expect(try replayReport(text) == [])
    // A stale row: the recording shows it as the screen did, and says so in its prose.
    let renaming = UIKitTests.explorer(buggy: true, renames: true, seed: 3)
    let stale = try #require(renaming.run())
    let staleText = renaming.transcript(of: stale)
    #expect(staleText.contains(", ending in a stale row: the row at 0.0 shows "), "\(staleText)")
    #expect(try replayReport(staleText) == [])
}

@MainActor
@Test func aFailureOfTheScreensOwnTasksIsATranscriptThatFailsTheSameWay() async throws {
    let explorer = feedExplorer(buggy: true)
    let failure = try #require(await explorer.runWithWaits())
    let text = await explorer.transcriptWithWaits(of: failure)
    // The page's rows inserted by the task, after the user's delete, at the count from before it: refused.
    #expect(text.contains("  > batch insert 0.3 0.4\n  error: attempt to insert row 4 into section 0"), "\(text)")
    #expect(text.hasPrefix("explore (seed 5): 3 steps that fail: screen.loadMore(); screen.deleteFirst(); "), "\(text)")
    #expect(try replayReport(text) == [])
    // Replayed with the error fixed (the rows as the screen now has them), the step says otherwise: the transcript
    // holds the failure, not just the steps before it.
    let fixed = text.replacingOccurrences(of: "batch insert 0.3 0.4", with: "batch insert 0.2 0.3")
    #expect(try replayReport(fixed) != [])
}

@MainActor
@Test func aSnapshotChangeUIKitRefusedIsRestagedAndRefusedTheSameWay() throws {
    // A diffable screen's refusal happens in its snapshot, before the list sees an update: the transcript builds
    // the snapshot again at the prompt and makes the same change, which the playground refuses in UIKit's words.
    let screen = DiffableContactsViewController()
    screen.loadViewIfNeeded()
    screen.show(["Ada", "Grace"])
    let recording = ListRecording(of: screen.tableView)
    let repeated = UIKitException.catching { screen.show(["Ada", "Grace", "Ada"]) }
    let reason = try #require(repeated?.reason)
    #expect(reason.hasPrefix("Fatal: supplied item identifiers are not unique."))
    let text = recording.transcript(raised: repeated)
    #expect(
        text.contains(
            #"""
              > rows --keyed "Ada" "Grace"
            """#), "\(text)")
    #expect(text.contains(#"  > snapshot appendItems "Ada" "Grace" "Ada" toSection "main""#), "\(text)")
    #expect(text.contains("  error: Fatal: supplied item identifiers are not unique."), "\(text)")
    #expect(!text.contains("The app ended"), "the refusal is a step, not prose: \(text)")
    #expect(try replayReport(text) == [])
    #expect(
        try replayReport(text.replacingOccurrences(of: #""Grace" "Ada" toSection"#, with: #""Grace" toSection"#)) != [])

    // An item reconfigured after its deletion, in one snapshot.
    let other = DiffableContactsViewController()
    other.loadViewIfNeeded()
    other.show(["Ada", "Grace"])
    let otherRecording = ListRecording(of: other.tableView)
    let missing = UIKitException.catching {
        var snapshot = other.dataSource.snapshot()
        snapshot.deleteItems(["Grace"])
        snapshot.reconfigureItems(["Grace"])
    }
    #expect(missing?.reason == "Attempted to reconfigure item identifier that does not exist in the snapshot: Grace")
    let otherText = otherRecording.transcript(raised: missing)
    #expect(otherText.contains(#"  > snapshot appendItems "Ada" toSection "main""#), "\(otherText)")
    #expect(
        otherText.contains(
            #"  > snapshot reconfigureItems "Grace""# + "\n"
                + "  error: Attempted to reconfigure item identifier that does not exist in the snapshot: Grace"),
        "\(otherText)")
    #expect(try replayReport(otherText) == [])
}
