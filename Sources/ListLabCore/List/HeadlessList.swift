/// A stand-in for UITableView / UICollectionView with no pixels: it keeps
/// what UIKit keeps (cached counts, reuse queues, the cells of the visible
/// rows, the selection) and asks its data source what UIKit would ask, when
/// UIKit would ask it.
///
/// - It creates a cell only when the reuse queue for its identifier is empty
///   (``statistics`` counts created and reused cells).
/// - Only the items in the viewport have cells, whatever the size of the
///   data: scrolling 10,000 items through a 20-row viewport creates at most
///   22 cells.
/// - ``performBatchUpdates(_:)`` checks an update against the data source by
///   UIKit's rules and refuses it with UIKit's message, leaving the list as
///   it was.
/// - The selection follows its item through moves and disappears with it.
///
/// ```swift
/// let list = HeadlessList(style: .table, viewportRows: 5)
/// let adapter = ListAdapter(provider: contacts, presenter: SingleKindPresenter(ContactCell.self))
/// adapter.attach(to: list)            // registers cells, reloads
/// try list.selectItem(at: ItemPath(0, 1))
/// print(list.render().joined(separator: "\n"))
/// ```
///
/// Unlike UIKit, the list holds its data source and delegate strongly: an
/// adapter does not hold its list, so there is no cycle, and a list built in
/// a function keeps working after the function returns.
public final class HeadlessList {
    /// The layout, and UIKit's nouns in messages (``setStyle(_:)`` changes it).
    public private(set) var style: ListStyle
    /// The iOS version whose words the list speaks when it refuses a batch
    /// update (``IOSVersion/standard`` unless set).
    public var iOSVersion = IOSVersion.standard
    /// Answers the list's questions about sections, items and cells.
    public var dataSource: (any ListDataSource)?
    /// Hears about selection and displayed cells.
    public var delegate: (any ListDelegate)?
    /// Records the calls across the split; set its sink to turn tracing on.
    public let tracer: Tracer
    /// Whether selecting an item keeps the others selected (off by default,
    /// as in UITableView).
    public var allowsMultipleSelection = false

    /// The sizes of viewport the list accepts.
    public static let viewportRange = 1...1_000

    /// The number of rows the viewport shows.
    public internal(set) var viewportRows: Int
    /// The first visible row (a header, a footer or a row of items).
    public internal(set) var scrollOffset = 0
    /// The selected items, in path order.
    public private(set) var selectedPaths: [ItemPath] = []
    /// Counts of what the list has done.
    public internal(set) var statistics = ListStatistics()
    /// Who hears each batch update, in the order they were added (``addBatchUpdateObserver(_:)``).
    var batchUpdateObservers: [(token: ListObserverToken, hear: (BatchUpdateEvent) -> Void)] = []
    /// Who hears each reload, in the order they were added (``addReloadObserver(_:)``).
    var reloadObservers: [(token: ListObserverToken, hear: () -> Void)] = []
    /// The number of the next observer's token.
    var nextObserverNumber = 0

    /// The cached structure: counts, titles and where each section starts.
    var sections: [SectionLayout] = []
    /// Whether the list has asked its data source for counts yet.
    package internal(set) var hasLoaded = false
    /// The cells of the visible items.
    var visibleCells: [ItemPath: ListCell] = [:]
    /// Cells that ``dequeueReusableCell(withIdentifier:for:)`` hands back to
    /// be configured again in place (a reconfigure), by path.
    var cellsToReconfigure: [ItemPath: ListCell] = [:]
    private var registrations: [String: ListCell.Type] = [:]
    private var reuseQueues: [String: [ListCell]] = [:]
    /// Each kind's reuse identifier, asked once (see `reuseIdentifier(of:)`).
    private var identifiersByKind: [ObjectIdentifier: String] = [:]
    private var createdCellCount = 0

    /// The reuse identifier of the cell the adapter shows when the provider
    /// has no item where the list expects one (UIKit would crash there).
    public static let missingItemIdentifier = "ListLab.MissingItemCell"

