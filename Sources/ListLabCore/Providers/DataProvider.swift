/// The data of a list: its sections and items, their titles and identity,
/// changes to them, and loading them from their source.
///
/// A provider knows nothing of cells or of the list ("DRY Data Sources"
/// keeps providers UI-agnostic); a ``ListAdapter`` joins it to a
/// ``CellPresenter`` of the same `Item` type. Every mutation returns the
/// ``BatchUpdate`` that describes it, ready for
/// ``HeadlessList/performBatchUpdates(_:)``, and changes nothing when it
/// throws.
///
/// Providers are classes: a provider is shared by the adapter, the code that
/// changes it, and any composite that draws sections from it.
///
/// ```swift
/// let provider = ArrayDataProvider(["News", "Contributions"])
/// let update = try provider.append("Settings", toSection: nil)
/// provider.item(at: ItemPath(0, 2))   // "Settings"
/// ```
public protocol DataProvider<Item>: AnyObject {
    /// The type of the items.
    associatedtype Item

    /// The number of sections.
    var numberOfSections: Int { get }

    /// The number of items in `section`; 0 for a section that does not exist.
    func numberOfItems(inSection section: Int) -> Int

    /// The item at `path`, or nil when there is none (never a trap).
    func item(at path: ItemPath) -> Item?

    /// The title of `section`, or nil when it has none.
    func title(ofSection section: Int) -> String?

    /// Adds `item` at the end of `section`, or where it belongs when
    /// `section` is nil (the last section, or its group's).
    ///
    /// - Returns: The insert (and any new section) to apply to the list.
    /// - Throws: ``ProviderError`` when there is no such section or the item
    ///   does not belong there; nothing changes then.
    func append(_ item: Item, toSection section: Int?) throws -> BatchUpdate

    /// Inserts `item` so that it ends up at `path`; `path.item` may be one
    /// past the last item.
    func insert(_ item: Item, at path: ItemPath) throws -> BatchUpdate

    /// Replaces the item at `path` with `item` (same identity, new content).
    ///
    /// - Returns: A reconfigure of `path` (or, when the item changes group,
    ///   the moves that follow from it).
    func update(_ item: Item, at path: ItemPath) throws -> BatchUpdate

    /// Removes the items at `paths`, all or none.
    func delete(at paths: [ItemPath]) throws -> BatchUpdate

    /// Moves the item at `from` so that it ends up at `to`.
    func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate

    /// Reads the items again from the provider's source.
    ///
    /// - Throws: The source's error; the items are then as they were.
    func reload() throws

    /// Makes the provider hold `items`, in this order (a new state, such as
    /// a sort or a filter; a provider that groups its items groups them
    /// again). Tell the list with the diff from the old items to these
    /// (see ``HeadlessList/apply(_:reloadingDataAbove:willPerform:didPerform:)``).
    ///
    /// - Throws: ``ProviderError`` when the provider cannot hold items of
    ///   its own (a composite draws them from its children); nothing
    ///   changes then.
    func replaceItems(with items: [Item]) throws
}

extension DataProvider {
    /// The number of items in every section.
    public var numberOfItems: Int {
        (0..<numberOfSections).reduce(0) { $0 + numberOfItems(inSection: $1) }
    }

    /// The item at `path`, or an error that says why there is none.
    ///
    /// - Throws: ``ProviderError/noItem(_:sectionCount:itemCount:)``.
    public func checkedItem(at path: ItemPath) throws(ProviderError) -> Item {
        guard let item = item(at: path) else {
            throw ProviderError.noItem(
                path, sectionCount: numberOfSections,
                itemCount: path.section >= 0 && path.section < numberOfSections
                    ? numberOfItems(inSection: path.section) : nil)
        }
        return item
    }

    /// The path of the first item that matches `predicate`, in path order.
    ///
    /// - Complexity: O(*n*) for *n* items.
    public func firstPath(where predicate: (Item) throws -> Bool) rethrows -> ItemPath? {
        for section in 0..<numberOfSections {
            for index in 0..<numberOfItems(inSection: section) {
                let path = ItemPath(section, index)
                if let item = item(at: path), try predicate(item) { return path }
            }
        }
        return nil
    }
}

extension DataProvider where Item: Equatable {
    /// The path of the first item equal to `item` (its identity), or nil.
    public func path(of item: Item) -> ItemPath? {
        firstPath { $0 == item }
    }
}
