import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabFiles

private func read(_ text: String) throws -> [Record] {
    let table = try CSVReader.read(Array(text.utf8), file: "t.csv")
    return (0..<table.count).map(table.record(at:))
}

private func failure(_ bytes: [UInt8]) -> String {
    do {
        _ = try CSVReader.read(bytes, file: "contacts.csv")
        return "no error"
    } catch {
        return error.description
    }
}

private func failure(_ text: String) -> String { failure(Array(text.utf8)) }

@Test func headerAndRowsInFieldOrder() throws {
    let records = try read("id,name,score\n1,Ada,9.5\n2,Grace,8\n")
    #expect(records.map(\.jsonText) == [#"{"id":1,"name":"Ada","score":9.5}"#, #"{"id":2,"name":"Grace","score":8}"#])
    #expect(records[0].schema === records[1].schema)
}

@Test func fieldsAreTypedByContentAndQuotedFieldsAreText() throws {
    let records = try read("a,b,c,d,e,f,g,h\n42,-7,4.5,true,false,,\"42\",\"\"\n007,+5,1e3,True,-0,1.,x y,-0.25\n")
    #expect(
        records[0].values == [
            .int(42), .int(-7), .double(4.5), .bool(true), .bool(false), .null, .string("42"), .string(""),
        ])
    #expect(
        records[1].values == [
            .string("007"), .string("+5"), .double(1000), .string("True"), .double(-0.0), .string("1."), .string("x y"),
            .double(-0.25),
        ])
}

@Test func quotedFieldsHoldCommasQuotesAndLineBreaks() throws {
    let records = try read("name,note\r\n\"Wayne, Bruce\",\"He said \"\"hi\"\"\"\r\n\"Two\r\nlines\",é\r\n")
    #expect(records.map { $0["name"] } == [.string("Wayne, Bruce"), .string("Two\r\nlines")])
    #expect(records.map { $0["note"] } == [.string("He said \"hi\""), .string("é")])
}

@Test func aByteOrderMarkAndBlankLinesAreSkipped() throws {
    let records = try read("\u{FEFF}id,name\n\n1,Ada\n\n\n2,Grace")
    #expect(records.map(\.jsonText) == [#"{"id":1,"name":"Ada"}"#, #"{"id":2,"name":"Grace"}"#])
}

@Test func bigAndOddNumbersStayExactOrKeepTheirText() throws {
    let records = try read("n\n999999999999999999\n9999999999999999999\n0.1\n123456789.123456789\n-1.5e-300\n")
    #expect(
        records.map { $0["n"] } == [
            .int(999_999_999_999_999_999), .number("9999999999999999999"), .double(0.1),
            .double(123_456_789.123_456_789), .double(-1.5e-300),
        ])
}

@Test func errorsSayWhereAndWhat() {
    #expect(failure("id,name\n1,Ada\n2,\"Grace\n") == "contacts.csv:3:3: unterminated quoted field")
    #expect(
        failure("id,name\n1,Ada\n2\n")
            == "contacts.csv:3:2: expected 2 fields (as in the header), found 1 in the row starting at line 3")
    #expect(failure("id,name\n1,Ada,extra\n") == "contacts.csv:2:7: expected 2 fields (as in the header), found more")
    #expect(
        failure("id,name\n1,\"Ada\"x\n")
            == "contacts.csv:2:8: expected ',' or the end of the line after a closing quote")
    #expect(
        failure("id,name\n1,A\u{e9}\n".utf8.map { $0 }.dropLast(3) + [0xFF, 0x0A])
            == "contacts.csv:2:4: invalid UTF-8 (the file must be UTF-8 text)")
    #expect(failure("") == "contacts.csv: empty file (expected a header row of field names)")
    #expect(failure("\n\r\n") == "contacts.csv: empty file (expected a header row of field names)")
    #expect(failure("id,,name\n") == "contacts.csv:1:4: empty field name in the header")
    #expect(failure("id,name,id\n") == "contacts.csv:1:9: the header names 'id' twice")
    #expect(
        failure("\"a\tb\",\"a\tb\"\n") == "contacts.csv:1:7: the header names 'a\\tb' twice",
        "a name's tab shown as an escape, on one line")
}

