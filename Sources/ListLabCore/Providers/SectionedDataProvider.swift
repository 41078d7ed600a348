public import ListDiff

/// A provider of several sections with titles: given explicitly, or grouped
/// by a key, as a fetched results controller groups by its section key path
/// ("DRY Data Sources") and the TaskList of "Generic Data Sources in Swift".
///
/// When grouped, each section's title is its key, and sections come in a
/// stable order: by the first appearance of their key in the items
/// (``SectionOrder/firstAppearance``, the default) or by key, ascending
/// (``SectionOrder/ascending``, as a fetch sorted by the key would be);
/// items keep their order within a section. A change follows the grouping:
/// an item whose key changes moves to its new group's section, a group
/// that empties loses its section, and a new key gets a new section.
///
/// ```swift
/// let lists = SectionedDataProvider(tasks, groupedBy: { $0.list })
/// lists.title(ofSection: 0)     // "Work"
/// ```
public final class SectionedDataProvider<Item>: DataProvider {
    /// One section of an explicitly sectioned provider.
    public struct Section {
        /// The section's title (its header), if any.
        public var title: String?
        /// The section's items, in order.
        public var items: [Item]

        /// Creates a section.
        public init(title: String? = nil, items: [Item]) {
            self.title = title
            self.items = items
        }
    }

    /// The order of grouped sections.
    public enum SectionOrder: Sendable {
        /// In the order their keys first appear in the items.
        case firstAppearance
        /// By key, ascending.
        case ascending
        /// By key, descending: the newest first, for keys that sort as
        /// their dates do (`2026-11-28` before `2026-11-27`).
        case descending
    }

    private struct Grouping {
        let key: (Item) -> String
        let order: SectionOrder
    }

    private var store: SectionStore<Item>
    private let grouping: Grouping?
    private let source: (() throws -> [Item])?

    /// Creates a provider of explicit sections.
    public init(sections: [Section]) {
        store = SectionStore(sections: sections.map(\.items), titles: sections.map(\.title))
        grouping = nil
        source = nil
    }

    /// Creates a provider that groups `items` into sections by `key`.
    ///
    /// - Complexity: O(*n*) for *n* items (O(*n* + *s* log *s*) for *s*
    ///   sections by key, ascending or descending).
    public init(_ items: [Item], groupedBy key: @escaping (Item) -> String, order: SectionOrder = .firstAppearance) {
        let grouping = Grouping(key: key, order: order)
        self.grouping = grouping
        store = Self.group(items, by: grouping)
        source = nil
    }

    /// Creates an empty provider that loads its items from `source` on
    /// ``reload()`` and groups them by `key`.
    public init(
        groupedBy key: @escaping (Item) -> String, order: SectionOrder = .firstAppearance,
        loadingFrom source: @escaping () throws -> [Item]
    ) {
        grouping = Grouping(key: key, order: order)
        store = SectionStore()
        self.source = source
    }

    /// Whether sections follow a key rather than being given.
    public var isGrouped: Bool { grouping != nil }

    /// The sections, in order.
    public var sections: [Section] {
        store.sections.indices.map { Section(title: store.titles[$0], items: store.sections[$0]) }
    }

    public var numberOfSections: Int { store.sectionCount }

    public func numberOfItems(inSection section: Int) -> Int { store.count(inSection: section) }

    public func item(at path: ItemPath) -> Item? { store.item(at: path) }

    public func title(ofSection section: Int) -> String? { store.title(ofSection: section) }

    public func append(_ item: Item, toSection section: Int?) throws -> BatchUpdate {
        guard let grouping else {
            return try store.append(item, toSection: section ?? max(0, store.sectionCount - 1))
        }
        let key = grouping.key(item)
        let home = sectionIndex(ofKey: key)
        if let section {
            try store.checkSection(section)
            guard home == section else {
                throw ProviderError.wrongGroup(key: key, section: section, sectionKey: store.titles[section] ?? "")
            }
        }
        if let home {
            return try store.append(item, toSection: home)
        }
        let position = newSectionPosition(forKey: key, order: grouping.order)
        store.sections.insert([item], at: position)
        store.titles.insert(key, at: position)
        return BatchUpdate(insertedSections: [position])
    }

    public func insert(_ item: Item, at path: ItemPath) throws -> BatchUpdate {
        if let grouping {
            try store.checkSection(path.section)
            let key = grouping.key(item)
            guard store.titles[path.section] == key else {
                throw ProviderError.wrongGroup(
                    key: key, section: path.section, sectionKey: store.titles[path.section] ?? "")
            }
        }
        return try store.insert(item, at: path)
    }

    public func update(_ item: Item, at path: ItemPath) throws -> BatchUpdate {
        guard let grouping, let old = store.item(at: path), grouping.key(old) != grouping.key(item) else {
            return try store.replace(at: path, with: item)
        }
        // The key changed: the item leaves its section (which goes when it
        // empties) for its new group's section (made when it is new). As
        // Apple's fetched-results sample does, this is a delete and an
        // insert, so the moved item gets a newly configured cell.
        var update = BatchUpdate()
        store.sections[path.section].remove(at: path.item)
        if store.sections[path.section].isEmpty {
            store.sections.remove(at: path.section)
            store.titles.remove(at: path.section)
            update.deletedSections = [path.section]
        } else {
            update.deletedItems = [path]
        }
        let key = grouping.key(item)
        if let home = sectionIndex(ofKey: key) {
            store.sections[home].append(item)
            update.insertedItems = [ItemPath(home, store.sections[home].count - 1)]
        } else {
            let position = newSectionPosition(forKey: key, order: grouping.order)
            store.sections.insert([item], at: position)
            store.titles.insert(key, at: position)
            update.insertedSections = [position]
        }
        return update
    }

