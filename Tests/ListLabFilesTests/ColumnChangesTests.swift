import ListDiff
import ListLabCore
import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabFiles

// The file provider's sort, filter and changes from its file, on its columns, give what the
// record path gives: the records sorted, filtered or read again, and diffed by key (or, with
// no key, by whole record) and content, as the shell's record path diffs them.

/// The provider's items in sections, with their titles.
private func sections(of provider: FileDataProvider) -> [DiffSection<String, Record>] {
    (0..<provider.numberOfSections).map { section in
        DiffSection(
            id: provider.title(ofSection: section) ?? "",
            items: (0..<provider.numberOfItems(inSection: section)).compactMap {
                provider.item(at: ItemPath(section, $0))
            })
    }
}

/// The record path's diff: by key, or by whole record with no key, and content.
private func recordDiff(_ old: [DiffSection<String, Record>], _ new: [DiffSection<String, Record>], key: String?)
    -> SectionedChangeset?
{
    try? SectionedChangeset(
        from: old, to: new, identity: { record in key.flatMap { record[$0] } ?? .object(record) }, isContentEqual: ==)
}

/// How many stages a list would take: the structural changes, then the updated contents.
private func stages(of changes: SectionedChangeset) -> Int {
    (changes.count > changes.updatedItems.count ? 1 : 0) + (changes.updatedItems.isEmpty ? 0 : 1)
}

/// Whether `changes` is what the record path gives (`reference`), counted above `threshold`.
private func matches(_ changes: ItemChanges, _ reference: SectionedChangeset, threshold: Int?) -> Bool {
    switch changes {
    case .changes(let changes): return changes == reference && (threshold.map { reference.count <= $0 } ?? true)
    case .counted(let count, let counted):
        return count == reference.count && counted == stages(of: reference) && (threshold.map { count > $0 } ?? false)
    }
}

/// A random table: CSV or NDJSON; keyed by `id` (numbers or text) or with no key (its `ref`
/// column not a key), now and then with two rows alike; names, scores of mixed kinds and ties.
private struct RandomTable {
    var isJSON: Bool
    var key: String?
    var textKeys: Bool
    var rows: [(id: String, line: String)]

    static let names = ["Ada", "Bo", "Cy", "", "Ed, Jr", "ada"]
    static let scores = ["1", "2", "2.0", "2.5", "-3", "", "x"]

    init(_ random: inout SplitMix64, count: Int) {
        isJSON = random.below(3) == 0
        key = random.below(4) == 0 ? nil : "id"
        textKeys = random.below(2) == 0
        rows = []
        for id in 1...max(1, count) where rows.count < count {
            rows.append(row(id: textKeys ? "k\(id)" : "\(id)", &random))
        }
        rows.shuffle(using: &random)
    }

    func row(id: String, _ random: inout SplitMix64) -> (id: String, line: String) {
        let name = Self.names[random.below(Self.names.count)]
        let score = Self.scores[random.below(Self.scores.count)]
        let idField = key ?? "ref"
        if isJSON {
            let idText = id.hasPrefix("k") ? "\"\(id)\"" : id
            let scoreText = score.isEmpty ? "null" : Double(score) != nil ? score : "\"\(score)\""
            return (id, "{\"\(idField)\": \(idText), \"name\": \"\(name)\", \"score\": \(scoreText)}\n")
        }
        return (id, "\(id),\(name.contains(",") ? "\"\(name)\"" : name),\(score)\n")
    }

    var text: String { (isJSON ? "" : "\(key ?? "ref"),name,score\n") + rows.map(\.line).joined() }
    var name: String { isJSON ? "t.ndjson" : "t.csv" }
}

