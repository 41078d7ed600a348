internal import ListLabCore

/// A table view over ListLab's headless list: the list keeps the rows'
/// counts, cells, reuse queues, viewport and selection, and checks every
/// batch update by UIKit's rules; this class speaks UIKit's API and asks
/// the list, which owns every rule and every word. What the list refuses
/// ends the process as UIKit ends an app (``UIKitException``).
///
/// Only the rows in the viewport have cells: the table's height over
/// ``rowHeight`` (10 rows for a table without a height).
@preconcurrency @MainActor
open class UITableView: UIScrollView {
    /// The table's style (kept).
    public enum Style: Int, Sendable {
        /// Plain, grouped or inset grouped (kept, not drawn).
        case plain, grouped, insetGrouped
    }

    /// The animation of a row's change: accepted, not drawn (ListLab's
    /// pictures animate every change in UIKit's order).
    public enum RowAnimation: Int, Sendable {
        /// A fade; a slide to or from the right, left, top or bottom; none; or the middle one, which keeps the row
        /// centred: accepted, not drawn.
        case fade, right, left, top, bottom, none, middle
        /// The animation UIKit picks for the change: accepted, not drawn.
        case automatic = 100
    }

    /// Where a row scrolled to ends up in the viewport.
    public enum ScrollPosition: Int, Sendable {
        /// No preference, the top, the middle or the bottom of the viewport (kept: the row is scrolled on screen
        /// whichever is asked).
        case none, top, middle, bottom
    }

    /// The separator's style (kept).
    public enum SeparatorStyle: Int, Sendable {
        /// No separator, or a single line (kept, not drawn).
        case none, singleLine
    }

    /// A height the table works out from the content (kept: nothing is measured).
    public static let automaticDimension: CGFloat = -1

    /// The style the table was made with.
    public let style: Style
    /// The headless list this table speaks for.
    var list: HeadlessList { updates.list }
    private let updates: ListUpdates
    private lazy var bridge = TableListBridge(table: self)
    /// The classes registered for each reuse identifier.
    private var cellClasses: [String: UITableViewCell.Type] = [:]
    /// The nibs registered for each reuse identifier (which cannot be loaded here).
    private var cellNibs: [String: UINib] = [:]
    /// The header and footer views: registered classes, reuse, and the views shown.
    lazy var headerFooterViews = HeaderFooterViews(table: self)

    /// The object that gives the rows (held weakly, as in UIKit).
    open weak var dataSource: (any UITableViewDataSource)? {
        didSet { connectDataSource() }
    }

    /// The object told of selections, of cells about to show, of headers'
    /// views and of scrolling (held weakly).
    open weak var delegate: (any UITableViewDelegate)? {
        didSet { updates.dataSourceChanged = true }
    }
    /// The object told of rows about to come on screen (held weakly; kept, not asked).
    open weak var prefetchDataSource: (any UITableViewDataSourcePrefetching)?
    /// Whether rows are prefetched (kept).
    open var isPrefetchingEnabled = true
    /// A row's height, which sets how many rows the viewport shows.
    open var rowHeight: CGFloat = 44 {
        didSet { sizeViewport() }
    }
    /// The estimated row height (kept).
    open var estimatedRowHeight: CGFloat = 44
    /// The section headers' height (kept).
    open var sectionHeaderHeight: CGFloat = 28
    /// The section footers' height (kept).
    open var sectionFooterHeight: CGFloat = 28
    /// The estimated section headers' height (kept).
    open var estimatedSectionHeaderHeight: CGFloat = 28
    /// The estimated section footers' height (kept).
    open var estimatedSectionFooterHeight: CGFloat = 28
    /// The padding above each section header (kept).
    open var sectionHeaderTopPadding: CGFloat = 0
    /// The separators' insets (kept).
    open var separatorInset = UIEdgeInsets.zero
    /// The separators' colour (kept).
    open var separatorColor: UIColor?
    /// The view behind the table's content (kept).
    open var backgroundView: UIView?
    /// Whether the table lets the user drag rows (kept).
    open var dragInteractionEnabled = false
    /// Whether rows can be selected while the table is editing (kept).
    open var allowsSelectionDuringEditing = false
    /// Whether several rows can be selected while the table is editing (kept).
    open var allowsMultipleSelectionDuringEditing = false
    /// Whether cells' margins follow the readable width (kept).
    open var cellLayoutMarginsFollowReadableWidth = false
    /// The section index's text colour (kept).
    open var sectionIndexColor: UIColor?
    /// The separator's style (kept).
    open var separatorStyle: SeparatorStyle = .singleLine
    /// The view above the rows (kept).
    open var tableHeaderView: UIView?
    /// The view below the rows (kept).
    open var tableFooterView: UIView?
    /// Whether rows can be selected.
    open var allowsSelection = true
    /// Whether several rows can be selected at once.
    open var allowsMultipleSelection: Bool {
        get { list.allowsMultipleSelection }
        set { list.allowsMultipleSelection = newValue }
    }
    /// Whether the table is editing: its visible cells are, and a cell
    /// dequeued while it is.
    open var isEditing: Bool {
        get { editing }
        set { setEditing(newValue, animated: false) }
    }
    private var editing = false

