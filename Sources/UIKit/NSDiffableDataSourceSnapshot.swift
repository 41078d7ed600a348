internal import ListLabCore

/// The sections and items of a diffable data source, by identifier: a
/// value, as in UIKit, over ListLab's `DiffableSnapshot`,
/// which owns its rules and words. What UIKit raises (a duplicate
/// identifier, an item of no section) raises here too, and changes nothing.
public struct NSDiffableDataSourceSnapshot<
    SectionIdentifierType: Hashable & Sendable, ItemIdentifierType: Hashable & Sendable
>: Sendable {
    nonisolated(unsafe) var core = DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>()

    /// An empty snapshot.
    public init() {}

    init(_ core: DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>) {
        self.core = core
    }

    /// Runs a change of the core's; raises what it refuses, with the
    /// change's words (`appendItems "a" toSection "0"`, naming the items
    /// `named`) to restage it at the playground's prompt.
    private mutating func change(
        _ words: @autoclosure () -> String, naming named: [ItemIdentifierType] = [],
        _ body: (inout DiffableSnapshot<SectionIdentifierType, ItemIdentifierType>) throws(DiffableSnapshotError) ->
            Void
    ) {
        var changed = core
        do {
            try body(&changed)
            core = changed
        } catch {
            var exception = UIKitException(.snapshot(error))
            exception.restaging = SnapshotRestaging(of: words(), on: core, naming: named).commands
            exception.raise()
        }
    }

    private typealias Words = SnapshotRestaging

    /// Raises as iOS 14 and earlier do for a method of iOS 15.
    private func requireIOS15(_ selector: String) -> Bool {
        guard UIKitEnvironment.capabilities.reconfigures else {
            UIKitException.unrecognizedSelector(selector, of: "NSDiffableDataSourceSnapshot").raise()
            return false
        }
        return true
    }

    // MARK: Reading

    /// The number of items in every section.
    public var numberOfItems: Int { core.numberOfItems }
    /// The number of sections.
    public var numberOfSections: Int { core.numberOfSections }
    /// The sections, in order.
    public var sectionIdentifiers: [SectionIdentifierType] { core.sectionIdentifiers }
    /// Every item, section by section.
    public var itemIdentifiers: [ItemIdentifierType] { core.itemIdentifiers }
    /// The items marked by `reloadItems(_:)`, in the order marked.
    public var reloadedItemIdentifiers: [ItemIdentifierType] { core.reloadedItemIdentifiers }
    /// The items marked by `reconfigureItems(_:)` (iOS 15), in the order marked.
    public var reconfiguredItemIdentifiers: [ItemIdentifierType] { core.reconfiguredItemIdentifiers }
    /// The sections marked by `reloadSections(_:)`, in the order marked.
    public var reloadedSectionIdentifiers: [SectionIdentifierType] { core.reloadedSectionIdentifiers }

    /// The number of items in `identifier`'s section (raises for a section not in the snapshot).
    public func numberOfItems(inSection identifier: SectionIdentifierType) -> Int {
        do {
            return try core.numberOfItems(inSection: identifier)
        } catch {
            UIKitException(.snapshot(error)).raise()
            return 0
        }
    }

    /// The items of `identifier`'s section (raises for a section not in the
    /// snapshot, since iOS 14; iOS 13 answers with no items).
    public func itemIdentifiers(inSection identifier: SectionIdentifierType) -> [ItemIdentifierType] {
        do {
            return try core.itemIdentifiers(inSection: identifier)
        } catch {
            guard UIKitEnvironment.capabilities.raisesForItemsOfAMissingSection else { return [] }
            UIKitException(.snapshot(error)).raise()
            return []
        }
    }

    /// The section that holds the item, or nil.
    public func sectionIdentifier(containingItem identifier: ItemIdentifierType) -> SectionIdentifierType? {
        core.sectionIdentifier(containingItem: identifier)
    }

    /// Where the item is among all the items, counting across sections, or nil.
    public func indexOfItem(_ identifier: ItemIdentifierType) -> Int? { core.indexOfItem(identifier) }
    /// Where the section is among the sections, or nil.
    public func indexOfSection(_ identifier: SectionIdentifierType) -> Int? { core.indexOfSection(identifier) }

    // MARK: Items

    /// Adds items at the end of a section (the last by default); no section or a repeated identifier raises, as in
    /// UIKit, and an item there already is moved into place.
    public mutating func appendItems(
        _ identifiers: [ItemIdentifierType], toSection sectionIdentifier: SectionIdentifierType? = nil
    ) {
        change(
            "appendItems " + Words.words(identifiers)
                + (sectionIdentifier.map { " toSection " + Words.words([$0]) } ?? ""), naming: identifiers
        ) { snapshot throws(DiffableSnapshotError) in
            _ = try snapshot.appendItems(identifiers, toSection: sectionIdentifier)
        }
    }

    /// Inserts items just before another item, in its section; an item not in the snapshot raises, as in UIKit.
    public mutating func insertItems(
        _ identifiers: [ItemIdentifierType], beforeItem beforeIdentifier: ItemIdentifierType
    ) {
        change(
            "insertItems \(Words.words(identifiers)) beforeItem \(Words.words([beforeIdentifier]))",
            naming: identifiers + [beforeIdentifier]
        ) { snapshot throws(DiffableSnapshotError) in
            _ = try snapshot.insertItems(identifiers, beforeItem: beforeIdentifier)
        }
    }

    /// Inserts items just after another item, in its section; an item not in the snapshot raises, as in UIKit.
    public mutating func insertItems(_ identifiers: [ItemIdentifierType], afterItem afterIdentifier: ItemIdentifierType)
    {
        change(
            "insertItems \(Words.words(identifiers)) afterItem \(Words.words([afterIdentifier]))",
            naming: identifiers + [afterIdentifier]
        ) { snapshot throws(DiffableSnapshotError) in
            _ = try snapshot.insertItems(identifiers, afterItem: afterIdentifier)
        }
    }

    /// Removes items; an identifier not in the snapshot is ignored.
    public mutating func deleteItems(_ identifiers: [ItemIdentifierType]) {
        core.deleteItems(identifiers)
    }

    /// Removes every item and every section.
    public mutating func deleteAllItems() {
        core.deleteAllItems()
    }

    /// Moves an item to just before another, in that one's section; an item not in the snapshot raises, as in UIKit.
    public mutating func moveItem(_ identifier: ItemIdentifierType, beforeItem toIdentifier: ItemIdentifierType) {
        change(
            "moveItem \(Words.words([identifier])) beforeItem \(Words.words([toIdentifier]))",
            naming: [identifier, toIdentifier]
        ) { snapshot throws(DiffableSnapshotError) in try snapshot.moveItem(identifier, beforeItem: toIdentifier) }
    }

    /// Moves an item to just after another, in that one's section; an item not in the snapshot raises, as in UIKit.
    public mutating func moveItem(_ identifier: ItemIdentifierType, afterItem toIdentifier: ItemIdentifierType) {
        change(
            "moveItem \(Words.words([identifier])) afterItem \(Words.words([toIdentifier]))",
            naming: [identifier, toIdentifier]
        ) { snapshot throws(DiffableSnapshotError) in try snapshot.moveItem(identifier, afterItem: toIdentifier) }
    }

    /// Marks items for reload: each gets a newly dequeued cell when the snapshot is applied (an item not in the
    /// snapshot raises, as in UIKit).
    public mutating func reloadItems(_ identifiers: [ItemIdentifierType]) {
        change("reloadItems " + Words.words(identifiers), naming: identifiers) {
            snapshot throws(DiffableSnapshotError) in
            try snapshot.reloadItems(identifiers)
        }
    }

    /// Marks items to be configured again in their cells (iOS 15).
    public mutating func reconfigureItems(_ identifiers: [ItemIdentifierType]) {
        guard requireIOS15("reconfigureItemsWithIdentifiers:") else { return }
        change("reconfigureItems " + Words.words(identifiers), naming: identifiers) {
            snapshot throws(DiffableSnapshotError) in try snapshot.reconfigureItems(identifiers)
        }
    }

    // MARK: Sections

    /// Adds empty sections after the last; an identifier that repeats or is there already raises, as in UIKit.
    public mutating func appendSections(_ identifiers: [SectionIdentifierType]) {
        change("appendSections " + Words.words(identifiers)) { snapshot throws(DiffableSnapshotError) in
            try snapshot.appendSections(identifiers)
        }
    }

    /// Inserts empty sections just before another section; a section not in the snapshot raises, as in UIKit.
    public mutating func insertSections(
        _ identifiers: [SectionIdentifierType], beforeSection toIdentifier: SectionIdentifierType
    ) {
        change("insertSections \(Words.words(identifiers)) beforeSection \(Words.words([toIdentifier]))") {
            snapshot throws(DiffableSnapshotError) in
            try snapshot.insertSections(identifiers, beforeSection: toIdentifier)
        }
    }

    /// Inserts empty sections just after another section; a section not in the snapshot raises, as in UIKit.
    public mutating func insertSections(
        _ identifiers: [SectionIdentifierType], afterSection toIdentifier: SectionIdentifierType
    ) {
        change("insertSections \(Words.words(identifiers)) afterSection \(Words.words([toIdentifier]))") {
            snapshot throws(DiffableSnapshotError) in
            try snapshot.insertSections(identifiers, afterSection: toIdentifier)
        }
    }

    /// Removes sections with their items; an identifier not in the snapshot is ignored.
    public mutating func deleteSections(_ identifiers: [SectionIdentifierType]) {
        core.deleteSections(identifiers)
    }

    /// Moves a section, with its items, to just before another; a section not in the snapshot raises, as in UIKit.
    public mutating func moveSection(
        _ identifier: SectionIdentifierType, beforeSection toIdentifier: SectionIdentifierType
    ) {
        change("moveSection \(Words.words([identifier])) beforeSection \(Words.words([toIdentifier]))") {
            snapshot throws(DiffableSnapshotError) in try snapshot.moveSection(identifier, beforeSection: toIdentifier)
        }
    }

    /// Moves a section, with its items, to just after another; a section not in the snapshot raises, as in UIKit.
    public mutating func moveSection(
        _ identifier: SectionIdentifierType, afterSection toIdentifier: SectionIdentifierType
    ) {
        change("moveSection \(Words.words([identifier])) afterSection \(Words.words([toIdentifier]))") {
            snapshot throws(DiffableSnapshotError) in try snapshot.moveSection(identifier, afterSection: toIdentifier)
        }
    }

    /// Marks sections for reload: their cells are replaced when the snapshot is applied (a section not in the snapshot
    /// raises, as in UIKit).
    public mutating func reloadSections(_ identifiers: [SectionIdentifierType]) {
        change("reloadSections " + Words.words(identifiers)) { snapshot throws(DiffableSnapshotError) in
            try snapshot.reloadSections(identifiers)
        }
    }
}
