import ListLabRecords

@testable import ListLabFiles

/// What a read gave, as text to compare two reads by: the names, the records, each row's span
/// (so saves) and each cell's kind; or the error.
func readOutcome(_ read: () throws -> RecordTable) -> String {
    do {
        let table = try read()
        var spans: [UInt64] = []
        table.appendSpans(of: 0..<table.count, to: &spans)
        let cells = (0..<table.count).flatMap { row in
            (0..<table.fieldNames.count).map { "\(table.kind(column: $0, row: row))" }
        }
        return "\(table.fieldNames) \((0..<table.count).map { table.record(at: $0).jsonText }) \(spans) \(cells)"
    } catch {
        return "error: \(error)"
    }
}