    /// The frame; its height sets how many rows the viewport shows.
    open override var frame: CGRect {
        didSet { sizeViewport() }
    }

    /// A table of `style` with `frame`.
    public init(frame: CGRect, style: Style) {
        self.style = style
        updates = ListUpdates(list: Self.makeList(rows: Self.rows(in: frame.height, of: 44)))
        super.init(frame: frame)
        updates.connect = { [unowned self] in connectDataSource() }
    }

    /// A table from an archive: storyboards and nibs are not read here.
    public required init?(coder: NSCoder) {
        style = .plain
        updates = ListUpdates(list: Self.makeList(rows: 10))
        super.init(coder: coder)
        updates.connect = { [unowned self] in connectDataSource() }
    }

    private static func makeList(rows: Int) -> HeadlessList {
        let list = HeadlessList(style: .table, viewportRows: rows)
        list.iOSVersion = UIKitEnvironment.version
        return list
    }

    /// A plain table with `frame`.
    public convenience override init(frame: CGRect) {
        self.init(frame: frame, style: .plain)
    }

    private static func rows(in height: CGFloat, of rowHeight: CGFloat) -> Int {
        guard height > 0, rowHeight > 0 else { return 10 }
        return min(max(1, Int((height / rowHeight).rounded(.up))), HeadlessList.viewportRange.upperBound)
    }

    private func sizeViewport() {
        try? updates.list.setViewportRows(Self.rows(in: frame.height, of: rowHeight))
    }

    /// Puts the table and its visible cells in editing mode or takes them out of it.
    open func setEditing(_ editing: Bool, animated: Bool) {
        self.editing = editing
        for cell in visibleCells { cell.setEditing(editing, animated: animated) }
    }

    private func connectDataSource() {
        let driving = (dataSource as? any ListDataSourceProviding)?.listDataSource
        updates.list.dataSource = driving ?? bridge
        updates.list.delegate = bridge
        // A diffable data source has loaded the list itself; another is asked again on the next read.
        updates.dataSourceChanged = driving == nil
    }

    /// Asks the data source again when it changed since the list last asked.
    func refreshIfNeeded() { updates.refreshIfNeeded() }

    /// Loads what the data source changed since the list last asked, as
    /// UIKit's layout does (not inside an open batch update, which ends with its own).
    open override func layoutSubviews() {
        super.layoutSubviews()
        if !updates.isBatching { refreshIfNeeded() }
    }

    // MARK: Cells

