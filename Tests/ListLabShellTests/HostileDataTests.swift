import Foundation
import ListLabCore
import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabShell

// Data is shown, never obeyed: whatever a file holds, no printed line carries
// a character that acts on a terminal.

/// Every character that must not reach a terminal as it is, and a few that
/// may (the replacement character a lone surrogate becomes, a right-to-left letter).
private let hostileScalars: [Unicode.Scalar] =
    (0x00...0x1F).compactMap(Unicode.Scalar.init) + (0x7F...0x9F).compactMap(Unicode.Scalar.init)
    + [
        0x061C, 0x200E, 0x200F, 0x2028, 0x2029, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
        0xFFFD, 0x05D0,
    ]
    .compactMap(Unicode.Scalar.init)

/// A CSV field holding `text`, quoted (so that line breaks and commas stay in it).
private func csvField(_ text: String) -> String { "\"" + text.replacingOccurrences(of: "\"", with: "\"\"") + "\"" }

/// Line breaks are the record separator in a CSV file only outside quotes, so each scalar goes in a quoted cell.
private func hostileCSV() -> String {
    var text = "id,name,\(csvField("ci\u{1B}]0;PWNED\u{07}ty"))\n"
    for (index, scalar) in hostileScalars.enumerated() {
        text +=
            "\(index + 1),\(csvField("x\(String(Character(scalar)))y")),\(csvField("\u{1B}[2J\u{1B}]52;c;cHduZWQ=\u{07}"))\n"
    }
    return text
}

private func unsafe(_ line: String) -> Bool { line.unicodeScalars.contains(where: VisibleText.mustEscape) }

