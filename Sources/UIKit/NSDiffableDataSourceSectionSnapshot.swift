internal import ListLabCore

/// One section's items as an outline, as in UIKit (iOS 14), over ListLab's
/// ``ListLabCore/DiffableSectionSnapshot``: items with children, expanded
/// or collapsed; only the items of expanded parents are visible.
public struct NSDiffableDataSourceSectionSnapshot<ItemIdentifierType: Hashable & Sendable>: Sendable {
    nonisolated(unsafe) var core = DiffableSectionSnapshot<ItemIdentifierType>()

    /// An empty section snapshot.
    public init() {}

    init(_ core: DiffableSectionSnapshot<ItemIdentifierType>) {
        self.core = core
    }

    private mutating func change(_ body: (inout DiffableSectionSnapshot<ItemIdentifierType>) throws(DiffableSectionSnapshotError) -> Void) {
        var changed = core
        do {
            try body(&changed)
            core = changed
        } catch {
            UIKitException(name: UIKitException.internalInconsistency, reason: error.description).raise()
        }
    }

    public var items: [ItemIdentifierType] { core.items }
    public var visibleItems: [ItemIdentifierType] { core.visibleItems }
    public var rootItems: [ItemIdentifierType] { core.rootItems }

    public func contains(_ item: ItemIdentifierType) -> Bool { core.contains(item) }
    public func isExpanded(_ item: ItemIdentifierType) -> Bool { core.isExpanded(item) }
    public func isVisible(_ item: ItemIdentifierType) -> Bool { core.isVisible(item) }
    public func level(of item: ItemIdentifierType) -> Int { core.level(of: item) ?? 0 }
    public func parent(of child: ItemIdentifierType) -> ItemIdentifierType? { core.parent(of: child) }
    public func index(of item: ItemIdentifierType) -> Int? { core.index(of: item) }

    /// The section snapshot of `parent`'s descendants (and `parent` itself when asked).
    public func snapshot(of parent: ItemIdentifierType, includingParent: Bool = false) -> NSDiffableDataSourceSectionSnapshot<ItemIdentifierType> {
        NSDiffableDataSourceSectionSnapshot(core.snapshot(of: parent, includingParent: includingParent))
    }

    public mutating func append(_ items: [ItemIdentifierType], to parent: ItemIdentifierType? = nil) {
        change { snapshot throws(DiffableSectionSnapshotError) in try snapshot.append(items, to: parent) }
    }

    public mutating func insert(_ items: [ItemIdentifierType], before item: ItemIdentifierType) {
        change { snapshot throws(DiffableSectionSnapshotError) in try snapshot.insert(items, before: item) }
    }

    public mutating func insert(_ items: [ItemIdentifierType], after item: ItemIdentifierType) {
        change { snapshot throws(DiffableSectionSnapshotError) in try snapshot.insert(items, after: item) }
    }

    public mutating func delete(_ items: [ItemIdentifierType]) { core.delete(items) }
    public mutating func deleteAll() { core.deleteAll() }
    public mutating func expand(_ items: [ItemIdentifierType]) { core.expand(items) }
    public mutating func collapse(_ items: [ItemIdentifierType]) { core.collapse(items) }

    /// The outline drawn as text, as UIKit's debug description shows it.
    public func visualDescription() -> String { core.visualDescription() }
}
