import ListDiff
import ListLabTestSupport
import Testing

/// Random sectioned edits: sections deleted, inserted and moved, items
/// deleted, inserted, moved within and across sections, content changed,
/// and now and then an identity repeated on either side.
private func randomEdit(_ generator: inout SplitMix64, repeats: Bool) -> (
    old: [DiffSection<String, (id: String, v: Int)>], new: [DiffSection<String, (id: String, v: Int)>]
) {
    func below(_ n: Int) -> Int { n <= 0 ? 0 : Int(generator.next() % UInt64(n)) }
    var nextID = 0
    var old: [DiffSection<String, (id: String, v: Int)>] = []
    for section in 0..<(1 + below(5)) {
        let items = (0..<below(12)).map { _ in
            nextID += 1
            return (id: "k\(nextID)", v: 0)
        }
        old.append(DiffSection(id: "s\(section)", items: items))
    }
    var new = old
    if below(4) == 0, !new.isEmpty { new.remove(at: below(new.count)) }
    if below(4) == 0 {
        new.insert(DiffSection(id: "n\(below(3))", items: [(id: "k\(nextID + 1)", v: 0)]), at: below(new.count + 1))
    }
    nextID += 1
    if below(3) == 0, new.count > 1 { new.swapAt(0, new.count - 1) }
    for _ in 0..<below(8) where !new.isEmpty {
        let section = below(new.count)
        switch below(5) {
        case 0 where !new[section].items.isEmpty: new[section].items.remove(at: below(new[section].items.count))
        case 1:
            nextID += 1
            new[section].items.insert((id: "k\(nextID)", v: 0), at: below(new[section].items.count + 1))
        case 2 where !new[section].items.isEmpty:
            let item = new[section].items.remove(at: below(new[section].items.count))
            let to = below(new.count)
            new[to].items.insert(item, at: below(new[to].items.count + 1))
        case 3 where !new[section].items.isEmpty: new[section].items[below(new[section].items.count)].v += 1
        default: break
        }
    }
    if repeats, below(6) == 0 {
        // An identity twice in one list.
        if below(2) == 0, let section = old.indices.randomElement(using: &generator),
            let item = old.flatMap(\.items).randomElement(using: &generator)
        {
            old[section].items.insert(item, at: below(old[section].items.count + 1))
        } else if let section = new.indices.randomElement(using: &generator),
            let item = (new.flatMap(\.items) + old.flatMap(\.items)).randomElement(using: &generator)
        {
            new[section].items.insert(item, at: below(new[section].items.count + 1))
        }
    }
    return (old, new)
}

/// The changes or the error, as text, for comparing two diffs.
private func outcome(_ diff: () throws(DuplicateIdentityError) -> SectionedChangeset) -> String {
    do {
        return "\(try diff())"
    } catch {
        return "error: \(error)"
    }
}

@Test func theLinearDiffGivesTheEarlierDiffsChangesAndErrors() {
    var generator = SplitMix64(seed: 32)
    var errors = 0
    for _ in 0..<5_000 {
        let (old, new) = randomEdit(&generator, repeats: true)
        let ours = outcome { () throws(DuplicateIdentityError) in
            try SectionedChangeset(from: old, to: new, identity: \.id, isContentEqual: { $0.v == $1.v })
        }
        let reference = outcome { () throws(DuplicateIdentityError) in
            try SectionedChangeset.reference(from: old, to: new, identity: \.id, isContentEqual: { $0.v == $1.v })
        }
        if ours.hasPrefix("error") { errors += 1 }
        #expect(ours == reference)
        if ours != reference { return }
    }
    #expect(errors > 100, "the edits should repeat an identity now and then")
}

@Test func aFlatDiffOfManyItemsMatchesTheEarlierOne() throws {
    var generator = SplitMix64(seed: 7)
    let old = Array(0..<50_000)
    var new = old.filter { _ in generator.next() % 10 != 0 }
    for _ in 0..<1_000 {
        let item = new.remove(at: Int(generator.next() % UInt64(new.count)))
        new.insert(item, at: Int(generator.next() % UInt64(new.count + 1)))
    }
    new += (50_000..<55_000)
    new.shuffle(using: &generator)
    let ours = try SectionedChangeset(
        from: [DiffSection(id: 0, items: old)], to: [DiffSection(id: 0, items: new)], identity: { $0 },
        isContentEqual: ==)
    let reference = try SectionedChangeset.reference(
        from: [DiffSection(id: 0, items: old)], to: [DiffSection(id: 0, items: new)], identity: { $0 },
        isContentEqual: ==)
    #expect(ours == reference)
}

@Test func aTableThatGrowsKeepsEveryIdentity() throws {
    // Nothing old, so every new item goes into a table made for none, which grows.
    let new = (0..<10_000).map { "item \($0)" }
    let changes = try Changeset(from: [], to: new)
    #expect(changes.inserts == Array(0..<10_000))
    #expect(throws: DuplicateIdentityError(identity: "item 3", side: .new, first: 3, second: 10_000)) {
        try Changeset(from: [String](), to: new + ["item 3"])
    }
}

@Test func aTableOfMegabytesGrowsAndKeepsEveryIdentity() throws {
    // A table for 600,000 items takes 4 MiB, from which it is mapped on its own (huge pages on
    // Linux); 600,000 new items that are all different then make it grow into a second mapping.
    let old = Array(0..<600_000)
    let new = Array(600_000..<1_200_000)
    let changes = try Changeset(from: old, to: new)
    #expect(changes.deletes == old.indices.map { $0 })
    #expect(changes.inserts == new.indices.map { $0 })
    #expect(changes.moves.isEmpty)
    #expect(throws: DuplicateIdentityError(identity: "600005", side: .new, first: 5, second: 600_000)) {
        try Changeset(from: old, to: new + [600_005])
    }
    #expect(throws: DuplicateIdentityError(identity: "5", side: .old, first: 5, second: 600_000)) {
        try Changeset(from: old + [5], to: new)
    }
}

