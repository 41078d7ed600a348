import ListLabCore
import ListLabFuzzing
import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabShell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

private func export(_ name: String, records: [Record] = [], fields: [String] = []) throws -> SwiftExport {
    SwiftExport(
        datasetName: name, dataFileName: name + ".csv", records: records, fieldNames: fields,
        keyField: nil, groupField: nil, presenter: TemplatePresenter(kind: "Cell", text: try Template("{x}")),
        style: .table, viewportRows: 10, expectedLines: [])
}

@Test func theModelIsTheDatasetInTheSingularAndNeverAStandardName() throws {
    #expect(try export("contacts").modelName == "Contact")
    #expect(try export("categories").modelName == "Category")
    #expect(try export("matches").modelName == "Match")
    #expect(try export("address").modelName == "Address")
    #expect(try export("tasks").modelName == "TaskItem")
    #expect(try export("card game sets").modelName == "CardGameSet")
    #expect(try export("2024").modelName == "Item2024")
}

@Test func fieldNamesBecomeSwiftNames() {
    #expect(SwiftExport.lowerCamel("first name") == "firstName")
    #expect(SwiftExport.lowerCamel("e-mail") == "eMail")
    #expect(SwiftExport.lowerCamel("ID") == "id")
    #expect(SwiftExport.lowerCamel("URLPath") == "urlPath")
    #expect(SwiftExport.lowerCamel("2nd") == "_2nd")
    #expect(SwiftExport.lowerCamel("---") == "field")
    #expect(SwiftExport.escaped("class") == "`class`")
    #expect(SwiftExport.literal("say \"hi\"\\\n") == #""say \"hi\"\\\n""#)
}

@Test func aFieldsTypeComesFromEveryRecordAndIsOptionalWhereOneLacksIt() throws {
    let schema = Record.Schema(["id", "score", "note", "mixed", "tags"])
    let records = [
        Record(schema: schema, values: [1, 2, "a", 1, .array([])]),
        Record(schema: schema, values: [2, 2.5, .null, "x", .array([])]),
        Record(schema: schema, values: [3]),
    ]
    let (properties, skipped) = try export("rows", records: records, fields: ["id", "score", "note", "mixed", "tags"])
        .properties()
    #expect(properties.map(\.declaration) == ["id: Int", "score: Double?", "note: String?", "mixed: String?"])
    #expect(skipped.map(\.field) == ["tags"])
}

@Test func pathsAreResolvedByName() {
    #expect(FilePaths.absolutePath("/a/./b/../c.swift") == "/a/c.swift")
}

@Test func upToTheLimitTheItemsAreInlineAndPastItTheTestReadsACopy() throws {
    let schema = Record.Schema(["id", "name", "score", "note"])
    let rows = { (count: Int) in
        (0..<count).map {
            Record(
                schema: schema, values: [.int($0), .string("n\($0)"), $0 == 1 ? .number("1e400") : .double(1.5), .null])
        }
    }
    var small = try export("rows", records: rows(2), fields: schema.names)
    small.presenter = TemplatePresenter(kind: "Cell", text: try Template("{name}"))
    let inline = try small.source()
    #expect(
        inline.contains(
            "    Row(id: 0, name: \"n0\", score: 1.5, note: nil),\n    Row(id: 1, name: \"n1\", score: .infinity, "
                + "note: nil),\n"
        ))
    #expect(!inline.contains("import ListLabFiles") && !inline.contains("#filePath"))
    var large = small
    large.records = rows(SwiftExport.inlineLimit + 1)
    let copied = try large.source()
    #expect(copied.contains("return folder + \"/rows.csv\"") && copied.contains("import ListLabFiles"))
    #expect(!copied.contains("Row(id: 0"))
}

@Test func aKeyThatIsNotIdGivesIdUnlessAFieldIsNamedSo() throws {
    let schema = Record.Schema(["code", "id"])
    var withId = try export("rows", records: [Record(schema: schema, values: ["a", 1])], fields: ["code", "id"])
    withId.keyField = "code"
    #expect(!(try withId.source()).contains("var id: String { code }"))
    var withoutId = try export("rows", records: [Record(schema: schema, values: ["a"])], fields: ["code"])
    withoutId.keyField = "code"
    #expect(try withoutId.source().contains("    var id: String { code }\n"))
}

@Test func aNameOrValueFromTheDataNeverBecomesCode() throws {
    let name = "n\nlet pwned=1;\n\u{2028}x"
    let schema = Record.Schema(["id", "note\r\nlet pwned=1;"])
    var hostile = try export(
        name, records: [Record(schema: schema, values: [1, "*/ let pwned=1; /*\u{202E}"])], fields: schema.names)
    hostile.presenter = TemplatePresenter(
        kind: "\nlet pwned=1;",
        text: try Template("\u{2029}let pwned=1;" + Template.placeholder(for: "note\r\nlet pwned=1;")))
    hostile.expectedLines = ["\"); let pwned=1; //"]
    let source = try hostile.source()
    #expect(ExportFuzzing.problems(in: source) == [])
    #expect(!source.split(separator: "\n").contains { $0.hasPrefix("let pwned") })
}

@Test func theExportLintFindsDataThatBecameCode() {
    #expect(ExportFuzzing.problems(in: "// from x\nlet pwned=1;\n") == ["line 2 runs data as code: let pwned=1;"])
    #expect(ExportFuzzing.problems(in: "let a = \"x\\(b)\" + \"pwned=1;\" // pwned=1;\n") == [])
    #expect(
        ExportFuzzing.problems(in: "let a = \"x\n\"") == [
            "line 1 ends inside a string literal: let a = \"x", "line 2 ends inside a string literal: \"",
        ])
    #expect(ExportFuzzing.problems(in: "// \u{202E}\n") == ["a raw U+202E"])
}

@Test func manyRandomHostileExportsKeepTheirDataInCommentsAndLiterals() {
    var exports = 0
    for seed in 0..<3_000 {
        var state = UInt64(seed) &* 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<256).map { _ -> UInt8 in
            state &+= 0x9E37_79B9_7F4A_7C15
            return UInt8(truncatingIfNeeded: (state ^ (state >> 29)) &* 0xBF58_476D_1CE4_E5B9 >> 56)
        }
        guard let source = ExportFuzzing.source(from: bytes) else { continue }
        exports += 1
        let problems = ExportFuzzing.problems(in: source)
        #expect(problems.isEmpty, "seed \(seed): \(problems)")
        if !problems.isEmpty { break }
    }
    #expect(exports > 1_500)
}

/// The golden files: every built-in sample's `export swift` is the file Examples/Exported holds,
/// whose package compiles them and runs their tests. After changing the exporter,
/// `Scripts/export-samples` writes them again; commit what it writes.
@Test(arguments: ["tabs", "contacts", "nearby", "photos", "tasks", "expansions", "menu"])
func everySampleExportsAsExamplesExportedHoldsIt(sample: String) throws {
    let folder = try TemporaryFolder()
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    let name = sample.prefix(1).uppercased() + sample.dropFirst() + ".swift"
    session.execute("load \(sample)")
    session.execute("export swift \(name)")
    #expect(output.lines.contains { $0.hasPrefix("exported ") }, "\(output.lines)")
    let exported = try String(contentsOfFile: folder.path + "/" + name, encoding: .utf8)
    let golden = try String(
        contentsOfFile: DocExampleFile.packageRoot + "/Examples/Exported/Tests/ExportedTests/" + name, encoding: .utf8)
    #expect(exported == golden, "Scripts/export-samples writes Examples/Exported again")
}
