/// What the headless list asks of its data source: UITableViewDataSource and
/// UICollectionViewDataSource, reduced to what a headless list needs.
///
/// The list caches the counts it was last told and asks again only on
/// ``HeadlessList/reloadData()`` and ``HeadlessList/performBatchUpdates(_:)``,
/// as UIKit does; this is why a batch update that disagrees with the data
/// is caught.
public protocol ListDataSource: AnyObject {
    /// The number of sections.
    func numberOfSections(in list: HeadlessList) -> Int
    /// The number of items in `section`.
    func list(_ list: HeadlessList, numberOfItemsInSection section: Int) -> Int
    /// A configured cell for the item at `path`, dequeued from `list`.
    func list(_ list: HeadlessList, cellForItemAt path: ItemPath) -> ListCell
    /// The text of the header of `section`, or nil for none.
    func list(_ list: HeadlessList, titleForHeaderInSection section: Int) -> String?
    /// The text of the footer of `section`, or nil for none.
    func list(_ list: HeadlessList, titleForFooterInSection section: Int) -> String?
    /// What a trace calls this data source (by default the adapter).
    var traceRole: TraceRole { get }
}

extension ListDataSource {
    /// The adapter.
    public var traceRole: TraceRole { .adapter }
    /// No header.
    public func list(_ list: HeadlessList, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer.
    public func list(_ list: HeadlessList, titleForFooterInSection section: Int) -> String? { nil }
}

/// What the headless list tells its delegate: the selection, and cells about
/// to be shown (which is how a paged source knows to load more).
public protocol ListDelegate: AnyObject {
    /// The item at `path` was selected.
    func list(_ list: HeadlessList, didSelectItemAt path: ItemPath)
    /// The item at `path` was deselected.
    func list(_ list: HeadlessList, didDeselectItemAt path: ItemPath)
    /// `cell` is about to be shown for the item at `path`.
    func list(_ list: HeadlessList, willDisplay cell: ListCell, forItemAt path: ItemPath)
}

extension ListDelegate {
    public func list(_ list: HeadlessList, didSelectItemAt path: ItemPath) {}
    public func list(_ list: HeadlessList, didDeselectItemAt path: ItemPath) {}
    public func list(_ list: HeadlessList, willDisplay cell: ListCell, forItemAt path: ItemPath) {}
}
