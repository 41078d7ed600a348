import ListLabCore
import Testing
import UIKit

// The compile probe's screens (CompileProbe.swift), driven as a user would in Swift 6 mode: what
// the probe marks as working works.

@MainActor
private func probeTable() -> ProbeTableViewController {
    let screen = ProbeTableViewController()
    screen.loadViewIfNeeded()
    _ = screen.tableView.visibleCells
    return screen
}

@MainActor
@Test func aHeaderViewAndACellsOwnConfigurationDrawTheirRows() {
    let screen = probeTable()
    #expect(
        screen.tableView.headlessList.render() == [
            "== People ==", "   0.0  Ada  <cell #1>", "   0.1  Grace  <cell #2>", "   0.2  Alan  <cell #3>",
        ])
}

@MainActor
@Test func aSwipeToDeleteCommitsTheDeleteToTheDataSource() {
    let screen = probeTable()
    let actions = screen.tableView.swipeRow(at: IndexPath(row: 1, section: 0))
    #expect(actions.map(\.title) == ["Delete"])
    #expect(actions.map(\.style) == [.destructive])
    #expect(actions.first?.tap() == true)
    #expect(screen.rows == ["Ada", "Alan"])
    #expect(
        screen.tableView.headlessList.render() == ["== People ==", "   0.0  Ada  <cell #1>", "   0.1  Alan  <cell #3>"])
    #expect(screen.tableView.swipeRow(at: IndexPath(row: 0, section: 0), edge: .leading).map(\.title) == ["Pin"])
}

@MainActor
@Test func aLongPressShowsTheDelegatesMenu() {
    let screen = probeTable()
    #expect(screen.tableView.contextMenu(forRowAt: IndexPath(row: 0, section: 0))?.allActions.map(\.title) == ["Copy"])
    #expect(screen.tableView.contextMenu(forRowAt: IndexPath(row: 9, section: 0)) == nil)
}

@MainActor
@Test func aDraggedRowMovesInTheModelAndOnScreenWithoutAskingAgain() {
    let screen = probeTable()
    screen.tableView.dragRow(at: IndexPath(row: 0, section: 0), to: IndexPath(row: 2, section: 0))
    #expect(screen.rows == ["Grace", "Alan", "Ada"])
    #expect(
        screen.tableView.headlessList.render() == [
            "== People ==", "   0.0  Grace  <cell #2>", "   0.1  Alan  <cell #3>", "   0.2  Ada  <cell #1>",
        ])
}

@MainActor
@Test func editingReachesTheVisibleCellsAndTheirConfigurationHandlers() {
    let screen = probeTable()
    screen.tableView.setEditing(true, animated: false)
    let cells = screen.tableView.visibleCells
    #expect(cells.count == 3)
    #expect(cells.allSatisfy { $0.isEditing && $0.accessoryType == .none })
    screen.tableView.setEditing(false, animated: false)
    #expect(cells.allSatisfy { !$0.isEditing && $0.accessoryType == .disclosureIndicator })
}

@MainActor
@Test func scrollingMovesTheViewportAndTellsTheDelegate() {
    let screen = probeTable()
    screen.rows = (1...30).map { "Person \($0)" }
    screen.tableView.reloadData()
    #expect(screen.tableView.contentSize.height == CGFloat(31 * 44))
    screen.tableView.contentOffset = CGPoint(x: 0, y: 3 * 44)
    #expect(screen.tableView.indexPathsForVisibleRows?.first == IndexPath(row: 2, section: 0))
    #expect(screen.scrolled == 0)
    screen.tableView.contentOffset = CGPoint(x: 0, y: 22 * 44)
    #expect(screen.scrolled == 1, "past the end of the content less the view's height")
    #expect(screen.tableView.indexPathsForVisibleRows?.last == IndexPath(row: 29, section: 0))
    #expect(screen.tableView.indexPathForRow(at: CGPoint(x: 0, y: 22)) == nil, "the header's row")
    #expect(screen.tableView.indexPathForRow(at: CGPoint(x: 0, y: 50)) == IndexPath(row: 0, section: 0))
    screen.tableView.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: false)
    #expect(screen.tableView.contentOffset.y == 44)
    let before = screen.scrolled
    screen.tableView.drag(to: CGPoint(x: 0, y: 22 * 44))
    #expect(screen.scrolled == before + 1, "a drag scrolls, as setting the offset does")
}

