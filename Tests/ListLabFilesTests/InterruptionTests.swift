import Interruption
import ListLabCore
import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabFiles

// Ctrl-C stops a load: the readers look at the flag every 4,096 rows.

private let rows = 10_000

/// `rows` records of an id and a name, written as `format`.
private func sample(_ format: RecordTableWriter.Format) -> String {
    switch format {
    case .csv: "id,name\n" + (1...rows).map { "\($0),n\($0)\n" }.joined()
    case .json: "[" + (1...rows).map { #"{"id":\#($0),"name":"n\#($0)"}"# }.joined(separator: ",") + "]"
    case .ndjson: (1...rows).map { #"{"id":\#($0),"name":"n\#($0)"}"# + "\n" }.joined()
    }
}

@Test(arguments: [RecordTableWriter.Format.csv, .json, .ndjson])
func aRequestStopsALoadAndSaysSo(format: RecordTableWriter.Format) throws {
    let text = sample(format)
    func read() throws -> RecordTable {
        let bytes = Array(text.utf8)
        return format == .csv
            ? try CSVReader.read(bytes, file: "rows")
            : try JSONTableReader.read(bytes, file: "rows", format: format == .json ? .array : .lines)
    }
    let flag = Interruption.Flag()
    try Interruption.$current.withValue(flag) { () throws -> Void in
        #expect(try read().count == rows)
        flag.request()
        #expect {
            _ = try read()
        } throws: { error in
            (error as? LoadError)?.wasInterrupted == true && "\(error)" == "rows: interrupted"
        }
        flag.clear()
        #expect(try read().count == rows)
    }
    // Another task's flag is not this one: the process's flag was never set.
    #expect(!Interruption.isRequested)
}

@Test(arguments: [RecordTableWriter.Format.csv, .json, .ndjson])
func aLoadSaysHowFarItIs(format: RecordTableWriter.Format) throws {
    let text = sample(format)
    var told: [Double] = []
    let bytes = Array(text.utf8)
    _ =
        format == .csv
        ? try CSVReader.read(bytes, file: "rows") { told.append($0) }
        : try JSONTableReader.read(bytes, file: "rows", format: format == .json ? .array : .lines) { told.append($0) }
    // Every 4,096 rows: twice in 10,000, rising, between 0 and 1.
    #expect(told.count == rows / 4096)
    #expect(told == told.sorted() && told.allSatisfy { $0 > 0 && $0 < 1 })
    #expect(abs(told[0] - 4096.0 / Double(rows)) < 0.05)
}

@Test func aRequestStopsASortOfNumbersAndChangesNothing() throws {
    // A file provider of numbers, sorted by the radix sort: a request stops it with the rows as they were.
    let folder = try TemporaryFolder()
    try folder.write("n.csv", "id,score\n" + (1...rows).map { "\($0),\(($0 * 7919) % 1_009)\n" }.joined())
    let provider = try FileDataProvider(path: folder.path + "/n.csv", name: "n.csv")
    let before = (0..<rows).map { provider.item(at: ItemPath(0, $0))?["id"] }
    let flag = Interruption.Flag()
    try Interruption.$current.withValue(flag) { () throws -> Void in
        flag.request()
        #expect(throws: Interrupted.self) { _ = try provider.sort(by: "score", identifiedBy: "id") }
        #expect((0..<rows).map { provider.item(at: ItemPath(0, $0))?["id"] } == before)
        // Keys made and sorted stop too, doubles and integers alike.
        #expect(throws: Interrupted.self) { _ = try ValueSort.numberOrder(of: [2.5, 1, 3], descending: false) }
        #expect(throws: Interrupted.self) { _ = try RadixOrder.stableOrder(of: [3, 1, 2]) }
        flag.clear()
        #expect(try provider.sort(by: "score", identifiedBy: "id") != nil)
    }
}

/// A sort gathers its rows' columns (on every core) before it changes
/// anything, and looks before it gathers them and before it takes them: a
/// request at either look stops it (`Scripts/check-interrupt` presses Ctrl-C
/// during a sort of a million rows and checks that the rows stay in their order).
@Test func aSortLooksForARequestBeforeAndAfterItGathersTheColumns() throws {
    let table = try CSVReader.read(Array("id,name,city\n3,c,z\n1,a,x\n2,b,y\n".utf8), file: "t")
    var looks = 0
    let sorted = table.reordered([1, 2, 0]) { looks += 1 }
    #expect(
        looks == 2 && sorted.values(of: "name") == ["a", "b", "c"] && sorted.values(of: "city") == ["x", "y", "z"])
    for stop in 1...2 {
        looks = 0
        #expect(throws: Interrupted.self) {
            _ = try table.reordered([1, 2, 0]) {
                looks += 1
                if looks == stop { throw Interrupted() }
            }
        }
    }
}
