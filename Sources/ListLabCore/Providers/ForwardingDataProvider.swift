/// A provider of your own that keeps its items in another provider (its
/// ``base``) and adds what that one lacks: a load from a server, a rule of
/// your app. Every member of ``DataProvider`` forwards to the base; write
/// only those your provider changes.
///
/// ```swift
/// struct EmptyMessage: Error {}
/// final class Inbox: ForwardingDataProvider {
///     let base = SectionedDataProvider<String>([], groupedBy: { String($0.prefix(1)) })
///     func append(_ item: String, toSection section: Int?) throws -> BatchUpdate {
///         guard !item.isEmpty else { throw EmptyMessage() }
///         return try base.append(item, toSection: section)
///     }
/// }
/// let inbox = Inbox()
/// _ = try inbox.append("Hello", toSection: nil)
/// inbox.numberOfItems   // 1
/// ```
public protocol ForwardingDataProvider: DataProvider where Item == Base.Item {
    /// The provider that holds the items.
    associatedtype Base: DataProvider
    /// The provider that holds the items.
    var base: Base { get }
}

extension ForwardingDataProvider {
    /// The base's sections.
    public var numberOfSections: Int { base.numberOfSections }
    /// The base's count of `section`'s items.
    public func numberOfItems(inSection section: Int) -> Int { base.numberOfItems(inSection: section) }
    /// The base's item at `path`.
    public func item(at path: ItemPath) -> Item? { base.item(at: path) }
    /// The base's title of `section`.
    public func title(ofSection section: Int) -> String? { base.title(ofSection: section) }
    /// Appends to the base.
    public func append(_ item: Item, toSection section: Int?) throws -> BatchUpdate {
        try base.append(item, toSection: section)
    }
    /// Inserts into the base.
    public func insert(_ item: Item, at path: ItemPath) throws -> BatchUpdate { try base.insert(item, at: path) }
    /// Updates the base's item.
    public func update(_ item: Item, at path: ItemPath) throws -> BatchUpdate { try base.update(item, at: path) }
    /// Deletes from the base.
    public func delete(at paths: [ItemPath]) throws -> BatchUpdate { try base.delete(at: paths) }
    /// Moves within the base.
    public func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate { try base.move(from: from, to: to) }
    /// Reloads the base.
    public func reload() throws { try base.reload() }
    /// Replaces the base's items.
    public func replaceItems(with items: [Item]) throws { try base.replaceItems(with: items) }
}
