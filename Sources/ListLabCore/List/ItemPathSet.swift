/// A set of item paths, section by section, for the paths inside the item
/// counts it is made for (a batch update's, before or after it): a section
/// holds its items in a `Set<Int>` while they are few, and as one bit an
/// item once they are many; a path outside the counts (a wrong one, which
/// the checks refuse) is kept in a `Set`. A batch update of many changes
/// checks each path against several such sets, and hashing every path was
/// most of that work; an update of one change stays as cheap as one hash.
/// A set made for many paths holds every section's bits in one array from
/// the start, so that adding a path sets a bit and nothing more.
struct ItemPathSet: Sequence {
    /// One section's items.
    private enum Items {
        case few(Set<Int>)
        case many([UInt64])
    }

    /// The item counts, section by section, whose paths are kept by section.
    private let counts: [Int]
    /// Each section's items, from its first path (unless `allBits` holds them).
    private var sections: [Items?]
    /// Every section's items as bits, section after section, for a set made
    /// for many paths; empty otherwise.
    private var allBits: [UInt64] = []
    /// Where each section's bits start in `allBits`, in words.
    private var firstWord: [Int] = []
    /// The paths outside `counts`.
    private var outside: Set<ItemPath> = []
    /// How many paths the set holds.
    private(set) var count = 0

    /// An empty set for paths within `counts`.
    init(within counts: [Int]) {
        self.counts = counts
        sections = Array(repeating: nil, count: counts.count)
    }

    /// An empty set for paths within `counts`, to hold about `expected`
    /// paths: as bits from the start when they would outnumber the words of
    /// every section's bits.
    init(within counts: [Int], expecting expected: Int) {
        self.init(within: counts)
        let words = counts.reduce(0) { $0 + (Swift.max(0, $1) + 63) / 64 }
        if expected > words {
            firstWord.reserveCapacity(counts.count)
            var word = 0
            for count in counts {
                firstWord.append(word)
                word += (Swift.max(0, count) + 63) / 64
            }
            allBits = [UInt64](repeating: 0, count: words)
        }
    }

    /// Whether `allBits` holds the sections' items.
    private var isAllBits: Bool { !firstWord.isEmpty }

    /// The set of `paths`, for paths within `counts`.
    init(_ paths: some Sequence<ItemPath>, within counts: [Int]) {
        self.init(within: counts, expecting: paths.underestimatedCount)
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
        let inserted: Bool
        if isAllBits {
            let word = firstWord[path.section] + (path.item >> 6)
            let mask = UInt64(1) << UInt64(path.item & 63)
            inserted = allBits[word] & mask == 0
            allBits[word] |= mask
            if inserted { count += 1 }
            return inserted
        }
        switch sections[path.section] {
        case nil:
            sections[path.section] = .few([path.item])
            inserted = true
        case .few(var items):
            sections[path.section] = nil  // the set is uniquely held while it changes
            inserted = items.insert(path.item).inserted
            // Bits, once they take no more words than the section has items.
            let words = (counts[path.section] + 63) / 64
            sections[path.section] = items.count > words ? .many(Self.bits(of: items, words: words)) : .few(items)
        case .many(var bits):
            sections[path.section] = nil
            let mask = UInt64(1) << UInt64(path.item & 63)
            inserted = bits[path.item >> 6] & mask == 0
            bits[path.item >> 6] |= mask
            sections[path.section] = .many(bits)
        }
        if inserted { count += 1 }
        return inserted
    }

    private static func bits(of items: Set<Int>, words: Int) -> [UInt64] {
        var bits = [UInt64](repeating: 0, count: words)
        for item in items { bits[item >> 6] |= UInt64(1) << UInt64(item & 63) }
        return bits
    }

    /// Whether the set holds `path`.
    func contains(_ path: ItemPath) -> Bool {
        guard isInside(path) else { return !outside.isEmpty && outside.contains(path) }
        if isAllBits {
            return allBits[firstWord[path.section] + (path.item >> 6)] & (UInt64(1) << UInt64(path.item & 63)) != 0
        }
        switch sections[path.section] {
        case nil: return false
        case .few(let items): return items.contains(path.item)
        case .many(let bits): return bits[path.item >> 6] & (UInt64(1) << UInt64(path.item & 63)) != 0
        }
    }

    /// The items held in `section`, ascending (those outside the counts too).
    func items(inSection section: Int) -> [Int] {
        let items = itemsInside(section)
        guard !outside.isEmpty else { return items }
        let others = outside.filter { $0.section == section }.map(\.item)
        return others.isEmpty ? items : (items + others).sorted()
    }

    /// The items of `section` within the counts, ascending.
    private func itemsInside(_ section: Int) -> [Int] {
        guard section >= 0, section < sections.count else { return [] }
        if isAllBits {
            let words = (Swift.max(0, counts[section]) + 63) / 64
            return Self.items(of: allBits[firstWord[section]..<(firstWord[section] + words)])
        }
        guard let held = sections[section] else { return [] }
        switch held {
        case .few(let items):
            return items.sorted()
        case .many(let bits):
            return Self.items(of: bits[...])
        }
    }

    /// The items whose bits are set in `bits` (item 0 the first word's lowest bit), ascending.
    private static func items(of bits: ArraySlice<UInt64>) -> [Int] {
        var items: [Int] = []
        for (index, word) in zip(0..., bits) where word != 0 {
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
        for section in sections.indices where isAllBits || sections[section] != nil {
            for item in itemsInside(section) { paths.append(ItemPath(section, item)) }
        }
        return (paths + outside.sorted()).makeIterator()
    }
}
