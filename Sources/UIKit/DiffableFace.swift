internal import ListLabCore

/// What a table's and a collection view's diffable data sources share: the
/// core's data source they speak for, and UIKit's answers over it (iOS
/// 15's diff without animation, its reload, the exceptions).
@MainActor
final class DiffableFace<SectionID: Hashable & Sendable, ItemID: Hashable & Sendable> {
    let core: DiffableDataSource<SectionID, ItemID>
    /// The class UIKit names in an unrecognized selector's reason.
    private let className: String

    init(core: DiffableDataSource<SectionID, ItemID>, className: String) {
        self.core = core
        self.className = className
    }

    func snapshot() -> NSDiffableDataSourceSnapshot<SectionID, ItemID> {
        NSDiffableDataSourceSnapshot(core.snapshot())
    }

    /// Applies by batch updates (without animation before iOS 15, the core reloads).
    func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionID, ItemID>, animatingDifferences: Bool,
        completion: (() -> Void)?
    ) {
        guard !UIKitException.hasBeenRaised else { return }
        do {
            try core.apply(snapshot.core, animatingDifferences: animatingDifferences)
            completion?()
        } catch {
            UIKitException(error).raise()
        }
    }

    /// Applies with `reloadData()` (iOS 15).
    func applyUsingReloadData(_ snapshot: NSDiffableDataSourceSnapshot<SectionID, ItemID>, completion: (() -> Void)?) {
        guard !UIKitException.hasBeenRaised else { return }
        guard UIKitEnvironment.capabilities.reconfigures else {
            UIKitException.unrecognizedSelector("applySnapshotUsingReloadData:completion:", of: className).raise()
            return
        }
        core.applySnapshotUsingReloadData(snapshot.core)
        completion?()
    }

    func itemIdentifier(for indexPath: IndexPath) -> ItemID? { core.itemIdentifier(for: ItemPath(indexPath)) }

    func indexPath(for identifier: ItemID) -> IndexPath? { core.indexPath(for: identifier).map(IndexPath.init) }

    func sectionIdentifier(for index: Int) -> SectionID? {
        let sections = core.snapshot().sectionIdentifiers
        return sections.indices.contains(index) ? sections[index] : nil
    }

    func index(for identifier: SectionID) -> Int? { core.snapshot().indexOfSection(identifier) }

    func numberOfSections() -> Int { core.snapshot().numberOfSections }

    func numberOfItems(inSection section: Int) -> Int {
        let snapshot = core.snapshot()
        guard snapshot.sectionIdentifiers.indices.contains(section) else { return 0 }
        return (try? snapshot.numberOfItems(inSection: snapshot.sectionIdentifiers[section])) ?? 0
    }

    /// The UIKit cell the core's data source has for `path` (made by the cell provider).
    func cell(in list: HeadlessList, at path: IndexPath) -> UIView? {
        (core.list(list, cellForItemAt: ItemPath(path)) as? HostedCell)?.view
    }
}

/// A list cell handed out of the main actor's closure by a cell provider.
struct CellHost: @unchecked Sendable {  // made and used on the main actor, which the list runs on
    let cell: ListCell
    init(_ cell: ListCell) { self.cell = cell }
}
