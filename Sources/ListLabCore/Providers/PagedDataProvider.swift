/// A provider whose items arrive a page at a time from a source that can
/// fail, as the web-backed provider of "DRY Data Sources" does: the first
/// page on ``loadNextPage()``, then one more page each time, appended as a
/// batch insert. A failed page changes nothing; asking again retries it.
///
/// ```swift
/// let photos = PagedDataProvider<Photo>(pageSize: 10) { page, size in try api.photos(page: page, size: size) }
/// let list = HeadlessList()
/// ListAdapter(provider: photos, presenter: SingleKindPresenter(PhotoCell.self)).attach(to: list)
/// try list.performBatchUpdates(try photos.loadNextPage())   // inserts the first 10 photos
/// ```
public final class PagedDataProvider<Item>: DataProvider {
    /// Reads page `page` (from 0) of `size` items; fewer than `size` items
    /// (or none) means it was the last page.
    public typealias PageSource = (_ page: Int, _ size: Int) throws -> [Item]

    /// Items per page.
    public let pageSize: Int
    private let source: PageSource
    private var store = SectionStore<Item>(sections: [[]], titles: [nil])
    /// The pages loaded so far.
    public private(set) var loadedPages = 0
    /// Whether the source may have more items.
    public private(set) var hasMore = true

    /// Creates a provider with no items yet.
    ///
    /// - Precondition: `pageSize` is positive.
    public init(pageSize: Int, source: @escaping PageSource) {
        precondition(pageSize > 0, "a page holds at least one item")
        self.pageSize = pageSize
        self.source = source
    }

    /// Loads the next page and appends it.
    ///
    /// - Returns: The inserts (empty when there was nothing more).
    /// - Throws: The source's error; nothing changes, and the next call asks
    ///   for the same page again.
    public func loadNextPage() throws -> BatchUpdate {
        guard hasMore else { return BatchUpdate() }
        let page = try source(loadedPages, pageSize)
        loadedPages += 1
        hasMore = page.count == pageSize
        let start = store.sections[0].count
        store.sections[0].append(contentsOf: page)
        return BatchUpdate(insertedItems: (start..<(start + page.count)).map { ItemPath(0, $0) })
    }

    public var numberOfSections: Int { 1 }
    public func numberOfItems(inSection section: Int) -> Int { store.count(inSection: section) }
    public func item(at path: ItemPath) -> Item? { store.item(at: path) }
    public func title(ofSection section: Int) -> String? { nil }
    public func append(_ item: Item, toSection section: Int?) throws -> BatchUpdate {
        try store.append(item, toSection: section ?? 0)
    }
    public func insert(_ item: Item, at path: ItemPath) throws -> BatchUpdate { try store.insert(item, at: path) }
    public func update(_ item: Item, at path: ItemPath) throws -> BatchUpdate {
        try store.replace(at: path, with: item)
    }
    public func delete(at paths: [ItemPath]) throws -> BatchUpdate { try store.delete(at: paths) }
    public func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate { try store.move(from: from, to: to) }

    /// Starts again from the first page.
    ///
    /// - Throws: The source's error; the items are then as they were.
    public func reload() throws {
        let first = try source(0, pageSize)
        store.sections[0] = first
        loadedPages = 1
        hasMore = first.count == pageSize
    }

    /// Replaces every item (a new state, such as a sort).
    public func replaceItems(with items: [Item]) {
        store.sections[0] = items
    }
}