@Test func everyCommandThatPrintsDataPrintsControlCharactersEscaped() throws {
    let folder = try TemporaryFolder()
    try folder.write("h.csv", hostileCSV())
    try folder.write("h\u{1B}[2J.csv", "id,name\n1,a\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.confirmsQuitWithUnsavedEdits = true
    let count = hostileScalars.count
    let commands = [
        "load h.csv", "viewport 100", "show", "show --all", "show --json --all", "show 0.0-0.\(count - 1)", "select 27",
        "inspect 27", "fields", "stats", "providers", "trace on", "scroll bottom", "select 30",
        "update 2 name=\"\\u001b[31m\"",
        "trace off", "sort name", "filter name=\"x\\u202ey\"", "filter off", "diff",
        "bind \"{name} | {ci\\u001b]0;PWNED\\u0007ty}\"", "show 0-3",
        #"append {"name": "\u001b[2J"}"#, "delete 0", "history", "bind header \"{name}\"", "diffable on",
        "snapshot show",
        "snapshot appendItems 999", "update 3 name=\"\\u009b31m\"", "snapshot new from data", "apply", "diffable off",
        "export swift", "load h\\u001b[2J.csv", "load \"h\\u001b[2J.csv\"", "samples", "quit",
    ]
    for command in commands { session.execute(command) }
    let bad = output.lines.filter(unsafe)
    #expect(bad.isEmpty, "printed raw: \(bad.map(\.debugDescription))")
    // What was recorded for `session save` and the journal is the same, escaped text.
    #expect(!session.recordedCommands.flatMap(\.output).contains(where: unsafe))
    // ... and the data is shown, escaped, not dropped.
    #expect(output.lines.contains { $0.contains("x\\u001by") })
    #expect(output.lines.contains { $0.contains("x\\u202ey") })
    #expect(output.lines.contains { $0.contains("x\\u0085y") })
    #expect(output.lines.contains { $0.contains("x\u{FFFD}y") })
}

@Test(arguments: [
    ("plain", "plain"), ("a\u{1B}[2Jb", "a\\u001b[2Jb"), ("tab\there", "tab\\there"),
    ("two\nlines\r", "two\\nlines\\r"),
    ("\u{07}\u{7F}\u{9B}", "\\u0007\\u007f\\u009b"), ("abc\u{202E}fed", "abc\\u202efed"),
    ("é — ✓ \u{FFFD}", "é — ✓ \u{FFFD}"),
])
func visibleTextEscapesWhatActsOnATerminal(text: String, escaped: String) {
    #expect(VisibleText.escaped(text) == escaped)
    #expect(VisibleText.isSafe(text) == (text == escaped))
}

@Test func visibleTextFindsEveryScalarThatMustBeEscapedByItsBytes() {
    // Each scalar of the first four planes, alone, between safe text and before a bidi control:
    // isSafe reads bytes, and says what the scalars say.
    var wrong: [String] = []
    for value in UInt32(0)...0x3_FFFF {
        guard let scalar = Unicode.Scalar(value) else { continue }
        let alone = String(Character(scalar))
        for text in [alone, "a→" + alone + "é", alone + "\u{202A}"] {
            let expected = text.unicodeScalars.allSatisfy { !VisibleText.mustEscape($0) }
            if VisibleText.isSafe(text) != expected {
                wrong.append("U+\(String(value, radix: 16)) in \(text.debugDescription)")
            }
        }
    }
    #expect(wrong.isEmpty, "\(wrong.prefix(10))")
}

@Test func visibleTextFindsAScalarThatMustBeEscapedAtAnyPlaceInALongLine() {
    // isSafe skips eight printable bytes at a time: each scalar that must be escaped (and
    // ones beside them that need not, and the edges of the printable range) at every
    // offset of a line long enough for several words, after ASCII or after an arrow.
    let scalars: [Unicode.Scalar] = [
        "\u{00}", "\u{1F}", " ", "~", "\u{7F}", "\u{80}", "\u{9F}", "\u{A0}", "\u{FF}", "\u{061B}", "\u{061C}",
        "\u{200D}", "\u{200E}",
        "\u{2027}", "\u{202E}", "\u{202F}", "\u{2066}", "\u{2069}", "\u{206A}", "→", "\u{10FFFF}",
    ]
    var wrong: [String] = []
    for scalar in scalars {
        for prefix in ["", "→"] {
            for offset in 0..<26 {
                let text =
                    prefix + String(repeating: "a", count: offset) + String(Character(scalar))
                    + String(repeating: "z", count: 25 - offset)
                let expected = text.unicodeScalars.allSatisfy { !VisibleText.mustEscape($0) }
                if VisibleText.isSafe(text) != expected { wrong.append(text.debugDescription) }
            }
        }
    }
    #expect(wrong.count == 0, "\(wrong.prefix(10))")
}

@Test func anEscapedControlCharacterCanBeTypedBack() throws {
    #expect(
        try Tokenizer.tokens(in: #"update 0 name="a\u001b[2Jb\r""#).map(\.kind).last
            == .assignment(field: "name", value: .string("a\u{1B}[2Jb\r")))
}

@Test func completionOffersAFieldNameWithAControlCharacterAsItsEscape() throws {
    let folder = try TemporaryFolder()
    try folder.write("f.csv", "id,\"ti\u{1B}]0;x\u{07}tle\"\n1,a\n")
    let session = Session(output: RecordingOutput(), workingDirectory: folder.path)
    session.execute("load f.csv")
    let words = ShellCompleter(session: session).candidates(for: "update 0 ti").words
    #expect(words == [#""ti\u001b]0;x\u0007tle"="#])
    #expect(!words.contains { $0.unicodeScalars.contains(where: VisibleText.mustEscape) })
    // What completion typed, with a value after it, sets that field.
    #expect(
        try Tokenizer.tokens(in: "update 0 " + (words.first ?? "") + "b").last?.kind
            == .assignment(field: "ti\u{1B}]0;x\u{07}tle", value: .string("b")))
}

