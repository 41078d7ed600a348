import ListLabCore
import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Loads `text` as `name`, lets `change` edit the provider, saves, and
/// returns the file's text after the save.
private func saved(_ name: String, _ text: String, _ change: (FileDataProvider) throws -> Void) throws -> String {
    let scratch = try TemporaryFolder()
    try scratch.write(name, text)
    let provider = try FileDataProvider(path: scratch.path + "/" + name, name: name)
    try change(provider)
    try provider.save()
    return scratch.read(name)
}

private func setField(_ field: String, to value: Value, row: Int) -> (FileDataProvider) throws -> Void {
    { provider in
        _ = try provider.update(
            try provider.checkedItem(at: ItemPath(0, row)).setting(field, to: value), at: ItemPath(0, row))
    }
}

/// One file of the corpus: an edit of one cell whose old text (unique in
/// the file) must be the only thing that changes, into `new`.
struct RoundTripCase: CustomTestStringConvertible, Sendable {
    var name: String
    var text: String
    var row: Int
    var field: String
    var value: Value
    var old: String
    var new: String
    var testDescription: String { name }
}

private let corpus: [RoundTripCase] = [
    // csv-spectrum's cases, and numbers in their own spelling.
    .init(name: "simple.csv", text: "a,b,c\n1,2,EDIT\n", row: 0, field: "c", value: "x", old: "EDIT", new: "x"),
    .init(
        name: "simple_crlf.csv", text: "a,b,c\r\n1,2,3\r\n4,5,EDIT\r\n", row: 1, field: "c", value: "x", old: "EDIT",
        new: "x"),
    .init(
        name: "comma_in_quotes.csv",
        text: "first,last,address\nJohn,Doe,\"120 any st., Anytown, WW\"\nEDIT,Doe,\"x, y\"\n",
        row: 1, field: "first", value: "Jo, Ann", old: "EDIT", new: "\"Jo, Ann\""),
    .init(
        name: "escaped_quotes.csv", text: "a,b\n1,\"ha \"\"ha\"\" ha\"\nEDIT,\"\"\"q\"\"\"\n", row: 1, field: "a",
        value: 7, old: "EDIT", new: "7"),
    .init(
        name: "json.csv", text: "key,val\n1,\"{\"\"type\"\": \"\"Point\"\"}\"\n2,EDIT\n", row: 1, field: "val",
        value: "say \"hi\"", old: "EDIT", new: "\"say \"\"hi\"\"\""),
    .init(
        name: "newlines.csv", text: "a,b,c\n1,2,3\n\"Once upon \na time\",5,EDIT\n", row: 1, field: "c", value: 6,
        old: "EDIT", new: "6"),
    .init(
        name: "quotes_and_newlines.csv", text: "a,b\n1,\"ha \n\"\"ha\"\" \nha\"\nEDIT,4\n", row: 1, field: "a",
        value: "", old: "EDIT", new: "\"\""),
    .init(name: "utf8.csv", text: "a,b,c\n1,2,3\n4,5,ʤEDIT\n", row: 1, field: "c", value: "é", old: "ʤEDIT", new: "é"),
    .init(
        name: "empty.csv", text: "a,b,c\n1,\"\",\"\"\n2,3,EDIT\n", row: 1, field: "c", value: nil, old: "EDIT", new: ""),
    .init(
        name: "bom.csv", text: "\u{FEFF}id,name\r\n1,EDIT\r\n2,b\r\n", row: 0, field: "name", value: "z", old: "EDIT",
        new: "z"),
    .init(
        name: "no_final_newline.csv", text: "id,name\n1,a\n2,EDIT", row: 1, field: "name", value: "z", old: "EDIT",
        new: "z"),
    .init(
        name: "blank_lines.csv", text: "id,name\n\n1,a\n\n\n2,EDIT\n\n", row: 1, field: "name", value: "z", old: "EDIT",
        new: "z"),
    .init(
        name: "numbers.csv",
        text:
            "id,version,price,pi,tiny,big,name\n1,1.10,19.90,3.14159265358979323846,1e-400,18446744073709551616,EDIT\n3,3.0,1e3,1E5,-0,0.000,c\n",
        row: 0, field: "name", value: "C", old: "EDIT", new: "C"),
    .init(
        name: "number_edit.csv", text: "id,price,note\n1,19.90,x\n2,5.00,y\n", row: 1, field: "price", value: 5.5,
        old: "5.00", new: "5.5"),
    .init(
        name: "quoted_numbers.csv", text: "id,code,name\n1,\"007\",\"42\"\n2,\"0042\",EDIT\n", row: 1, field: "name",
        value: "1", old: "EDIT", new: "\"1\""),
    // JSON: numbers at the edges, spacing, escapes, key order.
    .init(
        name: "edges.json",
        text:
            #"[{"id":1,"v":[1e400],"big":18446744073709551616,"tiny":1e-400,"min":-9223372036854775808,"f":1.0,"z":-0,"name":"EDIT"}]"#
            + "\n",
        row: 0, field: "name", value: "b", old: #""EDIT""#, new: #""b""#),
    .init(
        name: "pretty.json",
        text:
            "[\n  {\n    \"id\": 1,\n    \"name\": \"a\"\n  },\n  {\n    \"name\" : \"EDIT\",\n    \"id\" : 2\n  }\n]\n",
        row: 1, field: "name", value: "Zoë", old: #""EDIT""#, new: #""Zoë""#),
    .init(
        name: "escapes.json", text: #"[{"id":1,"name":"caf\u00e9 \"x\"","note":"EDIT"}]"#, row: 0, field: "note",
        value: "tab\there", old: #""EDIT""#, new: #""tab\there""#),
    .init(
        name: "number_edit.json", text: #"[ {"id": 1, "score": 1.50, "n": 2} ]"#, row: 0, field: "score", value: 2,
        old: "1.50", new: "2"),
    .init(
        name: "crlf.ndjson", text: "{\"id\":1,\"name\":\"EDIT\",\"x\":1e5}\r\n{\"id\":2}\r\n", row: 0, field: "name",
        value: "q", old: #""EDIT""#, new: #""q""#),
    .init(
        name: "bom.json", text: "\u{FEFF}[{\"id\":1,\"name\":\"EDIT\"}]\n", row: 0, field: "name", value: "z",
        old: #""EDIT""#, new: #""z""#),
    .init(
        name: "bom.ndjson", text: "\u{FEFF}{\"id\":1,\"name\":\"EDIT\"}\n{\"id\":2}\n", row: 0, field: "name",
        value: "z", old: #""EDIT""#, new: #""z""#),
    .init(
        name: "spaced.ndjson", text: "{ \"id\" : 1 , \"name\" : \"a\" }\n\n{ \"id\" : 2 , \"name\" : \"EDIT\" }",
        row: 1, field: "name", value: true, old: #""EDIT""#, new: "true"),
]

@Test(arguments: corpus)
func editingOneCellChangesOnlyThatCellsBytes(_ example: RoundTripCase) throws {
    let after = try saved(example.name, example.text, setField(example.field, to: example.value, row: example.row))
    let pieces = example.text.split(separator: example.old, omittingEmptySubsequences: false)
    #expect(pieces.count == 2, "the old text must be unique in the file")
    #expect(after == pieces.joined(separator: example.new))
}

@Test(arguments: corpus)
func anUneditedSaveWritesTheFileByteForByte(_ example: RoundTripCase) throws {
    #expect(try saved(example.name, example.text) { _ in } == example.text)
    // Setting a cell to the value it has already changes nothing either.
    let same = try saved(example.name, example.text) { provider in
        let record = try provider.checkedItem(at: ItemPath(0, example.row))
        _ = try provider.update(record, at: ItemPath(0, example.row))
    }
    #expect(same == example.text)
}

@Test func theIssuesCSVKeepsItsNumbers() throws {
    let text = "id,version,price,name\n1,1.10,19.90,a\n2,2.20,5.00,b\n3,3.0,1e3,c\n"
    #expect(
        try saved("v.csv", text, setField("name", to: "C", row: 2))
            == "id,version,price,name\n1,1.10,19.90,a\n2,2.20,5.00,b\n3,3.0,1e3,C\n")
}

@Test func numbersOutsideIntAndDoubleLoadAsTheirText() throws {
    let scratch = try TemporaryFolder()
    try scratch.write(
        "n.json", #"[{"id":1,"v":1e400,"big":18446744073709551616,"tiny":1e-400,"min":-9223372036854775808}]"#)
    let provider = try FileDataProvider(path: scratch.path + "/n.json", name: "n.json")
    let record = try provider.checkedItem(at: ItemPath(0, 0))
    #expect(record["v"] == .number("1e400"))
    #expect(record["big"] == .number("18446744073709551616"))
    #expect(record["tiny"] == .number("1e-400"))
    #expect(record["min"] == .int(Int.min))
    #expect(record["v"]?.description == "1e400")
    #expect(record["v"]?.kindName == "number")
}

@Test func rowsKeepTheirBytesThroughDeletesMovesInsertsAndSorts() throws {
    let text = "id,price\r\n3,3.0\r\n1,1.10\r\n2,2.20\r\n"
    let sorted = try saved("s.csv", text) { provider in
        let records = provider.records.sorted { ($0["id"] ?? .null) < ($1["id"] ?? .null) }
        provider.replaceItems(with: records)
    }
    #expect(sorted == "id,price\r\n1,1.10\r\n2,2.20\r\n3,3.0\r\n")
    let changed = try saved("s.csv", text) { provider in
        _ = try provider.delete(at: [ItemPath(0, 0)])
        _ = try provider.append(Record(fields: [("id", 4), ("price", 4.5)]), toSection: nil)
        _ = try provider.move(from: ItemPath(0, 2), to: ItemPath(0, 0))
    }
    #expect(changed == "id,price\r\n4,4.5\r\n1,1.10\r\n2,2.20\r\n")
}

@Test func addedRowsAndFieldsFollowTheFilesStyle() throws {
    let json = "[\n  {\"id\": 1, \"name\": \"a\"}\n]\n"
    let appended = try saved("a.json", json) { provider in
        _ = try provider.append(Record(fields: [("id", 2), ("name", "b")]), toSection: nil)
    }
    #expect(appended == "[\n  {\"id\": 1, \"name\": \"a\"},\n  {\"id\": 2, \"name\": \"b\"}\n]\n")
    let csv = "id,price\n1,1.10\n2,2.20\n"
    let withField = try saved("f.csv", csv, setField("note", to: "hi", row: 1))
    #expect(withField == "id,price,note\n1,1.10,\n2,2.20,hi\n")
    let object = try saved("o.ndjson", "{\"id\": 1, \"price\": 1.10}\n", setField("note", to: "hi", row: 0))
    #expect(object == "{\"id\": 1, \"price\": 1.10, \"note\": \"hi\"}\n")
    let emptied = try saved("e.json", json) { provider in _ = try provider.delete(at: [ItemPath(0, 0)]) }
    #expect(emptied == "[]\n")
}

@Test func keysCompareByValueInTheFilesTypeSystem() throws {
    let scratch = try TemporaryFolder()
    try scratch.write("k.csv", "id,name\n1,a\n\"1\",b\n")
    let csv = try FileDataProvider(path: scratch.path + "/k.csv", name: "k.csv")
    #expect(csv.table.firstDuplicate(of: "id").map { [$0.first, $0.second] } == [0, 1])
    try scratch.write("k.json", #"[{"id":1},{"id":1.0},{"id":"1"}]"#)
    let json = try FileDataProvider(path: scratch.path + "/k.json", name: "k.json")
    #expect(json.table.firstDuplicate(of: "id").map { [$0.first, $0.second] } == [0, 1])
    try scratch.write("d.json", #"[{"id":1},{"id":"1"},{"id":true}]"#)
    let distinct = try FileDataProvider(path: scratch.path + "/d.json", name: "d.json")
    #expect(distinct.table.firstDuplicate(of: "id") == nil)
}

/// Text keys: the first row that repeats an earlier one's key, with that row, whether the keys are
/// compared by their bytes (all ASCII) or by their values (`é` written two ways is one key; an escape
/// in JSON is the letter it stands for).
@Test func theFirstRepeatedTextKeyIsFoundByItsBytesOrItsValue() throws {
    let scratch = try TemporaryFolder()
    func first(_ name: String, _ text: String) throws -> [Int]? {
        try scratch.write(name, text)
        return try FileDataProvider(path: scratch.path + "/" + name, name: name).table.firstDuplicate(of: "id").map {
            [$0.first, $0.second]
        }
    }
    #expect(try first("a.csv", "id\na\nb\nc\nd\nb\na\n") == [1, 4])
    #expect(try first("u.csv", "id\na\nb\nc\n") == nil)
    #expect(try first("e.csv", "id\ncaf\u{E9}\nx\ncafe\u{301}\n") == [0, 2])
    #expect(
        try first("j.ndjson", #"{"id":"k"}"# + "\n" + #"{"id":"m"}"# + "\n" + #"{"id":"\u006b"}"# + "\n") == [0, 2])
    #expect(try first("n.ndjson", #"{"id":"k"}"# + "\n" + #"{"id":"m"}"# + "\n") == nil)
}

/// The endings a CSV file may use, and whether its last row has one.
private let lineEndings: [(name: String, ending: String, final: Bool)] = [
    ("LF", "\n", true), ("CRLF", "\r\n", true), ("CR", "\r", true),
    ("LF, none at the end", "\n", false), ("CRLF, none at the end", "\r\n", false),
    ("CR, none at the end", "\r", false),
]

@Test(arguments: 0..<lineEndings.count)
func appendsInsertsAndDeletesKeepTheFilesLineEndingAndEveryUntouchedRow(endingIndex: Int) throws {
    let (name, ending, final) = lineEndings[endingIndex]
    var random = SplitMix64(seed: UInt64(endingIndex) + 7)
    for round in 0..<40 {
        let rows = (1...5).map { "\($0),r\($0)" }
        let text = (["id,name"] + rows).joined(separator: ending) + (final ? ending : "")
        var kept: [String] = []
        let after = try saved("e.csv", text) { provider in
            var present = rows
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let count = provider.numberOfItems(inSection: 0)
                switch Int.random(in: 0..<3, using: &random) {
                case 0:
                    _ = try provider.append(
                        Record(fields: [("id", .int(100 + round)), ("name", "new")]), toSection: nil)
                    present.append("new")
                case 1:
                    let at = Int.random(in: 0...count, using: &random)
                    _ = try provider.insert(
                        Record(fields: [("id", .int(200 + round)), ("name", "new")]), at: ItemPath(0, at))
                    present.insert("new", at: at)
                default:
                    guard count > 0 else { continue }
                    let at = Int.random(in: 0..<count, using: &random)
                    _ = try provider.delete(at: [ItemPath(0, at)])
                    present.remove(at: at)
                }
            }
            kept = present.filter { $0 != "new" }
        }
        let context = "\(name), round \(round): \(after.debugDescription)"
        // Every line break is the file's own: no LF where the file has CR, no lone CR where it has CRLF.
        let breaks = after.unicodeScalars.filter { $0 == "\n" || $0 == "\r" }.count
        let endings = after.components(separatedBy: ending).count - 1
        #expect(breaks == endings * ending.unicodeScalars.count, "\(context)")
        // Every row nobody touched is there, byte for byte, on a line of its own.
        let lines = after.components(separatedBy: ending)
        for row in kept { #expect(lines.contains(row), "\(row) lost: \(context)") }
        #expect(lines.first == "id,name", "\(context)")
    }
}

@Test func aByteOrderMarkIsKeptWhenEveryRowGoes() throws {
    #expect(try saved("b.json", "\u{FEFF}[{\"id\":1}]\n") { _ = try $0.delete(at: [ItemPath(0, 0)]) } == "\u{FEFF}[]\n")
    #expect(try saved("b.ndjson", "\u{FEFF}{\"id\":1}\n") { _ = try $0.delete(at: [ItemPath(0, 0)]) } == "\u{FEFF}")
}
