internal import ListLabCore

/// A collection view over ListLab's headless list, as ``UITableView`` is:
/// the list keeps the items' counts, cells, reuse, viewport and selection,
/// and checks every batch update by UIKit's rules (in a collection view's
/// words); what it refuses raises as UIKit does (``UIKitException``).
/// Its layout is kept: the list shows one item a row.
@preconcurrency @MainActor
open class UICollectionView: UIScrollView {
    /// Where an item scrolled to ends up (kept).
    public struct ScrollPosition: OptionSet, Sendable {
        /// The position's bits.
        public let rawValue: UInt
        /// A position of the bits `rawValue`.
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// The item at the top of the viewport (kept: the item is scrolled on screen whichever is asked).
        public static let top = ScrollPosition(rawValue: 1 << 0)
        /// The item in the middle of the viewport (kept: the item is scrolled on screen whichever is asked).
        public static let centeredVertically = ScrollPosition(rawValue: 1 << 1)
        /// The item at the bottom of the viewport (kept: the item is scrolled on screen whichever is asked).
        public static let bottom = ScrollPosition(rawValue: 1 << 2)
    }

    /// The kind of a section's header view.
    public static let elementKindSectionHeader = "UICollectionElementKindSectionHeader"
    /// The kind of a section's footer view.
    public static let elementKindSectionFooter = "UICollectionElementKindSectionFooter"

    /// The layout (kept; a list layout's header mode says whether headers are asked for).
    open var collectionViewLayout: UICollectionViewLayout
    /// The headless list this view speaks for.
    var list: HeadlessList { updates.list }
    private let updates: ListUpdates
    private lazy var bridge = CollectionListBridge(collection: self)
    private var cellClasses: [String: UICollectionViewCell.Type] = [:]
    private var supplementaryClasses: [String: UICollectionReusableView.Type] = [:]
    /// The nibs registered for cells and supplementary views (which cannot be loaded here).
    private var nibs: [String: UINib] = [:]
    /// The reuse identifiers of the registrations dequeued through.
    private let registrationNames = RegistrationNames()

    /// The object that gives the items (held weakly, as in UIKit).
    open weak var dataSource: (any UICollectionViewDataSource)? {
        didSet { connectDataSource() }
    }

    /// The object told of selections, of cells about to show and of scrolling (held weakly).
    open weak var delegate: (any UICollectionViewDelegate)?
    /// Replaces the layout (kept: the list shows one item a row whatever the layout).
    open func setCollectionViewLayout(_ layout: UICollectionViewLayout, animated: Bool) {
        collectionViewLayout = layout
    }

    /// The object told of items about to come on screen (held weakly; kept, not asked).
    open weak var prefetchDataSource: (any UICollectionViewDataSourcePrefetching)?
    /// Whether items are prefetched (kept).
    open var isPrefetchingEnabled = true
    /// Whether the view lets the user drag items (kept).
    open var dragInteractionEnabled = false
    /// Whether the view is editing (kept; a list cell's `.whenEditing` accessories would show).
    open var isEditing = false
    /// Whether items can be selected.
    open var allowsSelection = true
    /// Whether several items can be selected at once.
    open var allowsMultipleSelection: Bool {
        get { list.allowsMultipleSelection }
        set { list.allowsMultipleSelection = newValue }
    }
    /// The view behind the content (kept).
    open var backgroundView: UIView?

    /// The frame; its height sets how many items the viewport shows (44 points a row).
    open override var frame: CGRect {
        didSet { try? updates.list.setViewportRows(Self.rows(in: frame.height)) }
    }

    /// A collection view with `frame` and `layout`.
    public init(frame: CGRect, collectionViewLayout layout: UICollectionViewLayout) {
        collectionViewLayout = layout
        updates = ListUpdates(list: Self.makeList(rows: Self.rows(in: frame.height)))
        super.init(frame: frame)
        updates.connect = { [unowned self] in connectDataSource() }
    }

    /// A collection view from an archive: storyboards and nibs are not read here.
    public required init?(coder: NSCoder) {
        collectionViewLayout = UICollectionViewFlowLayout()
        updates = ListUpdates(list: Self.makeList(rows: 10))
        super.init(coder: coder)
        updates.connect = { [unowned self] in connectDataSource() }
    }

    private static func makeList(rows: Int) -> HeadlessList {
        let list = HeadlessList(style: .collection(columns: 1), viewportRows: rows)
        list.iOSVersion = UIKitEnvironment.version
        return list
    }

