/// Sections of items with titles, and the checked changes every provider
/// shares: each checks its arguments first, so it changes all or nothing,
/// and returns the batch update that describes it.
struct SectionStore<Item> {
    var sections: [[Item]]
    var titles: [String?]

    init(sections: [[Item]] = [], titles: [String?] = []) {
        self.sections = sections
        self.titles = titles + repeatElement(nil, count: max(0, sections.count - titles.count))
    }

    var sectionCount: Int { sections.count }

    func count(inSection section: Int) -> Int {
        sections.indices.contains(section) ? sections[section].count : 0
    }

    func item(at path: ItemPath) -> Item? {
        guard sections.indices.contains(path.section), sections[path.section].indices.contains(path.item) else {
            return nil
        }
        return sections[path.section][path.item]
    }

    func title(ofSection section: Int) -> String? {
        titles.indices.contains(section) ? titles[section] : nil
    }

    func checkSection(_ section: Int) throws(ProviderError) {
        guard sections.indices.contains(section) else {
            throw .noSection(section, sectionCount: sections.count)
        }
    }

    func checkItem(at path: ItemPath) throws(ProviderError) {
        guard item(at: path) != nil else {
            throw .noItem(
                path, sectionCount: sections.count,
                itemCount: sections.indices.contains(path.section) ? sections[path.section].count : nil)
        }
    }

    mutating func append(_ item: Item, toSection section: Int) throws(ProviderError) -> BatchUpdate {
        try checkSection(section)
        sections[section].append(item)
        return BatchUpdate(insertedItems: [ItemPath(section, sections[section].count - 1)])
    }

    mutating func insert(_ item: Item, at path: ItemPath) throws(ProviderError) -> BatchUpdate {
        try checkSection(path.section)
        let count = sections[path.section].count
        guard path.item >= 0, path.item <= count else {
            throw .insertBeyondEnd(path, itemCount: count)
        }
        sections[path.section].insert(item, at: path.item)
        return BatchUpdate(insertedItems: [path])
    }

    mutating func replace(at path: ItemPath, with item: Item) throws(ProviderError) -> BatchUpdate {
        try checkItem(at: path)
        sections[path.section][path.item] = item
        return BatchUpdate(reconfiguredItems: [path])
    }

    mutating func delete(at paths: [ItemPath]) throws(ProviderError) -> BatchUpdate {
        var seen: Set<ItemPath> = []
        for path in paths {
            try checkItem(at: path)
            guard seen.insert(path).inserted else { throw .repeatedPath(path) }
        }
        let descending = paths.sorted(by: >)
        for path in descending {
            sections[path.section].remove(at: path.item)
        }
        return BatchUpdate(deletedItems: descending.reversed())
    }

    /// Checks that the item at `from` can end up at `to`.
    func checkMove(from: ItemPath, to: ItemPath) throws(ProviderError) {
        try checkItem(at: from)
        try checkSection(to.section)
        let last = sections[to.section].count - (from.section == to.section ? 1 : 0)
        guard to.item >= 0, to.item <= last else {
            throw .moveBeyondEnd(from: from, to: to, lastPlace: ItemPath(to.section, max(0, last)))
        }
        guard from != to else { throw .moveOntoItself(from) }
    }

    mutating func move(from: ItemPath, to: ItemPath) throws(ProviderError) -> BatchUpdate {
        try checkMove(from: from, to: to)
        let item = sections[from.section].remove(at: from.item)
        sections[to.section].insert(item, at: to.item)
        return BatchUpdate(movedItems: [ItemMove(from: from, to: to)])
    }
}
