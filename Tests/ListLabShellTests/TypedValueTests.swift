import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabShell

// A number typed at the prompt is saved as it was typed, in every format and
// every command that takes values, as a number read from the file is.

private let spellings = [
    "12345678901234567891", "18446744073709551616", "-9223372036854775809", "1e400", "1e-400", "1e3", "1E+2",
    "-0", "-0.0", "1.10", "0.1", "2.50e-3", "42", "-7", "0",
]

private enum Format: String, CaseIterable {
    case csv, json, ndjson

    var file: String {
        switch self {
        case .csv: "id,note\n1,x\n"
        case .json: "[{\"id\":1,\"note\":\"x\"}]\n"
        case .ndjson: "{\"id\":1,\"note\":\"x\"}\n"
        }
    }

    /// The saved text of a row whose note is `text` (CSV: the cells; JSON: the member).
    func cell(_ text: String) -> String {
        self == .csv ? ",\(text)\n" : "\"note\":\(text)"
    }
}

private func session(in folder: TemporaryFolder) -> (Session, RecordingOutput) {
    let output = RecordingOutput()
    return (Session(output: output, workingDirectory: folder.path), output)
}

@Test(arguments: Format.allCases, spellings)
private func aTypedNumberIsSavedAsTyped(format: Format, spelling: String) throws {
    let folder = try TemporaryFolder()
    let name = "n.\(format.rawValue)"
    try folder.write(name, format.file)
    let (typing, output) = session(in: folder)
    for line in [
        "load \(name)", "update 0 note=\(spelling)", "append note=\(spelling)", "insert 0 id=7 note=\(spelling)",
        #"append {"id": 9, "note": \#(spelling)}"#, "save",
    ] {
        typing.execute(line)
    }
    #expect(output.errorCount == 0, "\(output.lines)")
    let saved = folder.read(name)
    let cells = saved.components(separatedBy: format.cell(spelling)).count - 1
    #expect(cells == 4, "\(spelling) in \(format): \(saved)")

    // Read again, each one is a number, never text.
    let (reading, readOutput) = session(in: folder)
    reading.execute("load \(name)")
    reading.execute("fields")
    #expect(!readOutput.lines.contains { $0.hasPrefix("  note") && $0.contains("string") }, "\(readOutput.lines)")
}

@Test func aTypedNumberIsPrintedAsTyped() {
    #expect(
        last(["load contacts", "update 0 city=12345678901234567891"]) == [
            "updated 0.0: city = 12345678901234567891; cell #1 reconfigured in place"
        ])
    #expect(last(["load contacts", "update 0 city=1e3"]) == ["updated 0.0: city = 1e3; cell #1 reconfigured in place"])
}

@Test(arguments: [
    ("1e3", Value.number("1e3")), ("42", .int(42)), ("4.5", .double(4.5)), ("-0", .number("-0")),
    ("1.10", .number("1.10")), ("007", .string("007")), ("+5", .string("+5")), (".5", .string(".5")),
    ("99999999999999999999", .number("99999999999999999999")), ("1e400", .number("1e400")),
])
func aNumberKeepsItsSpellingWhenItsValueWouldPrintOtherwise(text: String, value: Value) {
    #expect(Tokenizer.typedValue(text) == value)
}

@Test func numbersKeptAsWrittenStillMatchByValue() {
    #expect(
        last(["load tasks", "update 0.0 id=1e3", "filter id=1000"]).first?.hasPrefix(
            "filtered tasks to id=1000: 1 of 7") == true)
    #expect(last(["load tasks", "update 0.1 id=1e0"]) == ["error: duplicate key id=1e0: 0.0 has it already"])
}
