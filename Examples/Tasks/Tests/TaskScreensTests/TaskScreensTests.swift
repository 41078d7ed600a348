import Testing
import UIKit
@testable import TaskScreens

/// What a table shows on screen: each visible row's text.
@MainActor
func rows(of tableView: UITableView) -> [String] {
    (tableView.indexPathsForVisibleRows ?? []).map { path in
        let content = tableView.cellForRow(at: path)?.contentConfiguration as? UIListContentConfiguration
        return "\(path.section).\(path.row) \(content?.text ?? "")"
    }
}

/// What a collection list shows on screen: each visible item's texts.
@MainActor
func items(of collectionView: UICollectionView) -> [String] {
    collectionView.indexPathsForVisibleItems.map { path in
        let content = collectionView.cellForItem(at: path)?.contentConfiguration as? UIListContentConfiguration
        return "\(path.section).\(path.item) \(content?.text ?? ""), \(content?.secondaryText ?? "")"
    }
}

@MainActor
@Test func todayShowsItsTasksInSections() {
    let today = TodayViewController()
    today.loadViewIfNeeded()
    #expect(today.tableView.numberOfSections == 2)
    #expect(rows(of: today.tableView) == ["0.0 Water the plants", "0.1 Call the bank", "1.0 Renew the passport"])
}

@MainActor
@Test func addingRenamingAndPostponingFollowTheModel() {
    let today = TodayViewController()
    today.loadViewIfNeeded()
    _ = today.tableView.numberOfSections
    let exception = UIKitException.catching {
        today.add(TodoTask(id: 4, title: "Book the dentist"))
        today.rename(at: IndexPath(row: 1, section: 0), to: "Call the bank back")
        today.postponeFirst()
    }
    #expect(exception == nil)
    #expect(rows(of: today.tableView) == ["0.0 Call the bank back", "0.1 Book the dentist", "1.0 Water the plants", "1.1 Renew the passport"])
}

@MainActor
@Test func aTappedTaskOpens() {
    let today = TodayViewController()
    today.loadViewIfNeeded()
    today.tableView.tapRow(at: IndexPath(row: 0, section: 1))
    #expect(today.opened == ["Renew the passport"])
    #expect(today.tableView.indexPathForSelectedRow == nil)
}

@MainActor
@Test func completingATaskWithoutTheModelEndsAsUIKitEndsIt() throws {
    let today = TodayViewController()
    today.loadViewIfNeeded()
    _ = today.tableView.numberOfSections
    let exception = try #require(UIKitException.catching { today.completeFirstTaskBuggy() })
    #expect(exception.name == "NSInternalInconsistencyException")
    #expect(exception.reason == """
        Invalid update: invalid number of rows in section 0. The number of rows contained in an existing section after the update (2) \
        must be equal to the number of rows contained in that section before the update (2), plus or minus the number of rows inserted \
        or deleted from that section (0 inserted, 1 deleted) and plus or minus the number of rows moved into or out of that section \
        (0 moved in, 0 moved out).
        """)
    #expect(rows(of: today.tableView) == ["0.0 Water the plants", "0.1 Call the bank", "1.0 Renew the passport"])
}

@MainActor
@Test func projectsShowAndReconfigure() {
    let projects = ProjectsViewController()
    projects.loadViewIfNeeded()
    projects.show(active: [Project(id: "Home", taskCount: 1), Project(id: "Work", taskCount: 3)], archived: [Project(id: "Move", taskCount: 0)])
    #expect(items(of: projects.collectionView) == ["0.0 Home, 1 task", "0.1 Work, 3 tasks", "1.0 Move, 0 tasks"])
    projects.addTask(to: "Home")
    #expect(items(of: projects.collectionView).first == "0.0 Home, 2 tasks")
    #expect(projects.dataSource.itemIdentifier(for: IndexPath(item: 0, section: 1)) == "Move")
}

@MainActor
@Test func aDuplicateIdentifierEndsAsUIKitEndsIt() throws {
    let projects = ProjectsViewController()
    projects.loadViewIfNeeded()
    projects.show(active: [Project(id: "Home", taskCount: 1)], archived: [])
    let exception = try #require(UIKitException.catching { projects.showDuplicated() })
    #expect(exception.name == "NSInternalInconsistencyException")
    #expect(exception.reason.hasPrefix("Fatal: supplied item identifiers are not unique. Duplicate identifiers: "))
    #expect(items(of: projects.collectionView) == ["0.0 Home, 1 task"])
}