@MainActor
@Test func aCollectionListsItemsTapsAndSwipes() {
    let screen = ProbeCollectionViewController()
    screen.loadViewIfNeeded()
    #expect(screen.collectionView.headlessList.render().count == 2)
    screen.collectionView.tapItem(at: IndexPath(item: 1, section: 0))
    #expect(screen.collectionView.indexPathsForSelectedItems == [], "the delegate deselects what it is told of")
    #expect(screen.collectionView.swipeItem(at: IndexPath(item: 0, section: 0)).map(\.title) == ["Delete"])
    #expect(screen.collectionView.swipeItem(at: IndexPath(item: 0, section: 0), edge: .leading).isEmpty)
}

/// A screen whose header views the table asks again only when UIKit would.
@MainActor
final class CountingHeaders: NSObject, UITableViewDataSource, UITableViewDelegate {
    var counts = [2, 1]

    func numberOfSections(in tableView: UITableView) -> Int { counts.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { counts[section] }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        cell.textLabel?.text = "row \(indexPath.row)"
        return cell
    }
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        let label = UILabel()
        label.text = "\(counts[section]) items"
        return label
    }
}

@MainActor
@Test func anyViewOfTheDelegatesIsAHeaderByItsLabelsText() {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 440), style: .plain)
    let screen = CountingHeaders()
    table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = screen
    table.delegate = screen
    #expect(
        table.headlessList.render() == [
            "== 2 items ==", "   0.0  row 0  <cell #1>", "   0.1  row 1  <cell #2>", "== 1 items ==",
            "   1.0  row 0  <cell #3>",
        ])
}

@MainActor
@Test func aStringIdentifierIsQuotedInADuplicatesSetAsFoundationQuotesIt() {
    let raised = UIKitException.catching {
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        snapshot.appendItems(["Ada Lovelace", "Grace", "Ada Lovelace", "Grace"])
    }
    #expect(
        raised?.reason
            == "Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    \"Ada Lovelace\",\n   "
            + " Grace\n)}"
    )
}

@MainActor
@Test func aStructIdentifierIsNamedWithItsModuleAndFields() {
    let raised = UIKitException.catching {
        var snapshot = NSDiffableDataSourceSnapshot<Int, ProbeItem>()
        snapshot.appendSections([0])
        snapshot.reconfigureItems([ProbeItem(id: 7, title: "Seven")])
    }
    #expect(
        raised?.reason
            == "Attempted to reconfigure item identifier that does not exist in the snapshot: "
            + "UIKitTests.ProbeItem(id: 7, title: \"Seven\")"
    )
}

@MainActor
@Test func theProbesDiffableTableAppliesSelectsAndUpdates() async {
    let screen = ProbeDiffableViewController()
    screen.loadViewIfNeeded()
    #expect(
        screen.tableView.headlessList.render() == [
            "   0.0  Number 1  <cell #1>", "   0.1  Number 3  <cell #2>", "   1.0  Number 2  <cell #3>",
            "   1.1  Number 4  <cell #4>",
        ])
    screen.tableView.tapRow(at: IndexPath(row: 1, section: 0))
    #expect(screen.tapped == [3])
    #expect(screen.tableView.indexPathForSelectedRow == nil)
    let raised = await UIKitException.catching { await screen.update() }
    #expect(raised == nil)
    #expect(screen.tableView.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
}

@MainActor
@Test func theProbesClassicDataSourceMakesItsOwnCellsAndEditsInBatches() {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 440), style: .grouped)
    let dataSource = ProbeClassicDataSource()
    table.dataSource = dataSource
    #expect(table.headlessList.render().first == "== Section 0 ==")
    let raised = UIKitException.catching { dataSource.edit(table) }
    #expect(raised == nil)
    #expect(
        table.headlessList.render() == [
            "== Section 0 ==", "   0.0  b  <cell #6>", "   0.1  a  <cell #1 reused>", "   0.2  b2  <cell #7>",
            "== Section 1 ==", "   1.0  c  <cell #3>",
        ])
}

