internal import ListLabCore

/// A collection view's data source driven by snapshots, as in UIKit, over
/// ListLab's `DiffableDataSource` (see
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
@preconcurrency @MainActor
open class UICollectionViewDiffableDataSource<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>:
    NSObject, UICollectionViewDataSource, ListDataSourceProviding
{
    /// Makes the cell of an item: the presenter's part.
    public typealias CellProvider = (UICollectionView, IndexPath, ItemIdentifierType) -> UICollectionViewCell?
    /// Makes a section's header or footer.
    public typealias SupplementaryViewProvider = (UICollectionView, String, IndexPath) -> UICollectionReusableView?

    /// What the data source tells of an outline's expanding and collapsing (iOS 14).
    @preconcurrency @MainActor
    public struct SectionSnapshotHandlers<Item: Hashable & Sendable> {
        /// Asked whether the user may expand an item (a tap of its disclosure: `tapOutlineDisclosure(at:)`).
        public var shouldExpandItem: ((Item) -> Bool)?
        /// Told that an item is about to expand.
        public var willExpandItem: ((Item) -> Void)?
        /// Asked whether the user may collapse an item.
        public var shouldCollapseItem: ((Item) -> Bool)?
        /// Told that an item is about to collapse.
        public var willCollapseItem: ((Item) -> Void)?
        /// Gives the section snapshot to show when a parent expands: the
        /// children it loads then (the parent is expanded in it).
        public var snapshotForExpandingParent:
            ((Item, NSDiffableDataSourceSectionSnapshot<Item>) -> NSDiffableDataSourceSectionSnapshot<Item>)?

        /// Handlers that are all nil.
        public init() {}
    }

    /// The cell provider, asked again when a test probes what a row would show now.
    private let probeProvider: CellProvider
    let face: DiffableFace<SectionIdentifierType, ItemIdentifierType>
    private weak var collectionView: UICollectionView?
    /// Makes the sections' headers and footers.
    open var supplementaryViewProvider: SupplementaryViewProvider?
    /// The outline's handlers, asked and told when a test taps an item's
    /// disclosure (`UICollectionView.tapOutlineDisclosure(at:)`), as UIKit
    /// does when a user taps it.
    open var sectionSnapshotHandlers = SectionSnapshotHandlers<ItemIdentifierType>()

    var listDataSource: any ListDataSource { face.core }

    /// A data source for `collectionView` whose cells `cellProvider` makes;
    /// it becomes the view's data source.
    public init(collectionView: UICollectionView, cellProvider: @escaping CellProvider) {
        self.collectionView = collectionView
        probeProvider = cellProvider
        weak let view = collectionView
        let core = DiffableDataSource<SectionIdentifierType, ItemIdentifierType>(list: collectionView.list) {
            _, path, identifier in
            MainActor.assumeIsolated { () -> CellHost? in
                guard let view, let cell = CellRequest.asking({ cellProvider(view, IndexPath(path), identifier) })
                else { return nil }
                let host = view.host(of: cell)
                host.takeText()
                return CellHost(host)
            }?.cell
        }
        face = DiffableFace(core: core, className: "UICollectionViewDiffableDataSource")
        super.init()
        core.headerTitle = { [weak self] section in
            MainActor.assumeIsolated { () -> String? in
                guard let self, let view = self.collectionView, view.asksForHeaders,
                    let index = self.face.index(for: section),
                    let header = self.supplementaryViewProvider?(
                        view, UICollectionView.elementKindSectionHeader, IndexPath(item: 0, section: index))
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

    /// Takes the view to `snapshot` with `reloadData()` (iOS 15).
    open func applySnapshotUsingReloadData(
        _ snapshot: NSDiffableDataSourceSnapshot<SectionIdentifierType, ItemIdentifierType>,
        completion: (() -> Void)? = nil
    ) {
        face.applyUsingReloadData(snapshot, completion: completion)
    }

    /// Takes `section` to the outline `snapshot` (iOS 14).
    open func apply(
        _ snapshot: NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>, to section: SectionIdentifierType,
        animatingDifferences: Bool = true,
        completion: (() -> Void)? = nil
    ) {
        guard !UIKitException.hasBeenRaised else { return }
        guard UIKitEnvironment.capabilities.sectionSnapshots else {
            UIKitException.unrecognizedSelector(
                "applySnapshot:toSection:animatingDifferences:completion:", of: "UICollectionViewDiffableDataSource"
            ).raise()
            return
        }
        do {
            try face.core.apply(snapshot.core, to: section, animatingDifferences: animatingDifferences)
            completion?()
        } catch {
            UIKitException(error).raise()
        }
    }

    /// The outline of `section` (iOS 14).
    open func snapshot(for section: SectionIdentifierType) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        NSDiffableDataSourceSectionSnapshot(face.core.snapshot(for: section))
    }

    /// The item at `indexPath`, or nil.
    open func itemIdentifier(for indexPath: IndexPath) -> ItemIdentifierType? { face.itemIdentifier(for: indexPath) }
    /// Where `itemIdentifier` is, or nil.
    open func indexPath(for itemIdentifier: ItemIdentifierType) -> IndexPath? { face.indexPath(for: itemIdentifier) }
    /// The section at `index`, or nil (iOS 15).
    open func sectionIdentifier(for index: Int) -> SectionIdentifierType? { face.sectionIdentifier(for: index) }
    /// The index of `sectionIdentifier`, or nil (iOS 15).
    open func index(for sectionIdentifier: SectionIdentifierType) -> Int? { face.index(for: sectionIdentifier) }

    // MARK: UICollectionViewDataSource

    /// The number of sections in the snapshot the view shows.
    open func numberOfSections(in collectionView: UICollectionView) -> Int { face.numberOfSections() }

    /// The number of items in the snapshot's section at `section`.
    open func collectionView(_ collectionView: UICollectionView, numberOfItemsInSection section: Int) -> Int {
        face.numberOfItems(inSection: section)
    }

    /// The cell the cell provider makes for the item at `indexPath`.
    open func collectionView(_ collectionView: UICollectionView, cellForItemAt indexPath: IndexPath)
        -> UICollectionViewCell
    {
        face.cell(in: collectionView.list, at: indexPath) as? UICollectionViewCell ?? UICollectionViewCell(frame: .zero)
    }

    /// The header or footer `supplementaryViewProvider` makes, else an empty view.
    open func collectionView(
        _ collectionView: UICollectionView, viewForSupplementaryElementOfKind kind: String, at indexPath: IndexPath
    ) -> UICollectionReusableView {
        supplementaryViewProvider?(collectionView, kind, indexPath) ?? UICollectionReusableView(frame: .zero)
    }

    /// Whether the item can be moved: false unless a subclass says.
    open func collectionView(_ collectionView: UICollectionView, canMoveItemAt indexPath: IndexPath) -> Bool { false }

    /// An item the user moved: nothing unless a subclass says.
    open func collectionView(
        _ collectionView: UICollectionView, moveItemAt sourceIndexPath: IndexPath, to destinationIndexPath: IndexPath
    ) {}

    /// The index's titles: none unless a subclass says.
    open func indexTitles(for collectionView: UICollectionView) -> [String]? { nil }

    /// The item a title of the index leads to: the first item of the title's section unless a subclass says.
    open func collectionView(_ collectionView: UICollectionView, indexPathForIndexTitle title: String, at index: Int)
        -> IndexPath
    {
        IndexPath(item: 0, section: index)
    }
}

/// A data source whose outline a tap of a disclosure expands or collapses.
@MainActor
protocol OutlineDisclosing: AnyObject {
    func toggleOutline(at indexPath: IndexPath)
}

extension UICollectionViewDiffableDataSource: OutlineDisclosing {
    /// Expands or collapses the item at `indexPath` in its section's outline
    /// as a tap of its disclosure does: the handlers may refuse it, are told
    /// of it, and may give the expanding parent's children.
    func toggleOutline(at indexPath: IndexPath) {
        guard !UIKitException.hasBeenRaised, let item = itemIdentifier(for: indexPath),
            let section = face.sectionIdentifier(for: indexPath.section)
        else { return }
        var outline = snapshot(for: section)
        let handlers = sectionSnapshotHandlers
        if outline.isExpanded(item) {
            guard handlers.shouldCollapseItem?(item) ?? true else { return }
            handlers.willCollapseItem?(item)
            outline.collapse([item])
        } else {
            guard handlers.shouldExpandItem?(item) ?? true else { return }
            handlers.willExpandItem?(item)
            if let children = handlers.snapshotForExpandingParent { outline = children(item, outline) }
            outline.expand([item])
        }
        apply(outline, to: section, animatingDifferences: true)
    }
}

extension UICollectionViewDiffableDataSource: CellProbing {
    /// What the cell provider makes now for the item at `indexPath` (the list never sees the cell).
    func probeCell(at indexPath: IndexPath) -> UIView? {
        guard let view = collectionView, let item = itemIdentifier(for: indexPath) else { return nil }
        return probeProvider(view, indexPath, item)
    }
}
