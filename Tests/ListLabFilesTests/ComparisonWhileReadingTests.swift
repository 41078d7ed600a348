import ListDiff
import ListLabCore
import ListLabRecords
import ListLabTestSupport
import Synchronization
import Testing

@testable import ListLabFiles

// A reload --diff by an integer key matches the rows and compares their text while the file
// is read again (ComparisonWhileReading), a chunk of 4,096 rows at a time. Over many chunks it
// finds what the comparison after the read finds; where it cannot say (a key repeats in a later
// chunk, a key is not an integer or is missing), the comparison after the read says why.

/// A file of many rows keyed by `id`, changed on disk in the ways a reload meets.
struct ManyRows {
    enum Format: CaseIterable, Sendable { case csv, json, ndjson }
    var format: Format
    /// Each row's key as written, and its values.
    var rows: [(id: String, v: Int, name: String)]

    var fileName: String {
        switch format {
        case .csv: "many.csv"
        case .json: "many.json"
        case .ndjson: "many.ndjson"
        }
    }

    var text: String {
        switch format {
        case .csv:
            return "id,v,name\n" + rows.map { "\($0.id),\($0.v),\($0.name)\n" }.joined()
        case .json, .ndjson:
            let objects = rows.map { row in
                // An empty id stands for a record without the key.
                (row.id.isEmpty ? "{" : "{\"id\": \(row.id), ") + "\"v\": \(row.v), \"name\": \"\(row.name)\"}"
            }
            return format == .json
                ? "[\n" + objects.joined(separator: ",\n") + "\n]\n" : objects.joined(separator: "\n") + "\n"
        }
    }

    /// What a change on disk did that the comparison while reading cannot settle.
    enum Twist: CaseIterable { case none, repeatedKeyInALaterChunk, repeatedFarKey, textKey, missingKey }

    /// Rows deleted, edited, moved and inserted (new keys next to the old ones and far from
    /// them, in no order), with `twist` late in the file.
    mutating func change(_ random: inout SplitMix64, twist: Twist) {
        rows = rows.filter { _ in random.below(10) != 0 }
        for index in rows.indices where random.below(20) == 0 { rows[index].v += 1 }
        for _ in 0..<(rows.count / 50) {
            let row = rows.remove(at: random.below(rows.count))
            rows.insert(row, at: random.below(rows.count + 1))
        }
        for extra in 0..<(rows.count / 10) {
            let id = random.below(3) == 0 ? 1_000_000_000_000 + random.below(1 << 40) * 2 : 20_000 + extra
            rows.insert(("\(id)", extra, "new"), at: random.below(rows.count + 1))
        }
        let late = rows.count - 1 - random.below(100)
        switch twist {
        case .none: break
        case .repeatedKeyInALaterChunk: rows.insert((rows[random.below(100)].id, 0, "again"), at: late)
        case .repeatedFarKey:
            rows.insert(("1000000000001", 0, "far"), at: random.below(100))
            rows.insert(("1000000000001", 1, "far again"), at: late)
        case .textKey: rows[late].id = format == .csv ? "x\(late)" : "\"x\(late)\""
        case .missingKey: rows[late].id = ""
        }
    }
}

/// The record path's diff: by `id` and content.
private func recordDiff(_ old: [Record], _ new: [Record]) -> SectionedChangeset? {
    try? SectionedChangeset(
        from: [DiffSection(id: "", items: old)], to: [DiffSection(id: "", items: new)], identity: { $0["id"] ?? .null },
        isContentEqual: ==)
}