@Test(arguments: 0..<3)
func aSortOnTheColumnsGivesTheDiffOfTheSortedRecords(batch: Int) throws {
    var random = SplitMix64(seed: UInt64(31 + batch))
    let folder = try TemporaryFolder()
    var served = 0
    for _ in 0..<300 {
        var table = RandomTable(&random, count: 1 + random.below(19))
        let alike = table.key == nil && table.rows.count > 1 && random.below(3) == 0
        if alike, let row = table.rows.randomElement(using: &random) { table.rows.append(row) }
        try folder.write(table.name, table.text)
        let groupField = random.below(4) == 0 ? "name" : nil
        let provider = try FileDataProvider(
            path: folder.path + "/" + table.name, name: table.name, groupedBy: groupField)
        let field = ["name", "score", table.key ?? "ref"][random.below(3)]
        let descending = random.below(2) == 0
        let threshold = random.below(2) == 0 ? 3 : nil
        let before = sections(of: provider)
        let sorted = before.map { section in
            DiffSection(
                id: section.id,
                items: section.items.enumerated().sorted { a, b in
                    let (x, y) = (a.element[field] ?? .null, b.element[field] ?? .null)
                    if x == y { return a.offset < b.offset }
                    return descending ? y < x : x < y
                }.map(\.element))
        }
        guard
            let changes = try provider.sort(
                by: field, descending: descending, identifiedBy: table.key, countingAbove: threshold)
        else {
            #expect(table.key == nil && (alike || groupField != nil), "\(table.text)")
            #expect(sections(of: provider).map(\.items) == before.map(\.items), "nothing changed")
            continue
        }
        served += 1
        let reference = try #require(recordDiff(before, sorted, key: table.key))
        #expect(matches(changes, reference, threshold: threshold), "sort \(field) of \(table.text)")
        #expect(sections(of: provider).map(\.items) == sorted.map(\.items))
        #expect(provider.isEditedSinceRead)
    }
    #expect(served > 150)
}

@Test(arguments: 0..<3)
func aFilterAndItsRemovalGiveTheDiffsOfTheRecords(batch: Int) throws {
    var random = SplitMix64(seed: UInt64(57 + batch))
    let folder = try TemporaryFolder()
    for _ in 0..<300 {
        let table = RandomTable(&random, count: 1 + random.below(19))
        try folder.write(table.name, table.text)
        let groupField = random.below(4) == 0 ? "name" : nil
        let provider = try FileDataProvider(
            path: folder.path + "/" + table.name, name: table.name, groupedBy: groupField)
        let all = sections(of: provider)
        var shown = all
        for _ in 0..<(1 + random.below(2)) {
            let field = ["name", "score"][random.below(2)]
            let pool = field == "name" ? RandomTable.names : RandomTable.scores
            let text = pool[random.below(pool.count)]
            let value: Value =
                text.isEmpty ? .null : Int(text).map(Value.int) ?? Double(text).map(Value.double) ?? .string(text)
            let threshold = random.below(2) == 0 ? 2 : nil
            guard
                let changes = try provider.filter(
                    by: field, equalTo: value, identifiedBy: table.key, countingAbove: threshold)
            else {
                #expect(groupField != nil && table.key == nil)
                break
            }
            // The record path: every record, filtered, in the provider's sections.
            let kept = all.map { section in
                DiffSection(id: section.id, items: section.items.filter { ($0[field] ?? .null).matchesByValue(value) })
            }
            .filter { !$0.items.isEmpty || groupField == nil }
            let reference = try #require(recordDiff(shown, kept, key: table.key))
            #expect(
                matches(changes, reference, threshold: groupField == nil ? threshold : nil),
                "filter \(field)=\(value) of \(table.text)")
            #expect(sections(of: provider).map(\.items) == kept.map(\.items))
            #expect(throws: FileError.self) { try provider.save() }
            #expect(throws: FilterIsOn.self) {
                _ = try provider.append(Record(fields: [("name", "Zed")]), toSection: nil)
            }
            #expect(throws: FilterIsOn.self) { _ = try provider.sort(by: "name", identifiedBy: table.key) }
            shown = kept
        }
        guard provider.activeFilter != nil else { continue }
        let threshold = random.below(2) == 0 ? 2 : nil
        let changes = try #require(provider.removeFilter(countingAbove: threshold))
        let reference = try #require(recordDiff(shown, all, key: table.key))
        #expect(matches(changes, reference, threshold: groupField == nil ? threshold : nil))
        #expect(sections(of: provider).map(\.items) == all.map(\.items))
        #expect(!provider.isEditedSinceRead, "a filter only hides items")
        #expect(provider.removeFilter() == nil)
    }
}