    /// Creates an empty list.
    ///
    /// - Parameters:
    ///   - style: `.table` (one item per row) or `.collection(columns:)`.
    ///   - viewportRows: How many rows are visible; clamped to ``viewportRange``.
    ///   - tracer: The tracer to record calls with; a new one (off) by default.
    public init(style: ListStyle = .table, viewportRows: Int = 10, tracer: Tracer = Tracer()) {
        self.style = style
        self.viewportRows = min(max(viewportRows, Self.viewportRange.lowerBound), Self.viewportRange.upperBound)
        self.tracer = tracer
        register(ListCell.self, forCellReuseIdentifier: Self.missingItemIdentifier)
    }

    // MARK: - Structure, as last loaded

    /// The number of sections, as the list last loaded it.
    public var numberOfSections: Int { sections.count }

    /// The number of items in `section` as the list last loaded it; 0 for a
    /// section that does not exist.
    public func numberOfItems(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].itemCount : 0
    }

    /// The header text of `section`, as last loaded.
    public func headerTitle(inSection section: Int) -> String? {
        sections.indices.contains(section) ? sections[section].headerTitle : nil
    }

    /// The footer text of `section`, as last loaded.
    public func footerTitle(inSection section: Int) -> String? {
        sections.indices.contains(section) ? sections[section].footerTitle : nil
    }

    /// Whether the list shows an item at `path`.
    public func contains(_ path: ItemPath) -> Bool {
        path.item >= 0 && path.item < numberOfItems(inSection: path.section)
    }

    /// Throws ``ListError/noItem(_:sectionCount:itemCount:)`` unless the list
    /// shows an item at `path`.
    public func validate(_ path: ItemPath) throws(ListError) {
        guard contains(path) else {
            throw .noItem(
                path, sectionCount: sections.count,
                itemCount: sections.indices.contains(path.section) ? sections[path.section].itemCount : nil)
        }
    }

    // MARK: - Cells

    /// Registers a cell class for a reuse identifier, as UIKit's
    /// `register(_:forCellReuseIdentifier:)`.
    public func register(_ cellClass: ListCell.Type, forCellReuseIdentifier identifier: String) {
        registrations[identifier] = cellClass
    }

    /// Registers a cell kind under its own identifier (its type's name).
    public func register<Cell: ReusableCell>(_ cellClass: Cell.Type) {
        register(cellClass, forCellReuseIdentifier: Cell.reuseIdentifier)
    }

    /// The identifiers registered so far, sorted.
    public var registeredIdentifiers: [String] { registrations.keys.sorted() }

    /// A cell for the item at `path`: taken from the reuse queue of
    /// `identifier` when it has one, created otherwise.
    ///
    /// During a reconfigure, the cell already showing `path` is handed back
    /// instead, as UIKit does for `reconfigureItems`.
    ///
    /// - Precondition: `identifier` is registered (UIKit raises "unable to
    ///   dequeue a cell with identifier ..." otherwise).
    public func dequeueReusableCell(withIdentifier identifier: String, for path: ItemPath) -> ListCell {
        let (cell, how) = takeCell(withIdentifier: identifier, for: path)
        tracer.note(
            .presenter, .list,
            "dequeueReusableCell(\"\(identifier)\", for: \(path)) → \(how) cell #\(cell.serial)")
        return cell
    }

    /// A cell of the kind `Cell`, dequeued under its own identifier.
    ///
    /// - Precondition: `Cell` is registered under `Cell.reuseIdentifier`.
    public func dequeueReusableCell<Cell: ReusableCell>(_ kind: Cell.Type, for path: ItemPath) -> Cell {
        let identifier = reuseIdentifier(of: kind)
        let cell = dequeueReusableCell(withIdentifier: identifier, for: path)
        // The queue of `identifier` holds the class registered for it: almost always `Cell` itself.
        if type(of: cell) == kind { return unsafeDowncast(cell, to: Cell.self) }
        guard let typed = cell as? Cell else {
            preconditionFailure("the identifier \(identifier) is registered with another class than \(Cell.self)")
        }
        return typed
    }

    /// `Cell.reuseIdentifier`, asked once per kind: the default spells the
    /// type's name through the runtime, which costs more than the rest of a
    /// dequeue.
    private func reuseIdentifier<Cell: ReusableCell>(of kind: Cell.Type) -> String {
        if let known = identifiersByKind[ObjectIdentifier(kind)] { return known }
        let identifier = Cell.reuseIdentifier
        identifiersByKind[ObjectIdentifier(kind)] = identifier
        return identifier
    }

    private func takeCell(withIdentifier identifier: String, for path: ItemPath) -> (ListCell, String) {
        if let existing = cellsToReconfigure[path], existing.reuseIdentifier == identifier {
            cellsToReconfigure[path] = nil
            return (existing, "existing")
        }
        // First in, first out: the cell that left the screen first comes back first.
        if reuseQueues[identifier]?.isEmpty == false, let cell = reuseQueues[identifier]?.removeFirst() {
            cell.prepareForReuse()
            cell.reuseCount += 1
            statistics.cellsReused += 1
            return (cell, "reused")
        }
        guard let cellClass = registrations[identifier] else {
            preconditionFailure(
                UIKitRule.noRegistration(identifier: identifier, elementKind: nil).reason(in: style, on: iOSVersion))
        }
        let cell = cellClass.init(reuseIdentifier: identifier)
        createdCellCount += 1
        cell.serial = createdCellCount
        statistics.cellsCreated += 1
        return (cell, "new")
    }

    /// Whether the reuse queue of `identifier` holds a cell: UIKit's
    /// `dequeueReusableCell(withIdentifier:)` hands one out even for an
    /// identifier no class is registered for (a cell the data source made).
    public func hasQueuedCell(withIdentifier identifier: String) -> Bool {
        reuseQueues[identifier]?.isEmpty == false
    }

    /// Numbers `cell` as a cell the list created: one the data source made
    /// itself rather than dequeued, which UIKit shows as it is. A cell the
    /// list has numbered already is left as it is.
    public func adopt(_ cell: ListCell) {
        guard cell.serial == 0 else { return }
        createdCellCount += 1
        cell.serial = createdCellCount
        statistics.cellsCreated += 1
    }

    /// Puts a cell that left the screen back in its reuse queue.
    func enqueue(_ cell: ListCell) {
        cell.isSelected = false
        reuseQueues[cell.reuseIdentifier, default: []].append(cell)
    }

    /// The cell showing the item at `path`, or nil when the item is not
    /// visible (only visible items have cells).
    public func cellForItem(at path: ItemPath) -> ListCell? { visibleCells[path] }

    /// The paths of the visible items, in order.
    public var indexPathsForVisibleItems: [ItemPath] { visibleCells.keys.sorted() }

    /// The number of cells waiting in reuse queues.
    public var queuedCellCount: Int { reuseQueues.values.reduce(0) { $0 + $1.count } }

    // MARK: - Checkpoints

    /// What the list holds, to put back when a data source gives no cell in
    /// the middle of a batch update (UIKit raises then; the list refuses the
    /// update and is as it was).
    struct Checkpoint {
        fileprivate let sections: [SectionLayout]
        fileprivate let visibleCells: [ItemPath: ListCell]
        fileprivate let cellsToReconfigure: [ItemPath: ListCell]
        fileprivate let reuseQueues: [String: [ListCell]]
        fileprivate let selectedPaths: [ItemPath]
        fileprivate let scrollOffset: Int
        fileprivate let statistics: ListStatistics
        fileprivate let createdCellCount: Int
        /// Each kept cell's content, as ListCell holds it (a subclass's own
        /// properties are its own, and are not put back).
        fileprivate let cells:
            [(cell: ListCell, text: String, detail: String?, isSelected: Bool, configurations: Int, reuses: Int)]
    }

    func checkpoint() -> Checkpoint {
        let kept =
            visibleCells.values.map { $0 } + cellsToReconfigure.values.map { $0 } + reuseQueues.values.flatMap { $0 }
        return Checkpoint(
            sections: sections, visibleCells: visibleCells, cellsToReconfigure: cellsToReconfigure,
            reuseQueues: reuseQueues,
            selectedPaths: selectedPaths, scrollOffset: scrollOffset, statistics: statistics,
            createdCellCount: createdCellCount,
            cells: kept.map { ($0, $0.text, $0.detail, $0.isSelected, $0.configurationCount, $0.reuseCount) })
    }

    func restore(_ checkpoint: Checkpoint) {
        sections = checkpoint.sections
        visibleCells = checkpoint.visibleCells
        cellsToReconfigure = checkpoint.cellsToReconfigure
        reuseQueues = checkpoint.reuseQueues
        selectedPaths = checkpoint.selectedPaths
        scrollOffset = checkpoint.scrollOffset
        statistics = checkpoint.statistics
        createdCellCount = checkpoint.createdCellCount
        for kept in checkpoint.cells {
            kept.cell.text = kept.text
            kept.cell.detail = kept.detail
            kept.cell.isSelected = kept.isSelected
            kept.cell.configurationCount = kept.configurations
            kept.cell.reuseCount = kept.reuses
        }
    }

    /// The first item whose data source gave no cell (see
    /// ``noCellError(at:)``) since the list last looked; a batch update is
    /// refused when it has one.
    var itemWithoutCell: ItemPath?

    /// Tells the list that its data source had no cell for the item at
    /// `path` (a diffable data source's cell provider returned nil): the
    /// batch update being performed is refused, as UIKit raises.
    func dataSourceGaveNoCell(at path: ItemPath) {
        if itemWithoutCell == nil { itemWithoutCell = path }
    }

    /// The refusal of an update whose data source gave no cell for `path`.
    func noCellError(at path: ItemPath) -> BatchUpdateError {
        BatchUpdateError(.noCell(path), style: style, version: iOSVersion)
    }

    // MARK: - Reloading

    /// Forgets everything cached and asks the data source again, as UIKit's
    /// `reloadData`: counts, titles, then cells for the visible items. The
    /// selection is cleared; the scroll position is kept when it still fits.
    public func reloadData() {
        reloadData(scrollingToTop: false)
    }

    /// `reloadData`, optionally starting again at the first row (for a list
    /// that is given a new data source).
    public func reloadData(scrollingToTop: Bool) {
        if scrollingToTop { scrollOffset = 0 }
        tracer.call(.controller, .list, "reloadData()") {
            statistics.reloads += 1
            for path in visibleCells.keys.sorted() {
                if let cell = visibleCells[path] { enqueue(cell) }
            }
            visibleCells = [:]
            cellsToReconfigure = [:]
            selectedPaths = []
            sections = loadSections()
            hasLoaded = true
            clampScrollOffset()
            layoutVisibleCells()
        }
        for observer in reloadObservers { observer.hear() }
    }

    /// Shows the same data under another layout: a table, or a collection
    /// with `columns` items to a row. The list reloads from the top, as a
    /// new view would (the selection is cleared), and from then on speaks
    /// of rows or items, and refuses updates, as that kind of view does.
    ///
    /// UIKit has no such call (a collection view changes its columns with
    /// `setCollectionViewLayout(_:animated:)`, and a table is another class);
    /// it lets one list try both.
    public func setStyle(_ newStyle: ListStyle) {
        style = newStyle
        reloadData(scrollingToTop: true)
    }

    /// Where the item at `path` is in an outline (its level and
    /// disclosure), from the data source; nil in a flat list.
    public func outlinePlace(ofItemAt path: ItemPath) -> OutlinePlace? {
        dataSource?.list(self, outlinePlaceOfItemAt: path)
    }

    /// Asks the data source for the number of sections, the items in each,
    /// and the titles, and lays the sections out in rows.
    func loadSections() -> [SectionLayout] {
        guard let dataSource else { return [] }
        let sectionCount = askDataSource("numberOfSections") { max(0, dataSource.numberOfSections(in: self)) }
        var loaded: [SectionLayout] = []
        loaded.reserveCapacity(sectionCount)
        for section in 0..<sectionCount {
            let items = askDataSource("numberOfItems(inSection: \(section))") {
                max(0, dataSource.list(self, numberOfItemsInSection: section))
            }
            let header = askDataSource("titleForHeader(inSection: \(section))") {
                dataSource.list(self, titleForHeaderInSection: section)
            }
            let footer = askDataSource("titleForFooter(inSection: \(section))") {
                dataSource.list(self, titleForFooterInSection: section)
            }
            loaded.append(SectionLayout(itemCount: items, headerTitle: header, footerTitle: footer))
        }
        SectionLayout.placeRows(&loaded, columns: style.columns)
        return loaded
    }

    /// Counts and traces one call to the data source.
    func askDataSource<T>(_ call: @autoclosure () -> String, _ body: () -> T) -> T {
        statistics.dataSourceCalls += 1
        return tracer.call(.list, dataSource?.traceRole ?? .adapter, call(), body)
    }

    /// What a trace calls the delegate: the data source's role when one
    /// object is both (an adapter), the controller's otherwise (as a view
    /// controller is the delegate beside a diffable data source).
    var delegateTraceRole: TraceRole {
        guard let dataSource, let delegate, dataSource !== delegate else { return dataSource?.traceRole ?? .adapter }
        return .controller
    }

    // MARK: - Selection

    /// Selects the item at `path` as a user's tap does: the item is marked
    /// selected (and, unless ``allowsMultipleSelection``, the others are
    /// deselected first), and the delegate is told.
    ///
    /// - Throws: ``ListError/noItem(_:sectionCount:itemCount:)`` when the list
    ///   shows no item at `path`; nothing changes then.
    public func selectItem(at path: ItemPath) throws(ListError) {
        try validate(path)
        tracer.call(.controller, .list, "selectItem(at: \(path))") {
            if !allowsMultipleSelection {
                for other in selectedPaths where other != path {
                    deselect(other)
                }
            }
            if !selectedPaths.contains(path) {
                insertSelected(path)
                visibleCells[path]?.isSelected = true
            }
            if let delegate {
                statistics.delegateCalls += 1
                tracer.call(.list, delegateTraceRole, "didSelectItem(at: \(path))") {
                    delegate.list(self, didSelectItemAt: path)
                }
            }
        }
    }

    /// Deselects the item at `path` and tells the delegate; does nothing
    /// when it was not selected.
    public func deselectItem(at path: ItemPath) {
        guard selectedPaths.contains(path) else { return }
        tracer.call(.controller, .list, "deselectItem(at: \(path))") {
            deselect(path)
        }
    }

    /// Deselects every selected item.
    public func deselectAll() {
        for path in selectedPaths {
            deselectItem(at: path)
        }
    }

    private func deselect(_ path: ItemPath) {
        selectedPaths.removeAll { $0 == path }
        visibleCells[path]?.isSelected = false
        if let delegate {
            statistics.delegateCalls += 1
            tracer.call(.list, delegateTraceRole, "didDeselectItem(at: \(path))") {
                delegate.list(self, didDeselectItemAt: path)
            }
        }
    }

    private func insertSelected(_ path: ItemPath) {
        let index = selectedPaths.firstIndex { $0 > path } ?? selectedPaths.endIndex
        selectedPaths.insert(path, at: index)
    }

    /// Replaces the selection without telling the delegate (the selection
    /// carried through a batch update).
    func setSelection(_ paths: [ItemPath]) {
        selectedPaths = paths.sorted()
    }
}

/// Counts of what a ``HeadlessList`` has done since it was created.
public struct ListStatistics: Hashable, Sendable {
    /// Cells created because their reuse queue was empty.
    public var cellsCreated = 0
    /// Cells taken from a reuse queue.
    public var cellsReused = 0
    /// Times the data source configured a cell (new, reused or in place).
    public var configurations = 0
    /// Existing cells configured again in place by a reconfigure.
    public var reconfigurations = 0
    /// Cells replaced by a reload.
    public var reloadedCells = 0
    /// Calls to the data source.
    public var dataSourceCalls = 0
    /// Calls to the delegate.
    public var delegateCalls = 0
    /// Calls to `reloadData`.
    public var reloads = 0
    /// Batch updates applied.
    public var batchUpdates = 0
    /// Batch updates refused.
    public var refusedBatchUpdates = 0

    /// Creates zero counts.
    public init() {}
}
