import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabFiles

private func records(_ text: String, _ format: JSONTableReader.Format) throws -> [String] {
    let table = try JSONTableReader.read(Array(text.utf8), file: "t", format: format)
    return (0..<table.count).map { table.record(at: $0).jsonText }
}

private func failure(_ text: String, _ format: JSONTableReader.Format, file: String = "expansions.json") -> String {
    do {
        _ = try JSONTableReader.read(Array(text.utf8), file: file, format: format)
        return "no error"
    } catch {
        return error.description
    }
}

@Test func anArrayOfObjectsKeepsFieldOrderAndTypes() throws {
    let text =
        #"[{"id": 1, "name": "Ada", "score": 9.5, "ok": true, "note": null}, {"id": 2, "name": "Gr\u00e6ce \"G\"", "score": -1e2, "ok": false, "note": "x"}]"#
    #expect(
        try records(text, .array) == [
            #"{"id":1,"name":"Ada","score":9.5,"ok":true,"note":null}"#,
            #"{"id":2,"name":"Græce \"G\"","score":-100.0,"ok":false,"note":"x"}"#,
        ])
}

@Test func fieldsComeInOrderOfFirstAppearanceAndMissingOnesAreAbsent() throws {
    let table = try JSONTableReader.read(
        Array(#"[{"b": 1, "a": 2}, {"a": 3, "c": [1, {"x": null}]}, {}]"#.utf8), file: "t", format: .array)
    #expect(table.fieldNames == ["b", "a", "c"])
    #expect(table.record(at: 1).jsonText == #"{"b":null,"a":3,"c":[1,{"x":null}]}"#)
    #expect(table.isAbsent(column: 0, row: 1))
    #expect(!table.isAbsent(column: 1, row: 1))
    #expect(table.isAbsent(column: 2, row: 2))
}

@Test func ndjsonHasOneObjectPerLine() throws {
    #expect(
        try records("{\"id\":1}\r\n\n{\"id\":2,\"tags\":[\"a\"]}\n", .lines) == [
            #"{"id":1,"tags":null}"#, #"{"id":2,"tags":["a"]}"#,
        ])
    #expect(try records(#"[]"#, .array).isEmpty)
}

@Test func jsonErrorsSayWhereAndWhat() {
    #expect(
        failure(#"{"id": 1}"#, .array)
            == "expansions.json:1:1: expected a JSON array of objects at the top level, found an object (for one "
            + "object per line, name the file .ndjson)"
    )
    #expect(
        failure("[{\"id\": 1},\n {\"id\": 2", .array)
            == "expansions.json:2:10: unexpected end of input: unterminated object")
    #expect(failure("[{\"id\": 1}", .array) == "expansions.json:1:11: unexpected end of input: unterminated array")
    #expect(failure("[1, 2]", .array) == "expansions.json:1:2: expected an object, found a number")
    #expect(failure(#"[{"id": 1, "id": 2}]"#, .array) == "expansions.json:1:12: the object repeats the key 'id'")
    #expect(failure(#"[{"id": 01}]"#, .array) == "expansions.json:1:9: invalid number")
    #expect(failure(#"[{"id": tru}]"#, .array) == "expansions.json:1:9: expected a value, found a boolean")
    #expect(failure(#"[{"name": "open}]"#, .array) == "expansions.json:1:11: unterminated string")
    #expect(failure("   ", .array) == "expansions.json: empty file (expected a JSON array of objects)")
    #expect(failure(#"[{"a": 1}] x"#, .array) == "expansions.json:1:12: unexpected text after the array")
    let deep = "[{\"a\": " + String(repeating: "[", count: 300) + String(repeating: "]", count: 300) + "}]"
    #expect(failure(deep, .array) == "expansions.json:1:264: nesting deeper than 256 levels")
}

@Test func ndjsonErrorsNameTheLine() {
    #expect(
        failure("{\"id\": 1}\n{\"id\": 2\n{\"id\": 3}\n", .lines, file: "e.ndjson")
            == "e.ndjson:2:9: unexpected end of the line: the object is not closed (NDJSON holds one object per line)")
    #expect(
        failure("{\"id\": 1} {\"id\": 2}\n", .lines, file: "e.ndjson")
            == "e.ndjson:1:11: expected the end of the line after the object (NDJSON holds one object per line)")
    #expect(
        failure("{\"id\": 1}\n[1]\n", .lines, file: "e.ndjson") == "e.ndjson:2:1: expected an object, found an array")
    #expect(failure("\n\n", .lines, file: "e.ndjson") == "e.ndjson: empty file (expected one JSON object per line)")
}

