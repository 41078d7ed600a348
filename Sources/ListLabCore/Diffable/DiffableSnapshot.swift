/// The state of a diffable list: ordered sections, each with ordered items,
/// both named by identifiers. ListLab's `NSDiffableDataSourceSnapshot`,
/// with UIKit's names and rules, so that what is learned here carries over.
///
/// Build one and give it to ``DiffableDataSource/apply(_:animatingDifferences:)``;
/// the data source works out the batch updates. Identity is the
/// identifier's equality and hash, as in UIKit: an identifier whose content
/// changed but which compares equal is the same item, and its cell is not
/// updated unless the snapshot reloads or reconfigures it.
///
/// Where UIKit raises an `NSInternalInconsistencyException`, the snapshot
/// throws a ``DiffableSnapshotError`` whose description is UIKit's reason,
/// and changes nothing. Where UIKit only logs (identifiers inserted that are
/// there already are moved into place), the snapshot does the same and
/// returns the ``DiffableSnapshotWarning`` UIKit logs.
///
/// ```swift
/// var snapshot = DiffableSnapshot<String, String>()
/// try snapshot.appendSections(["Favourites", "Others"])
/// try snapshot.appendItems(["Ada", "Grace"], toSection: "Favourites")
/// try snapshot.appendItems(["Alan"])                    // to the last section
/// try snapshot.moveItem("Alan", beforeItem: "Ada")
/// try snapshot.itemIdentifiers(inSection: "Favourites")   // ["Alan", "Ada", "Grace"]
/// ```
public struct DiffableSnapshot<SectionID: Hashable, ItemID: Hashable> {
    /// The sections, in order.
    public private(set) var sectionIdentifiers: [SectionID] = []
    /// The items of each section, parallel to `sectionIdentifiers`.
    private var sectionItems: [[ItemID]] = []
    /// Where each section is in `sectionIdentifiers`.
    private var sectionIndex: [SectionID: Int] = [:]
    /// The section each item is in.
    private var itemSection: [ItemID: SectionID] = [:]
    /// The items marked for reload, in the order marked.
    public private(set) var reloadedItemIdentifiers: [ItemID] = []
    /// The items marked for reconfiguring, in the order marked.
    public private(set) var reconfiguredItemIdentifiers: [ItemID] = []
    /// The sections marked for reload, in the order marked.
    public private(set) var reloadedSectionIdentifiers: [SectionID] = []

    /// An empty snapshot.
    public init() {}

    // MARK: Queries

    /// The number of sections.
    public var numberOfSections: Int { sectionIdentifiers.count }

    /// The number of items in every section.
    public var numberOfItems: Int { itemSection.count }

    /// Every item, section by section.
    public var itemIdentifiers: [ItemID] { sectionItems.flatMap { $0 } }

    /// The items of `section`, in order.
    ///
    /// - Throws: ``DiffableSnapshotError/sectionNotFound`` when the section
    ///   is not in the snapshot (UIKit raises since iOS 14).
    public func itemIdentifiers(inSection section: SectionID) throws(DiffableSnapshotError) -> [ItemID] {
        guard let index = sectionIndex[section] else { throw .sectionNotFound }
        return sectionItems[index]
    }

    /// The number of items in `section`.
    ///
    /// - Throws: ``DiffableSnapshotError/sectionNotFound``.
    public func numberOfItems(inSection section: SectionID) throws(DiffableSnapshotError) -> Int {
        try itemIdentifiers(inSection: section).count
    }

    /// The section that holds `item`, or nil.
    public func sectionIdentifier(containingItem item: ItemID) -> SectionID? { itemSection[item] }

    /// Where `item` is among all the items (counting across sections), or nil.
    public func indexOfItem(_ item: ItemID) -> Int? {
        guard let path = path(of: item) else { return nil }
        return sectionItems[..<path.section].reduce(path.item) { $0 + $1.count }
    }

    /// Where `section` is among the sections, or nil.
    public func indexOfSection(_ section: SectionID) -> Int? { sectionIndex[section] }

    /// The section and item index of `item`, or nil.
    public func path(of item: ItemID) -> ItemPath? {
        guard let section = itemSection[item], let index = sectionIndex[section],
            let position = sectionItems[index].firstIndex(of: item)
        else { return nil }
        return ItemPath(index, position)
    }

    /// The item at `path`, or nil.
    public func itemIdentifier(at path: ItemPath) -> ItemID? {
        guard sectionItems.indices.contains(path.section), sectionItems[path.section].indices.contains(path.item) else {
            return nil
        }
        return sectionItems[path.section][path.item]
    }