@Test(arguments: 0..<3)
func theChangesFromTheFileAreTheDiffOfTheRecordsReadAgain(batch: Int) throws {
    var random = SplitMix64(seed: UInt64(89 + batch))
    let folder = try TemporaryFolder()
    for _ in 0..<300 {
        var table = RandomTable(&random, count: 1 + random.below(19))
        try folder.write(table.name, table.text)
        let groupField = random.below(4) == 0 ? "name" : nil
        let path = folder.path + "/" + table.name
        let provider = try FileDataProvider(path: path, name: table.name, groupedBy: groupField)
        if random.below(3) == 0, table.key != nil { _ = try provider.sort(by: "score", identifiedBy: table.key) }
        // The file changes on disk: rows gone, changed, moved and new, now and then a key twice.
        table.rows = table.rows.filter { _ in random.below(8) != 0 }
        for index in table.rows.indices where random.below(5) == 0 {
            table.rows[index] = table.row(id: table.rows[index].id, &random)
        }
        for _ in 0..<random.below(3) where !table.rows.isEmpty {
            let row = table.rows.remove(at: random.below(table.rows.count))
            table.rows.insert(row, at: random.below(table.rows.count + 1))
        }
        for extra in 0..<random.below(3) {
            table.rows.insert(
                table.row(id: table.textKeys ? "k\(100 + extra)" : "\(100 + extra)", &random),
                at: random.below(table.rows.count + 1))
        }
        // an empty NDJSON file is an error
        if table.rows.isEmpty { table.rows.append(table.row(id: table.textKeys ? "k99" : "99", &random)) }
        let repeated = random.below(15) == 0
        if repeated, let first = table.rows.first { table.rows.append(table.row(id: first.id, &random)) }
        try folder.write(table.name, table.text)
        let before = sections(of: provider)
        let after = sections(of: try FileDataProvider(path: path, name: table.name, groupedBy: groupField))
        let threshold = random.below(2) == 0 ? 2 : nil
        let reference = recordDiff(before, after, key: table.key)
        let found: FileChanges?
        do {
            found = try provider.changesFromFile(identifiedBy: table.key, countingAbove: threshold)
        } catch is DuplicateIdentityError {
            #expect(table.key != nil && repeated && reference == nil)
            continue
        }
        #expect(
            sections(of: provider).map(\.items) == before.map(\.items), "nothing changes until the reading is taken")
        guard let found else {
            #expect(table.key == nil && reference == nil, "only rows alike with no key are left to the records")
            continue
        }
        let expected = try #require(reference)
        #expect(matches(found.changes, expected, threshold: threshold), "\(table.text)")
        if let reading = found.reading {
            provider.adoptReading(of: reading)
            #expect(sections(of: provider).map(\.items) == after.map(\.items))
            #expect(!provider.isEditedSinceRead)
        } else {
            #expect(expected.isEmpty)
        }
    }
}

@Test func anUnchangedFileIsNotReadAgainWhenNothingWasEdited() throws {
    let folder = try TemporaryFolder()
    try folder.write("p.csv", "id,name\n1,Ada\n2,Bo\n")
    let provider = try FileDataProvider(path: folder.path + "/p.csv", name: "p.csv")
    let unchanged = try #require(try provider.changesFromFile(identifiedBy: "id"))
    #expect(unchanged.reading == nil && unchanged.changes == .changes(SectionedChangeset()))
    // After an edit the file is read and compared, and the edit is what differs.
    _ = try provider.update(Record(fields: [("id", 1), ("name", "Zed")]), at: ItemPath(0, 0))
    let edited = try #require(try provider.changesFromFile(identifiedBy: "id"))
    #expect(edited.reading != nil && edited.changes.count == 1)
    // With no key, rows alike must be looked for: the file is read.
    #expect(try provider.changesFromFile(identifiedBy: nil)?.reading != nil)
}

/// Counting a reload's changes row by row on two threads counts what one
/// thread counts (rows matched or not, every row's comparison made once).
@Test func updatesCountedOnTwoThreadsAreThoseCountedOnOne() {
    var random = SplitMix64(seed: 2_026)
    for _ in 0..<200 {
        let matched = (0..<random.below(50)).map { _ in Int32(random.below(4) == 0 ? -1 : random.below(100)) }
        let changed = Set((0..<20).map { _ in random.below(100) })
        let isContentEqual = { (old: Int, _: Int) in !changed.contains(old) }
        let updates = { (rows: Range<Int>) in ChangeCount.updates(in: rows, of: matched, isContentEqual) }
        let one = ChangeCount.countChanges(matched: matched, oldCount: 100, parallelFrom: .max, updates: updates)
        #expect(ChangeCount.countChanges(matched: matched, oldCount: 100, parallelFrom: 2, updates: updates) == one)
        #expect(updates(0..<matched.count) == matched.filter { $0 >= 0 && changed.contains(Int($0)) }.count)
    }
}