/// A header's names are told apart as Strings compare them: `é` written as
/// one scalar and as `e` and an accent is one name named twice, said where
/// the second stands; a wide header (past the names from which the reader
/// reserves room at once) finds a name repeated far from its first.
@Test func aHeaderNamesEachFieldOnceAsStringsCompareNames() throws {
    let alike = "one name written two ways in Unicode: write it one way"
    #expect(
        failure("id,\u{E9},x,\"e\u{301}\"\n")
            == "contacts.csv:1:8: the header names '\u{E9}' (U+00E9) and 'e\u{301}' (U+0065 U+0301), \(alike)")
    #expect(
        failure("K,b,\u{212A}\n") == "contacts.csv:1:5: the header names 'K' (U+004B) and '\u{212A}' (U+212A), \(alike)"
    )
    // The first error in the header is said, the name written two ways before the name repeated.
    #expect(
        failure("caf\u{E9},cafe\u{301},x,x\n")
            == "contacts.csv:1:6: the header names 'caf\u{E9}' (U+0063 U+0061 U+0066 U+00E9) and 'cafe\u{301}' "
            + "(U+0063 U+0061 U+0066 U+0065 U+0301), \(alike)"
    )
    #expect(
        failure("id,\"\"\"q\",\"\"\"q\"\n") == "contacts.csv:1:10: the header names '\"q' twice",
        "an escaped name, repeated")
    #expect(failure("id,\"\",x\n") == "contacts.csv:1:4: empty field name in the header")
    let names = (0..<3_000).map { "f\($0)" }
    let table = try CSVReader.read(
        Array(
            (names.joined(separator: ",") + "\n" + names.indices.map(String.init).joined(separator: ",") + "\n").utf8),
        file: "w.csv")
    #expect(table.fieldNames == names)
    #expect(table.schema.index(of: "f2999") == 2_999)
    #expect(table.record(at: 0)["f1500"] == .int(1_500))
    let repeated = names.joined(separator: ",") + ",f17\n"
    #expect(failure(repeated) == "contacts.csv:1:\(repeated.utf8.count - 3): the header names 'f17' twice")
}

@Test func aHeaderAloneIsAnEmptyTable() throws {
    let table = try CSVReader.read(Array("id,name\n".utf8), file: "t.csv")
    #expect(table.count == 0)
    #expect(table.fieldNames == ["id", "name"])
}

@Test func aHeaderPastTheBoundsIsOneError() {
    let longName = String(repeating: "n", count: 70_000)
    #expect(failure("id,\(longName)\n1,2\n") == "contacts.csv:1:4: a field name longer than 65536 bytes in the header")
    let manyNames = (0...131_072).map { "f\($0)" }.joined(separator: ",")
    #expect(failure(manyNames + "\n").hasSuffix(": more than 131072 fields in the header"))
    // A doubled quote is one byte of the name: 65,536 bytes in 65,537 between the quotes.
    let quoted = "\"" + String(repeating: "a", count: 65_535) + "\"\"\""
    #expect(throws: Never.self) { try CSVReader.read(Array("id,\(quoted)\n1,2\n".utf8), file: "q.csv") }
    #expect(
        failure("id,\"a\(quoted.dropFirst())\n1,2\n")
            == "contacts.csv:1:4: a field name longer than 65536 bytes in the header")
}

