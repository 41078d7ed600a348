internal import ListLabCore

/// One section's items as an outline, as in UIKit (iOS 14), over ListLab's
/// `DiffableSectionSnapshot`: items with children, expanded
/// or collapsed; only the items of expanded parents are visible.
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable {
    nonisolated(unsafe) var core = DiffableSectionSnapshot<ItemIdentifierType>()

    /// An empty section snapshot.
    public init() {}

    init(_ core: DiffableSectionSnapshot<ItemIdentifierType>) {
        self.core = core
    }

    private mutating func change(
        _ body: (inout DiffableSectionSnapshot<ItemIdentifierType>) throws(DiffableSectionSnapshotError) -> Void
    ) {
        var changed = core
        do {
            try body(&changed)
            core = changed
        } catch {
            UIKitException(.sectionSnapshot(error)).raise()
        }
    }

    /// Every item, parents before their children, expanded or not.
    public var items: [ItemIdentifierType] { core.items }
    /// The items the list shows: the root items, and the children of expanded items that show.
    public var visibleItems: [ItemIdentifierType] { core.visibleItems }
    /// The items with no parent, in order.
    public var rootItems: [ItemIdentifierType] { core.rootItems }

    /// Whether the item is in the section snapshot.
    public func contains(_ item: ItemIdentifierType) -> Bool { core.contains(item) }
    /// Whether the item is expanded.
    public func isExpanded(_ item: ItemIdentifierType) -> Bool { core.isExpanded(item) }
    /// Whether the item shows: a root item, or a child of an expanded item that shows.
    public func isVisible(_ item: ItemIdentifierType) -> Bool { core.isVisible(item) }
    /// How deep the item is: 0 for a root item, 1 for its children (and 0 for an item not in the snapshot).
    public func level(of item: ItemIdentifierType) -> Int { core.level(of: item) ?? 0 }
    /// The item's parent, or nil for a root item or an item not in the snapshot.
    public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? { core.parent(of: child) }
    /// Where the item is in `items`, or nil.
    public func index(of item: ItemIdentifierType) -> Int? { core.index(of: item) }

    /// The section snapshot of `parent`'s descendants (and `parent` itself when asked).
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false)
        -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType>
    {
        NSDiffableDataSourceSectionSnapshot(core.snapshot(of: parent, includingParent: includingParent))
    }

    /// Adds items after the last child of `parent` (after the last root item when it is nil), collapsed; a repeated
    /// identifier or a parent not in the snapshot raises, as in UIKit.
    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        change { snapshot throws(DiffableSectionSnapshotError) in try snapshot.append(items, to: parent) }
    }

    /// Inserts items just before another item, as its siblings; an item not in the snapshot raises, as in UIKit.
    public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
        change { snapshot throws(DiffableSectionSnapshotError) in try snapshot.insert(items, before: item) }
    }

    /// Inserts items just after another item, as its siblings; an item not in the snapshot raises, as in UIKit.
    public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
        change { snapshot throws(DiffableSectionSnapshotError) in try snapshot.insert(items, after: item) }
    }

    /// Removes items and everything under them; an identifier not in the snapshot is ignored.
    public mutating func delete(_ items: [ItemIdentifierType]) { core.delete(items) }
    /// Removes every item.
    public mutating func deleteAll() { core.deleteAll() }
    /// Expands items, so that their children show; an item not in the snapshot is skipped, as UIKit skips it.
    public mutating func expand(_ items: [ItemIdentifierType]) { core.expand(items) }
    /// Collapses items, hiding everything under them (each keeps its own expanded state).
    public mutating func collapse(_ items: [ItemIdentifierType]) { core.collapse(items) }

    /// The outline drawn as text, as UIKit's debug description shows it.
    public func visualDescription() -> String { core.visualDescription() }
}