/// The moves of a reload, counted by the pass over survivors with its sampled
/// search, are those the run of ``IncreasingRun/add(_:)`` counts, with the
/// survivors (not -1) counted: lists long enough for many samples, rows
/// moved near and far.
@Test func theLongestRunOfSurvivorsIsTheOneAddingEachValueFinds() {
    var random = SplitMix64(seed: 3_232)
    for _ in 0..<120 {
        let count = random.below(3) == 0 ? random.below(40) : 64 * (1 + random.below(60)) + random.below(64)
        var rows = (0..<count).map { Int32($0) }
        // Rows moved near and far, now and then shuffled altogether.
        if random.below(6) == 0 {
            for index in rows.indices.reversed() where index > 0 { rows.swapAt(index, random.below(index + 1)) }
        }
        for _ in 0..<random.below(1 + count / 10) where !rows.isEmpty {
            let moved = rows.remove(at: random.below(rows.count))
            rows.insert(moved, at: random.below(rows.count + 1))
        }
        let matched = rows.map { random.below(10) == 0 ? -1 : $0 }
        var run = IncreasingRun(capacity: matched.count)
        for old in matched where old >= 0 { run.add(Int(old)) }
        let counted = IncreasingRun.survivorsAndLongestRun(of: matched)
        #expect(counted.survivors == matched.count { $0 >= 0 })
        #expect(counted.length == run.length, "\(matched)")
    }
}

/// Work shared by two threads in chunks sums what one thread counts, and
/// the first thread's own work comes back: totals below, at and above a
/// chunk's size.
@Test(arguments: [0, 1, 7, 100, 20_000, 70_001])
func workSharedByTwoThreadsCountsWhatOneCounts(total: Int) {
    let values = (0..<total).map { ($0 * 7_919) % 13 }
    let count = { (rows: Range<Int>) in rows.reduce(0) { $0 + values[$1] } }
    let one = ChangeCount.sharingTwoThreads(total, parallelFrom: .max, first: { "first" }, count: count)
    let two = ChangeCount.sharingTwoThreads(total, parallelFrom: 1, first: { "first" }, count: count)
    #expect(one.0 == "first" && two.0 == "first")
    #expect(two.1 == one.1 && one.1 == values.reduce(0, +))
}

