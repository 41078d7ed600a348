import Foundation
import ListLabCore
import ListLabRecords
import Testing

@testable import ListLabShell

/// The error `line` failed with after `setup` ran, as a value.
private func failure(
    of line: String, after setup: [String] = [], in folder: String = ".", canWriteFiles: Bool = true
) -> ShellError? {
    let session = Session(output: RecordingOutput(), workingDirectory: folder, canWriteFiles: canWriteFiles)
    for command in setup { session.execute(command) }
    session.execute(line)
    return session.lastError as? ShellError
}

@Test func aCommandLineThatDoesNotParseSaysWhatWasWrongAsAValue() {
    #expect(failure(of: "selct 0")?.reason == .unknownCommand("selct", suggestion: "select"))
    #expect(failure(of: "frobnicate")?.reason == .unknownCommand("frobnicate", suggestion: nil))
    #expect(failure(of: "\"quoted\"")?.reason == .expected("a command", found: "\"quoted\""))
    let select = failure(of: "select", after: ["load contacts"])
    #expect(select?.reason == .missing("a PATH", command: "select", usage: "select PATH | KEY=VALUE"))
    #expect(select?.column == 7)
    let extra = failure(of: "select 0.1 0.2", after: ["load contacts"])
    #expect(extra?.reason == .unexpected("0.2", usage: "select PATH | KEY=VALUE"))
    #expect(extra?.column == 12)
    #expect(
        failure(of: "select --xml", after: ["load contacts"])?.reason
            == .unknownOption("--xml", command: "select", usage: "select PATH | KEY=VALUE"))
    #expect(
        failure(of: "load contacts key id key name")?.reason
            == .givenTwice(
                "key",
                usage:
                    "load SOURCE [as array | as sectioned by FIELD | as file | as paged SIZE [failing N]] [key FIELD] [name NAME] [--force]"
            ))
    #expect(
        failure(of: "set list collection 13", after: ["load contacts"])?.reason
            == .outOfBounds("COLUMNS", bounds: 1...12, found: "13"))
}

@Test func namesThatNameNothingAreValuesWithWhatThereIs() {
    #expect(
        failure(of: "sort nmae", after: ["load contacts"])?.reason
            == .noField("nmae", dataset: "contacts", fields: ["id", "name", "phone", "city"]))
    #expect(
        failure(of: "use contcts", after: ["load contacts"])?.reason == .noProvider("contcts", loaded: ["contacts"]))
    #expect(failure(of: "show")?.reason == .nothingLoaded(firstLoad: "load contacts", offersSamples: true))
    #expect(
        failure(of: "select id=99", after: ["load contacts key id"])?.reason
            == .noItemWithKey(field: "id", value: .int(99), dataset: "contacts"))
    #expect(failure(of: "snapshot show", after: ["load contacts"])?.reason == .needsDiffable(command: "snapshot"))
}

@Test func aSessionThatWritesNoFilesSaysSoAsAValue() {
    #expect(
        failure(of: "save copy.csv", after: ["load contacts"], canWriteFiles: false)?.reason
            == .writesNoFiles(command: "save"))
}

@Test func aFileThatExistsIsReplacedOnlyWithForce() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shell-error-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("id\n1\n".utf8).write(to: folder.appendingPathComponent("data.csv"))
    try Data("id\n2\n".utf8).write(to: folder.appendingPathComponent("copy.csv"))
    #expect(failure(of: "save copy.csv", after: ["load data.csv"], in: folder.path)?.reason == .fileExists("copy.csv"))
    #expect(try String(contentsOf: folder.appendingPathComponent("copy.csv"), encoding: .utf8) == "id\n2\n")
}

@Test func aLoadOfRecordsThatShareAKeySaysWhichAsAValue() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("shell-error-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data("id,name\n1,Ada\n1,Grace\n".utf8).write(to: folder.appendingPathComponent("dup.csv"))
    #expect(
        failure(of: "load dup.csv key id", in: folder.path)?.reason
            == .duplicateKey(field: "id", value: .int(1), first: 1, second: 2, among: "records", source: "dup.csv"))
    #expect(failure(of: "session save \"\"", after: ["load contacts"])?.reason == .emptyFileName)
}

