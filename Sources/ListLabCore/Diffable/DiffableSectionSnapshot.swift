/// The items of one section as an outline: items with children, each
/// parent expanded or collapsed. ListLab's
/// `NSDiffableDataSourceSectionSnapshot` (iOS 14), with UIKit's names.
///
/// The list shows the ``visibleItems``: the root items, and the children of
/// every expanded item whose own parents are expanded. Give the snapshot to
/// ``DiffableDataSource/apply(_:to:animatingDifferences:)``: expanding an
/// item is then a batch insert of its visible descendants, collapsing one a
/// batch delete. An item appended to a parent starts collapsed, as in UIKit.
///
/// ```swift
/// var outline = DiffableSectionSnapshot<String>()
/// try outline.append(["Fruit", "Vegetables"])
/// try outline.append(["Apple", "Pear"], to: "Fruit")
/// outline.visibleItems                  // ["Fruit", "Vegetables"]
/// outline.expand(["Fruit"])
/// outline.visibleItems                  // ["Fruit", "Apple", "Pear", "Vegetables"]
/// outline.level(of: "Pear")             // 1
/// ```
public struct DiffableSectionSnapshot<ItemID: Hashable> {
    /// The items with no parent, in order.
    public private(set) var rootItems: [ItemID] = []
    /// Each parent's children, in order.
    private var children: [ItemID: [ItemID]] = [:]
    /// Each child's parent.
    private var parents: [ItemID: ItemID] = [:]
    /// Every item, for membership.
    private var members: Set<ItemID> = []
    /// The expanded items.
    private var expanded: Set<ItemID> = []

    /// An empty section snapshot.
    public init() {}

    // MARK: - Queries

    /// Every item, parents before their children (depth first), expanded or not.
    public var items: [ItemID] { flattened(onlyVisible: false) }

    /// The items the list shows: roots, and the children of expanded items
    /// whose parents are shown.
    public var visibleItems: [ItemID] { flattened(onlyVisible: true) }

    /// Whether `item` is in the snapshot.
    public func contains(_ item: ItemID) -> Bool { members.contains(item) }

    /// Whether `item` is expanded.
    public func isExpanded(_ item: ItemID) -> Bool { expanded.contains(item) }

    /// Whether `item` is shown: a root, or the child of a shown, expanded item.
    public func isVisible(_ item: ItemID) -> Bool {
        guard members.contains(item) else { return false }
        var current = item
        while let parent = parents[current] {
            guard expanded.contains(parent) else { return false }
            current = parent
        }
        return true
    }

    /// How deep `item` is: 0 for a root, 1 for its children, ...; nil when
    /// it is not in the snapshot.
    public func level(of item: ItemID) -> Int? {
        guard members.contains(item) else { return nil }
        var level = 0
        var current = item
        while let parent = parents[current] {
            level += 1
            current = parent
        }
        return level
    }

    /// The parent of `item`, or nil for a root (or an item not in the snapshot).
    public func parent(of item: ItemID) -> ItemID? { parents[item] }

    /// The children of `item`, in order.
    public func children(of item: ItemID) -> [ItemID] { children[item] ?? [] }

    /// Where `item` is in ``items``, or nil.
    public func index(of item: ItemID) -> Int? { items.firstIndex(of: item) }

    /// The part under `parent`: its descendants (and it, as the root, with
    /// `includingParent`), expanded as here; empty when it is not in the snapshot.
    public func snapshot(of parent: ItemID, includingParent: Bool = false) -> DiffableSectionSnapshot {
        var part = DiffableSectionSnapshot()
        guard members.contains(parent) else { return part }
        func copy(_ item: ItemID, under newParent: ItemID?) {
            part.insertChild(item, under: newParent)
            if expanded.contains(item) { part.expanded.insert(item) }
            for child in children(of: item) { copy(child, under: item) }
        }
        if includingParent {
            copy(parent, under: nil)
        } else {
            for child in children(of: parent) { copy(child, under: nil) }
        }
        return part
    }

    /// The outline as UIKit's `visualDescription()` draws it: one line per
    /// item, indented by level, `+` collapsed and `-` expanded parents.
    public func visualDescription() -> String {
        items.map { item in
            let mark = children[item]?.isEmpty == false ? (expanded.contains(item) ? "- " : "+ ") : "  "
            return String(repeating: "  ", count: level(of: item) ?? 0) + mark + "\(item)"
        }.joined(separator: "\n")
    }

    // MARK: - Changes

    /// Adds `items` after the last child of `parent` (after the last root
    /// when `parent` is nil). They start collapsed.
    ///
    /// - Throws: ``DiffableSectionSnapshotError`` when an identifier repeats
    ///   or is in the snapshot already, or `parent` is not in it; the
    ///   snapshot is unchanged then.
    public mutating func append(_ items: [ItemID], to parent: ItemID? = nil) throws(DiffableSectionSnapshotError) {
        try checkNew(items)
        if let parent, !members.contains(parent) {
            throw .notInSnapshot(role: .parent, BridgedIdentifier(parent).plain)
        }
        for item in items { insertChild(item, under: parent) }
    }