@Test(arguments: ManyRows.Format.allCases)
func rowsComparedWhileTheFileIsReadGiveTheDiffOfTheRecords(format: ManyRows.Format) throws {
    var random = SplitMix64(seed: 4_096)
    let folder = try TemporaryFolder()
    let path = folder.path + "/" + ManyRows(format: format, rows: []).fileName
    var valuesWorkedOut = 0
    defer { #expect(valuesWorkedOut > 0, "the updates' values were worked out beside the changes") }
    for twist in ManyRows.Twist.allCases where format != .csv || twist != .missingKey {
        for threshold in [nil, 100, 1_000_000] {
            var file = ManyRows(
                format: format, rows: (0..<(3 * 4_096 + random.below(4_096))).map { ("\($0)", $0, "n\($0 % 7)") })
            file.rows.shuffle(using: &random)
            try folder.write(file.fileName, file.text)
            let provider = try FileDataProvider(path: path, name: file.fileName)
            let before = provider.records
            file.change(&random, twist: twist)
            try folder.write(file.fileName, file.text)
            let after = try FileDataProvider(path: path, name: file.fileName).records
            let reference = recordDiff(before, after)
            let found: FileChanges?
            do {
                found = try provider.changesFromFile(
                    identifiedBy: "id", countingAbove: threshold, readingUpdatedValues: true)
            } catch is DuplicateIdentityError {
                #expect(reference == nil && [.repeatedKeyInALaterChunk, .repeatedFarKey].contains(twist), "\(twist)")
                continue
            }
            #expect(provider.records == before, "nothing changes until the reading is taken")
            if twist == .missingKey {
                #expect(found == nil, "a record without the key is left to the records, which say so")
                continue
            }
            let expected = try #require(reference, "\(twist)")
            let changes = try #require(found?.changes, "\(twist)")
            switch changes {
            case .changes(let changes):
                #expect(
                    changes == expected && (threshold.map { expected.count <= $0 } ?? true),
                    "\(twist), threshold \(threshold ?? -1)")
                if let reading = found?.reading, let workedOut = found?.updatedValues {
                    expectTheUpdatedValuesWorkedOut(workedOut, of: changes, from: provider, to: reading)
                    valuesWorkedOut += 1
                }
            case .counted(let count, let stages):
                let expectedStages =
                    (expected.count > expected.updatedItems.count ? 1 : 0) + (expected.updatedItems.isEmpty ? 0 : 1)
                #expect(
                    count == expected.count && stages == expectedStages && count > (threshold ?? .max),
                    "\(twist), threshold \(threshold ?? -1)")
            }
        }
    }
}

/// The comparison itself, over many chunks: each new row's old row, and the pairs whose text
/// differs, as the matching and the count after the read find them, whether the keys are close
/// together or far apart; nothing when a key repeats or is not an integer, so that the comparison
/// after the read says why.
@Test(arguments: ManyRows.Format.allCases)
func theComparisonFindsTheMatchAndTheRowsWhoseTextDiffers(format: ManyRows.Format) throws {
    var random = SplitMix64(seed: 8_192)
    let folder = try TemporaryFolder()
    let path = folder.path + "/" + ManyRows(format: format, rows: []).fileName
    let recordFormat: RecordTableWriter.Format =
        switch format {
        case .csv: .csv
        case .json: .json
        case .ndjson: .ndjson
        }
    // Keys close together (a place each in the index) and far apart (ids with gaps: slots of a table).
    for (twist, spacing) in ManyRows.Twist.allCases.flatMap({ twist in [(twist, 1), (twist, 104_729)] })
    where format != .csv || twist != .missingKey {
        var file = ManyRows(format: format, rows: (0..<(2 * 4_096 + 7)).map { ("\($0 * spacing)", $0, "n") })
        try folder.write(file.fileName, file.text)
        let old = try FileDataProvider(path: path, name: file.fileName).table
        file.change(&random, twist: twist)
        try folder.write(file.fileName, file.text)
        let comparison = try #require(ComparisonWhileReading(comparingWith: old, keyColumn: 0, format: recordFormat))
        let new = try FileDataProvider(
            path: path, name: file.fileName, format: recordFormat, groupedBy: nil, watcher: comparison
        ).table
        let found = comparison.finish(reading: new)
        // The same read in three pieces, each compared on its own thread: a repeat across pieces included.
        let inPieces = try #require(ComparisonWhileReading(comparingWith: old, keyColumn: 0, format: recordFormat))
        let bytes = Array(file.text.utf8)
        let split = ReadSplitting(bytesPerPiece: 1, mostPieces: 3)
        let foundInPieces = inPieces.finish(reading: try readTable(format, bytes, split, watcher: inPieces))
        guard twist == .none else {
            #expect(found.map { _ in "found" } == nil, "\(twist)")
            #expect(foundInPieces.map { _ in "found" } == nil, "\(twist), in pieces")
            continue
        }
        let result = try #require(found)
        let resultInPieces = try #require(foundInPieces)
        #expect(
            resultInPieces.matched == result.matched && resultInPieces.survivors == result.survivors
                && resultInPieces.longestRun == result.longestRun
                && resultInPieces.differing.map { [$0.row, $0.otherRow] }
                    == result.differing.map { [$0.row, $0.otherRow] }
        )
        let oldKeys = try #require(old.withIntegers(of: "id") { Array($0) })
        let newKeys = try #require(new.withIntegers(of: "id") { Array($0) })
        let matched = try #require(ChangeCount.matchRows(from: oldKeys, to: newKeys))
        #expect(result.matched == matched)
        let text = { (table: RecordTable, row: Int) in
            table.layout.map { layout in
                let (start, length) = (Int(layout.rowSpans[row] >> 32), Int(layout.rowSpans[row] & 0xFFFF_FFFF))
                return table.source[start..<(start + length)]
            }
        }
        let differing = matched.indices.filter { matched[$0] >= 0 && text(old, Int(matched[$0])) != text(new, $0) }
        #expect(result.differing.map { Int($0.otherRow) } == differing)
        #expect(result.differing.allSatisfy { matched[Int($0.otherRow)] == $0.row })
        #expect(differing.count > 200, "the edited rows")
        let run = IncreasingRun.survivorsAndLongestRun(of: matched)
        #expect(result.survivors == run.survivors && result.longestRun == run.length)
    }
}