@Test func invalidUTF8IsFoundWhereItIs() {
    let bytes = Array("[{\"a\": \"ok\"},\n {\"a\": \"".utf8) + [0xC3, 0x28] + Array("\"}]".utf8)
    do {
        _ = try JSONTableReader.read(bytes, file: "x.json", format: .array)
        Issue.record("no error")
    } catch {
        #expect(error.description == "x.json:2:9: invalid UTF-8 (the file must be UTF-8 text)")
    }
}

@Test func keysPastTheBoundsAreOneError() {
    let longName = String(repeating: "k", count: 70_000)
    #expect(failure("[{\"\(longName)\":1}]", .array) == "expansions.json:1:3: a field name longer than 65536 bytes")
    // An escape is the byte it stands for: 65,536 bytes of name in six times as many of the file.
    let escaped = String(repeating: "\\u0061", count: 65_536)
    #expect(throws: Never.self) {
        try JSONTableReader.read(Array("[{\"\(escaped)\":1}]".utf8), file: "e.json", format: .array)
    }
    #expect(failure("[{\"\(escaped)a\":1}]", .array) == "expansions.json:1:3: a field name longer than 65536 bytes")
    let manyKeys = (0...131_072).map { "{\"k\($0)\":1}" }.joined(separator: "\n")
    #expect(
        failure(manyKeys, .lines, file: "keys.ndjson") == "keys.ndjson:131073:2: more than 131072 different field names"
    )
}

@Test func recordsWithKeysOfTheirOwnKeepEachKeyInItsColumn() throws {
    // 3,000 keys: past the count at which the reader reserves room for its limit.
    let lines = (0..<3_000).map { "{\"id\":\($0),\"k\($0)\":\"v\($0)\"" + ($0 % 500 == 0 ? ",\"k1\":1" : "") + "}" }
    let table = try JSONTableReader.read(Array(lines.joined(separator: "\n").utf8), file: "t", format: .lines)
    #expect(table.fieldNames.count == 3_001)
    #expect(table.fieldNames.prefix(3) == ["id", "k0", "k1"] && table.fieldNames.last == "k2999")
    #expect(table.record(at: 2_345)["k2345"] == .string("v2345"))
    #expect(table.isAbsent(column: 1, row: 2_345))
    #expect(table.record(at: 2_500)["k1"] == .int(1))
    #expect(table.record(at: 2_500)["k2500"] == .string("v2500"))
    // An escaped spelling is the same key; a key repeated past the reserve is still caught.
    let escaped = lines + [#"{"id":3000,"k\u0032999":"again"}"#, #"{"id":3001,"k2998":1,"k\u0032998":2}"#]
    #expect(
        failure(escaped.joined(separator: "\n"), .lines, file: "e.ndjson")
            == "e.ndjson:3002:22: the object repeats the key 'k2998'")
    let again = try JSONTableReader.read(
        Array(escaped.dropLast().joined(separator: "\n").utf8), file: "t", format: .lines)
    #expect(again.fieldNames.count == 3_001)
    #expect(again.record(at: 3_000)["k2999"] == .string("again"))
}

@Test func keysAlikeButForTheirEndsGoToTheirOwnColumns() throws {
    // Keys of 1 to 20 bytes that share all but their last byte, in changing
    // orders, up to the end of the bytes: the reader compares each key with
    // the previous object's key at the same place before it looks it up.
    var generator = SplitMix64(seed: 19)
    let pool = (1...20).flatMap { length in ["a", "b"].map { String(repeating: "k", count: length - 1) + $0 } }
    var lines: [String] = []
    var expected: [[String: Int]] = []
    for row in 0..<400 {
        let keys = Array(pool.shuffled(using: &generator).prefix(Int.random(in: 1...6, using: &generator)))
        let sorted = row % 3 == 0 ? keys : keys.sorted()
        lines.append("{" + sorted.enumerated().map { "\"\($1)\":\(row * 10 + $0)" }.joined(separator: ",") + "}")
        expected.append(Dictionary(uniqueKeysWithValues: sorted.enumerated().map { ($1, row * 10 + $0) }))
    }
    let table = try JSONTableReader.read(Array(lines.joined(separator: "\n").utf8), file: "t", format: .lines)
    for row in 0..<400 {
        let record = table.record(at: row)
        for name in table.fieldNames {
            #expect(record[name] == expected[row][name].map { .int($0) } ?? .null, "row \(row), key \(name)")
        }
    }
}

