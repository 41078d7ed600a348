import Interruption
import ListLabRecords
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
            ? try CSVReader.read(bytes, file: "rows") : try JSONTableReader.read(bytes, file: "rows", format: format == .json ? .array : .lines)
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
    _ = format == .csv
        ? try CSVReader.read(bytes, file: "rows") { told.append($0) }
        : try JSONTableReader.read(bytes, file: "rows", format: format == .json ? .array : .lines) { told.append($0) }
    // Every 4,096 rows: twice in 10,000, rising, between 0 and 1.
    #expect(told.count == rows / 4096)
    #expect(told == told.sorted() && told.allSatisfy { $0 > 0 && $0 < 1 })
    #expect(abs(told[0] - 4096.0 / Double(rows)) < 0.05)
}