/// A reading that fails part way (a bad row in a later chunk) throws as a reading does, and
/// the comparison behind it stops: nothing changes.
@Test func aReadingThatFailsPartWayChangesNothing() throws {
    let folder = try TemporaryFolder()
    let rows = (0..<10_000).map { "\($0),\($0)\n" }
    try folder.write("p.csv", "id,v\n" + rows.joined())
    let provider = try FileDataProvider(path: folder.path + "/p.csv", name: "p.csv")
    try folder.write("p.csv", "id,v\n" + rows[..<9_000].joined() + "1,2,3\n" + rows[9_000...].joined())
    #expect(throws: LoadError.self) { try provider.changesFromFile(identifiedBy: "id") }
    #expect(provider.numberOfItems(inSection: 0) == 10_000 && !provider.isEditedSinceRead)
}

/// A JSON key spelled two ways that are equal as Strings (é as one scalar,
/// and as e and a combining accent) is refused as one name written two ways,
/// at a load and at a reload --diff, which changes nothing: as two columns,
/// a look-up by name took one or the other (the comparison while reading
/// took the other spelling's column by its bytes, and missed a repeated key).
@Test(arguments: [4_096, 4_097])
func aKeySpelledTwoWaysInOneFileIsRefused(rows: Int) throws {
    let (composed, decomposed) = ("\u{E9}", "e\u{301}")
    let folder = try TemporaryFolder()
    func write(_ line: (Int) -> String) throws {
        try folder.write("k.ndjson", (0..<rows).map { line($0) + "\n" }.joined())
    }
    try write { "{\"\(composed)\":\($0),\"\(decomposed)\":\"a\($0)\"}" }
    let error = try #require(throws: LoadError.self) {
        try FileDataProvider(path: folder.path + "/k.ndjson", name: "k.ndjson")
    }
    #expect(
        error.description
            == "k.ndjson:1:8: the keys '\(composed)' (U+00E9) and '\(decomposed)' (U+0065 U+0301) are one name "
            + "written two ways in Unicode: write it one way"
    )
    try write { "{\"\(composed)\":\($0),\"v\":\"a\($0)\"}" }
    let provider = try FileDataProvider(path: folder.path + "/k.ndjson", name: "k.ndjson")
    try write { "{\"\(decomposed)\":\"same\",\"\(composed)\":\($0)}" }
    #expect(throws: LoadError.self) { try provider.changesFromFile(identifiedBy: composed, countingAbove: 100) }
    #expect(provider.numberOfItems(inSection: 0) == rows && !provider.isEditedSinceRead)
    // Spelled one way in the file, the key is found by either spelling, on the columns and in the records.
    try write { "{\"\(decomposed)\":\(1_000_000 + $0),\"v\":\"a\($0)\"}" }
    let found = try #require(try provider.changesFromFile(identifiedBy: decomposed, countingAbove: 100))
    #expect(found.changes == .counted(changes: 2 * rows, stages: 1), "every row deleted and inserted")
    #expect(provider.item(at: ItemPath(0, 0))?[decomposed] == .int(0))
}

