internal import ListLabCore

/// The sections and items of a diffable data source, by identifier: a
/// value, as in UIKit, over ListLab's ``ListLabCore/DiffableSnapshot``,
/// which owns its rules and words. What UIKit raises (a duplicate
/// identifier, an item of no section) raises here too, and changes nothing.
public struct NSDiffableDataSourceSnapshot<SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable>: Sendable {
    nonisolated(unsafe) var core = DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// An empty snapshot.
    public init() {}

    init(_ core: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>) {
        self.core = core
    }

    /// Runs a change of the core's; raises what it refuses.
    private mutating func change(_ body: (inout DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>) throws(DiffableSnapshotError) -> Void) {
        var changed = core
        do {
            try body(&changed)
            core = changed
        } catch {
            UIKitException(name: UIKitException.internalInconsistency, reason: error.description).raise()
        }
    }

    /// Raises as iOS 14 and earlier do for a method of iOS 15.
    private func requireIOS15(_ selector: String) -> Bool {
        guard UIKitEnvironment.isAtLeast(15) else {
            UIKitException.unrecognizedSelector(selector, of: "NSDiffableDataSourceSnapshot").raise()
            return false
        }
        return true
    }

    // MARK: Reading

    public var numberOfItems: Int { core.numberOfItems }
    public var numberOfSections: Int { core.numberOfSections }
    public var sectionIdentifiers: [SectionIdentifierType] { core.sectionIdentifiers }
    public var itemIdentifiers: [ItemIdentifierType] { core.itemIdentifiers }
    public var reloadedItemIdentifiers: [ItemIdentifierType] { core.reloadedItemIdentifiers }
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { core.reconfiguredItemIdentifiers }
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { core.reloadedSectionIdentifiers }

    /// The number of items in `identifier`'s section (raises for a section not in the snapshot).
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        do {
            return try core.numberOfItems(inSection: identifier)
        } catch {
            UIKitException(name: UIKitException.internalInconsistency, reason: error.description).raise()
            return 0
        }
    }

    /// The items of `identifier`'s section (raises for a section not in the snapshot).
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        do {
            return try core.itemIdentifiers(inSection: identifier)
        } catch {
            UIKitException(name: UIKitException.internalInconsistency, reason: error.description).raise()
            return []
        }
    }

    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        core.sectionIdentifier(containingItem: identifier)
    }

    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? { core.indexOfItem(identifier) }
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { core.indexOfSection(identifier) }

    // MARK: Items

    public mutating func appendItems(_ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil) {
        change { snapshot throws(DiffableSnapshotError) in _ = try snapshot.appendItems(identifiers, toSection: sectionIdentifier) }
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType) {
        change { snapshot throws(DiffableSnapshotError) in _ = try snapshot.insertItems(identifiers, beforeItem: beforeIdentifier) }
    }

    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType) {
        change { snapshot throws(DiffableSnapshotError) in _ = try snapshot.insertItems(identifiers, afterItem: afterIdentifier) }
    }

    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        core.deleteItems(identifiers)
    }

    public mutating func deleteAllItems() {
        core.deleteAllItems()
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        change { snapshot throws(DiffableSnapshotError) in try snapshot.moveItem(identifier, beforeItem: toIdentifier) }
    }

    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        change { snapshot throws(DiffableSnapshotError) in try snapshot.moveItem(identifier, afterItem: toIdentifier) }
    }

    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        change { snapshot throws(DiffableSnapshotError) in try snapshot.reloadItems(identifiers) }
    }

    /// Marks items to be configured again in their cells (iOS 15).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        guard requireIOS15("reconfigureItemsWithIdentifiers:") else { return }
        change { snapshot throws(DiffableSnapshotError) in try snapshot.reconfigureItems(identifiers) }
    }

    // MARK: Sections

    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        change { snapshot throws(DiffableSnapshotError) in try snapshot.appendSections(identifiers) }
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType) {
        change { snapshot throws(DiffableSnapshotError) in try snapshot.insertSections(identifiers, beforeSection: toIdentifier) }
    }

    public mutating func insertSections(_ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType) {
        change { snapshot throws(DiffableSnapshotError) in try snapshot.insertSections(identifiers, afterSection: toIdentifier) }
    }

    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        core.deleteSections(identifiers)
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType) {
        change { snapshot throws(DiffableSnapshotError) in try snapshot.moveSection(identifier, beforeSection: toIdentifier) }
    }

    public mutating func moveSection(_ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType) {
        change { snapshot throws(DiffableSnapshotError) in try snapshot.moveSection(identifier, afterSection: toIdentifier) }
    }

    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        change { snapshot throws(DiffableSnapshotError) in try snapshot.reloadSections(identifiers) }
    }
}
