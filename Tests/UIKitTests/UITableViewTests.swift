import ListLabCore
import ListLabShell
import Testing
import UIKit

/// The rows a table shows on screen: each visible cell's text.
@MainActor
private func shownRows(_ tableView: UITableView) -> [String] {
    (tableView.indexPathsForVisibleRows ?? []).compactMap { path in
        guard let cell = tableView.cellForRow(at: path) else { return nil }
        let content = cell.contentConfiguration as? UIListContentConfiguration
        return "\(path.section).\(path.row) \(content?.text ?? cell.textLabel?.text ?? "")"
    }
}

@MainActor
@Test func anAppsTableDataSourceShowsItsSectionsAndRows() {
    let screen = ContactsViewController()
    screen.loadViewIfNeeded()
    #expect(screen.tableView.numberOfSections == 2)
    #expect(screen.tableView.numberOfRows(inSection: 0) == 2)
    #expect(shownRows(screen.tableView) == ["0.0 Ada", "0.1 Grace", "1.0 Alan"])
    let cell = screen.tableView.cellForRow(at: IndexPath(row: 1, section: 0))
    #expect(cell is ContactCell)
    #expect((cell?.contentConfiguration as? UIListContentConfiguration)?.secondaryText == "555-0102")
    #expect(cell.flatMap(screen.tableView.indexPath(for:)) == IndexPath(row: 1, section: 0))
}

/// A test sees what the app's code did as `show` prints it (and as the snapshot strategies take
/// it): the rows, the cells that show them, reused or new.
@MainActor
@Test func aTablesHeadlessListIsWhatShowPrints() {
    let screen = ContactsViewController()
    screen.loadViewIfNeeded()
    let lines = screen.tableView.headlessList.render()
    #expect(lines.count == 5, "\(lines)")
    #expect(
        lines == [
            "== Favourites ==", "   0.0  Ada — 555-0101  <contact #1>", "   0.1  Grace — 555-0102  <contact #2>",
            "== Others ==", "   1.0  Alan — 555-0103  <contact #3>",
        ])
}

@MainActor
@Test func aBatchUpdateThatFollowsTheModelIsApplied() {
    let screen = ContactsViewController()
    screen.loadViewIfNeeded()
    _ = screen.tableView.numberOfSections
    let exception = UIKitException.catching {
        screen.addFavourite(Contact(name: "Barbara", phone: "555-0104"))
        screen.updatePhone(at: IndexPath(row: 0, section: 0), to: "555-0199")
    }
    #expect(exception == nil)
    #expect(shownRows(screen.tableView) == ["0.0 Ada", "0.1 Grace", "0.2 Barbara", "1.0 Alan"])
    let cell = screen.tableView.cellForRow(at: IndexPath(row: 0, section: 0))
    #expect((cell?.contentConfiguration as? UIListContentConfiguration)?.secondaryText == "555-0199")
}

@MainActor
@Test func aDeleteThatForgetsItsModelRaisesAsUIKitDoesAndChangesNothing() throws {
    let screen = ContactsViewController()
    screen.loadViewIfNeeded()
    _ = screen.tableView.numberOfSections
    let exception = try #require(UIKitException.catching { screen.deleteFirstFavouriteForgettingTheModel() })
    #expect(exception.name == "NSInternalInconsistencyException")
    #expect(
        exception.reason == """
            Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section \
            after the update (2) must be equal to the number of rows contained in that section before the update (2), \
            plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 deleted) and plus or \
            minus the number of rows moved into or out of that section (0 moved in, 0 moved out).
            """)
    #expect(
        exception.description.hasPrefix(
            "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid update:"
        ))
    #expect(shownRows(screen.tableView) == ["0.0 Ada", "0.1 Grace", "1.0 Alan"])
}

@MainActor
@Test func selectionByTheUserReachesTheDelegateAndTheAppsOwnDoesNot() {
    let screen = ContactsViewController()
    screen.loadViewIfNeeded()
    screen.tableView.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    #expect(screen.tableView.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
    #expect(screen.selected.isEmpty)
    screen.tableView.tapRow(at: IndexPath(row: 0, section: 1))
    #expect(screen.selected == ["Alan"])
    #expect(screen.tableView.indexPathsForSelectedRows == [IndexPath(row: 0, section: 1)])
}