    /// Registers `cellClass` (a `UITableViewCell` subclass) for `identifier`;
    /// nil removes the registration.
    open func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        guard let cellClass else {
            cellClasses[identifier] = nil
            return
        }
        cellNibs[identifier] = nil
        guard let cellType = cellClass as? UITableViewCell.Type else {
            UIKitException(.notOfKind("UITableViewCell")).raise()
            return
        }
        cellClasses[identifier] = cellType
        list.register(HostedCell.self, forCellReuseIdentifier: identifier)
    }

    /// Registers `nib` for `identifier`: kept, as nothing is decoded here,
    /// so dequeuing a cell of `identifier` raises as UIKit does for a nib it
    /// cannot load. Register the cell's class instead.
    open func register(_ nib: UINib?, forCellReuseIdentifier identifier: String) {
        cellNibs[identifier] = nib
        if nib != nil { cellClasses[identifier] = nil }
    }

    /// Registers `nib` for headers and footers of `identifier` (kept; dequeuing one raises, as for a cell's nib).
    open func register(_ nib: UINib?, forHeaderFooterViewReuseIdentifier identifier: String) {
        headerFooterViews.register(nib, for: identifier)
    }

    /// While set, a dequeue makes a cell the list never sees: a test asks
    /// the data source what a row would show now (``staleRow()``).
    var isProbing = false

    /// A cell for the row at `indexPath`: from the reuse queue of
    /// `identifier` when it has one, else made from the registered class.
    open func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> UITableViewCell {
        if isProbing, let cellType = cellClasses[identifier] {
            return cellType.init(listLabReuseIdentifier: identifier)
        }
        if let nib = cellNibs[identifier] {
            UIKitException(.nibNotLoaded(name: nib.name)).raise()
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
        guard let cellType = cellClasses[identifier] else {
            UIKitException(.noRegistration(identifier: identifier, elementKind: nil)).raise()
            return UITableViewCell(style: .default, reuseIdentifier: identifier)
        }
        let cell = updates.view(of: list.dequeueReusableCell(withIdentifier: identifier, for: ItemPath(indexPath))) {
            cellType.init(listLabReuseIdentifier: $0)
        }
        if cell.isEditing != editing { cell.setEditing(editing, animated: false) }
        return cell
    }

    /// A cell of `identifier` without a row: from its reuse queue (a cell the
    /// data source made itself is queued too when it leaves the screen), else
    /// made from the registered class; nil when neither has one.
    open func dequeueReusableCell(withIdentifier identifier: String) -> UITableViewCell? {
        if isProbing { return cellClasses[identifier]?.init(listLabReuseIdentifier: identifier) }
        let cellType = cellClasses[identifier] ?? UITableViewCell.self
        guard cellClasses[identifier] != nil || list.hasQueuedCell(withIdentifier: identifier) else { return nil }
        return updates.view(of: list.dequeueReusableCell(withIdentifier: identifier, for: ItemPath(-1, -1))) {
            cellType.init(listLabReuseIdentifier: $0)
        }
    }

    /// The list's cell for `cell`: its host, made for a cell the data
    /// source made itself rather than dequeued (UIKit shows such a cell as it is).
    func host(of cell: UITableViewCell) -> HostedCell {
        updates.host(of: cell, identifier: cell.reuseIdentifier)
    }

    /// The cell showing the row at `indexPath`, or nil when the row is not on screen.
    open func cellForRow(at indexPath: IndexPath) -> UITableViewCell? {
        refreshIfNeeded()
        return updates.visibleView(at: indexPath) as? UITableViewCell
    }

    /// The row `cell` shows, or nil when it shows none on screen.
    open func indexPath(for cell: UITableViewCell) -> IndexPath? { updates.path(of: cell) }

    /// The rows on screen, in order.
    open var indexPathsForVisibleRows: [IndexPath]? {
        refreshIfNeeded()
        return updates.visiblePaths
    }

    /// The cells on screen, in the order of their rows.
    open var visibleCells: [UITableViewCell] {
        refreshIfNeeded()
        return updates.visiblePaths.compactMap { updates.visibleView(at: $0) as? UITableViewCell }
    }

    // MARK: Counts

    /// The number of sections, as the table last asked its data source.
    open var numberOfSections: Int {
        refreshIfNeeded()
        return list.numberOfSections
    }

    /// The number of rows in `section`, as the table last asked its data source.
    open func numberOfRows(inSection section: Int) -> Int {
        refreshIfNeeded()
        guard (0..<list.numberOfSections).contains(section) else { return 0 }
        return list.numberOfItems(inSection: section)
    }

    /// Asks the data source for everything again.
    open func reloadData() { updates.reloadData() }

    // MARK: Selection

    /// The selected row, or nil.
    open var indexPathForSelectedRow: IndexPath? { list.selectedPaths.first.map(IndexPath.init) }

    /// The selected rows, or nil when none is.
    open var indexPathsForSelectedRows: [IndexPath]? {
        list.selectedPaths.isEmpty ? nil : list.selectedPaths.map(IndexPath.init)
    }

    /// Selects the row at `indexPath` (nil deselects every row), without
    /// telling the delegate, as in UIKit.
    open func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        guard !UIKitException.hasBeenRaised else { return }
        refreshIfNeeded()
        guard let indexPath else {
            bridge.quietly { list.deselectAll() }
            return
        }
        // The list tells the row's cell (`setSelected(_:animated:)`), and the one it deselects.
        bridge.quietly { try? list.selectItem(at: ItemPath(indexPath)) }
    }

    /// Deselects the row at `indexPath`, without telling the delegate.
    open func deselectRow(at indexPath: IndexPath, animated: Bool) {
        guard !UIKitException.hasBeenRaised else { return }
        bridge.quietly { list.deselectItem(at: ItemPath(indexPath)) }
    }

    /// Scrolls so that the row at `indexPath` is on screen.
    open func scrollToRow(at indexPath: IndexPath, at scrollPosition: ScrollPosition, animated: Bool) {
        guard !UIKitException.hasBeenRaised else { return }
        refreshIfNeeded()
        do {
            try list.scrollToItem(at: ItemPath(indexPath))
            listDidScroll()
        } catch {
            UIKitException(
                .scrollOutOfBounds(ItemPath(indexPath), itemCount: numberOfRows(inSection: indexPath.section))
            ).raise()
        }
    }

    // MARK: Batch updates

    /// Inserts rows at `indexPaths` (the data source has them already).
    open func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { $0.insertedItems += indexPaths.map(ItemPath.init) }
    }

    /// Deletes the rows at `indexPaths` (the data source no longer has them).
    open func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { $0.deletedItems += indexPaths.map(ItemPath.init) }
    }

    /// Reloads the rows at `indexPaths`: new cells, dequeued again.
    open func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        record { $0.reloadedItems += indexPaths.map(ItemPath.init) }
    }

    /// Configures the rows at `indexPaths` again in the cells they have (iOS 15).
    open func reconfigureRows(at indexPaths: [IndexPath]) {
        guard UIKitEnvironment.capabilities.reconfigures else {
            UIKitException.unrecognizedSelector("reconfigureRowsAtIndexPaths:", of: "UITableView").raise()
            return
        }
        record { $0.reconfiguredItems += indexPaths.map(ItemPath.init) }
    }

    /// Moves the row at `indexPath` to `newIndexPath`.
    open func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        record { $0.movedItems.append(ItemMove(from: ItemPath(indexPath), to: ItemPath(newIndexPath))) }
    }

    /// Inserts the sections `sections`.
    open func insertSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { $0.insertedSections += sections.map { $0 } }
    }

    /// Deletes the sections `sections`.
    open func deleteSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { $0.deletedSections += sections.map { $0 } }
    }

    /// Reloads the sections `sections`.
    open func reloadSections(_ sections: IndexSet, with animation: RowAnimation) {
        record { $0.reloadedSections += sections.map { $0 } }
    }

    /// Moves the section `section` to `newSection`.
    open func moveSection(_ section: Int, toSection newSection: Int) {
        record { $0.movedSections.append(SectionMove(from: section, to: newSection)) }
    }

    /// Starts a group of changes applied together by ``endUpdates()``.
    open func beginUpdates() { updates.begin() }

    /// Applies the changes since ``beginUpdates()`` as one batch update.
    open func endUpdates() { updates.end() }

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

    private func record(_ change: (inout BatchUpdate) -> Void) { updates.record(change) }

    // MARK: Scrolling

    /// The content's size: the table's width, and its rows' height (headers and footers are rows here).
    open override var contentSize: CGSize {
        get {
            refreshIfNeeded()
            return CGSize(width: bounds.width, height: CGFloat(list.totalRows) * rowHeight)
        }
        set {}
    }

    /// Scrolls the list to the row at the offset, as far as the content
    /// allows, and tells the delegate it scrolled, as UIKit does.
    override func contentOffsetWasSet() {
        guard !UIKitException.hasBeenRaised else { return }
        refreshIfNeeded()
        list.scroll(toRow: rowHeight > 0 ? Int((contentOffset.y / rowHeight).rounded(.down)) : 0)
        delegate?.scrollViewDidScroll(self)
    }

    /// The delegate, as the scroll view's.
    override var scrollDelegate: (any UIScrollViewDelegate)? { delegate }

    /// Follows a scroll of the list's own (to a row) and tells the delegate.
    private func listDidScroll() {
        followScroll(to: CGPoint(x: contentOffset.x, y: CGFloat(list.scrollOffset) * rowHeight))
        delegate?.scrollViewDidScroll(self)
    }

    // MARK: Geometry

    /// The row at `point` of the content (each row `rowHeight` high), or nil
    /// where there is none (a header, a footer, past the end).
    open func indexPathForRow(at point: CGPoint) -> IndexPath? {
        refreshIfNeeded()
        guard rowHeight > 0, point.y >= 0,
            case .items(let paths)? = list.row(at: Int((point.y / rowHeight).rounded(.down)))
        else {
            return nil
        }
        return paths.first.map(IndexPath.init)
    }

    /// The rows whose rectangles meet `rect`, in order.
    open func indexPathsForRows(in rect: CGRect) -> [IndexPath]? {
        refreshIfNeeded()
        guard rowHeight > 0 else { return [] }
        let first = max(0, Int((rect.minY / rowHeight).rounded(.down)))
        let last = min(list.totalRows, Int((rect.maxY / rowHeight).rounded(.up)))
        guard first < last else { return [] }
        return (first..<last).flatMap { index -> [IndexPath] in
            guard case .items(let paths)? = list.row(at: index) else { return [] }
            return paths.map(IndexPath.init)
        }
    }

    /// The rectangle of the row at `indexPath` in the content (zero where there is no row).
    open func rectForRow(at indexPath: IndexPath) -> CGRect {
        refreshIfNeeded()
        guard let row = list.rowIndex(ofItemAt: ItemPath(indexPath)) else { return .zero }
        return CGRect(x: 0, y: CGFloat(row) * rowHeight, width: bounds.width, height: rowHeight)
    }

    // MARK: Headers and footers

    /// Registers `aClass` (a `UITableViewHeaderFooterView` subclass) for
    /// headers and footers of `identifier`; nil removes the registration.
    open func register(_ aClass: AnyClass?, forHeaderFooterViewReuseIdentifier identifier: String) {
        headerFooterViews.register(aClass, for: identifier)
    }

    /// A header or footer view of `identifier`, from its reuse queue or made
    /// from the registered class; nil when nothing is registered for it.
    open func dequeueReusableHeaderFooterView(withIdentifier identifier: String) -> UITableViewHeaderFooterView? {
        headerFooterViews.dequeue(identifier)
    }

    /// The header view of `section` the delegate gave, or nil.
    open func headerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        refreshIfNeeded()
        return headerFooterViews.shown(.header, section) as? UITableViewHeaderFooterView
    }

    /// The footer view of `section` the delegate gave, or nil.
    open func footerView(forSection section: Int) -> UITableViewHeaderFooterView? {
        refreshIfNeeded()
        return headerFooterViews.shown(.footer, section) as? UITableViewHeaderFooterView
    }

    /// The text of `section`'s header or footer, asked as UIKit asks it: the
    /// delegate's view first, else a view UIKit makes for the data source's
    /// `title`; the delegate is told the view is about to show
    /// (`willDisplayHeaderView`), and the row shows the view's text then.
    func sectionText(_ kind: HeaderFooterViews.Kind, _ section: Int, title: () -> String?) -> String? {
        headerFooterViews.recycle(kind, section)
        let given =
            switch kind {
            case .header: delegate?.tableView(self, viewForHeaderInSection: section)
            case .footer: delegate?.tableView(self, viewForFooterInSection: section)
            }
        let shown: UIView
        if let given {
            shown = given
        } else {
            guard let title = title() else { return nil }
            let made = UITableViewHeaderFooterView(reuseIdentifier: nil)
            made.textLabel?.text = title
            shown = made
        }
        switch kind {
        case .header: delegate?.tableView(self, willDisplayHeaderView: shown, forSection: section)
        case .footer: delegate?.tableView(self, willDisplayFooterView: shown, forSection: section)
        }
        return headerFooterViews.show(shown, kind, section)
    }

    /// Asks the data source for the section index's titles again (kept, not drawn).
    open func reloadSectionIndexTitles() {}
}

extension ItemPath {
    /// The path of `indexPath`'s section and row.
    init(_ indexPath: IndexPath) {
        self.init(indexPath.section, indexPath.row)
    }
}

extension IndexPath {
    /// The index path of `path`.
    init(_ path: ItemPath) {
        self.init(row: path.item, section: path.section)
    }
}

/// A data source of UIKit's that drives the list with one of the core's
/// own (a diffable data source), rather than through the table's bridge.
@MainActor
protocol ListDataSourceProviding: AnyObject {
    var listDataSource: any ListDataSource { get }
}
