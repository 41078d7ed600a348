/// A set of item paths kept as one bit an item, section by section, for the
/// paths inside the item counts it is made for (a batch update's, before or
/// after it); a path outside them (a wrong one, which the checks refuse) is
/// kept in a `Set`. A batch update of many changes checks each path against
/// several such sets, and hashing every path was most of that work.
struct ItemPathSet: Sequence {
    /// The item counts, section by section, whose paths are kept as bits.
    private let counts: [Int]
    /// The bits of each section, allocated at its first path.
    private var bits: [[UInt64]]
    /// The paths outside `counts`.
    private var outside: Set<ItemPath> = []
    /// How many paths the set holds.
    private(set) var count = 0

    /// An empty set for paths within `counts`.
    init(within counts: [Int]) {
        self.counts = counts
        bits = Array(repeating: [], count: counts.count)
    }

    /// The set of `paths`, for paths within `counts`.
    init(_ paths: some Sequence<ItemPath>, within counts: [Int]) {
        self.init(within: counts)
        for path in paths { insert(path) }
    }

    var isEmpty: Bool { count == 0 }

    private func isInside(_ path: ItemPath) -> Bool {
        path.section >= 0 && path.section < counts.count && path.item >= 0 && path.item < counts[path.section]
    }

    /// Adds `path`; false when it was there already.
    @discardableResult
    mutating func insert(_ path: ItemPath) -> Bool {
        guard isInside(path) else {
            let inserted = outside.insert(path).inserted
            if inserted { count += 1 }
            return inserted
        }
        if bits[path.section].isEmpty {
            bits[path.section] = Array(repeating: 0, count: (counts[path.section] + 63) / 64)
        }
        let word = path.item >> 6
        let mask = UInt64(1) << UInt64(path.item & 63)
        guard bits[path.section][word] & mask == 0 else { return false }
        bits[path.section][word] |= mask
        count += 1
        return true
    }

    /// Whether the set holds `path`.
    func contains(_ path: ItemPath) -> Bool {
        guard isInside(path) else { return !outside.isEmpty && outside.contains(path) }
        let section = bits[path.section]
        guard !section.isEmpty else { return false }
        return section[path.item >> 6] & (UInt64(1) << UInt64(path.item & 63)) != 0
    }

    /// The items held in `section`, ascending (those outside the counts too).
    func items(inSection section: Int) -> [Int] {
        let items = itemsInside(section)
        guard !outside.isEmpty else { return items }
        let others = outside.filter { $0.section == section }.map(\.item)
        return others.isEmpty ? items : (items + others).sorted()
    }

    /// The items of `section` kept as bits, ascending.
    private func itemsInside(_ section: Int) -> [Int] {
        guard section >= 0, section < bits.count else { return [] }
        var items: [Int] = []
        for (index, word) in bits[section].enumerated() where word != 0 {
            var rest = word
            while rest != 0 {
                items.append(index << 6 + rest.trailingZeroBitCount)
                rest &= rest - 1
            }
        }
        return items
    }

    /// The paths in order: those within the counts, then the others.
    func makeIterator() -> IndexingIterator<[ItemPath]> {
        var paths: [ItemPath] = []
        paths.reserveCapacity(count)
        for section in bits.indices where !bits[section].isEmpty {
            for item in itemsInside(section) { paths.append(ItemPath(section, item)) }
        }
        return (paths + outside.sorted()).makeIterator()
    }
}
