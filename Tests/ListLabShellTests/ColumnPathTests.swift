import ListLabTestSupport
import Testing

@testable import ListLabShell

extension String {
    /// The text with its double quotes dropped (a CSV field's quoting).
    fileprivate var replacingQuotes: String { String(filter { $0 != "\"" }) }
}

/// Two sessions on `file`: one as a file provider (the column paths), one
/// `as array` (the record paths), each scrolled a little, with their outputs
/// cleared. Grouped by `groupField`, both are file providers grouped by it,
/// and the second takes the record paths.
private func twoSessions(
    on file: String, in folder: TemporaryFolder, threshold: String, groupedBy groupField: String? = nil
)
    -> (columnSession: Session, columns: RecordingOutput, recordSession: Session, records: RecordingOutput)
{
    let columns = RecordingOutput()
    let fast = Session(output: columns, workingDirectory: folder.path)
    let records = RecordingOutput()
    let slow = Session(output: records, workingDirectory: folder.path)
    let loads =
        groupField.map { ("load \(file) as sectioned by \($0) name a", "load \(file) as sectioned by \($0) name a") }
        ?? ("load \(file) name a", "load \(file) as array name a")
    slow.usesColumnPaths = groupField == nil
    for (session, load) in [(fast, loads.0), (slow, loads.1)] {
        for line in [threshold, load, "viewport 4", "scroll +1"] { session.execute(line) }
    }
    columns.clear()
    records.clear()
    return (fast, columns, slow, records)
}

/// A `show` line without its cell, which two providers number differently.
private func withoutCell(_ line: String) -> String {
    line.split(separator: "<").first.map { String($0) } ?? line
}

/// The columnar sort and filter of a flat file provider make exactly the
/// batch updates, the order and the statistics the record path makes, on
/// random tables: number and text keys or none (with or without two rows
/// alike, which the record path refuses), flat or grouped in sections, ties,
/// empty cells, mixed kinds, ascending and descending. The record path sorts the same rows loaded `as array`
/// (and `save` writes through a second file provider the record path fills).
@Test(arguments: 0..<4)
func theColumnSortGivesWhatTheRecordSortGave(batch: Int) throws {
    var random = SplitMix64(seed: UInt64(7_919 + batch))
    let folder = try TemporaryFolder()
    let names = ["Ada", "Bo", "Cy", "Dee", "", "\"Ed, Jr\"", "ada", "Zoe"]
    let scores = ["1", "2", "10", "2.5", "-3", "", "x", "1e3", "true"]
    // Columns of one kind each, which sort on plain numbers and strings.
    let numbers = ["1", "2.5", "-3", "10", "0", "2", "2.0", "9007199254740993", "-0.5"]
    let texts = ["a", "B", "b", "é", "e\u{301}", "Zoë", "a a", "10", "9"]
    for index in 0..<500 {
        let rows = random.below(30)
        let textKeys = random.below(2) == 0
        var keys = Array(1...max(1, rows)).shuffled(using: &random).prefix(rows).map { textKeys ? "k\($0)" : "\($0)" }
        keys.shuffle(using: &random)
        // Now and then no key (items identified by their content), and now and then two rows alike.
        let keyName = random.below(4) == 0 ? "ref" : "id"
        var lines = keys.map { key in
            "\(key),\(names[random.below(names.count)]),\(scores[random.below(scores.count)]),"
                + "\(numbers[random.below(numbers.count)]),\"\(texts[random.below(texts.count)])\"\n"
        }
        let alike = keyName == "ref" && !lines.isEmpty && random.below(3) == 0
        if alike, let line = lines.randomElement(using: &random) { lines.append(line) }
        let csv = "\(keyName),name,score,n,t\n" + lines.joined()
        let file = "t\(index).csv"
        try folder.write(file, csv)
        let field = [keyName, "name", "score", "n", "t"][random.below(5)]
        let sort = "sort \(field)" + (random.below(2) == 0 ? " desc" : "")
        let threshold = "set threshold \(random.below(2) == 0 ? 100 : 3)"

        // Now and then grouped in sections by a field.
        let groupField = random.below(4) == 0 ? ["name", "score", "t"][random.below(3)] : nil
        let (fast, columns, slow, records) = twoSessions(
            on: file, in: folder, threshold: threshold, groupedBy: groupField)
        // Filters on the columns, one after another, then off; then the sort.
        let filters = (0..<random.below(3)).map { _ -> String in
            let field = ["name", "score", "n", "t"][random.below(4)]
            let pool = field == "name" ? names : field == "score" ? scores : field == "n" ? numbers : texts
            let value = pool[random.below(pool.count)]
            return
                "filter \(field)=\(value.isEmpty ? "null" : value.contains(",") || value.contains(" ") ? "'\(value.replacingQuotes)'" : value)"
        }
        let commands =
            filters.flatMap { [$0, "show --all"] } + (filters.isEmpty ? [] : ["filter off", "show --all"]) + [
                sort, "show --all", "stats",
            ]
        for line in commands {
            fast.execute(line)
            slow.execute(line)
        }
        #expect(
            columns.lines.map(withoutCell) == records.lines.map(withoutCell),
            "\(groupField ?? "flat") \(commands) of \(csv)")
        #expect(alike ? columns.errorCount > 0 : columns.errorCount == 0, "\(commands) of \(csv)")
    }
}

@Test func aColumnSortIsSavedRowByRowAsTheFileHadThem() throws {
    let folder = try TemporaryFolder()
    try folder.write("p.csv", "id,name,score\n3,\"Cy, the third\",1.50\n1,Ada,2\n2,Bo,\n")
    #expect(
        run(["load p.csv", "sort name", "save", "sort id desc", "save"], workingDirectory: folder.path).suffix(1) == [
            "saved 3 items to p.csv (51 bytes)"
        ])
    // Each row keeps its bytes (the quoted comma, 1.50, the empty cell): only the order changed.
    #expect(folder.read("p.csv") == "id,name,score\n3,\"Cy, the third\",1.50\n2,Bo,\n1,Ada,2\n")
}