    /// Inserts `items` just before `destination`, as its siblings.
    ///
    /// - Throws: As ``append(_:to:)``, and when `destination` is not in the snapshot.
    public mutating func insert(_ items: [ItemID], before destination: ItemID) throws(DiffableSectionSnapshotError) {
        try insert(items, besides: destination, offset: 0)
    }

    /// Inserts `items` just after `destination`, as its siblings.
    ///
    /// - Throws: As ``insert(_:before:)``.
    public mutating func insert(_ items: [ItemID], after destination: ItemID) throws(DiffableSectionSnapshotError) {
        try insert(items, besides: destination, offset: 1)
    }

    /// Removes `items` and everything under them; identifiers not in the
    /// snapshot are ignored.
    public mutating func delete(_ items: [ItemID]) {
        for item in items where members.contains(item) {
            for child in children(of: item) { delete([child]) }
            if let parent = parents[item] {
                children[parent]?.removeAll { $0 == item }
                if children[parent]?.isEmpty == true { children[parent] = nil }
            } else {
                rootItems.removeAll { $0 == item }
            }
            parents[item] = nil
            children[item] = nil
            members.remove(item)
            expanded.remove(item)
        }
    }

    /// Removes every item.
    public mutating func deleteAll() { self = DiffableSectionSnapshot() }

    /// Expands `items`: their children are shown (when they are). Identifiers
    /// not in the snapshot are ignored.
    public mutating func expand(_ items: [ItemID]) {
        for item in items where members.contains(item) { expanded.insert(item) }
    }

    /// Collapses `items`: their descendants are hidden (each keeps its own
    /// expanded state for when it is shown again).
    public mutating func collapse(_ items: [ItemID]) {
        for item in items { expanded.remove(item) }
    }

    // MARK: - Private

    private func flattened(onlyVisible: Bool) -> [ItemID] {
        var result: [ItemID] = []
        result.reserveCapacity(members.count)
        func visit(_ item: ItemID) {
            result.append(item)
            guard !onlyVisible || expanded.contains(item) else { return }
            for child in children(of: item) { visit(child) }
        }
        for root in rootItems { visit(root) }
        return result
    }

    private func checkNew(_ items: [ItemID]) throws(DiffableSectionSnapshotError) {
        var seen: Set<ItemID> = []
        var repeated: [String] = []
        for item in items where members.contains(item) || !seen.insert(item).inserted {
            repeated.append(BridgedIdentifier(item).inSet)
        }
        if !repeated.isEmpty { throw .duplicateIdentifiers(repeated) }
    }

    private mutating func insertChild(_ item: ItemID, under parent: ItemID?) {
        members.insert(item)
        if let parent {
            parents[item] = parent
            children[parent, default: []].append(item)
        } else {
            rootItems.append(item)
        }
    }

    private mutating func insert(_ items: [ItemID], besides destination: ItemID, offset: Int)
        throws(DiffableSectionSnapshotError)
    {
        try checkNew(items)
        guard members.contains(destination) else {
            throw .notInSnapshot(role: offset == 0 ? .insertBefore : .insertAfter, BridgedIdentifier(destination).plain)
        }
        let parent = parents[destination]
        var siblings = parent.map { children(of: $0) } ?? rootItems
        let index = (siblings.firstIndex(of: destination) ?? siblings.count) + offset
        siblings.insert(contentsOf: items, at: index)
        for item in items {
            members.insert(item)
            if let parent { parents[item] = parent }
        }
        if let parent { children[parent] = siblings } else { rootItems = siblings }
    }
}

/// A section snapshot change that UIKit refuses: ListLab throws it, and the
/// snapshot is unchanged.
public enum DiffableSectionSnapshotError: Error, Hashable, Sendable {
    /// An identifier named twice, or already in the section snapshot. The
    /// reason is UIKit's, as quoted in IQListKit#3 (a crash report).
    case duplicateIdentifiers([String])
    /// A parent or destination that is not in the section snapshot: `role`
    /// names it as UIKit's reason does (`Parent item identifier`, `Item
    /// identifier to insert before`). No crash report quotes these reasons;
    /// they are UIKit's assertions in `NSDiffableDataSourceSectionSnapshot.mm`
    /// as a decompiled copy of iOS 26.1 shows them.
    case notInSnapshot(role: Role, String)

    /// The identifier that was not found, as UIKit's reason names it.
    public enum Role: Hashable, Sendable {
        /// The parent items are appended under.
        case parent
        /// The item to insert before.
        case insertBefore
        /// The item to insert after.
        case insertAfter
    }
}
