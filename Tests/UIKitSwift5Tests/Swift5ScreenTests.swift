import ListLabCore
import Testing
import UIKit

// An app's screens in Swift 5 language mode, driven as a user would: each test ends as UIKit does.

@MainActor
private func loadedMessages() -> MessagesViewController {
    let screen = MessagesViewController()
    screen.loadViewIfNeeded()
    _ = screen.tableView.visibleCells  // on screen: the table has asked its data source
    return screen
}

@MainActor
@Test func rowsDrawThroughTheAppsOwnContentConfiguration() {
    let screen = loadedMessages()
    let lines = screen.tableView.headlessList.render()
    #expect(lines.first == "== Inbox (12) ==")
    #expect(lines.dropFirst().first == "   0.0  Sender 1 — Subject 1  <message #1>")
}

@MainActor
@Test func aChangeOfStateRunsTheConfigurationCycleAgain() {
    let screen = loadedMessages()
    screen.tableView.tapRow(at: IndexPath(row: 1, section: 0))
    let lines = screen.tableView.headlessList.render()
    #expect(lines.contains(" * 0.1  ▶ Sender 2 — Subject 2  <message #2>"), "\(lines)")
}

@MainActor
@Test func aBatchUpdateBlockWithImplicitSelfInsertsTheRow() {
    let screen = loadedMessages()
    let raised = UIKitException.catching { screen.receive(Message(id: 50, sender: "New", subject: "Hello")) }
    #expect(raised == nil)
    #expect(screen.tableView.numberOfRows(inSection: 0) == 13)
    #expect(
        screen.tableView.headlessList.render().dropFirst().first?.hasPrefix("   0.0  New — Hello  <message #") == true)
}

@MainActor
@Test func aDeleteThatForgetsTheModelEndsAsUIKitEndsIt() {
    let screen = loadedMessages()
    let raised = UIKitException.catching { screen.deleteForgettingTheModel(at: IndexPath(row: 0, section: 0)) }
    #expect(
        raised?.reason.hasPrefix(
            "Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section "
                + "after the update (12) must be equal to the number of rows contained in that section before the "
                + "update (12), plus or minus the number of rows inserted or deleted from that section (0 inserted, 1 "
                + "deleted)"
        ) == true)
}

@MainActor
@Test func aSwipeShowsTheDelegatesActionsAndATapRunsOne() {
    let screen = loadedMessages()
    let actions = screen.tableView.swipeRow(at: IndexPath(row: 0, section: 0))
    #expect(actions.map(\.title) == ["Archive"])
    #expect(actions.first?.tap() == true)
    #expect(screen.sections[0].messages.count == 11)
    #expect(screen.sections[1].messages.map(\.sender) == ["Archivist", "Sender 1"])
    #expect(screen.tableView.swipeRow(at: IndexPath(row: 0, section: 1)).isEmpty)
}

@MainActor
@Test func aSectionHeaderIsTheDelegatesView() {
    let screen = loadedMessages()
    #expect(
        (screen.tableView.headerView(forSection: 0)?.contentConfiguration as? UIListContentConfiguration)?.text
            == "Inbox (12)")
    screen.tableView.contentOffset = CGPoint(x: 0, y: 10_000)  // the end: the delegate loads a page more
    screen.tableView.contentOffset = CGPoint(x: 0, y: 10_000)
    #expect(
        screen.tableView.headlessList.render().suffix(2) == [
            "== Archive (1) ==", "   1.0  Archivist — Old news  <message #8 reused>",
        ])
}

@MainActor
@Test func scrollingToTheEndLoadsMoreAsTheDelegateAsks() {
    let screen = loadedMessages()
    screen.tableView.contentOffset = CGPoint(x: 0, y: 2 * 44)
    #expect(screen.pagesLoaded == 0)
    screen.tableView.contentOffset = CGPoint(x: 0, y: 6 * 44)
    #expect(screen.pagesLoaded == 1)
    #expect(screen.tableView.numberOfRows(inSection: 0) == 17)
    #expect(screen.tableView.indexPathForRow(at: CGPoint(x: 10, y: 6 * 44 + 5)) == IndexPath(row: 5, section: 0))
}

@MainActor
@Test func aPullRefreshesThroughTheControlsAction() {
    let screen = loadedMessages()
    screen.tableView.refreshControl?.pullToRefresh()
    #expect(screen.store.refreshes == 1)
    #expect(screen.tableView.refreshControl?.isRefreshing == false)
}

@MainActor
@Test func aSubclassedDiffableDataSourceDeletesOnASwipe() {
    let screen = TodayViewController()
    screen.loadViewIfNeeded()
    #expect(screen.tableView.swipeRow(at: IndexPath(row: 0, section: 0)).isEmpty)
    let actions = screen.tableView.swipeRow(at: IndexPath(row: 2, section: 0))
    #expect(actions.map(\.title) == ["Delete"])
    #expect(actions.first?.tap() == true)
    #expect(screen.dataSource.snapshot().itemIdentifiers == [.banner("Good morning"), .message(1), .message(3)])
    #expect(screen.tableView.headlessList.render().first == "== Today ==")
}

@MainActor
@Test func aRepeatedIdentifierIsNamedAsUIKitNamesIt() {
    let screen = TodayViewController()
    screen.loadViewIfNeeded()
    let raised = UIKitException.catching { screen.show(messages: [1, 2, 1]) }
    #expect(
        raised?.reason
            == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    "
            + "UIKitSwift5Tests.Row.message(1)\n)}"
    )
}

@MainActor
@Test func aHeaderUIKitDoesNotAskForAgainKeepsItsOldTitle() {
    let screen = loadedMessages()
    screen.tableView.contentOffset = CGPoint(x: 0, y: 10_000)
    let archived = screen.tableView.swipeRow(at: IndexPath(row: 0, section: 0))
    #expect(archived.first?.tap() == true)
    #expect(screen.sections[1].messages.count == 2)
    #expect(
        screen.tableView.headlessList.headerTitle(inSection: 1) == "Archive (1)",
        "not asked again: the archive's header is stale")
    #expect(screen.tableView.headlessList.headerTitle(inSection: 0) == "Inbox (12)")
    screen.tableView.reloadSections(IndexSet(integer: 1), with: .none)
    #expect(screen.tableView.headlessList.headerTitle(inSection: 1) == "Archive (2)")
}