/// `bytes` read as `format` is, split as `splitting` says, `watcher` shown the rows.
private func readTable(
    _ format: ManyRows.Format, _ bytes: [UInt8], _ splitting: ReadSplitting, watcher: (any RowsReadWatcher)?
) throws -> RecordTable {
    switch format {
    case .csv: try CSVReader.read(bytes, file: "w", watcher: watcher, splitting: splitting)
    case .json: try JSONTableReader.read(bytes, file: "w", format: .array, watcher: watcher, splitting: splitting)
    case .ndjson: try JSONTableReader.read(bytes, file: "w", format: .lines, watcher: watcher, splitting: splitting)
    }
}

/// The rows a reader showed, piece by piece, in the order it showed them, and the pieces it said were read.
private final class ShownRows: RowsReadWatcher, @unchecked Sendable {
    let field = "id"
    private let lock = Mutex<(shown: [[Range<Int>]], read: Set<Int>)>(([], []))
    var shown: [[Range<Int>]] { lock.withLock { $0.shown } }
    var piecesRead: Set<Int> { lock.withLock { $0.read } }
    func beginRead(pieces: Int) { lock.withLock { $0 = (Array(repeating: [], count: pieces), []) } }
    func rowsRead(piece: Int, in table: RecordTable, fieldColumn: Int?) {
        lock.withLock { $0.shown[piece].append(0..<table.count) }
    }
    func rowsRead(
        piece: Int, _ rows: Range<Int>, spans: UnsafeBufferPointer<UInt64>, kinds: UnsafeBufferPointer<UInt8>,
        payloads: UnsafeBufferPointer<UInt64>, fieldColumn: Int, source: [UInt8]
    ) { lock.withLock { $0.shown[piece].append(rows) } }
    func pieceRead(_ piece: Int) { lock.withLock { _ = $0.read.insert(piece) } }
}

/// A watched read on several threads shows the watcher each piece's rows as they come, from the
/// piece's row 0, on the piece's thread, and says when each piece after the first is read; the
/// pieces' rows are the table's; and the comparison finds what it finds beside a serial read.
@Test(arguments: ManyRows.Format.allCases)
func aWatchedReadOnSeveralThreadsComparesAsTheSerialRead(format: ManyRows.Format) throws {
    let recordFormat: RecordTableWriter.Format =
        switch format {
        case .csv: .csv
        case .json: .json
        case .ndjson: .ndjson
        }
    func read(_ bytes: [UInt8], _ splitting: ReadSplitting, watcher: (any RowsReadWatcher)?) throws -> RecordTable {
        try readTable(format, bytes, splitting, watcher: watcher)
    }
    var random = SplitMix64(seed: 12_288)
    var file = ManyRows(format: format, rows: (0..<19_000).map { ("\($0)", $0, "n") })
    let old = try read(Array(file.text.utf8), .never, watcher: nil)
    file.change(&random, twist: .none)
    let bytes = Array(file.text.utf8)
    let split = ReadSplitting(bytesPerPiece: 1, mostPieces: 3)
    let shown = ShownRows()
    let table = try read(bytes, split, watcher: shown)
    let pieces = shown.shown
    #expect(pieces.count == 3 && shown.piecesRead == [1, 2], "\(pieces.count) pieces")
    for piece in pieces {
        #expect(
            piece.first?.lowerBound == 0 && zip(piece, piece.dropFirst()).allSatisfy { $0.upperBound <= $1.upperBound })
        #expect(piece.count >= 2, "shown as they come, not once at the end: \(piece)")
    }
    #expect(pieces.reduce(0) { $0 + ($1.last?.upperBound ?? 0) } == table.count)
    func found(_ splitting: ReadSplitting) throws -> ComparisonWhileReading.Found {
        let comparison = try #require(ComparisonWhileReading(comparingWith: old, keyColumn: 0, format: recordFormat))
        return try #require(comparison.finish(reading: try read(bytes, splitting, watcher: comparison)), "\(splitting)")
    }
    let (serial, parallel) = (try found(.never), try found(split))
    #expect(
        parallel.matched == serial.matched && parallel.survivors == serial.survivors
            && parallel.longestRun == serial.longestRun)
    #expect(
        parallel.differing.map { [$0.row, $0.otherRow] } == serial.differing.map { [$0.row, $0.otherRow] }
            && serial.differing.count > 500)
}

