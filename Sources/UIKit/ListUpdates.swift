internal import ListLabCore

/// What a table view and a collection view share over their headless
/// list: the changes of an open `beginUpdates()` or `performBatchUpdates`,
/// applied through the list as one batch update, and what it refuses
/// raised as UIKit raises it.
@MainActor
final class ListUpdates {
    let list: HeadlessList
    private var pending = BatchUpdate()
    private var depth = 0
    /// Whether the data source changed since the list last asked it.
    var dataSourceChanged = false
    /// Connects the list to the view's data source when it has none (set by the view once made).
    var connect: () -> Void = {}

    init(list: HeadlessList) {
        self.list = list
    }

    /// Asks the data source again when it changed since the list last asked
    /// (or the list never asked): before a count, a cell or the visible rows are read.
    /// Whether a batch update is open (`performBatchUpdates`, `beginUpdates`).
    var isBatching: Bool { depth > 0 }

    func refreshIfNeeded() {
        if list.dataSource == nil { connect() }
        if dataSourceChanged || !list.hasLoaded {
            dataSourceChanged = false
            list.reloadData()
        }
    }

    /// Asks the data source for everything again.
    func reloadData() {
        guard !UIKitException.hasBeenRaised else { return }
        dataSourceChanged = false
        if list.dataSource == nil { connect() }
        list.reloadData()
    }

    /// Adds a change to the open batch update, or applies it at once.
    func record(_ change: (inout BatchUpdate) -> Void) {
        if depth > 0 {
            change(&pending)
        } else {
            var update = BatchUpdate()
            change(&update)
            perform(update)
        }
    }

    /// Opens a group of changes.
    func begin() {
        if depth == 0 { pending = BatchUpdate() }
        depth += 1
    }

    /// Closes a group of changes; the outermost applies them. Returns
    /// whether they were applied (or are still pending in an outer group).
    @discardableResult
    func end() -> Bool {
        guard depth > 0 else { return false }
        depth -= 1
        return depth > 0 || perform(pending)
    }

    /// Applies `update` through the list; raises what it refuses.
    @discardableResult
    private func perform(_ update: BatchUpdate) -> Bool {
        guard !UIKitException.hasBeenRaised else { return false }
        if dataSourceChanged, list.hasLoaded {
            dataSourceChanged = false
            list.reloadData()
        }
        if list.dataSource == nil { connect() }
        do {
            try list.performBatchUpdates(update)
            return true
        } catch {
            UIKitException(error).raise()
            return false
        }
    }

    /// The hosts dequeued since the list last took a cell: a view holds its
    /// host weakly (the host holds the view), so until the data source hands
    /// the view back, only this keeps the host the list made (and numbered).
    private var dequeued: [HostedCell] = []

    /// The list's cell for `view`: its host, made for a view the data source
    /// made itself rather than dequeued.
    func host(of view: any ReusableCellView, identifier: String?) -> HostedCell {
        defer { dequeued.removeAll(keepingCapacity: true) }
        if let host = view.host { return host }
        // A cell made with no reuse identifier is named by its class where the list names a cell's kind.
        let made = HostedCell(reuseIdentifier: identifier ?? String(describing: type(of: view)))
        made.view = view
        view.host = made
        list.adopt(made)
        return made
    }

    /// The UIKit view `listCell` holds, made by `make` the first time.
    func view<View: UIView & ReusableCellView>(of listCell: ListCell, making make: (String) -> View) -> View {
        guard let host = listCell as? HostedCell else { return make(listCell.reuseIdentifier) }
        dequeued.append(host)
        if let made = host.view as? View { return made }
        let made = make(listCell.reuseIdentifier)
        host.view = made
        made.host = host
        return made
    }

    /// The paths of the visible items, as index paths.
    var visiblePaths: [IndexPath] { list.indexPathsForVisibleItems.map(IndexPath.init) }

    /// The UIKit view showing `path`, if it is on screen.
    func visibleView(at path: IndexPath) -> UIView? {
        (list.cellForItem(at: ItemPath(path)) as? HostedCell)?.view
    }

    /// Where `view` is on screen, or nil.
    func path(of view: any ReusableCellView) -> IndexPath? {
        guard let host = view.host else { return nil }
        return list.indexPathsForVisibleItems.first { list.cellForItem(at: $0) === host }.map(IndexPath.init)
    }
}