    // MARK: Sections

    /// Adds `sections`, empty, after the last section.
    ///
    /// - Throws: When an identifier repeats or is in the snapshot already.
    public mutating func appendSections(_ sections: [SectionID]) throws(DiffableSnapshotError) {
        try checkNewSections(sections)
        for section in sections { addSection(section, at: sectionIdentifiers.count) }
    }

    /// Inserts `sections`, empty, before `destination`.
    public mutating func insertSections(_ sections: [SectionID], beforeSection destination: SectionID)
        throws(DiffableSnapshotError)
    {
        let index = try insertionIndex(of: sections, relativeTo: destination)
        for (offset, section) in sections.enumerated() { addSection(section, at: index + offset) }
    }

    /// Inserts `sections`, empty, after `destination`.
    public mutating func insertSections(_ sections: [SectionID], afterSection destination: SectionID)
        throws(DiffableSnapshotError)
    {
        let index = try insertionIndex(of: sections, relativeTo: destination) + 1
        for (offset, section) in sections.enumerated() { addSection(section, at: index + offset) }
    }

    /// Removes `sections` and their items; identifiers not in the snapshot are ignored, as in UIKit.
    public mutating func deleteSections(_ sections: [SectionID]) {
        let doomed = Set(sections)
        for index in sectionIdentifiers.indices.reversed() where doomed.contains(sectionIdentifiers[index]) {
            for item in sectionItems[index] { forget(item) }
            sectionIdentifiers.remove(at: index)
            sectionItems.remove(at: index)
        }
        reloadedSectionIdentifiers.removeAll { doomed.contains($0) }
        reindexSections()
    }

    /// Moves `section` (with its items) so that it ends up just before `destination`.
    public mutating func moveSection(_ section: SectionID, beforeSection destination: SectionID)
        throws(DiffableSnapshotError)
    {
        try moveSection(section, relativeTo: destination, after: false)
    }

    /// Moves `section` (with its items) so that it ends up just after `destination`.
    public mutating func moveSection(_ section: SectionID, afterSection destination: SectionID)
        throws(DiffableSnapshotError)
    {
        try moveSection(section, relativeTo: destination, after: true)
    }

    /// Marks `sections` for reload: their cells are replaced when the snapshot is applied.
    ///
    /// - Throws: ``DiffableSnapshotError/notInSnapshot(verb:kind:_:)`` for a
    ///   section that is not in the snapshot.
    public mutating func reloadSections(_ sections: [SectionID]) throws(DiffableSnapshotError) {
        if let missing = sections.first(where: { sectionIndex[$0] == nil }) {
            throw .notInSnapshot(verb: .reload, kind: .section, BridgedIdentifier(missing).plain)
        }
        for section in sections where !reloadedSectionIdentifiers.contains(section) {
            reloadedSectionIdentifiers.append(section)
        }
    }

    // MARK: Items

    /// Adds `items` at the end of `section` (by default the last section).
    /// Items that are in the snapshot already are moved there, as UIKit
    /// does, and the warning UIKit logs is returned.
    ///
    /// - Throws: When there is no section, an identifier repeats, or
    ///   `section` is not in the snapshot.
    @discardableResult
    public mutating func appendItems(_ items: [ItemID], toSection section: SectionID? = nil)
        throws(DiffableSnapshotError) -> DiffableSnapshotWarning?
    {
        guard let last = sectionIdentifiers.last else { throw .noSections }
        try checkUnique(items, kind: .item)
        let target = section ?? last
        guard sectionIndex[target] != nil else { throw .parameterNotSatisfying(.section) }
        let moved = removePresent(items)
        guard let index = sectionIndex[target] else { return nil }
        sectionItems[index] += items
        for item in items { itemSection[item] = target }
        return moved > 0 ? DiffableSnapshotWarning(alreadyPresent: moved) : nil
    }

    /// Inserts `items` just before `destination`, in its section.
    @discardableResult
    public mutating func insertItems(_ items: [ItemID], beforeItem destination: ItemID) throws(DiffableSnapshotError)
        -> DiffableSnapshotWarning?
    {
        try insertItems(items, relativeTo: destination, after: false)
    }

    /// Inserts `items` just after `destination`, in its section.
    @discardableResult
    public mutating func insertItems(_ items: [ItemID], afterItem destination: ItemID) throws(DiffableSnapshotError)
        -> DiffableSnapshotWarning?
    {
        try insertItems(items, relativeTo: destination, after: true)
    }

