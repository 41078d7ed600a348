internal import ListLabCore

/// A table view's data source driven by snapshots, as in UIKit, over
/// ListLab's `DiffableDataSource`: `apply` diffs the table's
/// snapshot against the new one and performs the staged batch updates,
/// which the headless list checks by UIKit's rules. A mutation of the table
/// that does not come from here (`insertRows` on a table this drives)
/// raises as UIKit does.
///
/// ```swift
/// let dataSource = UITableViewDiffableDataSource<Int, String>(tableView: tableView) { tableView, indexPath, name in
///     let cell = tableView.dequeueReusableCell(withIdentifier: "cell", for: indexPath)
///     cell.textLabel?.text = name
///     return cell
/// }
/// var snapshot = NSDiffableDataSourceSnapshot<Int, String>()
/// snapshot.appendSections([0])
/// snapshot.appendItems(["Ada", "Grace"])
/// dataSource.apply(snapshot)
/// ```
@preconcurrency @MainActor
open class UITableViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>:
    NSObject, UITableViewDataSource, ListDataSourceProviding
{
    /// Makes the cell of an item: the presenter's part.
    public typealias CellProvider = (UITableView, IndexPath, ItemIdentifierType) -> UITableViewCell?

    /// The cell provider, asked again when a test probes what a row would show now.
    private let probeProvider: CellProvider
    let face: DiffableFace<SectionIdentifierType, ItemIdentifierType>
    private weak var tableView: UITableView?
    /// The animation of changes (accepted, not drawn).
    open var defaultRowAnimation: UITableView.RowAnimation = .automatic

    var listDataSource: any ListDataSource { face.core }

    /// A data source for `tableView` whose cells `cellProvider` makes; it
    /// becomes the table's data source.
    public init(tableView: UITableView, cellProvider: @escaping CellProvider) {
        self.tableView = tableView
        probeProvider = cellProvider
        weak let table = tableView
        let core = DiffableDataSource<SectionIdentifierType, ItemIdentifierType>(list: tableView.list) {
            _, path, identifier in
            MainActor.assumeIsolated { () -> CellHost? in
                guard let table, let cell = cellProvider(table, IndexPath(path), identifier) else { return nil }
                let host = table.host(of: cell)
                host.takeText()
                return CellHost(host)
            }?.cell
        }
        face = DiffableFace(core: core, className: "UITableViewDiffableDataSource")
        super.init()
        core.headerTitle = { [weak self] section in
            MainActor.assumeIsolated { () -> String? in
                guard let self, let table = self.tableView, let index = self.face.index(for: section) else {
                    return nil
                }
                return table.sectionText(.header, index) { self.tableView(table, titleForHeaderInSection: index) }
            }
        }
        core.footerTitle = { [weak self] section in
            MainActor.assumeIsolated { () -> String? in
                guard let self, let table = self.tableView, let index = self.face.index(for: section) else {
                    return nil
                }
                return table.sectionText(.footer, index) { self.tableView(table, titleForFooterInSection: index) }
            }
        }
        tableView.dataSource = self
    }

    /// A copy of the snapshot the table shows.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { face.snapshot() }

    /// Takes the table to `snapshot` by batch updates (with or without
    /// animation since iOS 15; before, without animation is a reload), then
    /// calls `completion`.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        face.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// ``apply(_:animatingDifferences:completion:)``, awaited.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        animatingDifferences: Bool = true
    ) async {
        face.apply(snapshot, animatingDifferences: animatingDifferences, completion: nil)
    }

    /// Takes the table to `snapshot` with `reloadData()` (iOS 15).
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        completion: (() -> Void)? = nil
    ) {
        face.applyUsingReloadData(snapshot, completion: completion)
    }

    /// ``applySnapshotUsingReloadData(_:completion:)``, awaited.
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>
    ) async {
        face.applyUsingReloadData(snapshot, completion: nil)
    }

    /// The item at `indexPath`, or nil.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { face.itemIdentifier(for: indexPath) }

    /// Where `itemIdentifier` is, or nil.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { face.indexPath(for: itemIdentifier) }

    /// The section at `index`, or nil (iOS 15).
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { face.sectionIdentifier(for: index) }

    /// The index of `sectionIdentifier`, or nil (iOS 15).
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { face.index(for: sectionIdentifier) }

    // MARK: UITableViewDataSource

    /// The number of sections in the snapshot the table shows.
    open func numberOfSections(in tableView: UITableView) -> Int { face.numberOfSections() }

    /// The number of items in the snapshot's section at `section`.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        face.numberOfItems(inSection: section)
    }

    /// The cell the cell provider makes for the row at `indexPath`.
    open func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        face.cell(in: tableView.list, at: indexPath) as? UITableViewCell
            ?? UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    /// A section's header: none unless a subclass says.
    open func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { nil }

    /// A section's footer: none unless a subclass says.
    open func tableView(_ tableView: UITableView, titleForFooterInSection section: Int) -> String? { nil }

    /// Whether the row can be edited: false unless a subclass says, as in UIKit
    /// (a subclass that allows swipe to delete overrides it).
    open func tableView(_ tableView: UITableView, canEditRowAt indexPath: IndexPath) -> Bool { false }

    /// Whether the row can be moved: false unless a subclass says.
    open func tableView(_ tableView: UITableView, canMoveRowAt indexPath: IndexPath) -> Bool { false }

    /// An edit the user committed (a swipe's delete): nothing unless a subclass says.
    open func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle, forRowAt indexPath: IndexPath
    ) {}

    /// A row the user moved: nothing unless a subclass says (UIKit's own
    /// moves the item in the snapshot when the subclass does not apply one).
    open func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}

    /// The section index's titles: none unless a subclass says.
    open func sectionIndexTitles(for tableView: UITableView) -> [String]? { nil }

    /// The section a title of the index leads to: its own index unless a subclass says.
    open func tableView(_ tableView: UITableView, sectionForSectionIndexTitle title: String, at index: Int) -> Int {
        index
    }
}

extension UITableViewDiffableDataSource: CellProbing {
    /// What the cell provider makes now for the item at `indexPath` (the list never sees the cell).
    func probeCell(at indexPath: IndexPath) -> UIView? {
        guard let view = tableView, let item = itemIdentifier(for: indexPath) else { return nil }
        return probeProvider(view, indexPath, item)
    }
}