/// A field whose name is not a bare word (a space in it, a combining mark
/// first) is set as `"NAME"=VALUE`; written bare after a space, a mark
/// is not lost into the space, so the field beside it is not set instead.
@Test func aFieldWhoseNameIsNotABareWordIsSetInQuotesAndNoOtherIs() throws {
    let folder = try TemporaryFolder()
    try folder.write("m.json", #"[{"id":1,"x":"a","\u0301x":"b","first name":"c"}]"#)
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.execute("load m.json")
    #expect(session.execute("update 0.0 \u{301}x=Z").failed)
    #expect(!session.execute(#"update 0.0 "\u0301x"=W "first name"='D e'"#).failed)
    output.clear()
    session.execute("show 0.0 --json")
    #expect(output.lines == [#"{"id":1,"x":"a","\#u{301}x":"W","first name":"D e"}"#])
    #expect(session.execute(#"update 0.0 "x"= 1"#).failed)
}

@Test(arguments: [
    #"[{"}":1,"id":1}]"#, #"[{"{":"a","id":1}]"#, #"[{"":"blank","id":1}]"#, #"[{" x ":"spaced","id":2}]"#,
])
func anyLegalKeyLoadsAndIsShown(json: String) throws {
    let folder = try TemporaryFolder()
    try folder.write("k.json", json)
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.execute("load k.json")
    session.execute("show")
    #expect(output.errorCount == 0, "\(output.lines)")
    #expect(output.lines.count == 2)
    #expect(output.lines.last?.hasSuffix("<Cell #1>") == true)
}

/// A file whose records each have a key of their own has as many fields as
/// rows: loaded as records (`as array`, `as paged`) each record would hold
/// every field, rows x fields values, so that load is refused in one line
/// and the session keeps what it had; as a file provider it loads, groups
/// by a field and takes an update by key, each reading one column rather
/// than a record per row (which cost rows x fields, seconds at 40,000).
@Test func aFileWithAKeyPerRecordIsNotLoadedAsRecordsAndWorksOnItsColumns() throws {
    let folder = try TemporaryFolder()
    let rows = 8_000
    try folder.write("wide.ndjson", (0..<rows).map { "{\"id\":\($0),\"g\":\"g\($0 % 3)\",\"k\($0)\":1}\n" }.joined())
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.execute("load wide.ndjson as array")
    #expect(
        output.lines == [
            "error: wide.ndjson: not loaded as records: 8000 rows of 8002 fields would be 64016000 values, more than "
                + "50000000 (load it without 'as array' or 'as paged': a file provider keeps it in columns)"
        ])
    #expect(session.workspace.providers.isEmpty)
    output.clear()
    for command in ["load wide.ndjson as sectioned by g", "update 1.2 id=99999", "select id=99999", "update 0.0 id=3"] {
        session.execute(command)
    }
    #expect(output.lines.first == "loaded 8000 items from wide.ndjson into a file provider (3 sections, by g)")
    #expect(output.lines.contains { $0.hasPrefix("updated 1.2: id = 99999") }, "\(output.lines)")
    #expect(output.lines.contains { $0.hasPrefix("selected 1.2") }, "\(output.lines)")
    #expect(
        output.lines.last?.contains("3") == true && output.lines.last?.hasPrefix("error:") == true,
        "id 3 is another item's: \(output.lines)")
}

/// The same file's other commands read its columns too, or say in one line
/// that they would make a record of every item: an append or an insert
/// stores the fields given and no others (every field was set to null, a
/// cell in each of 8,000 columns, and written so: 8,000 keys a record),
/// `fields` counts each field's few cells, a sort and a filter move them,
/// and `diffable on` is refused (64,016,000 values as records).
@Test func aFileWithAKeyPerRecordTakesEditsSortsAndCountsOnItsColumns() throws {
    let folder = try TemporaryFolder()
    let rows = 8_000
    try folder.write("wide.ndjson", (0..<rows).map { "{\"id\":\($0),\"name\":\"n\($0)\",\"k\($0)\":1}\n" }.joined())
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    for command in ["load wide.ndjson", "append id=9001 name=new", "insert 0.0 id=9002 k5=true", "save"] {
        #expect(!session.execute(command).failed, "\(command): \(output.lines)")
    }
    let saved = try String(contentsOfFile: folder.path + "/wide.ndjson", encoding: .utf8).split(separator: "\n")
    #expect(saved.first == #"{"id":9002,"k5":true}"#)
    #expect(saved.last == #"{"id":9001,"name":"new"}"#)
    #expect(saved.count == rows + 2)
    output.clear()
    session.execute("fields")
    #expect(output.lines.first == "wide: 8002 fields, 8002 items, key id")
    #expect(output.lines.count == 8003)
    #expect(output.lines.contains("  name   null 1, string 8001"), "\(output.lines.prefix(4))")
    #expect(output.lines.contains("  k5     null 8000, bool 1, int 1"), "\(output.lines.prefix(9))")
    output.clear()
    for command in ["sort name desc", "show 0.0", "show 0.1", "filter k7=1", "show", "filter off"] {
        session.execute(command)
    }
    #expect(output.errorCount == 0, "\(output.lines.filter { $0.hasPrefix("error") })")
    #expect(
        output.lines.contains { $0.hasPrefix("   0.0  new") } && output.lines.contains { $0.hasPrefix("   0.1  n999") },
        "\(output.lines.prefix(6))")
    #expect(output.lines.contains { $0.hasPrefix("   0.0  n7") }, "\(output.lines.prefix(8))")
    output.clear()
    #expect(session.execute("diffable on").failed)
    #expect(
        output.lines == [
            "error: a snapshot of the data makes a record of every item of wide: 8002 items of 8002 fields would be "
                + "64032004 values, more than 50000000"
        ])
}

