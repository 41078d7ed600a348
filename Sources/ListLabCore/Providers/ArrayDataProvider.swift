/// A provider of one section: a flat list of items, as the flat-array data
/// manager of "Generic collection view datasources" and the PhotoList of
/// "Generic Data Sources in Swift".
///
/// ```swift
/// let tabs = ArrayDataProvider([Tab.news, .contributions, .settings], title: "Tabs")
/// tabs.numberOfItems(inSection: 0)      // 3
/// let update = try tabs.move(from: ItemPath(0, 2), to: ItemPath(0, 0))   // move 0.2 -> 0.0
/// ```
public final class ArrayDataProvider<Item>: DataProvider {
    private var store: SectionStore<Item>
    private let source: (() throws -> [Item])?

    /// Creates a provider of `items`, which has no source to reload from.
    ///
    /// - Parameters:
    ///   - items: The items, in order.
    ///   - title: The title of the one section (its header), if any.
    public init(_ items: [Item], title: String? = nil) {
        store = SectionStore(sections: [items], titles: [title])
        source = nil
    }

    /// Creates an empty provider that loads its items from `source` on
    /// ``reload()``, which can fail, as the asynchronous provider of "DRY
    /// Data Sources" can.
    public init(title: String? = nil, loadingFrom source: @escaping () throws -> [Item]) {
        store = SectionStore(sections: [[]], titles: [title])
        self.source = source
    }

    /// The items, in order.
    public var items: [Item] { store.sections[0] }

    public var numberOfSections: Int { 1 }

    public func numberOfItems(inSection section: Int) -> Int { store.count(inSection: section) }

    public func item(at path: ItemPath) -> Item? { store.item(at: path) }

    public func title(ofSection section: Int) -> String? { store.title(ofSection: section) }

    public func append(_ item: Item, toSection section: Int?) throws -> BatchUpdate {
        try store.append(item, toSection: section ?? 0)
    }

    public func insert(_ item: Item, at path: ItemPath) throws -> BatchUpdate {
        try store.insert(item, at: path)
    }

    public func update(_ item: Item, at path: ItemPath) throws -> BatchUpdate {
        try store.replace(at: path, with: item)
    }

    public func delete(at paths: [ItemPath]) throws -> BatchUpdate {
        try store.delete(at: paths)
    }

    public func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate {
        try store.move(from: from, to: to)
    }

    /// Replaces every item with what the source returns now.
    ///
    /// - Throws: ``ProviderError/noSource`` when the provider was made from
    ///   fixed items, or the source's error; the items are then unchanged.
    public func reload() throws {
        guard let source else { throw ProviderError.noSource }
        let loaded = try source()
        store.sections[0] = loaded
    }

    /// Replaces every item (a new state, reached by `reloadData` or a diff).
    public func replaceItems(with items: [Item]) {
        store.sections[0] = items
    }
}