@Test func numbersKeepTheirTextAndTypeByValue() throws {
    let table = try JSONTableReader.read(
        Array(#"[{"a":1.10,"b":-0,"c":1e400,"d":9223372036854775807,"e":9223372036854775808}]"#.utf8), file: "n.json",
        format: .array)
    #expect(
        table.record(at: 0).values == [
            .double(1.1), .double(-0.0), .number("1e400"), .int(Int.max), .number("9223372036854775808"),
        ])
    #expect(table.bytes(column: 0, row: 0).elementsEqual("1.10".utf8))
}

/// The value reader and the table reader decode escapes with one decoder:
/// the same strings are refused with the same words.
@Test(arguments: [#"\x"#, #"\u12"#, #"\ud83d"#, #"\ud83d\u0041"#, #"\"#])
func bothJSONReadersRefuseABadEscapeInTheSameWords(escape: String) {
    var valueReader = JSONReader(#"{"k": "a"# + escape + #""}"#)
    var valueMessage = ""
    do { _ = try valueReader.readDocument() } catch { valueMessage = error.message }
    var tableMessage = ""
    do {
        _ = try JSONTableReader.read(Array((#"[{"k": "a"# + escape + #""}]"#).utf8), file: "e.json", format: .array)
    } catch {
        tableMessage = error.description
    }
    #expect(!valueMessage.isEmpty)
    #expect(tableMessage.hasSuffix(valueMessage), "\(tableMessage) vs \(valueMessage)")
}

@Test func escapesDecodeAlikeInBothReaders() throws {
    let text = #"a\"\\\/\b\f\n\r\t\u00e9\ud83d\ude00"#
    var valueReader = JSONReader("\"" + text + "\"")
    let value = try valueReader.readDocument()
    let table = try JSONTableReader.read(Array((#"[{"k": ""# + text + #""}]"#).utf8), file: "e.json", format: .array)
    #expect(table.record(at: 0)["k"] == value)
    #expect(value == .string("a\"\\/\u{8}\u{C}\n\r\té😀"))
}

/// A key named in an error is shown on one line, its control characters
/// escaped; a key written two ways in Unicode is found where the second
/// spelling stands as a key (not where it stands as a value), and its
/// scalars are shown up to 16.
@Test func keysInErrorsAreShownOnOneLineAndFound() {
    #expect(
        failure(#"[{"a\nb": 1, "a\nb": 2}]"#, .array) == #"expansions.json:1:14: the object repeats the key 'a\nb'"#)
    let long = String(repeating: "e", count: 20)
    let text = "{\"\(long)\u{E9}\":1}\n{\"v\":\"\\\"\(long)e\u{301}\\\"\"}\n{\"id\":3, \"\(long)e\u{301}\" : 2}\n"
    let message = failure(text, .lines, file: "k.ndjson")
    #expect(
        message.hasPrefix(
            "k.ndjson:3:10: the keys '\(long)\u{E9}' (" + Array(repeating: "U+0065", count: 16).joined(separator: " ")
                + " ...) and"), "\(message)")
}

/// What a read of `bytes` gave, as text (``readOutcome(_:)``).
private func outcome(_ bytes: [UInt8], _ format: JSONTableReader.Format, _ splitting: ReadSplitting) -> String {
    readOutcome { try JSONTableReader.read(bytes, file: "r.json", format: format, watcher: nil, splitting: splitting) }
}

/// A random file of objects whose keys differ (some only in later records, so that pieces meet
/// keys the first has not), with escaped strings (the arena), nested arrays of objects and
/// strings that hold `},{` (which mislead an array's split), a BOM, CRLF and blank lines; some
/// with an error (a repeated key, a bad value, an object across lines in NDJSON).
private func randomObjects(_ random: inout SplitMix64, format: JSONTableReader.Format, badly: Bool) -> [UInt8] {
    let values = [
        "1", "-7", "1.50", "true", "null", #""x""#, #""a\"b""#, #""\u00e9t\u00e9""#, #"[{"n":1},{"n":2}]"#, #""},{""#,
        "{}", #"{"k":[1,{"j":"},{"}]}"#,
    ]
    let keys = ["id", "name", "k\\u0041", "late", "é", "n"]
    var objects: [String] = []
    for row in 0..<Int.random(in: 2...50, using: &random) {
        var used = Set<String>()
        var fields: [String] = []
        for _ in 0..<Int.random(in: 0...4, using: &random) {
            let key = keys[Int.random(in: 0..<(row < 10 ? 3 : keys.count), using: &random)]
            guard used.insert(key).inserted || (badly && row == 9) else { continue }
            fields.append("\"\(key)\":\(values.randomElement(using: &random) ?? "1")")
        }
        if badly, row == 12 { fields.append(#""bad":tru"#) }
        objects.append("{" + fields.joined(separator: ["", ",", ", "].randomElement(using: &random) ?? ",") + "}")
    }
    var text = Bool.random(using: &random) ? "\u{FEFF}" : ""
    switch format {
    case .array:
        text +=
            "[" + objects.joined(separator: [",", ",\n", " ,\r\n  ", ",\n\n"].randomElement(using: &random) ?? ",")
            + "]\n"
    case .lines:
        if badly, objects.count > 3 { objects[3] = "{\"id\":\n1}" }
        text += objects.joined(separator: ["\n", "\r\n", "\n\n", "\n  "].randomElement(using: &random) ?? "\n") + "\n"
    }
    return Array(text.utf8)
}

/// A JSON array or NDJSON read on several threads is the serial read, byte for byte: the same
/// keys in the same order, values, cells, spans (so saves), and the same first error at the same
/// `file:line:column`; each file read whole and split into 2 to 5 pieces of a few bytes.
@Test(arguments: 0..<60)
func aJSONReadOnSeveralThreadsIsTheSerialRead(seed: UInt64) {
    var random = SplitMix64(seed: 0x75_0000 + seed)
    let format: JSONTableReader.Format = seed % 2 == 0 ? .array : .lines
    let bytes = randomObjects(&random, format: format, badly: seed % 5 == 1)
    let serial = outcome(bytes, format, .never)
    for count in 2...5 {
        #expect(
            outcome(bytes, format, ReadSplitting(bytesPerPiece: 1, mostPieces: count)) == serial,
            "\(count) pieces of \(String(decoding: bytes, as: UTF8.self).debugDescription)")
    }
}

/// On a file without traps the pieces are kept (a split that gave way every time would pass the
/// comparison above): keys that only later pieces meet, escaped strings in every piece.
@Test(arguments: [JSONTableReader.Format.array, .lines])
func aJSONFileWithoutTrapsIsReadInPieces(format: JSONTableReader.Format) throws {
    let objects = (0..<400).map { row in
        row < 300 ? #"{"id":\#(row),"name":"n\"\#(row)\""}"# : #"{"name":"m\#(row)","later":\#(row),"id":\#(row)}"#
    }
    let text =
        format == .array ? "[\n" + objects.joined(separator: ",\n") + "\n]\n" : objects.joined(separator: "\n") + "\n"
    let bytes = Array(text.utf8)
    let serial = try JSONTableReader.read(bytes, file: "p", format: format, watcher: nil, splitting: .never)
    for pieces in 2...4 {
        let read = try bytes.withUnsafeBufferPointer { buffer in
            try JSONTableReader.readInParallel(buffer, all: bytes, file: "p", format: format, pieces: pieces) { _ in }
        }
        var (table, names) = try #require(read, "\(pieces) pieces")
        table.finishReading(format: format == .array ? .json : .ndjson, names: names)
        #expect(table.count == 400 && table.fieldNames == ["id", "name", "later"])
        #expect(table.record(at: 299).jsonText == #"{"id":299,"name":"n\"299\"","later":null}"#)
        #expect(table.record(at: 399).jsonText == #"{"id":399,"name":"m399","later":399}"#)
        #expect((0..<400).allSatisfy { table.record(at: $0) == serial.record(at: $0) })
    }
}

/// A number is typed as every reader types it (``NumberScanner``), whether the reader's one pass
/// for plain integers takes it or the scan of any number does.
@Test func numbersAreTypedAsTheScannerTypesThem() throws {
    let numbers = [
        "0", "7", "-1", "10", "123456789012345678", "1234567890123456789", "-1234567890123456789",
        "9223372036854775807",
        "-9223372036854775808", "9223372036854775808", "12345678901234567890", "-0", "0.5", "1e3", "1E-3", "-2.50",
        "1.10",
        "0.0", "-0.5", "-0.0", "1E+5", "1.5e-3", "10.25", "59.96", "123456789012345678901.5", "0e0", "-1e-0",
    ]
    let text = "[" + numbers.map { #"{"n":\#($0)}"# }.joined(separator: ",") + "]"
    let table = try JSONTableReader.read(Array(text.utf8), file: "n.json", format: .array)
    for (row, number) in numbers.enumerated() {
        let expected = Array(number.utf8).withUnsafeBufferPointer { NumberScanner.value($0, 0, $0.count) }
        #expect(table.record(at: row)["n"] == expected, "\(number)")
    }
    for bad in [
        "01", "-", "1-", "--1", "1.", "-01", "1.5.3", "1e5e", "1.e5", "01.5", "0.5e", "-.5", "1.5-", "2e+", "1.5E+3.1",
    ] {
        #expect(failure(#"[{"n":\#(bad)}]"#, .array).contains("invalid number"), "\(bad)")
    }
}

/// Keys far apart past the empty cells a file may store are refused at the same place however the
/// file is split: each piece keeps to its share of the bound (so that pieces together hold no more
/// than a serial read may), and the serial read, which gives the error, runs.
@Test func keysTooFarApartAreRefusedAsTheSerialReadRefusesThem() {
    let lines = (0..<6_000).map { #"{"id":\#($0),"k\#($0 % 2_000)":1}"# }
    let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
    let serial = outcome(bytes, .lines, .never)
    #expect(serial.contains("records after its last"), "\(serial.prefix(200))")
    for pieces in 2...4 {
        #expect(outcome(bytes, .lines, ReadSplitting(bytesPerPiece: 1, mostPieces: pieces)) == serial)
    }
}

/// A read of `bytes` on one thread, each object compared with the previous one (see
/// ``JSONTableReader/Parser/readObjectRow()``) or read byte by byte, as text (``readOutcome(_:)``).
private func serialOutcome(_ bytes: [UInt8], _ format: JSONTableReader.Format, comparingObjects: Bool) -> String {
    readOutcome {
        try bytes.withUnsafeBufferPointer { buffer throws(LoadError) in
            var parser = JSONTableReader.Parser(
                bytes: buffer, file: "s.json", table: RecordTable(fieldNames: [], source: bytes))
            parser.comparesWithPreviousObject = comparingObjects
            switch format {
            case .array: try parser.readArrayDocument { _ in }
            case .lines: try parser.readLinesDocument { _ in }
            }
            var table = parser.table
            table.finishReading(format: format == .array ? .json : .ndjson, names: parser.fieldNames)
            return table
        }
    }
}

/// Objects written mostly as the one before them: the same keys in the same order, with spaces
/// that sometimes differ (more, fewer, elsewhere, a CR), and now and then a key missing, added,
/// moved or repeated, a value that is not one, an object cut short, or a line break inside one
/// (after a CR that was a space in the object before).
private func shapedObjects(_ random: inout SplitMix64, format: JSONTableReader.Format) -> [UInt8] {
    let values = [
        "1", "-7", "12.5", "1e3", "true", "false", "null", #""x""#, #""a\"b""#, #""""#, #"[1,{"k":"}"}]"#, "{}", "tru",
        "1.", #""open"#,
    ]
    let keys = ["id", "name", "email", "k\\u0041", "score"]
    // (A CR is a space in NDJSON only when no LF follows it: one before a line break is a cut object.)
    let spaces = ["", "", "", " ", "  ", "\t", "\r"]
    var shape = Array(keys.prefix(Int.random(in: 1...keys.count, using: &random)))
    var gaps = (0..<(shape.count * 3 + 1)).map { _ in spaces.randomElement(using: &random) ?? "" }
    var objects: [String] = []
    for _ in 0..<Int.random(in: 2...40, using: &random) {
        switch Int.random(in: 0..<12, using: &random) {
        case 0 where shape.count > 1: shape.remove(at: Int.random(in: 0..<shape.count, using: &random))
        case 1: shape.append(keys.randomElement(using: &random) ?? "id")
        case 2: shape.shuffle(using: &random)
        case 3: gaps[Int.random(in: 0..<gaps.count, using: &random)] = spaces.randomElement(using: &random) ?? ""
        default: break
        }
        while gaps.count < shape.count * 3 + 1 { gaps.append(spaces.randomElement(using: &random) ?? "") }
        var text = "{"
        for (position, key) in shape.enumerated() {
            let value =
                Int.random(in: 0..<40, using: &random) == 0
                ? values.randomElement(using: &random) ?? "1" : values[Int.random(in: 0..<10, using: &random)]
            text += gaps[position * 3] + "\"\(key)\"" + gaps[position * 3 + 1] + ":" + gaps[position * 3 + 2] + value
            if position + 1 < shape.count { text += "," }
        }
        text += gaps[shape.count * 3] + "}"
        if Int.random(in: 0..<60, using: &random) == 0 {
            text = String(text.prefix(Int.random(in: 1..<text.count, using: &random)))
        }
        if format == .lines, Int.random(in: 0..<60, using: &random) == 0, let comma = text.firstIndex(of: ",") {
            text.insert("\n", at: comma)
        }
        if format == .lines, Int.random(in: 0..<15, using: &random) == 0, let cr = text.firstIndex(of: "\r") {
            text.insert("\n", at: text.index(after: cr))
        }
        objects.append(text)
    }
    let text =
        format == .array ? "[" + objects.joined(separator: ",\n") + "]\n" : objects.joined(separator: "\n") + "\n"
    return Array(text.utf8)
}

/// An object read by comparing its bytes with the previous object's is read as it is byte by
/// byte: the same keys, values, cells and spans, and the same first error at the same place.
@Test(arguments: 0..<80)
func objectsComparedWithThePreviousReadAsTheyDoByteByByte(seed: UInt64) {
    var random = SplitMix64(seed: 0x5E_0000 + seed)
    let format: JSONTableReader.Format = seed % 2 == 0 ? .array : .lines
    let bytes = shapedObjects(&random, format: format)
    let compared = serialOutcome(bytes, format, comparingObjects: true)
    #expect(
        compared == serialOutcome(bytes, format, comparingObjects: false),
        "\(String(decoding: bytes, as: UTF8.self).debugDescription)")
}

/// The comparison is taken: a file of objects alike reads its later objects by it (a comparison
/// that never matched would pass the test above), and a key repeated past the previous object's
/// keys is still refused.
@Test func objectsAlikeAreReadByTheComparison() throws {
    let text = (0..<5).map { #"{"id":\#($0), "name" : "n\#($0)","score":\#($0).5}"# }.joined(separator: "\n") + "\n"
    let bytes = Array(text.utf8)
    try bytes.withUnsafeBufferPointer { buffer throws(LoadError) in
        var parser = JSONTableReader.Parser(
            bytes: buffer, file: "a.ndjson", table: RecordTable(fieldNames: [], source: bytes))
        try parser.readLinesDocument { _ in }
        #expect(parser.table.count == 5)
        #expect(parser.separators.map(\.length) == [6, 11, 9])
        #expect(parser.closer.length == 1)
    }
    #expect(
        failure(#"{"a":1,"b":2}"# + "\n" + #"{"a":1,"b":2,"a":3}"# + "\n", .lines)
            == #"expansions.json:2:14: the object repeats the key 'a'"#)
}

/// A checkpoint may keep a copy of the table being read: the cells set after it go into the
/// reader's own storage, never into the kept copy's (cells are set without looking at whether
/// their storage is shared, so the reader makes it its own again after each checkpoint).
@Test func aTableKeptAtACheckpointIsNotChangedByTheRowsReadAfterIt() throws {
    let text = (0..<10_000).map { #"{"id":\#($0),"name":"n\#($0)"}"# }.joined(separator: "\n") + "\n"
    let bytes = Array(text.utf8)
    var kept: [RecordTable] = []
    let table = try bytes.withUnsafeBufferPointer { buffer throws(LoadError) in
        var parser = JSONTableReader.Parser(
            bytes: buffer, file: "k.ndjson", table: RecordTable(fieldNames: [], source: bytes))
        try parser.readLinesDocument { parser in kept.append(parser.table) }
        return parser.table
    }
    #expect(table.count == 10_000 && table.cellEnd(column: 0) == 10_000)
    #expect(kept.map(\.count) == [4_096, 8_192])
    #expect(kept.map { $0.cellEnd(column: 0) } == [4_096, 8_192])
    #expect(kept.map { $0.cellEnd(column: 1) } == [4_096, 8_192])
}

/// The UTF-8 of a JSON file is checked as its strings are read, not in a pass of its own: a file
/// with an invalid byte anywhere (in a value, a key, between values, after an error of another
/// kind) is refused at its first invalid byte, as a check of the whole file first would refuse
/// it; a valid one reads its characters past ASCII as written, escaped or not, on one thread or
/// several.
@Test(arguments: 0..<60)
func utf8IsCheckedAsAWholeFileCheckWouldCheckIt(seed: UInt64) throws {
    var random = SplitMix64(seed: 0x0F_0000 + seed)
    let format: JSONTableReader.Format = seed % 2 == 0 ? .array : .lines
    let valid: [[UInt8]] = [
        Array("a".utf8), Array("é".utf8), Array("中".utf8), Array("😀".utf8), Array(#"\n"#.utf8), Array("\u{7FF}".utf8),
        Array("\u{10FFFF}".utf8),
    ]
    let invalid: [[UInt8]] = [
        [0x80], [0xC0, 0x80], [0xC3, 0x28], [0xED, 0xA0, 0x80], [0xE4, 0xB8], [0xF5, 0x80, 0x80, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0xFF],
    ]
    var texts: [String] = []
    var bytes: [UInt8] = format == .array ? Array("[".utf8) : []
    let objects = Int.random(in: 1...30, using: &random)
    for row in 0..<objects {
        var text: [UInt8] = []
        var decoded = ""
        for _ in 0..<Int.random(in: 0...6, using: &random) {
            if Int.random(in: 0..<60, using: &random) == 0 {
                text += invalid.randomElement(using: &random) ?? []
            } else {
                let piece = valid.randomElement(using: &random) ?? []
                text += piece
                decoded += piece == Array(#"\n"#.utf8) ? "\n" : String(decoding: piece, as: UTF8.self)
            }
        }
        texts.append(decoded)
        var object = Array(#"{"id":\#(row),"t":""#.utf8) + text + Array(#"","ké":1"#.utf8)
        if Int.random(in: 0..<40, using: &random) == 0 { object += invalid.randomElement(using: &random) ?? [] }
        if Int.random(in: 0..<40, using: &random) == 0 { object += Array(",oops".utf8) }
        object += Array("}".utf8)
        bytes +=
            object
            + Array((row + 1 < objects ? (format == .array ? ",\n" : "\n") : (format == .array ? "]\n" : "\n")).utf8)
    }
    let firstInvalid = bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset($0) }
    for splitting in [ReadSplitting.never, ReadSplitting(bytesPerPiece: 1, mostPieces: 3)] {
        let outcome = Result { () throws(LoadError) in
            try JSONTableReader.read(bytes, file: "u.json", format: format, watcher: nil, splitting: splitting)
        }
        if let firstInvalid {
            let expected = bytes.withUnsafeBufferPointer {
                LoadError(
                    file: "u.json", bytes: $0, offset: firstInvalid,
                    message: "invalid UTF-8 (the file must be UTF-8 text)")
            }
            #expect(outcome.failureDescription == expected.description, "\(bytes)")
        } else if let table = try? outcome.get() {
            #expect(table.fieldNames == ["id", "t", "ké"])
            #expect((0..<table.count).map { table.record(at: $0)["t"] } == texts.map { .string($0) })
        } else {
            #expect(outcome.failureDescription?.contains("expected") == true, "\(outcome)")
        }
    }
}

extension Result where Failure == LoadError {
    /// The error's text, or nil for a success.
    fileprivate var failureDescription: String? {
        if case .failure(let error) = self { return error.description }
        return nil
    }
}
