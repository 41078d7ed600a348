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
    /// Where the item at `path` is in an outline (a section snapshot): its
    /// level and disclosure; nil for an item of a flat list (the default).
    func list(_ list: HeadlessList, outlinePlaceOfItemAt path: ItemPath) -> OutlinePlace?
}

/// Where an item is in an outline, as a cell of UIKit's outline shows it:
/// indented by its level, with a disclosure chevron when it has children,
/// turned down while it is expanded.
public struct OutlinePlace: Hashable, Sendable {
    /// 0 for a root item, 1 for its children, and so on.
    public var level: Int
    /// Whether it has children (a chevron is drawn).
    public var hasChildren: Bool
    /// Whether its children are shown.
    public var isExpanded: Bool

    /// Creates a place.
    public init(level: Int, hasChildren: Bool, isExpanded: Bool) {
        self.level = level
        self.hasChildren = hasChildren
        self.isExpanded = isExpanded
    }
}

extension ListDataSource {
    /// The adapter.
    public var traceRole: TraceRole { .adapter }
    /// No header.
    public func list(_ list: HeadlessList, titleForHeaderInSection section: Int) -> String? { nil }
    /// No footer.
    public func list(_ list: HeadlessList, titleForFooterInSection section: Int) -> String? { nil }
    /// Not in an outline.
    public func list(_ list: HeadlessList, outlinePlaceOfItemAt path: ItemPath) -> OutlinePlace? { nil }
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
