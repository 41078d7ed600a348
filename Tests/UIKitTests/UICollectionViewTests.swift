import ListLabCore
import Testing
import UIKit

/// The items a collection view shows on screen: each visible cell's text.
@MainActor
private func shownItems(_ collectionView: UICollectionView) -> [String] {
    collectionView.indexPathsForVisibleItems.compactMap { path in
        let content = collectionView.cellForItem(at: path)?.contentConfiguration as? UIListContentConfiguration
        return "\(path.section).\(path.item) \(content?.text ?? "")"
    }
}

@MainActor
@Test func aCollectionListWithRegistrationsShowsItsItemsAndHeaders() {
    let screen = LibraryViewController()
    screen.loadViewIfNeeded()
    screen.show(
        reading: [Book(id: 1, title: "Dune")], shelf: [Book(id: 2, title: "Emma"), Book(id: 3, title: "Ulysses")])
    #expect(shownItems(screen.collectionView) == ["0.0 Dune", "1.0 Emma", "1.1 Ulysses"])
    #expect(screen.collectionView.cellForItem(at: IndexPath(item: 0, section: 0)) is UICollectionViewListCell)
    #expect(screen.collectionView.numberOfSections == 2)
    #expect(screen.collectionView.numberOfItems(inSection: 1) == 2)
    #expect(screen.dataSource.itemIdentifier(for: IndexPath(item: 1, section: 1)) == 3)
}

@MainActor
@Test func aReconfiguredItemShowsItsNewTitleInTheCellItHas() {
    let screen = LibraryViewController()
    screen.loadViewIfNeeded()
    screen.show(reading: [Book(id: 1, title: "Dune")], shelf: [])
    let before = screen.collectionView.cellForItem(at: IndexPath(item: 0, section: 0))
    screen.show(reading: [Book(id: 1, title: "Dune Messiah")], shelf: [], reconfiguring: [1])
    let after = screen.collectionView.cellForItem(at: IndexPath(item: 0, section: 0))
    #expect(before === after)
    #expect(shownItems(screen.collectionView) == ["0.0 Dune Messiah"])
}

@MainActor
@Test func anUnchangedIdentifierKeepsItsStaleCellAsUIKitDoes() {
    let screen = LibraryViewController()
    screen.loadViewIfNeeded()
    screen.show(reading: [Book(id: 1, title: "Dune")], shelf: [])
    screen.show(reading: [Book(id: 1, title: "Dune Messiah")], shelf: [])
    #expect(shownItems(screen.collectionView) == ["0.0 Dune"])
}

@MainActor
@Test func aRegistrationMadeInTheCellProviderRaisesSinceIOS15() throws {
    let screen = LeakyViewController()
    screen.loadViewIfNeeded()
    let exception = try #require(UIKitException.catching { screen.show(["Ada"]) })
    #expect(
        exception.reason.hasPrefix(
            "Attempted to dequeue a cell using a registration that was created inside "
                + "-collectionView:cellForItemAtIndexPath:"
        ))
}

@MainActor
@Test func aHandMadeInsertOnACollectionADiffableDataSourceOwnsRaises() throws {
    let screen = LibraryViewController()
    screen.loadViewIfNeeded()
    screen.show(reading: [Book(id: 1, title: "Dune")], shelf: [])
    let exception = try #require(
        UIKitException.catching { screen.collectionView.insertItems(at: [IndexPath(item: 1, section: 0)]) })
    #expect(
        exception.reason
            == "UICollectionView must be updated via the UICollectionViewDiffableDataSource APIs when acting as the "
            + "UICollectionView's dataSource: please do not call mutation APIs directly on UICollectionView."
    )
    #expect(shownItems(screen.collectionView) == ["0.0 Dune"])
}