    /// Removes `items`; identifiers not in the snapshot are ignored, as in UIKit.
    public mutating func deleteItems(_ items: [ItemID]) {
        _ = removePresent(items)
    }

    /// Removes every item and every section.
    public mutating func deleteAllItems() {
        self = DiffableSnapshot()
    }

    /// Moves `item` so that it ends up just before `destination` (in its section).
    public mutating func moveItem(_ item: ItemID, beforeItem destination: ItemID) throws(DiffableSnapshotError) {
        try moveItem(item, relativeTo: destination, after: false)
    }

    /// Moves `item` so that it ends up just after `destination` (in its section).
    public mutating func moveItem(_ item: ItemID, afterItem destination: ItemID) throws(DiffableSnapshotError) {
        try moveItem(item, relativeTo: destination, after: true)
    }

    /// Marks `items` for reload: each gets a newly dequeued cell when the
    /// snapshot is applied.
    ///
    /// - Throws: ``DiffableSnapshotError/notInSnapshot(verb:kind:_:)``.
    public mutating func reloadItems(_ items: [ItemID]) throws(DiffableSnapshotError) {
        try mark(items, verb: .reload)
    }

    /// Marks `items` for reconfiguring (iOS 15): each is configured again in
    /// the cell it has when the snapshot is applied.
    ///
    /// - Throws: ``DiffableSnapshotError/notInSnapshot(verb:kind:_:)``.
    public mutating func reconfigureItems(_ items: [ItemID]) throws(DiffableSnapshotError) {
        try mark(items, verb: .reconfigure)
    }

    /// The snapshot without its reload and reconfigure marks (what a data
    /// source keeps once it has applied them).
    public var unmarked: DiffableSnapshot {
        var copy = self
        copy.reloadedItemIdentifiers = []
        copy.reconfiguredItemIdentifiers = []
        copy.reloadedSectionIdentifiers = []
        return copy
    }

    // MARK: Helpers

    private func checkUnique<ID: Hashable>(_ identifiers: [ID], kind: DiffableSnapshotError.IdentifierKind)
        throws(DiffableSnapshotError)
    {
        var seen: Set<ID> = []
        var repeated: [String] = []
        var named: Set<ID> = []
        for identifier in identifiers where !seen.insert(identifier).inserted {
            if named.insert(identifier).inserted { repeated.append(BridgedIdentifier(identifier).inSet) }
        }
        if !repeated.isEmpty { throw .duplicateIdentifiers(kind: kind, repeated) }
    }

    private func checkNewSections(_ sections: [SectionID]) throws(DiffableSnapshotError) {
        try checkUnique(sections, kind: .section)
        let present = sections.filter { sectionIndex[$0] != nil }
        if !present.isEmpty { throw .sectionsAlreadyExist(present.map { BridgedIdentifier($0).plain }) }
    }

    private func insertionIndex(of sections: [SectionID], relativeTo destination: SectionID)
        throws(DiffableSnapshotError) -> Int
    {
        try checkUnique(sections, kind: .section)
        if sections.contains(destination) {
            throw .destinationInIdentifiers(
                operation: .insertion, destination: BridgedIdentifier(destination).plain,
                identifiers: sections.map { BridgedIdentifier($0).plain })
        }
        try checkNewSections(sections)
        guard let index = sectionIndex[destination] else { throw .parameterNotSatisfying(.insertIndex) }
        return index
    }

    private mutating func addSection(_ section: SectionID, at index: Int) {
        sectionIdentifiers.insert(section, at: index)
        sectionItems.insert([], at: index)
        if index == sectionIdentifiers.count - 1 {
            sectionIndex[section] = index
        } else {
            reindexSections()
        }
    }

    private mutating func reindexSections() {
        sectionIndex = [:]
        for (index, section) in sectionIdentifiers.enumerated() { sectionIndex[section] = index }
    }

    private mutating func moveSection(_ section: SectionID, relativeTo destination: SectionID, after: Bool)
        throws(DiffableSnapshotError)
    {
        if section == destination {
            throw .destinationInIdentifiers(
                operation: .move, destination: BridgedIdentifier(destination).plain,
                identifiers: [BridgedIdentifier(section).plain])
        }
        guard let from = sectionIndex[section] else { throw .parameterNotSatisfying(.fromSection) }
        guard sectionIndex[destination] != nil else { throw .parameterNotSatisfying(.toSection) }
        let items = sectionItems.remove(at: from)
        sectionIdentifiers.remove(at: from)
        reindexSections()
        let to = (sectionIndex[destination] ?? sectionIdentifiers.count) + (after ? 1 : 0)
        sectionIdentifiers.insert(section, at: to)
        sectionItems.insert(items, at: to)
        reindexSections()
    }