@Test func everyTypedReasonIsWordedInOnePlace() {
    // The words a user reads (and the transcripts pin), made from the data.
    #expect(
        ShellError(.unknownCommand("selct", suggestion: "select")).description
            == "unknown command 'selct' (did you mean 'select'?); type 'help' for the list")
    #expect(
        ShellError(.noField("nmae", dataset: "contacts", fields: ["id", "name"]), column: 9).description
            == "column 9: no field 'nmae' in contacts (fields: id, name; did you mean 'name'?)")
    #expect(ShellError(.noProvider("x", loaded: [])).message == "no provider named 'x' (loaded: none)")
    #expect(ShellError(.givenTwice("--seed", usage: nil)).message == "'--seed' is given twice")
    #expect(ShellError(.usage("as it is")).message == "as it is")
    #expect(ShellError(.inFile("a.lab", .notFound("no such file"))).message == "a.lab: no such file")
    #expect(
        ShellError(.rangeRunsBackwards("0.5-0.2", first: ItemPath(0, 5), last: ItemPath(0, 2))).message
            == "the range 0.5-0.2 runs backwards: write 0.2-0.5")
    #expect(
        ShellError(.duplicateKey(field: "id", value: "a", first: 2, second: 5, among: "rows", source: nil)).message
            == "duplicate key id=\"a\" in rows 2 and 5")
}

@Test func everyFailureSaysWhatKindOfThingWentWrong() {
    // A caller acts on the kind without reading words: retype, load first, or give up.
    let kinds: [(String, [String], ShellError.Reason.Kind)] = [
        ("select 0.x", ["load contacts"], .usage),
        ("select 0.5-0.2", ["load contacts"], .usage),
        ("load nosuchsample", [], .notFound),
        ("more", ["load contacts"], .unsupported),
        ("append name=Zed", ["load contacts", "filter city=Paris"], .needsFirst),
        ("run missing.lab", [], .notFound),
        ("set viewport 100000", ["load contacts"], .usage),
    ]
    for (line, setup, kind) in kinds {
        #expect(failure(of: line, after: setup)?.reason.kind == kind, "\(line)")
    }
    #expect(failure(of: "select 0.5-0.2", after: ["load contacts"])?.reason == .notAPath("0.5-0.2"))
    #expect(
        failure(of: "more", after: ["load contacts"])?.reason
            == .wrongKind(
                command: "more", worksOn: "paged providers", dataset: "contacts", kind: "an array provider",
                hint: "load SOURCE as paged SIZE"))
    #expect(
        failure(of: "append name=Zed", after: ["load contacts", "filter city=Paris"])?.reason
            == .filterOn(command: "append", field: "city", value: "Paris"))
    #expect(failure(of: "run missing.lab")?.reason == .inFile("missing.lab", .notFound("no such file")))
}

/// `Session`'s statics, found by reading its declarations: a command's
/// state and helpers belong to the command or the type they describe.
@Test func sessionKeepsNoStatics() throws {
    let shell = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../../Sources/ListLabShell").standardizedFileURL
    let files = try #require(FileManager.default.enumerator(atPath: shell.path)).compactMap { $0 as? String }
        .filter { $0.hasSuffix(".swift") }
    #expect(files.count > 50)
    var statics: [String] = []
    for file in files.sorted() {
        let text = try String(contentsOfFile: shell.appendingPathComponent(file).path, encoding: .utf8)
        var depth = 0
        var inSession = false
        for (number, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let code = line.trimmingCharacters(in: .whitespaces)
            if depth == 0 {
                let words = code.split(separator: " ")
                inSession =
                    words.firstIndex { $0 == "extension" || $0 == "class" }.map {
                        $0 + 1 < words.count && words[$0 + 1].hasPrefix("Session")
                            && words[$0 + 1].drop { $0 != "S" }
                                .prefix(while: { $0.isLetter }) == "Session"
                    } ?? false
            }
            if inSession, depth <= 1, !code.hasPrefix("//"), code.split(separator: " ").contains("static") {
                statics.append("\(file):\(number + 1): \(code)")
            }
            depth += line.count(where: { $0 == "{" }) - line.count(where: { $0 == "}" })
        }
    }
    #expect(statics == [])
}