@MainActor
@Test func aSectionSnapshotShowsAnOutlineExpandedAndCollapsed() {
    let screen = LibraryViewController()
    screen.loadViewIfNeeded()
    screen.show(reading: [], shelf: [])
    for book in [Book(id: 10, title: "Fiction"), Book(id: 11, title: "Emma"), Book(id: 12, title: "Dune")] {
        screen.books[book.id] = book
    }
    var outline = NSDiffableDataSourceSectionSnapshot<Book.ID>()
    outline.append([10])
    outline.append([11, 12], to: 10)
    screen.dataSource.apply(outline, to: .shelf)
    #expect(shownItems(screen.collectionView) == ["1.0 Fiction"])
    outline.expand([10])
    screen.dataSource.apply(outline, to: .shelf)
    #expect(shownItems(screen.collectionView) == ["1.0 Fiction", "1.1 Emma", "1.2 Dune"])
    #expect(screen.dataSource.snapshot(for: .shelf).level(of: 12) == 1)
}

/// A tap of a disclosure goes through the section snapshot's handlers, as a user's does: they may
/// refuse it, are told of it, and may load an expanding parent's children.
@MainActor
@Test func aTappedDisclosureAsksAndTellsTheSectionSnapshotHandlers() {
    let screen = LibraryViewController()
    screen.loadViewIfNeeded()
    screen.show(reading: [], shelf: [])
    for book in [
        Book(id: 10, title: "Fiction"), Book(id: 11, title: "Emma"), Book(id: 12, title: "Dune"),
        Book(id: 20, title: "Poetry"),
    ] {
        screen.books[book.id] = book
    }
    var outline = NSDiffableDataSourceSectionSnapshot<Book.ID>()
    outline.append([10, 20])
    outline.append([11, 12], to: 10)
    screen.dataSource.apply(outline, to: .shelf)
    var told: [String] = []
    var handlers = UICollectionViewDiffableDataSource<LibraryViewController.Section, Book.ID>.SectionSnapshotHandlers<
        Book.ID
    >()
    handlers.shouldExpandItem = {
        told.append("should expand \($0)")
        return $0 != 20
    }
    handlers.willExpandItem = { told.append("will expand \($0)") }
    handlers.shouldCollapseItem = {
        told.append("should collapse \($0)")
        return true
    }
    handlers.willCollapseItem = { told.append("will collapse \($0)") }
    screen.dataSource.sectionSnapshotHandlers = handlers

    screen.collectionView.tapOutlineDisclosure(at: IndexPath(item: 0, section: 1))
    #expect(shownItems(screen.collectionView) == ["1.0 Fiction", "1.1 Emma", "1.2 Dune", "1.3 Poetry"])
    screen.collectionView.tapOutlineDisclosure(at: IndexPath(item: 3, section: 1))
    #expect(screen.dataSource.snapshot(for: .shelf).isExpanded(20) == false, "shouldExpandItem refused it")
    screen.collectionView.tapOutlineDisclosure(at: IndexPath(item: 0, section: 1))
    #expect(shownItems(screen.collectionView) == ["1.0 Fiction", "1.1 Poetry"])
    #expect(
        told == ["should expand 10", "will expand 10", "should expand 20", "should collapse 10", "will collapse 10"])

    // A parent whose children load as it expands.
    screen.books[21] = Book(id: 21, title: "Odes")
    handlers.shouldExpandItem = nil
    handlers.snapshotForExpandingParent = { parent, outline in
        var loaded = outline
        if parent == 20, !loaded.contains(21) { loaded.append([21], to: 20) }
        return loaded
    }
    screen.dataSource.sectionSnapshotHandlers = handlers
    screen.collectionView.tapOutlineDisclosure(at: IndexPath(item: 1, section: 1))
    #expect(shownItems(screen.collectionView) == ["1.0 Fiction", "1.1 Poetry", "1.2 Odes"])
}

@MainActor
@Test func underIOS13SectionSnapshotsDoNotExist() throws {
    let saved = UIKitEnvironment.iOSVersion
    defer { UIKitEnvironment.iOSVersion = saved }
    UIKitEnvironment.iOSVersion = OperatingSystemVersion(majorVersion: 13, minorVersion: 0, patchVersion: 0)
    let screen = LibraryViewController()
    screen.loadViewIfNeeded()
    let exception = try #require(
        UIKitException.catching { screen.dataSource.apply(NSDiffableDataSourceSectionSnapshot<Book.ID>(), to: .shelf) })
    #expect(
        exception.reason
            == "-[UICollectionViewDiffableDataSource applySnapshot:toSection:animatingDifferences:completion:]: "
            + "unrecognized selector sent to instance 0x…"
    )
}
