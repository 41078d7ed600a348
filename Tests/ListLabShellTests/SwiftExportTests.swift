import ListLabCore
import ListLabRecords
import Testing

@testable import ListLabShell

private func export(_ name: String, records: [Record] = [], fields: [String] = []) throws -> SwiftExport {
    SwiftExport(
        datasetName: name, dataFileName: name + ".csv", dataPath: name + ".csv", records: records, fieldNames: fields,
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
    let (properties, skipped) = try export("rows", records: records, fields: ["id", "score", "note", "mixed", "tags"]).properties()
    #expect(properties.map(\.declaration) == ["id: Int", "score: Double?", "note: String?", "mixed: String?"])
    #expect(skipped.map(\.field) == ["tags"])
}

@Test func theDataFileIsFoundFromTheExportedFilesFolder() {
    #expect(Session.relativePath(to: "/repo/Samples/datasets/contacts.csv", from: "/repo/Examples/Exported/Tests/ExportedTests")
        == "../../../../Samples/datasets/contacts.csv")
    #expect(Session.relativePath(to: "/work/data.csv", from: "/work") == "data.csv")
    #expect(Session.relativePath(to: "/work/data.csv", from: "/work/data.csv.d") == "../data.csv")
    #expect(Session.absolutePath("/a/./b/../c.swift") == "/a/c.swift")
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