/// A CSV read on several threads is the serial read, byte for byte: the same values, cells,
/// spans (so saves), and the same first error at the same `file:line:column`. Random files of
/// quoted fields with line breaks and doubled quotes, CRLF and lone CR, blank lines, stray quotes
/// inside unquoted fields (which mislead the split), rows with a field too many or too few, and
/// an unterminated quote; each read whole and split into 2 to 5 pieces of a few bytes.
@Test(arguments: 0..<40)
func aReadOnSeveralThreadsIsTheSerialRead(seed: UInt64) {
    var random = SplitMix64(seed: 0xC5F_0000 + seed)
    let columns = Int.random(in: 1...4, using: &random)
    var text = (0..<columns).map { "c\($0)" }.joined(separator: ",") + "\n"
    let pieces: [String] = [
        "x", "42", "-7", "1.50", "true", "", "\"a,b\"", "\"two\nlines\"", "\"say \"\"hi\"\"\"", "\"\"", "é", "ab\"c",
        "\"\r\n\"",
    ]
    let badly = seed % 5 == 0
    for row in 0..<Int.random(in: 2...60, using: &random) {
        var fields = (0..<columns).map { _ in pieces.randomElement(using: &random) ?? "" }
        if badly, row == 7 { fields.append("extra") }
        text += fields.joined(separator: ",")
        text += ["\n", "\r\n", "\r", "\n\n"].randomElement(using: &random) ?? "\n"
    }
    if seed % 7 == 3 { text += "\"never closed\n1\n" }
    let bytes = Array(text.utf8)
    func outcome(_ splitting: ReadSplitting) -> String {
        readOutcome { try CSVReader.read(bytes, file: "r.csv", watcher: nil, splitting: splitting) }
    }
    let serial = outcome(.never)
    for count in 2...5 {
        #expect(
            outcome(ReadSplitting(bytesPerPiece: 1, mostPieces: count)) == serial,
            "\(count) pieces of \(text.debugDescription)")
    }
}

/// The split finds row starts outside quotes, counting a part's rows for both answers at its start.
@Test func theSplitCutsAtRowStartsAndCountsTheRows() throws {
    let text = "a,b\n1,\"x\ny\"\n2,z\n\n3,\"q\"\n4,w\n"
    let bytes = Array(text.utf8)
    let pieces = try #require(bytes.withUnsafeBufferPointer { CSVReader.split($0, body: 4..<bytes.count, into: 3) })
    #expect(pieces.map(\.rows).reduce(0, +) == 4)
    #expect(pieces.first?.range.lowerBound == 4 && pieces.last?.range.upperBound == bytes.count)
    for piece in pieces {
        #expect(piece.range.lowerBound == 4 || [0x0A, 0x0D].contains(bytes[piece.range.lowerBound - 1]))
    }
}

/// UTF-8 checked in parts at once finds the first invalid byte the serial check finds, wherever
/// the parts begin: in a character, after one, in a run of stray continuation bytes.
@Test(arguments: 0..<30)
func utf8CheckedInPartsFindsTheFirstInvalidByte(seed: UInt64) {
    var random = SplitMix64(seed: 0x0778_0000 + seed)
    let pieces: [[UInt8]] = [
        [0x61], [0x0A], Array("é".utf8), Array("€".utf8), Array("𝄞".utf8), [0x80], [0xC3], [0xED, 0xA0, 0x80],
        [0xF4, 0x90, 0x80, 0x80], [0x80, 0x80, 0x80, 0x80],
    ]
    var bytes: [UInt8] = []
    let bad = seed % 3 == 0
    while bytes.count < 40_000 {
        let piece = pieces[Int.random(in: 0..<(bad ? pieces.count : 5), using: &random)]
        bytes += bad && bytes.count < 20_000 ? pieces[Int.random(in: 0..<5, using: &random)] : piece
    }
    bytes.withUnsafeBufferPointer { buffer in
        let serial = UTF8Validation.firstInvalidOffset(buffer)
        for parts in 2...6 {
            #expect(UTF8Validation.firstInvalidOffset(buffer, pieces: parts) == serial, "\(parts) parts")
        }
        #expect(bad ? serial != nil : serial == nil)
    }
}

