internal import ListLabCore

/// A collection view's data source driven by snapshots, as in UIKit, over
/// ListLab's ``ListLabCore/DiffableDataSource`` (see
/// ``UITableViewDiffableDataSource``); a section may be an outline
/// (``NSDiffableDataSourceSectionSnapshot``, iOS 14).
///
/// ```swift
/// let registration = UICollectionView.CellRegistration<UICollectionViewListCell, String> { cell, _, name in
///     var content = cell.defaultContentConfiguration()
///     content.text = name
///     cell.contentConfiguration = content
/// }
/// let dataSource = UICollectionViewDiffableDataSource<Int, String>(collectionView: collectionView) { collectionView, indexPath, name in
///     collectionView.dequeueConfiguredReusableCell(using: registration, for: indexPath, item: name)
/// }
/// ```
@MainActor
open class UICollectionViewDiffableDataSource<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>:
    NSObject, UICollectionViewDataSource, ListDataSourceProviding
{
    /// Makes the cell of an item: the presenter's part.
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    /// Makes a section's header or footer.
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    /// What the data source tells of an outline's expanding and collapsing (iOS 14).
    @MainActor
    public struct SectionSnapshotHandlers<Item: Hashable & Sendable> {
        public var shouldExpandItem: ((Item) -> Bool)?
        public var willExpandItem: ((Item) -> Void)?
        public var shouldCollapseItem: ((Item) -> Bool)?
        public var willCollapseItem: ((Item) -> Void)?
        public var snapshotForExpandingParent:
            ((Item, NSDiffableDataSourceSectionSnapshot<Item>) -> NSDiffableDataSourceSectionSnapshot<Item>)?

        public init() {}
    }

    private let face: DiffableFace<SectionIdentifierType, ItemIdentifierType>
    private weak var collectionView: UICollectionView?
    /// Makes the sections' headers and footers.
    open var supplementaryViewProvider: SupplementaryViewProvider?
    /// The outline's handlers (kept; a test expands and collapses through ``expand(_:in:)``).
    open var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>()

    var listDataSource: any ListDataSource { face.core }

    /// A data source for `collectionView` whose cells `cellProvider` makes;
    /// it becomes the view's data source.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        weak let view = collectionView
        let core = DiffableDataSource<SectionIdentifierType, ItemIdentifierType>(list: collectionView.list) { _, path, identifier in
            MainActor.assumeIsolated { () -> CellHost? in
                guard let view, let cell = CellRequest.asking({ cellProvider(view, IndexPath(path), identifier) }) else { return nil }
                let host = view.host(of: cell)
                host.takeText()
                return CellHost(host)
            }?.cell
        }
        face = DiffableFace(core: core, className: "UICollectionViewDiffableDataSource")
        super.init()
        core.headerTitle = { [weak self] section in
            MainActor.assumeIsolated { () -> String? in
                guard let self, let view = self.collectionView, view.asksForHeaders, let index = self.face.index(for: section),
                    let header = self.supplementaryViewProvider?(view, UICollectionView.elementKindSectionHeader, IndexPath(item: 0, section: index))
                else { return nil }
                return header.shownTexts.text
            }
        }
        collectionView.dataSource = self
    }

    /// A copy of the snapshot the view shows.
    open func snapshot() -> NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType> { face.snapshot() }

    /// Takes the view to `snapshot` by batch updates, then calls `completion`.
    open func apply(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        face.apply(snapshot, animatingDifferences: animatingDifferences, completion: completion)
    }

    /// ``apply(_:animatingDifferences:completion:)``, awaited.
    open func apply(_ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, animatingDifferences: Bool = true) async {
        face.apply(snapshot, animatingDifferences: animatingDifferences, completion: nil)
    }

    /// Takes the view to `snapshot` with `reloadData()` (iOS 15).
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>, completion: (() -> Void)? = nil
    ) {
        face.applyUsingReloadData(snapshot, completion: completion)
    }

    /// Takes `section` to the outline `snapshot` (iOS 14).
    open func apply(
        _ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType, animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        guard !UIKitException.hasBeenRaised else { return }
        guard UIKitEnvironment.isAtLeast(14) else {
            UIKitException.unrecognizedSelector("applySnapshot:toSection:animatingDifferences:completion:", of: "UICollectionViewDiffableDataSource").raise()
            return
        }
        do {
            try face.core.apply(snapshot.core, to: section, animatingDifferences: animatingDifferences)
            completion?()
        } catch {
            UIKitException(name: UIKitException.internalInconsistency, reason: error.description).raise()
        }
    }

    /// The outline of `section` (iOS 14).
    open func snapshot(for section: SectionIdentifierType) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        NSDiffableDataSourceSectionSnapshot(face.core.snapshot(for: section))
    }

    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { face.itemIdentifier(for: indexPath) }
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { face.indexPath(for: itemIdentifier) }
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { face.sectionIdentifier(for: index) }
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { face.index(for: sectionIdentifier) }

    // MARK: UICollectionViewDataSource

    open func numberOfSections(in collectionView: UICollectionView) -> Int { face.numberOfSections() }

    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int { face.numberOfItems(inSection: section) }

    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath) -> UICollectionViewCell {
        face.cell(in: collectionView.list, at: indexPath) as? UICollectionViewCell ?? UICollectionViewCell(frame: .zero)
    }

    open func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        supplementaryViewProvider?(collectionView, kind, indexPath) ?? UICollectionReusableView(frame: .zero)
    }
}