/// Changed rows counted a run at a time, over files as read, are those
/// counted row by row, and the count is the record diff's: CSV (with CRLF,
/// quoted commas and line breaks), NDJSON and JSON arrays, rows gone, new,
/// moved and changed, also in a way that keeps a row's length, and rows
/// written another way with the same values (text that differs where the
/// cells do not), on two threads and on one.
@Test(arguments: ["csv", "ndjson", "json"])
func changedRowsCountedByRunsAreThoseCountedRowByRow(format: String) throws {
    var random = SplitMix64(seed: 4_747)
    let folder = try TemporaryFolder()
    func text(_ rows: [(id: Int, name: String)], rewritten: Set<Int> = []) -> String {
        func json(_ name: String) -> String {
            name.split(separator: "\n", omittingEmptySubsequences: false).joined(separator: "\\n")
        }
        // A rewritten row's name: unquoted in CSV where it can be (the same cell bytes); in JSON
        // spaced, its first character escaped (other cell bytes, the same value).
        func csv(_ row: (id: Int, name: String)) -> String {
            rewritten.contains(row.id) && !row.name.contains(",") && !row.name.contains("\n")
                ? row.name : "\"\(row.name)\""
        }
        func named(_ row: (id: Int, name: String)) -> String {
            guard rewritten.contains(row.id), let first = row.name.unicodeScalars.first, first.isASCII else {
                return "\"\(json(row.name))\""
            }
            let hex = String(first.value, radix: 16)
            return
                " \"\\u\(String(repeating: "0", count: 4 - hex.count) + hex)\(json(String(row.name.unicodeScalars.dropFirst())))\""
        }
        switch format {
        case "csv": return "id,name\r\n" + rows.map { "\($0.id),\(csv($0))\r\n" }.joined()
        case "ndjson": return rows.map { "{\"id\":\($0.id),\"name\":\(named($0))}\n" }.joined()
        default:
            return "[\n" + rows.map { "  {\"id\": \($0.id), \"name\": \(named($0))}" }.joined(separator: ",\n")
                + "\n]\n"
        }
    }
    for round in 0..<12 {
        let count = round < 4 ? 1 + random.below(30) : 500 + random.below(3_000)
        let names = ["Ada", "Bo, Jr", "Cy\nD", "Ed"]
        let original = (0..<count).map { (id: $0, name: names[random.below(names.count)] + "\(random.below(5))") }
        var changed = original.filter { _ in random.below(10) != 0 }
        for index in changed.indices where random.below(20) == 0 {
            // Another name of the same length now and then: only the bytes tell.
            changed[index].name =
                random.below(2) == 0 ? String(changed[index].name.reversed()) : changed[index].name + "!"
        }
        for _ in 0..<random.below(1 + count / 30) where !changed.isEmpty {
            changed.insert(changed.remove(at: random.below(changed.count)), at: random.below(changed.count + 1))
        }
        for id in count..<(count + random.below(1 + count / 10)) {
            changed.insert((id, "New"), at: random.below(changed.count + 1))
        }
        try folder.write("old.\(format)", text(original))
        let rewritten = Set(changed.map(\.id).filter { _ in random.below(20) == 0 })
        try folder.write("new.\(format)", text(changed, rewritten: rewritten))
        let old = try FileDataProvider(path: folder.path + "/old.\(format)", name: "old").table
        let new = try FileDataProvider(path: folder.path + "/new.\(format)", name: "new").table
        let matched = try #require(ChangeCount.matchRows(from: original.map(\.id), to: changed.map(\.id)))
        let expected = zip(changed.indices, matched).count { row, old in
            old >= 0 && changed[row].name != original[Int(old)].name
        }
        let reference = try? SectionedChangeset(
            from: [DiffSection(id: "", items: original.map { [$0.id, $0.name] as [AnyHashable] })],
            to: [DiffSection(id: "", items: changed.map { [$0.id, $0.name] as [AnyHashable] })],
            identity: { $0[0] }, isContentEqual: ==)
        old.comparingContent(with: new) { sameContent in
            #expect(ChangeCount.updates(in: 0..<changed.count, of: matched, sameContent) == expected)
            // Which rows changed, by runs: the rows whose names changed.
            let expectedMarks = zip(changed.indices, matched).map { row, old in
                old >= 0 && changed[row].name != original[Int(old)].name
            }
            for parallelFrom in [1, Int.max] {
                // With the key column named (the ids that matched them) or not.
                for keyColumn in [0, nil] {
                    let marked = old.changedRows(
                        pairedBy: matched, keyColumn: keyColumn, with: new, parallelFrom: parallelFrom, sameContent)
                    #expect(
                        marked == expectedMarks,
                        "round \(round), parallel from \(parallelFrom), key column \(String(describing: keyColumn))")
                }
            }
            // The count marks the rows it counts, on two threads as on one.
            let (counted, marks) = old.markingChangedRows(pairedBy: matched, keyColumn: 0, with: new, sameContent) {
                changedRows in
                ChangeCount.countChanges(
                    matched: matched, oldCount: original.count, parallelFrom: 1, updates: changedRows
                ).changes
            }
            #expect(marks == expectedMarks, "round \(round)")
            #expect(counted == reference?.count, "round \(round)")
            _ = old.markingChangedRows(pairedBy: matched, with: new, sameContent) { changedRows in
                #expect(changedRows(0..<changed.count) == expected, "round \(round)")
                for parallelFrom in [1, Int.max] {
                    let counts = ChangeCount.countChanges(
                        matched: matched, oldCount: original.count, parallelFrom: parallelFrom, updates: changedRows)
                    #expect(counts.changes == reference?.count, "round \(round), parallel from \(parallelFrom)")
                }
            }
        }
    }
}

/// An item edited since the file was read is an update when the file is
/// read again, though its row's text in the file did not change: counted
/// changes compare the edited row's values, not the file's bytes.
@Test(arguments: [0, 1_000])
func anEditedItemIsAnUpdateWhenTheFileIsCountedAgain(threshold: Int) throws {
    let folder = try TemporaryFolder()
    let rows = (0..<2_000).map { "\($0),name\($0)\n" }
    try folder.write("p.csv", "id,name\n" + rows.joined())
    let provider = try FileDataProvider(path: folder.path + "/p.csv", name: "p.csv")
    _ = try provider.update(Record(fields: [("id", 7), ("name", "Zed")]), at: ItemPath(0, 7))
    // Someone else drops the last row: the file is read again and compared.
    try folder.write("p.csv", "id,name\n" + rows.dropLast().joined())
    let found = try #require(try provider.changesFromFile(identifiedBy: "id", countingAbove: threshold))
    switch found.changes {
    case .counted(let changes, let stages): #expect(changes == 2 && stages == 2, "the delete, then item 7's update")
    case .changes(let changes):
        #expect(threshold > 0 && changes.deletedItems == [ElementPath(0, 1_999)] && changes.updatedItems.count == 1)
    }
}