    private static func rows(in height: CGFloat) -> Int {
        guard height > 0 else { return 10 }
        return min(max(1, Int((height / rowHeight).rounded(.up))), HeadlessList.viewportRange.upperBound)
    }

    private func connectDataSource() {
        let driving = (dataSource as? any ListDataSourceProviding)?.listDataSource
        updates.list.dataSource = driving ?? bridge
        updates.list.delegate = bridge
        // A diffable data source has loaded the list itself; another is asked again on the next read.
        updates.dataSourceChanged = driving == nil
    }

    func refreshIfNeeded() { updates.refreshIfNeeded() }

    /// Loads what the data source changed since the list last asked, as
    /// UIKit's layout does (not inside an open batch update, which ends with its own).
    open override func layoutSubviews() {
        super.layoutSubviews()
        if !updates.isBatching { refreshIfNeeded() }
    }

    /// Whether the layout asks for section headers (a list layout's `.supplementary` header mode).
    var asksForHeaders: Bool {
        (collectionViewLayout as? UICollectionViewCompositionalLayout)?.listConfiguration?.headerMode == .supplementary
    }

    // MARK: Cells

    /// Registers `cellClass` (a `UICollectionViewCell` subclass) for `identifier`.
    open func register(_ cellClass: AnyClass?, forCellWithReuseIdentifier identifier: String) {
        guard let cellClass else {
            cellClasses[identifier] = nil
            return
        }
        guard let cellType = cellClass as? UICollectionViewCell.Type else {
            UIKitException(.notOfKind("UICollectionViewCell")).raise()
            return
        }
        cellClasses[identifier] = cellType
        list.register(HostedCell.self, forCellReuseIdentifier: identifier)
    }

    /// Registers `viewClass` for headers or footers (`elementKind`) of `identifier`.
    open func register(
        _ viewClass: AnyClass?, forSupplementaryViewOfKind elementKind: String, withReuseIdentifier identifier: String
    ) {
        supplementaryClasses[elementKind + "/" + identifier] = viewClass as? UICollectionReusableView.Type
    }

    /// Registers `nib` for cells of `identifier`: kept, as nothing is decoded
    /// here, so dequeuing one raises as UIKit does for a nib it cannot load.
    open func register(_ nib: UINib?, forCellWithReuseIdentifier identifier: String) {
        nibs["cell/" + identifier] = nib
    }

    /// Registers `nib` for supplementary views of `kind` and `identifier` (kept; dequeuing one raises).
    open func register(_ nib: UINib?, forSupplementaryViewOfKind kind: String, withReuseIdentifier identifier: String) {
        nibs[kind + "/" + identifier] = nib
    }

    /// While set, a dequeue makes a cell the list never sees: a test asks
    /// the data source what an item would show now (``staleRow()``).
    var isProbing = false

    /// A cell for the item at `indexPath`, from the reuse queue of `identifier`
    /// or made from the registered class.
    open func dequeueReusableCell(withReuseIdentifier identifier: String, for indexPath: IndexPath)
        -> UICollectionViewCell
    {
        if isProbing, let cellType = cellClasses[identifier] {
            return cellType.init(listLabReuseIdentifier: identifier)
        }
        if let nib = nibs["cell/" + identifier], cellClasses[identifier] == nil {
            UIKitException(.nibNotLoaded(name: nib.name)).raise()
            return UICollectionViewCell(listLabReuseIdentifier: identifier)
        }
        guard let cellType = cellClasses[identifier] else {
            UIKitException(.noRegistration(identifier: identifier, elementKind: nil), in: list.style).raise()
            return UICollectionViewCell(listLabReuseIdentifier: identifier)
        }
        return updates.view(of: list.dequeueReusableCell(withIdentifier: identifier, for: ItemPath(indexPath))) {
            cellType.init(listLabReuseIdentifier: $0)
        }
    }

    /// A header or footer of `elementKind` for `indexPath`'s section, made
    /// from the registered class (headers are not reused here).
    open func dequeueReusableSupplementaryView(
        ofKind elementKind: String, withReuseIdentifier identifier: String, for indexPath: IndexPath
    ) -> UICollectionReusableView {
        guard let viewType = supplementaryClasses[elementKind + "/" + identifier] else {
            UIKitException(.noRegistration(identifier: identifier, elementKind: elementKind), in: list.style).raise()
            return UICollectionReusableView(listLabReuseIdentifier: identifier)
        }
        return viewType.init(listLabReuseIdentifier: identifier)
    }