@MainActor
@Test func theProbesOutlineShowsItsHeaderAndExpandedChildren() {
    let screen = ProbeOutlineViewController()
    screen.loadViewIfNeeded()
    let lines = screen.collectionView.headlessList.render()
    #expect(lines.first == "== Library 0 ==")
    #expect(lines.count == 4, "\(lines)")
}

@MainActor
@Test func aTableViewControllersOverridesAnswerItsTable() {
    let navigation = ProbeNavigation.make()
    guard let screen = navigation.topViewController as? ProbeSettingsViewController else {
        Issue.record("no settings screen on top")
        return
    }
    screen.loadViewIfNeeded()
    #expect(screen.navigationController === navigation)
    #expect(
        screen.tableView.headlessList.render() == [
            "   0.0  Wi-Fi  <option #1>", "   0.1  Bluetooth  <option #2>", "   0.2  Cellular  <option #3>",
        ])
    screen.navigationItem.leftBarButtonItem?.tap()
    #expect(screen.tableView.numberOfRows(inSection: 0) == 4)
    screen.navigationItem.rightBarButtonItem?.tap()
    #expect(screen.isEditing && screen.tableView.isEditing)
    #expect(screen.navigationItem.rightBarButtonItem?.title == "Done")
    #expect(screen.tableView.tapEditingControl(forRowAt: IndexPath(row: 0, section: 0)) == .none)
    #expect(screen.tableView.tapEditingControl(forRowAt: IndexPath(row: 1, section: 0)) == .delete)
    #expect(screen.options == ["Wi-Fi", "Cellular", "VPN"])
}

@MainActor
@Test func anAlertsActionRunsAndDismissesIt() {
    let screen = ProbeSettingsViewController()
    screen.loadViewIfNeeded()
    screen.tableView.tapRow(at: IndexPath(row: 2, section: 0))
    let alert = screen.presentedViewController as? UIAlertController
    #expect(alert?.title == "Cellular")
    #expect(alert?.actions.map(\.title) == ["Turn Off", "Cancel"])
    alert?.actions.first?.tap()
    #expect(screen.presentedViewController == nil)
    #expect(
        screen.tableView.headlessList.render().last == " * 0.2  Cellular (off)  <option #4>",
        "selected: the screen does not deselect it")
}

@MainActor
@Test func typingInTheSearchBarTellsTheResultsUpdater() {
    let screen = ProbeSettingsViewController()
    screen.loadViewIfNeeded()
    screen.navigationItem.searchController?.searchBar.type("Blu")
    #expect(screen.searched == ["Blu"])
    #expect(screen.navigationItem.searchController?.isActive == true)
}

@MainActor
@Test func aCellFromANibRaisesAsUIKitDoesForANibItCannotLoad() {
    let screen = ProbeGalleryViewController(collectionViewLayout: UICollectionViewFlowLayout())
    screen.loadViewIfNeeded()
    let raised = UIKitException.catching { _ = screen.collectionView.visibleCells }
    #expect(raised?.reason == "Could not load NIB in bundle: 'NSBundle <main> (loaded)' with name 'PhotoCell'")
}

/// A cell that says whether it is selected, through its configuration's update.
private final class SelectableCell: UITableViewCell {
    override func updateConfiguration(using state: UICellConfigurationState) {
        var content = defaultContentConfiguration()
        content.text = "row"
        content.secondaryText = state.isSelected ? "selected" : nil
        contentConfiguration = content
    }
}