/// Text keys written another way with the same value (a JSON escape) pair
/// the same rows, and the key column, left out of the comparison as the
/// pairs' keys are equal, makes no update; a change in another field does.
@Test(arguments: [0, 1_000])
func textKeysWrittenAnotherWayAreTheSameItems(threshold: Int) throws {
    let folder = try TemporaryFolder()
    func rows(escaping escaped: Set<Int>, changing changed: Int) -> String {
        (0..<300).map { row in
            let key = escaped.contains(row) ? "\\u006b\(row)" : "k\(row)"
            return "{\"key\":\"\(key)\",\"n\":\(row == changed ? -1 : row)}\n"
        }.joined()
    }
    try folder.write("k.ndjson", rows(escaping: [], changing: -1))
    let provider = try FileDataProvider(path: folder.path + "/k.ndjson", name: "k.ndjson")
    try folder.write("k.ndjson", rows(escaping: [3, 4, 5, 200], changing: 4))
    let found = try #require(try provider.changesFromFile(identifiedBy: "key", countingAbove: threshold))
    switch found.changes {
    case .counted(let changes, let stages): #expect(changes == 1 && stages == 1, "only row 4's n")
    case .changes(let changes):
        #expect(threshold > 0 && changes.count == 1 && changes.updatedItems.map(\.to) == [ElementPath(0, 4)])
    }
}

/// What changed in each updated row, read from both tables' cells (on two
/// threads for many rows), is what comparing the two rows' records finds;
/// a pair naming a row outside its table gets nil.
@Test func changedValuesOfManyRowsAreThoseTheirRecordsDiffer() throws {
    let folder = try TemporaryFolder()
    var random = SplitMix64(seed: 11)
    let count = 9_000
    let rows = (0..<count).map { id in (id: id, name: "n\(random.below(50))", score: random.below(1_000)) }
    func text(_ rows: [(id: Int, name: String, score: Int)]) -> String {
        "id,name,score\n" + rows.map { "\($0.id),\($0.name),\($0.score)\n" }.joined()
    }
    var changed = rows
    for index in changed.indices where random.below(2) == 0 {
        switch random.below(3) {
        case 0: changed[index].name += "!"
        case 1: changed[index].score += 1
        default:
            changed[index].name += "?"
            changed[index].score = -changed[index].score
        }
    }
    try folder.write("old.csv", text(rows))
    try folder.write("new.csv", text(changed))
    let old = try FileDataProvider(path: folder.path + "/old.csv", name: "old")
    let new = try FileDataProvider(path: folder.path + "/new.csv", name: "new")
    // Every row with the row after it in the other file: most differ.
    var pairs = (0..<count).map { (from: ItemPath(0, $0), to: ItemPath(0, ($0 + 1) % count)) }
    pairs.append((ItemPath(0, count), ItemPath(0, 0)))
    pairs.append((ItemPath(1, 0), ItemPath(0, 0)))
    let found = old.changedValues(of: pairs, in: new)
    #expect(found.count == pairs.count)
    for (index, pair) in pairs.enumerated().prefix(count) {
        let (before, after) = (try #require(old.item(at: pair.from)), try #require(new.item(at: pair.to)))
        let expected = before.schema.names.filter { before[$0] != after[$0] }
        #expect(found[index]?.map(\.field) == expected, "pair \(index)")
        #expect(
            found[index]?.map(\.old) == expected.map { before[$0] ?? .null }
                && found[index]?.map(\.new) == expected.map { after[$0] ?? .null })
    }
    #expect(found.suffix(2).allSatisfy { $0 == nil })
}