    /// A cell dequeued through `registration` and configured by its handler with `item`.
    open func dequeueConfiguredReusableCell<Cell: UICollectionViewCell, Item>(
        using registration: CellRegistration<Cell, Item>, for indexPath: IndexPath, item: Item?
    ) -> Cell {
        if registration.wasMadeDuringACellRequest, UIKitEnvironment.capabilities.refusesRegistrationsMadeForACell {
            UIKitException(.registrationMadeForACell, in: list.style).raise()
        }
        let identifier = registrationNames.name(of: registration.token)
        if cellClasses[identifier] == nil { register(Cell.self, forCellWithReuseIdentifier: identifier) }
        let cell = dequeueReusableCell(withReuseIdentifier: identifier, for: indexPath)
        guard let typed = cell as? Cell else { return Cell(listLabReuseIdentifier: identifier) }
        if let item { registration.handler(typed, indexPath, item) }
        return typed
    }

    /// A header or footer dequeued through `registration` and configured by its handler.
    open func dequeueConfiguredReusableSupplementary<Supplementary: UICollectionReusableView>(
        using registration: SupplementaryRegistration<Supplementary>, for indexPath: IndexPath
    ) -> Supplementary {
        let view = Supplementary(listLabReuseIdentifier: registrationNames.name(of: registration.token))
        registration.handler(view, registration.elementKind, indexPath)
        return view
    }

    /// The list's cell for `cell`, made for a cell the data source did not dequeue.
    func host(of cell: UICollectionViewCell) -> HostedCell {
        updates.host(of: cell, identifier: cell.reuseIdentifier)
    }

    /// The cell showing the item at `indexPath`, or nil when it is not on screen.
    open func cellForItem(at indexPath: IndexPath) -> UICollectionViewCell? {
        refreshIfNeeded()
        return updates.visibleView(at: indexPath) as? UICollectionViewCell
    }

    /// The item `cell` shows, or nil when it shows none on screen.
    open func indexPath(for cell: UICollectionViewCell) -> IndexPath? { updates.path(of: cell) }

    /// The items on screen, in order.
    open var indexPathsForVisibleItems: [IndexPath] {
        refreshIfNeeded()
        return updates.visiblePaths
    }

    /// The cells on screen, in the order of their items.
    open var visibleCells: [UICollectionViewCell] {
        refreshIfNeeded()
        return updates.visiblePaths.compactMap { updates.visibleView(at: $0) as? UICollectionViewCell }
    }

    // MARK: Counts

    /// The number of sections, as the view last asked its data source.
    open var numberOfSections: Int {
        refreshIfNeeded()
        return list.numberOfSections
    }

    /// The number of items in `section`, as the view last asked its data source.
    open func numberOfItems(inSection section: Int) -> Int {
        refreshIfNeeded()
        guard (0..<list.numberOfSections).contains(section) else { return 0 }
        return list.numberOfItems(inSection: section)
    }

    /// Asks the data source for everything again.
    open func reloadData() { updates.reloadData() }

    // MARK: Selection

    /// The selected items (empty when none is).
    open var indexPathsForSelectedItems: [IndexPath]? { list.selectedPaths.map(IndexPath.init) }

    /// Selects the item at `indexPath` (nil deselects every item), without telling the delegate.
    open func selectItem(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard !UIKitException.hasBeenRaised else { return }
        refreshIfNeeded()
        guard let indexPath else {
            bridge.quietly { list.deselectAll() }
            return
        }
        // The list tells the item's cell, and the one it deselects.
        bridge.quietly { try? list.selectItem(at: ItemPath(indexPath)) }
    }

    /// Deselects the item at `indexPath`, without telling the delegate.
    open func deselectItem(at indexPath: IndexPath, animated: Bool) {
        guard !UIKitException.hasBeenRaised else { return }
        bridge.quietly { list.deselectItem(at: ItemPath(indexPath)) }
    }

    /// Scrolls so that the item at `indexPath` is on screen.
    open func scrollToItem(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard !UIKitException.hasBeenRaised else { return }
        refreshIfNeeded()
        do {
            try list.scrollToItem(at: ItemPath(indexPath))
            listDidScroll()
        } catch {
            UIKitException(
                .scrollOutOfBounds(ItemPath(indexPath), itemCount: numberOfItems(inSection: indexPath.section)),
                in: list.style
            ).raise()
        }
    }