/// A watched read on several threads that gives way to the serial read (a piece that does not read
/// as the serial read would: a row with a field too many, an array's split guessed inside a nested
/// array) shows the watcher rows from 0 again, which it passes over: the read gives the serial
/// read's error, or its table and the serial comparison, and nothing traps.
@Test func aWatchedReadThatGivesWayToTheSerialReadComparesAsIt() throws {
    let split = ReadSplitting(bytesPerPiece: 1, mostPieces: 2)
    // CSV: the last row has a field too many.
    let rows = (0..<20_000).map { "\($0),\($0)\n" }
    let bad = Array(("id,v\n" + rows.joined() + "1,2,3\n").utf8)
    let shown = ShownRows()
    let csvError = try #require(throws: LoadError.self) {
        try CSVReader.read(bad, file: "b.csv", watcher: shown, splitting: split)
    }
    #expect(csvError.description.contains("expected 2 fields") && shown.shown.joined().contains { !$0.isEmpty })
    // JSON: every object holds an array of objects, so the guess lands on a nested "},{".
    func json(_ edited: Int) -> [UInt8] {
        Array(
            ("["
                + (0..<20_000).map { #"{"id":\#($0),"v":\#($0 == edited ? -1 : $0),"tags":[{"k":1},{"k":2},{"k":3}]}"# }
                .joined(separator: ",") + "]").utf8)
    }
    let old = try JSONTableReader.read(json(-1), file: "t.json", format: .array, watcher: nil, splitting: .never)
    func found(_ splitting: ReadSplitting) throws -> ComparisonWhileReading.Found {
        let comparison = try #require(ComparisonWhileReading(comparingWith: old, keyColumn: 0, format: .json))
        let new = try JSONTableReader.read(
            json(15_000), file: "t.json", format: .array, watcher: comparison, splitting: splitting)
        return try #require(comparison.finish(reading: new))
    }
    let (serial, parallel) = (try found(.never), try found(split))
    #expect(
        parallel.matched == serial.matched && parallel.differing.map(\.otherRow) == [15_000]
            && serial.differing.map(\.otherRow) == [15_000])
}

/// What changed in each updated item, worked out beside the making of the
/// changes (``FileChanges/updatedValues``), is what working it out after
/// gives: for the updates, in any order, and for pairs it did not cover
/// (an unchanged item, a path that names none), worked out when asked.
private func expectTheUpdatedValuesWorkedOut(
    _ workedOut: UpdatedRowValues, of changes: SectionedChangeset, from provider: FileDataProvider,
    to reading: FileDataProvider
) {
    let updates = changes.updatedItems.map { update in
        (from: ItemPath(update.from.section, update.from.item), to: ItemPath(update.to.section, update.to.item))
    }
    let others = [(from: ItemPath(0, 0), to: ItemPath(0, 0)), (from: ItemPath(0, 1), to: ItemPath(7, 0))]
    for pairs in [updates, updates.reversed() + others] {
        let read = provider.changedValuesToRead(of: pairs, in: reading, workedOut: workedOut)()
        let after = provider.changedValuesToRead(of: pairs, in: reading)()
        #expect(read.count == after.count)
        for (one, other) in zip(read, after) {
            #expect(one?.map(\.field) == other?.map(\.field))
            #expect(one?.map(\.old) == other?.map(\.old) && one?.map(\.new) == other?.map(\.new))
        }
        #expect(read.prefix(updates.count).allSatisfy { $0 != nil }, "every update's rows are known")
    }
}