    public func delete(at paths: [ItemPath]) throws -> BatchUpdate {
        var update = try store.delete(at: paths)
        guard grouping != nil else { return update }
        // A group with no items has no section.
        let emptied = Set(update.deletedItems.map(\.section)).filter { store.sections[$0].isEmpty }
        guard !emptied.isEmpty else { return update }
        for section in emptied.sorted(by: >) {
            store.sections.remove(at: section)
            store.titles.remove(at: section)
        }
        update.deletedItems.removeAll { emptied.contains($0.section) }
        update.deletedSections = emptied.sorted()
        return update
    }

    public func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate {
        if grouping != nil {
            try store.checkItem(at: from)
            guard from.section == to.section else {
                throw ProviderError.moveAcrossGroups(from: from, to: to)
            }
        }
        return try store.move(from: from, to: to)
    }

    /// Replaces every item with what the source returns now, grouped again.
    ///
    /// - Throws: ``ProviderError/noSource`` when the provider was made from
    ///   fixed items, or the source's error; the items are then unchanged.
    public func reload() throws {
        guard let source, let grouping else { throw ProviderError.noSource }
        store = Self.group(try source(), by: grouping)
    }

    /// Replaces every section with `sections`, as given: their titles, and
    /// empty ones kept (a provider grouped by a key groups the items it is
    /// given afterwards by it still).
    public func replaceSections(with sections: [Section]) {
        store = SectionStore(sections: sections.map(\.items), titles: sections.map(\.title))
    }

    /// Replaces every item (grouped again, when grouped; all in one
    /// untitled section otherwise).
    public func replaceItems(with items: [Item]) {
        store = grouping.map { Self.group(items, by: $0) } ?? SectionStore(sections: [items], titles: [nil])
    }

    private func sectionIndex(ofKey key: String) -> Int? {
        store.titles.firstIndex { $0 == key }
    }

    private func newSectionPosition(forKey key: String, order: SectionOrder) -> Int {
        switch order {
        case .firstAppearance:
            store.sectionCount
        case .ascending:
            store.titles.firstIndex { ($0 ?? "") > key } ?? store.sectionCount
        case .descending:
            store.titles.firstIndex { ($0 ?? "") < key } ?? store.sectionCount
        }
    }

    private static func group(_ items: [Item], by grouping: Grouping) -> SectionStore<Item> {
        var sectionOfKey: [String: Int] = [:]
        var keys: [String] = []
        var sections: [[Item]] = []
        for item in items {
            let key = grouping.key(item)
            if let index = sectionOfKey[key] {
                sections[index].append(item)
            } else {
                sectionOfKey[key] = sections.count
                keys.append(key)
                sections.append([item])
            }
        }
        let order: [Int]
        switch grouping.order {
        case .firstAppearance: return SectionStore(sections: sections, titles: keys)
        case .ascending: order = keys.indices.sorted { keys[$0] < keys[$1] }
        case .descending: order = keys.indices.sorted { keys[$0] > keys[$1] }
        }
        return SectionStore(sections: order.map { sections[$0] }, titles: order.map { keys[$0] })
    }
}

extension SectionedDataProvider {
    /// Makes the provider hold `items`, grouped as it groups them, and
    /// returns the update that takes a list from the sections it showed to
    /// the new ones: the sections and items deleted, inserted and moved by
    /// identity, then each item whose content changed shown in `style`
    /// (reconfigured in its cell, or reloaded). A load of a provider of your
    /// own is this one call (apply what it returns to the list).
    ///
    /// ```swift
    /// let days = SectionedDataProvider(["Mon: talk", "Tue: lab"], groupedBy: { String($0.prefix(3)) })
    /// let update = try days.replaceItems(with: ["Tue: lab", "Wed: quiz"], identity: { $0 }, isContentEqual: ==)
    /// update.stages.count   // 1: Mon deleted, Wed inserted
    /// ```
    ///
    /// - Throws: `DuplicateIdentityError` (of ListDiff) when two items (or two sections)
    ///   of the old or the new have one identity; the items are then as
    ///   they were.
    public func replaceItems<Identity: Hashable>(
        with items: [Item], identity: (Item) -> Identity, isContentEqual: (Item, Item) -> Bool,
        style: CellUpdateStyle = .reconfigure
    ) throws(DuplicateIdentityError) -> StagedUpdate {
        let before = store
        replaceItems(with: items)
        do {
            let changes = try SectionedChangeset(
                from: Self.diffSections(of: before), to: Self.diffSections(of: store), identity: identity,
                isContentEqual: isContentEqual)
            return StagedUpdate(changes, style: style)
        } catch {
            store = before
            throw error
        }
    }

    /// `store`'s sections as the diff takes them, each named by its title.
    private static func diffSections(of store: SectionStore<Item>) -> [DiffSection<String, Item>] {
        store.sections.indices.map { DiffSection(id: store.titles[$0] ?? "", items: store.sections[$0]) }
    }
}

extension SectionedDataProvider where Item: Identifiable & Equatable {
    /// ``replaceItems(with:identity:isContentEqual:style:)`` by `id`, an item's
    /// content changed when it is not equal to the one before.
    public func replaceItems(with items: [Item], style: CellUpdateStyle = .reconfigure) throws(DuplicateIdentityError)
        -> StagedUpdate
    {
        try replaceItems(with: items, identity: \.id, isContentEqual: ==, style: style)
    }
}