/// On a file without stray quotes the split counts every row the read finds, in every part, so
/// that a read on several threads keeps its pieces (a split that misses gives the read away to
/// the serial one, which the comparison above would not notice).
@Test(arguments: 2...7)
func theSplitCountsTheRowsOfAFileWithQuotedLineBreaks(pieces: Int) throws {
    var random = SplitMix64(seed: UInt64(pieces))
    var text = "id,note\n"
    for id in 0..<300 {
        let note =
            ["plain", "\"two\nlines\"", "\"a \"\"quote\"\"\"", "\"\r\n\"", ""].randomElement(using: &random) ?? ""
        text += "\(id),\(note)" + (["\n", "\r\n", "\r", "\n\n"].randomElement(using: &random) ?? "\n")
    }
    let bytes = Array(text.utf8)
    let table = try CSVReader.read(bytes, file: "q.csv", watcher: nil, splitting: .never)
    let split = try #require(bytes.withUnsafeBufferPointer { CSVReader.split($0, body: 8..<bytes.count, into: pieces) })
    #expect(split.map(\.rows).reduce(0, +) == table.count)
    #expect(split.count == pieces)
}

/// Parts longer than the megabyte a slice checks at a time find the same first invalid byte, in a
/// character split across slices.
@Test func utf8CheckedInSlicesOfAMegabyteFindsTheFirstInvalidByte() {
    var bytes: [UInt8] = []
    while bytes.count < 3_000_000 { bytes += Array("aé€𝄞".utf8) }
    let bad = 2_500_001
    bytes[bad] = 0xFF
    bytes.withUnsafeBufferPointer { buffer in
        let serial = UTF8Validation.firstInvalidOffset(buffer)
        #expect(serial != nil && serial ?? 0 <= bad)
        for parts in [2, 3] { #expect(UTF8Validation.firstInvalidOffset(buffer, pieces: parts) == serial) }
    }
}

/// The scan of a part, 64 bytes at a time with vector masks, finds what a visit of every byte
/// finds: the first row start and the row starts for each answer to whether the part began
/// inside quotes, and the quotes' parity; over bytes dense in quotes and line breaks, at every
/// alignment, with a part begun after a line break or not.
@Test(arguments: 0..<25)
func theScanOfAPartFindsWhatAVisitOfEveryByteFinds(seed: UInt64) {
    var random = SplitMix64(seed: 0x5CA_0000 + seed)
    let alphabet: [UInt8] = [0x61, 0x2C, 0x22, 0x0A, 0x0D, 0x62, 0x20]
    let bytes = (0..<Int.random(in: 1...700, using: &random)).map { _ in
        alphabet[Int.random(in: 0..<alphabet.count, using: &random)]
    }
    func visited(_ part: Range<Int>, bodyStart: Int) -> String {
        var (outside, afterBreak, odd) = (
            true, part.lowerBound == bodyStart || [0x0A, 0x0D].contains(bytes[part.lowerBound - 1]), false
        )
        var (firstOutside, rowsOutside, firstInside, rowsInside): (Int?, Int, Int?, Int) = (nil, 0, nil, 0)
        for index in part {
            let byte = bytes[index]
            if afterBreak, byte != 0x0A, byte != 0x0D {
                if outside {
                    firstOutside = firstOutside ?? index
                    rowsOutside += 1
                } else {
                    firstInside = firstInside ?? index
                    rowsInside += 1
                }
            }
            if byte == 0x22 {
                outside.toggle()
                odd.toggle()
            }
            afterBreak = byte == 0x0A || byte == 0x0D
        }
        return "\(firstOutside ?? -1) \(rowsOutside) \(firstInside ?? -1) \(rowsInside) \(odd)"
    }
    bytes.withUnsafeBufferPointer { buffer in
        for _ in 0..<20 {
            let lower = Int.random(in: 0..<bytes.count, using: &random)
            let part = lower..<Int.random(in: (lower + 1)...bytes.count, using: &random)
            let bodyStart = Bool.random(using: &random) ? part.lowerBound : 0
            let found = CSVReader.scan(buffer, part, bodyStart: bodyStart)
            let scanned =
                "\(found.firstStartOutside ?? -1) \(found.rowsOutside) \(found.firstStartInside ?? -1) "
                + "\(found.rowsInside) \(found.quotesAreOdd)"
            #expect(scanned == visited(part, bodyStart: bodyStart), "\(part) of \(bytes.count)")
        }
    }
}