    /// Removes those of `items` that are in the snapshot; returns how many were.
    private mutating func removePresent(_ items: [ItemID]) -> Int {
        var doomed: [Int: Set<ItemID>] = [:]
        var count = 0
        for item in items {
            guard let section = itemSection[item], let index = sectionIndex[section] else { continue }
            if doomed[index, default: []].insert(item).inserted { count += 1 }
        }
        guard count > 0 else { return 0 }
        for index in sectionItems.indices {
            guard let gone = doomed[index] else { continue }
            sectionItems[index].removeAll { gone.contains($0) }
            for item in gone { forget(item) }
        }
        return count
    }

    /// Drops `item` from the index and from the marks.
    private mutating func forget(_ item: ItemID) {
        itemSection[item] = nil
        if let index = reloadedItemIdentifiers.firstIndex(of: item) { reloadedItemIdentifiers.remove(at: index) }
        if let index = reconfiguredItemIdentifiers.firstIndex(of: item) {
            reconfiguredItemIdentifiers.remove(at: index)
        }
    }

    private mutating func insertItems(_ items: [ItemID], relativeTo destination: ItemID, after: Bool)
        throws(DiffableSnapshotError) -> DiffableSnapshotWarning?
    {
        try checkUnique(items, kind: .item)
        if items.contains(destination) {
            throw .destinationInIdentifiers(
                operation: .insertion, destination: BridgedIdentifier(destination).plain,
                identifiers: items.map { BridgedIdentifier($0).plain })
        }
        guard let section = itemSection[destination] else { throw .parameterNotSatisfying(.section) }
        let moved = removePresent(items)
        guard let path = path(of: destination) else { return nil }
        sectionItems[path.section].insert(contentsOf: items, at: path.item + (after ? 1 : 0))
        for item in items { itemSection[item] = section }
        return moved > 0 ? DiffableSnapshotWarning(alreadyPresent: moved) : nil
    }

    private mutating func moveItem(_ item: ItemID, relativeTo destination: ItemID, after: Bool)
        throws(DiffableSnapshotError)
    {
        if item == destination {
            throw .destinationInIdentifiers(
                operation: .move, destination: BridgedIdentifier(destination).plain,
                identifiers: [BridgedIdentifier(item).plain])
        }
        guard let from = path(of: item) else { throw .parameterNotSatisfying(.fromIndex) }
        guard let section = itemSection[destination] else { throw .parameterNotSatisfying(.toIndex) }
        sectionItems[from.section].remove(at: from.item)
        guard let to = path(of: destination) else { return }
        sectionItems[to.section].insert(item, at: to.item + (after ? 1 : 0))
        itemSection[item] = section
    }

    private mutating func mark(_ items: [ItemID], verb: DiffableSnapshotError.Verb) throws(DiffableSnapshotError) {
        if let missing = items.first(where: { itemSection[$0] == nil }) {
            throw .notInSnapshot(verb: verb, kind: .item, BridgedIdentifier(missing).plain)
        }
        for item in items {
            if verb == .reload {
                if !reloadedItemIdentifiers.contains(item) { reloadedItemIdentifiers.append(item) }
            } else if !reconfiguredItemIdentifiers.contains(item) {
                reconfiguredItemIdentifiers.append(item)
            }
        }
    }
}

extension DiffableSnapshot: Equatable {
    /// Two snapshots are equal when they have the same sections with the
    /// same items, in order; the reload marks do not count (as in UIKit).
    public static func == (lhs: DiffableSnapshot, rhs: DiffableSnapshot) -> Bool {
        lhs.sectionIdentifiers == rhs.sectionIdentifiers && lhs.sectionItems == rhs.sectionItems
    }
}

extension DiffableSnapshot: CustomStringConvertible {
    /// One line per section: `Favourites: Ada, Grace`.
    public var description: String {
        zip(sectionIdentifiers, sectionItems).map { section, items in
            "\(section): " + items.map { "\($0)" }.joined(separator: ", ")
        }.joined(separator: "\n")
    }
}