@Test(arguments: [1, 3])
func repeatsAmongManyItemsAreNamedAsTheEarlierDiffNamesThem(repeats: Int) {
    // Past a thousand items the table is filled in parts, out of the items' order; the
    // error still names the first repeat in their order, on either side.
    var generator = SplitMix64(seed: UInt64(40 + repeats))
    let base = (0..<60_000).map { "item \($0)" }
    for side in ["old", "new"] {
        var repeated = base
        for _ in 0..<repeats {
            let source = Int(generator.next() % UInt64(base.count))
            repeated.insert(base[source], at: Int(generator.next() % UInt64(repeated.count + 1)))
        }
        let (old, new) = side == "old" ? (repeated, base.shuffled(using: &generator)) : (base, repeated)
        let sections = { (items: [String]) in
            [DiffSection(id: 0, items: Array(items[..<20_000])), DiffSection(id: 1, items: Array(items[20_000...]))]
        }
        let ours = outcome { () throws(DuplicateIdentityError) in
            try SectionedChangeset(from: sections(old), to: sections(new), identity: { $0 }, isContentEqual: ==)
        }
        let reference = outcome { () throws(DuplicateIdentityError) in
            try SectionedChangeset.reference(
                from: sections(old), to: sections(new), identity: { $0 }, isContentEqual: ==)
        }
        #expect(ours.hasPrefix("error"))
        #expect(ours == reference)
    }
}

@Test func manySectionsWithItemsMovedAcrossThemMatchTheEarlierDiff() throws {
    // Items that leave a section, runs that resume after a moved item, and deletes next to
    // one another, at a size where the table is filled in parts.
    var generator = SplitMix64(seed: 11)
    func below(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
    let old = (0..<40).map { section in
        DiffSection(id: section, items: ((section * 500)..<((section + 1) * 500)).map { "k\($0)" })
    }
    var new = old
    for _ in 0..<400 {
        let from = below(new.count)
        guard !new[from].items.isEmpty else { continue }
        let item = new[from].items.remove(at: below(new[from].items.count))
        let to = below(new.count)
        new[to].items.insert(item, at: below(new[to].items.count + 1))
    }
    for _ in 0..<300 {
        let section = below(new.count)
        let start = below(max(1, new[section].items.count - 3))
        new[section].items.removeSubrange(start..<min(new[section].items.count, start + below(4)))
    }
    let gone = new.remove(at: 7)
    new.insert(DiffSection(id: 99, items: ["fresh"] + gone.items.prefix(2)), at: 12)
    new[3].items += gone.items.dropFirst(2).prefix(2)  // from a deleted section into a surviving one
    new.swapAt(0, 30)
    let ours = try SectionedChangeset(from: old, to: new, identity: { $0 }, isContentEqual: ==)
    let reference = try SectionedChangeset.reference(from: old, to: new, identity: { $0 }, isContentEqual: ==)
    #expect(ours == reference)
    #expect(ours.movedItems.count > 300)
}

@Test func runsMovedWholeWithChangedContentMatchTheEarlierDiff() throws {
    // Items not found near the cursor are looked up together after the pass, except each
    // fourth miss in a row, looked up at once so that the cursor follows a moved run: runs of
    // every length, deletes in runs, changed content, and two sections.
    var generator = SplitMix64(seed: 23)
    func below(_ n: Int) -> Int { Int(generator.next() % UInt64(n)) }
    let old = (0..<2).map { section in
        DiffSection(id: section, items: ((section * 30_000)..<((section + 1) * 30_000)).map { (id: $0, v: 0) })
    }
    var new = old
    for length in [1, 2, 3, 4, 5, 8, 50, 700] {
        for _ in 0..<6 {
            let from = below(2)
            let start = below(new[from].items.count - length)
            var run = Array(new[from].items[start..<(start + length)])
            new[from].items.removeSubrange(start..<(start + length))
            if below(2) == 0 { run[below(length)].v += 1 }
            let to = below(2)
            new[to].items.insert(contentsOf: run, at: below(new[to].items.count + 1))
            let gone = below(new[to].items.count - length)
            new[to].items.removeSubrange(gone..<(gone + min(length, 6)))
        }
    }
    for _ in 0..<300 { new[below(2)].items[below(20_000)].v += 1 }
    new[1].items.insert(contentsOf: (90_000..<90_040).map { (id: $0, v: 0) }, at: 500)
    let ours = try SectionedChangeset(from: old, to: new, identity: \.id, isContentEqual: { $0.v == $1.v })
    let reference = try SectionedChangeset.reference(
        from: old, to: new, identity: \.id, isContentEqual: { $0.v == $1.v })
    #expect(ours == reference)
    #expect(ours.updatedItems.count > 250)
    let flatOld = old.flatMap(\.items)
    let flatNew = new.flatMap(\.items)
    let flat = try Changeset(from: flatOld, to: flatNew, identity: \.id, isContentEqual: { $0.v == $1.v })
    let flatReference = try SectionedChangeset.reference(
        from: [DiffSection(id: 0, items: flatOld)], to: [DiffSection(id: 0, items: flatNew)], identity: \.id,
        isContentEqual: { $0.v == $1.v })
    #expect(flat.moves.map { ElementPath(0, $0.from) } == flatReference.movedItems.map(\.from))
    #expect(flat.updates.map(\.to) == flatReference.updatedItems.map(\.to.item))
}