/// The count of a diff's changed cells says, for each pair, the first
/// column whose values differ (-1 for none: `1.10` and `1.1` are one
/// value), and what changed in each pair read from that column on is what
/// reading every column finds, with 5,000 pairs counted on two threads.
@Test func changedValuesFromEachPairsFirstChangedColumnAreThoseOfEveryColumn() throws {
    var random = SplitMix64(seed: 29)
    let count = 5_000
    func cells(_ id: Int, _ a: String, _ b: String, _ c: String) -> String { "\(id),\(a),\(b),\(c)\n" }
    var old = "id,a,b,c\n"
    var new = "id,a,b,c\n"
    var firstExpected: [Int32] = []
    for id in 0..<count {
        let a = "a\(random.below(9))"
        let b = random.below(2) == 0 ? "1.10" : "\(random.below(9))"
        let c = "c\(random.below(9))"
        old += cells(id, a, b, c)
        // Each pair differs in its text; in its values from column 1, 2 or 3, or not at all.
        switch random.below(5) {
        case 0:
            new += cells(id, a + "!", b, c + "!")
            firstExpected.append(1)
        case 1:
            new += cells(id, a, b + "5", c)
            firstExpected.append(2)
        case 2:
            new += cells(id, a, b, c + "?")
            firstExpected.append(3)
        default:
            // The same values in other text: a number written another way, or the same row with a space.
            new += b == "1.10" ? cells(id, a, "1.1", c) : cells(id, a, b + ".0", c)
            firstExpected.append(b == "1.10" ? -1 : 2)
        }
    }
    let oldTable = try CSVReader.read(Array(old.utf8), file: "old.csv")
    let newTable = try CSVReader.read(Array(new.utf8), file: "new.csv")
    let pairs = (0..<count).map { RecordTable.RowPair(row: Int32($0), otherRow: Int32($0)) }
    let (changes, changedRows, firstColumns) = oldTable.countingCellChanges(
        of: pairs, in: newTable, keyColumn: 0, parallelFrom: 1_024)
    #expect(firstColumns == firstExpected)
    #expect(changes == firstExpected.filter { $0 >= 0 }.count)
    #expect(changedRows == firstExpected.map { $0 >= 0 })
    let rows = pairs.map { (row: Int($0.row), otherRow: Int($0.otherRow)) }
    let everyColumn = oldTable.changedValues(of: rows, in: newTable, onTwoThreads: false)
    let fromFirst = oldTable.changedValues(of: rows, in: newTable, onTwoThreads: false, fromColumns: firstColumns)
    #expect(fromFirst.count == count)
    for index in 0..<count {
        #expect(fromFirst[index]?.map(\.field) == everyColumn[index]?.map(\.field), "pair \(index)")
        #expect(fromFirst[index]?.map(\.new) == everyColumn[index]?.map(\.new), "pair \(index)")
    }
    // Read from a column past a pair's first change, that change is not seen: only the columns
    // from the one given are read.
    let late = oldTable.changedValues(
        of: rows, in: newTable, onTwoThreads: false, fromColumns: [Int32](repeating: 3, count: count))
    #expect(firstExpected.contains(1))
    #expect(zip(late, firstExpected).allSatisfy { $0.1 != 1 || $0.0?.map(\.field) == ["c"] })
}

/// Bytes compared as words are the same exactly when memcmp says so: every
/// length to past 16, a difference at each place, and none.
@Test func bytesComparedAsWordsAreTheSameWhenMemcmpSaysSo() {
    for count in 0...40 {
        let first = (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 37 &+ 11) }
        for place in -1..<count {
            var second = first
            if place >= 0 { second[place] ^= 0x20 }
            // Offset by one byte in a larger buffer, so that the loads are unaligned.
            let padded = [0xAA] + first + [0xBB]
            let other = [0xCC] + second + [0xDD]
            padded.withUnsafeBytes { a in
                other.withUnsafeBytes { b in
                    let same = sameBytes(a.baseAddress! + 1, b.baseAddress! + 1, count: count)
                    #expect(same == (place < 0), "count \(count), a difference at \(place)")
                }
            }
        }
    }
}

/// The longest strictly increasing run's length is the one a plain dynamic programme finds (each
/// value's longest run ending there), on values with many repeats and none, in any order, so
/// that the search both runs share (``IncreasingRun/add(_:)`` and ``SurvivorRun``) is checked
/// against a method of its own.
@Test(arguments: 0..<20)
func theLongestIncreasingRunIsTheOneADynamicProgrammeFinds(seed: UInt64) {
    var random = SplitMix64(seed: 0x715_0000 + seed)
    let count = Int.random(in: 0...400, using: &random)
    let spread = [3, 50, 100_000][Int(seed % 3)]
    let values = (0..<count).map { _ in Int.random(in: 0..<spread, using: &random) }
    var longest = [Int](repeating: 1, count: count)
    for index in values.indices {
        for before in 0..<index where values[before] < values[index] {
            longest[index] = max(longest[index], longest[before] + 1)
        }
    }
    let expected = longest.max() ?? 0
    #expect(IncreasingRun.length(of: values) == expected)
    #expect(IncreasingRun.survivorsAndLongestRun(of: values.map { Int32($0) }).length == expected)
}

