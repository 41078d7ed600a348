import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabFiles

/// `RecordTable.Column` stores only the run of rows that have a cell, and a
/// run of one cell without an array; checked against a plain array of
/// every row's cell under random sets, inserts and removals.
struct SparseColumnTests {
    typealias Kind = RecordTable.Kind

    /// A reference column: every row's cell.
    struct Model {
        var cells: [(Kind, UInt64)] = []

        mutating func set(_ row: Int, _ kind: Kind, _ payload: UInt64) {
            while cells.count <= row { cells.append((.absent, 0)) }
            cells[row] = kind == .absent ? (.absent, 0) : (kind, payload)
        }

        mutating func insertRow(_ row: Int, _ kind: Kind, _ payload: UInt64) {
            while cells.count < row { cells.append((.absent, 0)) }
            cells.insert(kind == .absent ? (.absent, 0) : (kind, payload), at: row)
        }

        mutating func removeRows(_ rows: [Int]) {
            for row in rows.reversed() where row < cells.count { cells.remove(at: row) }
        }
    }

    @Test func aColumnMatchesEveryRowsCellUnderRandomChanges() {
        var generator = SplitMix64(seed: 19)
        for _ in 0..<400 {
            var column = RecordTable.Column()
            var model = Model()
            for _ in 0..<Int.random(in: 1...12, using: &generator) {
                let row = Int.random(in: 0..<10, using: &generator)
                let kind: Kind =
                    Bool.random(using: &generator)
                    ? .int : (Int.random(in: 0..<4, using: &generator) == 0 ? .absent : .sourceString)
                let payload = UInt64.random(in: 1...1_000, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0:
                    column.set(row, kind, payload)
                    model.set(row, kind, payload)
                case 1:
                    column.insertRow(row, kind, payload)
                    model.insertRow(row, kind, payload)
                default:
                    let rows = (0..<10).filter { _ in Int.random(in: 0..<4, using: &generator) == 0 }
                    column.removeRows(rows)
                    model.removeRows(rows)
                }
                for row in 0..<24 {
                    let expected = row < model.cells.count ? model.cells[row] : (.absent, 0)
                    #expect(column.kind(row) == expected.0)
                    if expected.0 != .absent { #expect(column.payload(row) == expected.1) }
                }
                let stored = model.cells.indices.filter { model.cells[$0].0 != .absent }
                if let first = stored.first, let last = stored.last {
                    #expect(column.start <= first && column.end > last)
                }
            }
        }
    }

    @Test func aColumnThatOneRowHasStoresOneCell() {
        var column = RecordTable.Column()
        column.set(7, .int, 42)
        #expect(column.start == 7 && column.end == 8)
        #expect(column.kind(7) == .int && column.payload(7) == 42)
        #expect(column.kind(6) == .absent && column.kind(8) == .absent)
        column.set(9, .int, 43)
        #expect(column.start == 7 && column.end == 10)
        #expect(column.kind(8) == .absent && column.payload(9) == 43 && column.payload(7) == 42)
    }

    /// Runs that grow past their room at either end, and copies of a
    /// column (a copy of the table) that must not see the other's changes.
    @Test func aLongColumnAndItsCopiesMatchTheirModelsUnderRandomChanges() {
        var generator = SplitMix64(seed: 49)
        for round in 0..<60 {
            var column = RecordTable.Column()
            var model = Model()
            var copies: [(RecordTable.Column, Model)] = []
            if round.isMultiple(of: 3) { column.reserveCapacity(Int.random(in: 2...300, using: &generator)) }
            for step in 0..<Int.random(in: 20...200, using: &generator) {
                let row = Int.random(in: 0..<400, using: &generator)
                let kind: Kind = Int.random(in: 0..<5, using: &generator) == 0 ? .absent : .int
                let payload = UInt64.random(in: 1...1_000_000, using: &generator)
                switch Int.random(in: 0..<6, using: &generator) {
                case 0, 1, 2:
                    column.set(row, kind, payload)
                    model.set(row, kind, payload)
                case 3, 4:
                    column.insertRow(row, kind, payload)
                    model.insertRow(row, kind, payload)
                default:
                    let rows = (0..<400).filter { _ in Int.random(in: 0..<20, using: &generator) == 0 }
                    column.removeRows(rows)
                    model.removeRows(rows)
                }
                if step.isMultiple(of: 17) { copies.append((column, model)) }
            }
            for (copy, copyModel) in copies + [(column, model)] {
                for row in 0..<800 {
                    let expected = row < copyModel.cells.count ? copyModel.cells[row] : (.absent, 0)
                    #expect(copy.kind(row) == expected.0)
                    if expected.0 != .absent { #expect(copy.payload(row) == expected.1) }
                }
            }
        }
    }

    @Test func aGatheredColumnHasTheCellsOfItsRowsInTheirOrder() {
        var column = RecordTable.Column()
        for row in 3..<40 where !row.isMultiple(of: 5) { column.set(row, .int, UInt64(row * 10)) }
        let rows = [39, 0, 3, 5, 12, 3, 100]
        let gathered = column.gathered(rows)
        for (index, row) in rows.enumerated() {
            #expect(gathered.kind(index) == column.kind(row))
            #expect(gathered.payload(index) == column.payload(row))
        }
        #expect(gathered.end == rows.count)
        #expect(RecordTable.Column().gathered(rows).end == 0)
    }

    @Test func aColumnOfIntegersFromRowZeroIsReadInPlace() {
        var column = RecordTable.Column()
        for row in 0..<1_000 { column.set(row, .int, UInt64(bitPattern: Int64(row - 500))) }
        #expect(column.withIntegers(count: 1_000) { Array($0) } == Array(-500..<500))
        #expect(column.withIntegers(count: 999) { Array($0) } == nil)
        var kinds: [UInt8] = []
        var payloads: [UInt64] = []
        #expect(column.copyCells(10..<13, kinds: &kinds, payloads: &payloads))
        #expect(
            kinds == Array(repeating: Kind.int.rawValue, count: 3)
                && payloads.map { Int64(bitPattern: $0) } == [-490, -489, -488])
        #expect(!column.copyCells(999..<1_001, kinds: &kinds, payloads: &payloads) && kinds.count == 3)
        column.set(500, .sourceString, 7)
        #expect(column.withIntegers(count: 1_000) { _ in true } == nil)
    }

    @Test func aColumnTakesAtMostTwentyFourBytes() {
        #expect(MemoryLayout<RecordTable.Column>.stride <= 24)
    }
}

/// A sort or a filter of a table whose fields most rows lack (a key per
/// record, a key now and then) moves those fields' cells one by one; every
/// row's record is the one it came from, whichever way its columns went.
@Test(arguments: [0, 1, 2])
func aReorderedSparseTableHasEachRowsRecord(seed: UInt64) throws {
    var generator = SplitMix64(seed: 90 + seed)
    var lines: [String] = []
    for row in 0..<600 {
        var fields = [#""id":\#(row)"#]
        if Int.random(in: 0..<3, using: &generator) > 0 { fields.append(#""name":"n\#(row)""#) }
        fields.append(#""own\#(row)":\#(row)"#)
        if row.isMultiple(of: 97) { fields.append(#""rare":"r\#(row)""#) }
        if row == 5 || row == 590 { fields.append(#""twice":\#(row)"#) }
        if (100..<130).contains(row), row.isMultiple(of: 3) { fields.append(#""cluster":\#(row)"#) }
        lines.append("{" + fields.joined(separator: ",") + "}")
    }
    let table = try JSONTableReader.read(
        Array((lines.joined(separator: "\n") + "\n").utf8), file: "s.ndjson", format: .lines)
    let permutation = Array(0..<600).shuffled(using: &generator)
    let subset = permutation.filter { _ in Bool.random(using: &generator) }
    for rows in [permutation, subset, Array((0..<600).reversed()), []] {
        let reordered = table.reordered(rows)
        #expect(reordered.count == rows.count)
        for (place, row) in rows.enumerated() {
            #expect(reordered.record(at: place) == table.record(at: row), "row \(row) at \(place)")
        }
    }
}

/// A row's record holds values up to its last present cell and reads the
/// fields after it as null (a row of a file with a key per record used to
/// hold a value for every record's key): it equals, and is written as, the
/// record of every field; a row whose last field is present holds them all.
@Test func aRecordStopsAtItsRowsLastPresentCell() throws {
    let lines = (0..<50).map { #"{"id":\#($0),"k\#($0)":1}"# } + [#"{"id":50,"k49":null}"#]
    let table = try JSONTableReader.read(
        Array((lines.joined(separator: "\n") + "\n").utf8), file: "k.ndjson", format: .lines)
    #expect(table.fieldNames.count == 51)
    let first = table.record(at: 0)
    #expect(first.values == [.int(0), .int(1)])
    #expect(first == Record(schema: table.schema, values: [.int(0), .int(1)] + Array(repeating: .null, count: 49)))
    #expect(first["k49"] == .null && first["k0"] == .int(1))
    #expect(first.fields.count == 51 && first.fields.last?.value == .null)
    // A null that the file holds is a present cell: the values run to it.
    #expect(table.record(at: 50).values.count == 51 && table.record(at: 50).values.last == .null)
    #expect(table.record(at: 49).values.count == 51)
}