/// The columnar `diff` and `reload --diff` of a keyed, flat file provider
/// give exactly what the record path gives (the same rows loaded `as
/// array`) after the file changes on disk: rows deleted, inserted, moved,
/// cells changed (also only in how they are written: `2` and `2.0`, `Bo` and
/// `"Bo"`), number and text keys or none (identity by content), now and
/// then a duplicate key; flat or grouped in sections; CSV and
/// NDJSON; now and then after a sort or an edit in the session (rows whose
/// text no longer says what they hold).
@Test(arguments: 0..<4)
func theColumnDiffGivesWhatTheRecordDiffGave(batch: Int) throws {
    var random = SplitMix64(seed: UInt64(104_729 + batch))
    let folder = try TemporaryFolder()
    let csvNames = ["Ada", "Bo", "\"Bo\"", "Cy", "", "\"Ed, Jr\""]
    let csvScores = ["1", "2", "2.0", "2.5", "", "x"]
    let jsonNames = ["\"Ada\"", "\"Bo\"", "\"B\\u006f\"", "\"Cy\"", "\"\"", "\"Ed, Jr\""]
    let jsonScores = ["1", "2", "2.0", "2.5", "null", "\"x\""]
    var isJSON = false
    var keyName = "id"
    func row(_ key: String) -> String {
        if isJSON {
            let id = key.hasPrefix("k") ? "\"\(key)\"" : key
            return
                "{\"\(keyName)\": \(id), \"name\": \(jsonNames[random.below(jsonNames.count)]), \"score\": "
                + "\(jsonScores[random.below(jsonScores.count)])}\n"
        }
        return "\(key),\(csvNames[random.below(csvNames.count)]),\(csvScores[random.below(csvScores.count)])\n"
    }
    for index in 0..<500 {
        isJSON = random.below(3) == 0
        // Now and then no key: items are identified by their whole content.
        keyName = random.below(4) == 0 ? "ref" : "id"
        let textKeys = random.below(2) == 0
        let count = random.below(25)
        let keys = Array(1...max(1, count)).prefix(count).map { textKeys ? "k\($0)" : "\($0)" }
        var rows = keys.map { ($0, row($0)) }
        let header = isJSON ? "" : "\(keyName),name,score\n"
        let old = header + rows.map(\.1).joined()
        // The file changes on disk.
        rows = rows.filter { _ in random.below(8) != 0 }
        for position in rows.indices where random.below(6) == 0 { rows[position].1 = row(rows[position].0) }
        for _ in 0..<random.below(4) where !rows.isEmpty {
            let moved = rows.remove(at: random.below(rows.count))
            rows.insert(moved, at: random.below(rows.count + 1))
        }
        for extra in 0..<random.below(4) {
            let key = textKeys ? "k\(100 + extra)" : "\(100 + extra)"
            rows.insert((key, row(key)), at: random.below(rows.count + 1))
        }
        if random.below(20) == 0, let first = rows.first { rows.append((first.0, row(first.0))) }
        let new = header + rows.map(\.1).joined()
        let file = "d\(index)" + (isJSON ? ".ndjson" : ".csv")
        try folder.write(file, old)
        let threshold = "set threshold \(random.below(2) == 0 ? 100 : 3)"
        // Now and then grouped in sections by a field.
        let groupField = random.below(4) == 0 ? ["name", "score"][random.below(2)] : nil
        let (fast, columns, slow, records) = twoSessions(
            on: file, in: folder, threshold: threshold, groupedBy: groupField)
        // Before the file changes: now and then a sort, an edit, or both.
        var before: [String] = []
        if random.below(3) == 0 { before.append(random.below(2) == 0 ? "sort name" : "sort score desc") }
        if random.below(3) == 0, let key = keys.randomElement(using: &random) {
            before.append("update \(textKeys ? "'\(key)'" : key) name=\(random.below(2) == 0 ? "Zed" : "Ada")")
        }
        for line in before {
            fast.execute(line)
            slow.execute(line)
        }
        columns.clear()
        records.clear()
        try folder.write(file, new)
        for line in ["diff", "reload --diff --force", "show --all", "stats"] {
            fast.execute(line)
            slow.execute(line)
        }
        #expect(
            columns.lines.map(withoutCell) == records.lines.map(withoutCell),
            "\(groupField ?? "flat") \(before): \(old) -> \(new)")
    }
}

/// Keys far apart (up to Int.min and Int.max) are counted by hash maps, not
/// a table as long as their span: the same answer as the record path.
@Test func farApartKeysAreCountedToo() throws {
    let folder = try TemporaryFolder()
    for keys in [["-9223372036854775808", "9223372036854775807", "5"], ["1", "1000000000000", "7"]] {
        try folder.write("far.csv", "id,name\n" + keys.map { "\($0),n\($0)\n" }.joined())
        let (fast, columns, slow, records) = twoSessions(on: "far.csv", in: folder, threshold: "set threshold 0")
        try folder.write(
            "far.csv", "id,name\n" + keys.reversed().dropLast().map { "\($0),m\($0)\n" }.joined() + "8,new\n")
        for line in ["reload --diff", "show --all"] {
            fast.execute(line)
            slow.execute(line)
        }
        #expect(columns.lines.map(withoutCell) == records.lines.map(withoutCell))
        #expect(columns.lines.first?.hasSuffix("above the threshold of 0: reloadData instead of batch updates") == true)
    }
}