/// A run taken from the start over a file's first rows and one taken from the end over the rest
/// (a read on several threads) join to the length of the whole run: at every place the rows may
/// be cut, for values with many repeats and none, in any order, mostly in order with a few moved
/// (as a reload meets them), and with the two sides keeping to rows of their own or interleaved.
@Test(arguments: 0..<24)
func aRunFromTheStartAndOneFromTheEndJoinToTheWholeRun(seed: UInt64) {
    var random = SplitMix64(seed: 0x10_1000 + seed)
    let count = Int.random(in: 0...300, using: &random)
    var values: [Int32]
    switch seed % 4 {
    case 0: values = (0..<count).map { _ in Int32.random(in: 0..<5, using: &random) }
    case 1: values = (0..<count).map { _ in Int32.random(in: 0..<100_000, using: &random) }
    case 2:
        values = (0..<Int32(count)).map { $0 }
        for _ in 0..<(count / 10) where count > 1 {
            values.swapAt(Int.random(in: 0..<count, using: &random), Int.random(in: 0..<count, using: &random))
        }
    default: values = (0..<Int32(count)).map { $0 % 2 == 0 ? $0 / 2 : Int32(count) / 2 + $0 / 2 }
    }
    // Rows no old row has (-1) are not survivors.
    for index in values.indices where Int.random(in: 0..<8, using: &random) == 0 { values[index] = -1 }
    let whole = IncreasingRun.survivorsAndLongestRun(of: values)
    for cut in 0...values.count {
        var fromTheStart = SurvivorRun(capacity: values.count)
        var fromTheEnd = SurvivorRun(capacity: values.count)
        values.withUnsafeBufferPointer { all in
            fromTheStart.add(UnsafeBufferPointer(rebasing: all[..<cut]))
            fromTheEnd.addingFromTheEnd(UnsafeBufferPointer(rebasing: all[cut...]))
        }
        #expect(fromTheStart.survivors + fromTheEnd.survivors == whole.survivors)
        #expect(fromTheEnd.joinedLength(after: fromTheStart) == whole.length, "seed \(seed), cut at \(cut)")
    }
}

/// String keys are matched by their bytes when every one is ASCII, and by their values when one is
/// not (`é` written two ways is one key): either way the changes are those of the records, in CSV,
/// JSON and NDJSON; a key that repeats is refused.
@Test func stringKeysGiveTheChangesOfTheRecords() throws {
    let folder = try TemporaryFolder()
    var random = SplitMix64(seed: 97)
    for (format, accent) in [("csv", false), ("json", false), ("ndjson", false), ("csv", true), ("ndjson", true)] {
        var rows = (0..<6_000).map { (id: "k-\($0)-\(random.below(1_000))", v: $0) }
        if accent { rows[17].id = "caf\u{E9}" }
        func text(_ rows: [(id: String, v: Int)]) -> String {
            switch format {
            case "csv":
                return "id,v\n" + rows.map { "\($0.id),\($0.v)\n" }.joined()
            default:
                let objects = rows.map { "{\"id\":\"\($0.id)\",\"v\":\($0.v)}" }
                return format == "json"
                    ? "[" + objects.joined(separator: ",\n") + "]\n" : objects.joined(separator: "\n") + "\n"
            }
        }
        try folder.write("s.\(format)", text(rows))
        let provider = try FileDataProvider(path: folder.path + "/s.\(format)", name: "s")
        let before = provider.records
        // Deleted, edited, moved and inserted; é decomposed in the new file.
        var changed = rows.filter { _ in random.below(10) != 0 }
        for index in changed.indices where random.below(20) == 0 { changed[index].v += 1 }
        for _ in 0..<40 {
            changed.insert(changed.remove(at: random.below(changed.count)), at: random.below(changed.count))
        }
        for extra in 0..<300 { changed.insert(("new-\(extra)", extra), at: random.below(changed.count + 1)) }
        if accent, let index = changed.firstIndex(where: { $0.id == "caf\u{E9}" }) { changed[index].id = "cafe\u{301}" }
        try folder.write("s.\(format)", text(changed))
        let after = try FileDataProvider(path: folder.path + "/s.\(format)", name: "s").records
        let reference = try #require(
            try? SectionedChangeset(
                from: [DiffSection(id: "", items: before)], to: [DiffSection(id: "", items: after)],
                identity: { $0["id"] ?? .null }, isContentEqual: ==))
        let found = try #require(try provider.changesFromFile(identifiedBy: "id"), "\(format), accent \(accent)")
        guard case .changes(let changes) = found.changes else {
            Issue.record("\(format): counted")
            continue
        }
        #expect(changes == reference, "\(format), accent \(accent)")
        #expect(
            reference.deletedItems.count > 400 && reference.insertedItems.count == 300
                && !reference.updatedItems.isEmpty)
        // A key twice in the new file: the diff says which.
        try folder.write("s.\(format)", text(changed + [changed[5]]))
        #expect(throws: DuplicateIdentityError.self, "\(format)") { try provider.changesFromFile(identifiedBy: "id") }
    }
}
