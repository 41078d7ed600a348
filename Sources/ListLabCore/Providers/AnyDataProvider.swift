/// A provider of any kind, behind one type: the shell holds array, sectioned
/// and file providers side by side, and an adapter needs one concrete type.
///
/// It forwards every call to the provider it wraps, which stays reachable
/// through ``base``.
///
/// ```swift
/// let any = AnyDataProvider(SectionedDataProvider(tasks, groupedBy: \.list))
/// let adapter = ListAdapter(provider: any, presenter: presenter)
/// ```
public final class AnyDataProvider<Item>: DataProvider {
    /// The wrapped provider.
    public let base: AnyObject
    private let sectionCount: () -> Int
    private let itemCount: (Int) -> Int
    private let itemAt: (ItemPath) -> Item?
    private let titleOf: (Int) -> String?
    private let appendItem: (Item, Int?) throws -> BatchUpdate
    private let insertItem: (Item, ItemPath) throws -> BatchUpdate
    private let updateItem: (Item, ItemPath) throws -> BatchUpdate
    private let deleteItems: ([ItemPath]) throws -> BatchUpdate
    private let moveItem: (ItemPath, ItemPath) throws -> BatchUpdate
    private let reloadItems: () throws -> Void
    private let replace: ([Item]) throws -> Void

    /// Wraps `provider`.
    public init<Provider: DataProvider>(_ provider: Provider) where Provider.Item == Item {
        base = provider
        sectionCount = { provider.numberOfSections }
        itemCount = provider.numberOfItems(inSection:)
        itemAt = provider.item(at:)
        titleOf = provider.title(ofSection:)
        appendItem = provider.append(_:toSection:)
        insertItem = provider.insert(_:at:)
        updateItem = provider.update(_:at:)
        deleteItems = provider.delete(at:)
        moveItem = provider.move(from:to:)
        reloadItems = provider.reload
        replace = provider.replaceItems(with:)
    }

    public var numberOfSections: Int { sectionCount() }
    public func numberOfItems(inSection section: Int) -> Int { itemCount(section) }
    public func item(at path: ItemPath) -> Item? { itemAt(path) }
    public func title(ofSection section: Int) -> String? { titleOf(section) }
    public func append(_ item: Item, toSection section: Int?) throws -> BatchUpdate { try appendItem(item, section) }
    public func insert(_ item: Item, at path: ItemPath) throws -> BatchUpdate { try insertItem(item, path) }
    public func update(_ item: Item, at path: ItemPath) throws -> BatchUpdate { try updateItem(item, path) }
    public func delete(at paths: [ItemPath]) throws -> BatchUpdate { try deleteItems(paths) }
    public func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate { try moveItem(from, to) }
    public func reload() throws { try reloadItems() }
    public func replaceItems(with items: [Item]) throws { try replace(items) }
}