    // MARK: Batch updates

    /// Inserts items at `indexPaths` (the data source has them already).
    open func insertItems(at indexPaths: [IndexPath]) {
        updates.record { $0.insertedItems += indexPaths.map(ItemPath.init) }
    }
    /// Deletes the items at `indexPaths` (the data source no longer has them).
    open func deleteItems(at indexPaths: [IndexPath]) {
        updates.record { $0.deletedItems += indexPaths.map(ItemPath.init) }
    }
    /// Reloads the items at `indexPaths`: new cells, dequeued again.
    open func reloadItems(at indexPaths: [IndexPath]) {
        updates.record { $0.reloadedItems += indexPaths.map(ItemPath.init) }
    }

    /// Configures the items at `indexPaths` again in the cells they have (iOS 15).
    open func reconfigureItems(at indexPaths: [IndexPath]) {
        guard UIKitEnvironment.capabilities.reconfigures else {
            UIKitException.unrecognizedSelector("reconfigureItemsAtIndexPaths:", of: "UICollectionView").raise()
            return
        }
        updates.record { $0.reconfiguredItems += indexPaths.map(ItemPath.init) }
    }

    /// Moves the item at `indexPath` to `newIndexPath`.
    open func moveItem(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        updates.record { $0.movedItems.append(ItemMove(from: ItemPath(indexPath), to: ItemPath(newIndexPath))) }
    }

    /// Inserts the sections `sections`.
    open func insertSections(_ sections: IndexSet) { updates.record { $0.insertedSections += sections.map { $0 } } }
    /// Deletes the sections `sections`.
    open func deleteSections(_ sections: IndexSet) { updates.record { $0.deletedSections += sections.map { $0 } } }
    /// Reloads the sections `sections`.
    open func reloadSections(_ sections: IndexSet) { updates.record { $0.reloadedSections += sections.map { $0 } } }
    /// Moves the section `section` to `newSection`.
    open func moveSection(_ section: Int, toSection newSection: Int) {
        updates.record { $0.movedSections.append(SectionMove(from: section, to: newSection)) }
    }

    /// Applies the changes `updates` makes as one batch update, then calls
    /// `completion` with true (not when UIKit raises).
    open func performBatchUpdates(_ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil) {
        self.updates.begin()
        updates?()
        if self.updates.end() { completion?(true) }
    }

    /// Applies the changes `updates` makes as one batch update, then calls
    /// `completion` with true (not when UIKit raises). The block does not
    /// escape, as UIKit's `NS_NOESCAPE` block does not, so a class's code
    /// may use implicit `self` in it.
    open func performBatchUpdates(_ updates: () -> Void, completion: ((Bool) -> Void)? = nil) {
        self.updates.begin()
        updates()
        if self.updates.end() { completion?(true) }
    }

    // MARK: Scrolling

    /// The height of a row of items (the list shows one item a row).
    static let rowHeight: CGFloat = 44

    /// The content's size: the view's width, and its rows' height.
    open override var contentSize: CGSize {
        get {
            refreshIfNeeded()
            return CGSize(width: bounds.width, height: CGFloat(list.totalRows) * Self.rowHeight)
        }
        set {}
    }

    /// Scrolls the list to the row at the offset, as far as the content
    /// allows, and tells the delegate it scrolled, as UIKit does.
    override func contentOffsetWasSet() {
        guard !UIKitException.hasBeenRaised else { return }
        refreshIfNeeded()
        list.scroll(toRow: Int((contentOffset.y / Self.rowHeight).rounded(.down)))
        delegate?.scrollViewDidScroll(self)
    }

    /// The delegate, as the scroll view's.
    override var scrollDelegate: (any UIScrollViewDelegate)? { delegate }

    /// Follows a scroll of the list's own (to an item) and tells the delegate.
    private func listDidScroll() {
        followScroll(to: CGPoint(x: contentOffset.x, y: CGFloat(list.scrollOffset) * Self.rowHeight))
        delegate?.scrollViewDidScroll(self)
    }

    /// The item at `point` of the content, or nil where there is none.
    open func indexPathForItem(at point: CGPoint) -> IndexPath? {
        refreshIfNeeded()
        guard point.y >= 0, case .items(let paths)? = list.row(at: Int((point.y / Self.rowHeight).rounded(.down)))
        else { return nil }
        return paths.first.map(IndexPath.init)
    }
}