@MainActor
@Test func selectingAnotherRowDeselectsTheFirstsCellAndUpdatesIt() {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 440), style: .plain)
    let screen = CountingHeaders()
    screen.counts = [3]
    table.register(SelectableCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = screen
    table.tapRow(at: IndexPath(row: 0, section: 0))
    table.tapRow(at: IndexPath(row: 2, section: 0))
    #expect(table.cellForRow(at: IndexPath(row: 0, section: 0))?.isSelected == false)
    #expect(table.headlessList.render().filter { $0.contains("selected") } == [" * 0.2  row — selected  <cell #3>"])
}

@MainActor
@Test func registrationsAreNamedByTheViewThatDequeuesSoEveryTestReadsTheSame() {
    let first = ProbeCollectionViewController()
    first.loadViewIfNeeded()
    let second = ProbeCollectionViewController()
    second.loadViewIfNeeded()
    #expect(first.collectionView.headlessList.render() == second.collectionView.headlessList.render())
    let first0 = second.collectionView.headlessList.render().first ?? ""
    #expect(first0.hasSuffix("<ProbeListCell.registration1 #1 reused>"), "\(first0)")
}

/// A header of two labels in a stack, as apps make them.
private final class StackedHeaders: NSObject, UITableViewDataSource, UITableViewDelegate {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 1 }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
        let stack = UIStackView(arrangedSubviews: [UILabel(), UILabel()])
        (stack.arrangedSubviews[0] as? UILabel)?.text = "Dune"
        (stack.arrangedSubviews[1] as? UILabel)?.text = "Frank Herbert"
        stack.axis = .vertical
        cell.contentView.addSubview(stack)
        return cell
    }
    func tableView(_ tableView: UITableView, viewForHeaderInSection section: Int) -> UIView? {
        let day = UILabel()
        day.text = "Monday"
        let count = UILabel()
        count.text = "3 messages"
        return UIStackView(arrangedSubviews: [day, count])
    }
}

@MainActor
@Test func aStackOfLabelsIsWhatAHeaderOrACellShows() {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 440), style: .plain)
    let screen = StackedHeaders()
    table.register(UITableViewCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = screen
    table.delegate = screen
    #expect(table.headlessList.render() == ["== Monday — 3 messages ==", "   0.0  Dune — Frank Herbert  <cell #1>"])
}

/// What each iOS version's UIKit has is one answer the face, the shell and the core share.
@MainActor
@Test func anIOSVersionsCapabilitiesDecideForTheFaceAsForTheCore() {
    #expect(IOSVersion(13).capabilities == UIKitCapabilities(IOSVersion(13)))
    #expect(!IOSVersion(14).capabilities.reconfigures && IOSVersion(15).capabilities.reconfigures)
    let saved = UIKitEnvironment.iOSVersion
    let missing = UIKitException.catching {
        UIKitEnvironment.iOSVersion = OperatingSystemVersion(majorVersion: 13, minorVersion: 0, patchVersion: 0)
        defer { UIKitEnvironment.iOSVersion = saved }
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        #expect(snapshot.itemIdentifiers(inSection: 1) == [], "iOS 13 answered with no items")
    }
    #expect(missing == nil)
    let raised = UIKitException.catching {
        var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
        snapshot.appendSections([0])
        _ = snapshot.itemIdentifiers(inSection: 1)
    }
    #expect(raised?.name == UIKitException.internalInconsistency)
}

/// A cell that counts the calls a selection makes of it.
private final class CountingCell: UITableViewCell {
    var selections = 0
    override func setSelected(_ selected: Bool, animated: Bool) {
        selections += 1
        super.setSelected(selected, animated: animated)
    }
}

@MainActor
@Test func aTapSelectsTheCellOnceAsUIKitDoes() {
    let table = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 440), style: .plain)
    let screen = CountingHeaders()
    screen.counts = [2]
    table.register(CountingCell.self, forCellReuseIdentifier: "cell")
    table.dataSource = screen
    table.tapRow(at: IndexPath(row: 0, section: 0))
    table.selectRow(at: IndexPath(row: 1, section: 0), animated: false, scrollPosition: .none)
    let cells = table.visibleCells.compactMap { $0 as? CountingCell }
    #expect(cells.map(\.selections) == [2, 1], "selected then deselected; selected once")
}