/// A column stores every row from its first cell to its last, so keys that
/// come back far apart fill the rows between: 10,000 records of 200 KB with
/// each key in two records 5,000 apart took 239 MB. Such a file is refused
/// in one line at the key that passes the bound (twice the file's size and
/// 64 MiB, nine bytes a cell); the same keys closer together load.
@Test func keysFarApartAreRefusedAtTheBoundOfEmptyCells() throws {
    let folder = try TemporaryFolder()
    func lines(_ count: Int) -> String { (0..<count).map { "{\"id\":\($0),\"k\($0 % (count / 2))\":1}\n" }.joined() }
    try folder.write("far.ndjson", lines(10_000))
    try folder.write("near.ndjson", lines(2_000))
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    #expect(session.execute("load far.ndjson").failed)
    #expect(
        output.lines == [
            "error: far.ndjson:6502:12: the key 'k1501' is 5000 records after its last: keys this far apart would "
                + "store more than 7504689 empty cells between them, more than twice the file's size"
        ])
    #expect(session.workspace.providers.isEmpty)
    output.clear()
    session.execute("load near.ndjson")
    #expect(output.lines == ["loaded 2000 items from near.ndjson into a file provider (1 section)"])
}

/// Identified by value, two equal records are one identifier (`{"a":1}`
/// and `{"a":1,"b":null}` are equal records): `diffable on by value` is
/// refused with UIKit's reason and the list stays the adapter's, where the
/// snapshot of the data quietly lost every item of the section.
@Test func equalRecordsAreRefusedAsIdentifiersByValue() throws {
    let folder = try TemporaryFolder()
    try folder.write("dup.ndjson", "{\"a\":1}\n{\"a\":2}\n{\"a\":1,\"b\":null}\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.execute("load dup.ndjson")
    output.clear()
    session.execute("diffable on by value")
    #expect(
        output.lines == [
            "error: Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(",
            #"    {"a":1,"b":null}"#, ")}",
        ])
    output.clear()
    session.execute("snapshot new from data")
    #expect(output.lines == ["error: snapshot needs a diffable data source: 'diffable on' first"])
}

/// A message that lists a dataset's fields lists 20 of many and says how
/// many there are, each name escaped (a line break in one split the error
/// over two lines) and cut short past 64 characters; `fields` and
/// `inspect` align names as printed, escapes spelled out, and a name past
/// 32 characters runs past the column instead of widening every line.
@Test func fieldListsInMessagesAndColumnsStayShort() throws {
    let folder = try TemporaryFolder()
    let long = String(repeating: "x", count: 5_000)
    let names = ["id", "\"a\nb\"", "c"] + (0..<30).map { "f\($0)" } + [long]
    try folder.write(
        "w.csv", names.joined(separator: ",") + "\n" + names.indices.map(String.init).joined(separator: ",") + "\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.execute("load w.csv")
    output.clear()
    session.execute("sort f290")
    let listed = "id, a\\nb, c, " + (0..<17).map { "f\($0)" }.joined(separator: ", ") + ", ... (34 in all)"
    #expect(output.lines == ["error: column 6: no field 'f290' in w (fields: \(listed); did you mean 'f20'?)"])
    output.clear()
    session.execute("sort \"A\\nb\"")
    #expect(
        output.lines.count == 1 && output.lines.first?.hasSuffix("did you mean 'a\\nb'?)") == true, "\(output.lines)")
    output.clear()
    session.execute("fields")
    #expect(
        output.lines.prefix(4) == ["w: 34 fields, 1 item, key id", "  id    int 1", "  a\\nb  int 1", "  c     int 1"])
    #expect(output.lines.last == "  \(long)  int 1")
    #expect(
        RecordRuleError.unknownField(long, fields: [long]).description
            == "no field '\(String(repeating: "x", count: 64))...' (fields: \(String(repeating: "x", count: 64))...)")
}

/// Two equal rows of a file without a key are one item to a diff: the
/// error shows the first 200 characters of that record, where a wide file
/// gave a line of megabytes.
@Test func aDuplicateItemOfAWideFileIsShownShort() throws {
    let folder = try TemporaryFolder()
    let names = (0..<300).map { "f\($0)" }
    try folder.write(
        "k.csv",
        names.joined(separator: ",") + "\n" + String(repeating: String(repeating: ",", count: 299) + "\n", count: 2))
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.execute("load k.csv")
    output.clear()
    session.execute("sort f5 desc")
    let record = "{" + names.map { "\"\($0)\":null" }.joined(separator: ",") + "}"
    #expect(
        output.lines == [
            "error: duplicate item \(record.prefix(200))... in the list, at 0.0 and 0.1: a diff needs unique keys"
        ])
}