@MainActor
@Test func anUnregisteredIdentifierRaisesAsUIKitDoes() throws {
    let tableView = UITableView(frame: .zero, style: .plain)
    let exception = try #require(
        UIKitException.catching {
            _ = tableView.dequeueReusableCell(withIdentifier: "nope", for: IndexPath(row: 0, section: 0))
        })
    #expect(
        exception.reason
            == "unable to dequeue a cell with identifier nope - must register a nib or a class for the identifier or "
            + "connect a prototype cell in a storyboard"
    )
    #expect(tableView.dequeueReusableCell(withIdentifier: "nope") == nil)
}

@MainActor
@Test func underIOS13ReconfigureRowsDoesNotExist() throws {
    let saved = UIKitEnvironment.iOSVersion
    defer { UIKitEnvironment.iOSVersion = saved }
    UIKitEnvironment.iOSVersion = OperatingSystemVersion(majorVersion: 13, minorVersion: 0, patchVersion: 0)
    let screen = ContactsViewController()
    screen.loadViewIfNeeded()
    let exception = try #require(
        UIKitException.catching { screen.updatePhone(at: IndexPath(row: 0, section: 0), to: "x") })
    #expect(exception.name == "NSInvalidArgumentException")
    #expect(
        exception.reason == "-[UITableView reconfigureRowsAtIndexPaths:]: unrecognized selector sent to instance 0x…")
    // The playground's `set ios 13` is the same version: the same call ends in the same words.
    let session = Session(output: DiscardingOutput())
    for command in ["load contacts", "set ios 13"] { session.execute(command) }
    let refused = session.execute("batch reconfigure 0.0")
    #expect(
        refused.failed && refused.errors.first?.hasPrefix(exception.reason + " (iOS 15 added it") == true,
        "\(refused.errors)")
}

@MainActor
@Test func aDiffableDataSourceAppliesSnapshotsByIdentifier() {
    let screen = DiffableContactsViewController()
    screen.loadViewIfNeeded()
    screen.show(["Ada", "Grace", "Alan"])
    #expect(shownRows(screen.tableView) == ["0.0 Ada", "0.1 Grace", "0.2 Alan"])
    screen.show(["Grace", "Alan", "Barbara"])
    #expect(shownRows(screen.tableView) == ["0.0 Grace", "0.1 Alan", "0.2 Barbara"])
    #expect(screen.dataSource.itemIdentifier(for: IndexPath(row: 2, section: 0)) == "Barbara")
    #expect(screen.dataSource.indexPath(for: "Alan") == IndexPath(row: 1, section: 0))
    #expect(screen.dataSource.snapshot().itemIdentifiers == ["Grace", "Alan", "Barbara"])
}

@MainActor
@Test func aDuplicateIdentifierRaisesAndChangesNothing() throws {
    let screen = DiffableContactsViewController()
    screen.loadViewIfNeeded()
    screen.show(["Ada"])
    let exception = try #require(UIKitException.catching { screen.show(["Ada", "Grace", "Ada"]) })
    #expect(exception.reason.hasPrefix("Fatal: supplied item identifiers are not unique. Duplicate identifiers: "))
    #expect(exception.reason.contains("Ada"))
    #expect(shownRows(screen.tableView).first == "0.0 Ada")
}

@MainActor
@Test func aHandMadeInsertOnATableADiffableDataSourceOwnsRaises() throws {
    let screen = DiffableContactsViewController()
    screen.loadViewIfNeeded()
    screen.show(["Ada"])
    let exception = try #require(
        UIKitException.catching {
            screen.tableView.insertRows(at: [IndexPath(row: 1, section: 0)], with: .automatic)
        })
    #expect(
        exception.reason
            == "UITableView must be updated via the UITableViewDiffableDataSource APIs when acting as the "
            + "UITableView's dataSource: please do not call mutation APIs directly on UITableView."
    )
}

@MainActor
@Test func indexPathsHaveRowsItemsAndSections() {
    var path = IndexPath(row: 3, section: 1)
    #expect(path.row == 3 && path.item == 3 && path.section == 1)
    path.item = 4
    #expect(path == IndexPath(item: 4, section: 1))
}
