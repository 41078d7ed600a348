import ListLabCore
import ListLabRecords
import Testing

@Test func recordsKeepFieldOrderAndShareTheirSchema() {
    let schema = Record.Schema(["id", "name", "score"])
    let first = Record(schema: schema, values: [1, "Ada", 9.5])
    let second = Record(schema: schema, values: [2, "Grace"])
    #expect(first.schema === second.schema)
    #expect(first.fields.map(\.name) == ["id", "name", "score"])
    #expect(first["name"] == .string("Ada"))
    #expect(second["score"] == .null)
    #expect(first["missing"] == nil)
    #expect(first.jsonText == #"{"id":1,"name":"Ada","score":9.5}"#)
}

@Test func settingAFieldChangesOnlyTheCopy() {
    let ada = Record(fields: [("id", 1), ("name", "Ada")])
    let renamed = ada.setting("name", to: "Ada L.")
    let extended = ada.setting("email", to: "ada@example.com")
    #expect(ada["name"] == "Ada")
    #expect(renamed["name"] == "Ada L.")
    #expect(extended.fields.map(\.name) == ["id", "name", "email"])
    #expect(extended.jsonText == #"{"id":1,"name":"Ada","email":"ada@example.com"}"#)
}

@Test func recordsCompareByFieldsAndValues() {
    let schema = Record.Schema(["a", "b"])
    #expect(Record(schema: schema, values: [1]) == Record(fields: [("a", 1), ("b", nil)]))
    #expect(Record(fields: [("a", 1), ("b", 2)]) != Record(fields: [("b", 2), ("a", 1)]))
}

@Test(arguments: [
    (Value.null, "null"), (.bool(true), "true"), (.int(-3), "-3"), (.double(2.5), "2.5"),
    (.double(.infinity), "null"), (.string("a\"b\\c\nd\u{1}"), #""a\"b\\c\nd\u0001""#),
    (.array([1, "x", nil]), #"[1,"x",null]"#),
    (.object(Record(fields: [("k", true)])), #"{"k":true}"#),
])
func valuesWriteValidJSON(value: Value, json: String) {
    #expect(value.jsonText == json)
}

@Test func stringsReadWithoutQuotes() {
    #expect(Value.string("Diana Prince").description == "Diana Prince")
    #expect(Value.int(7).description == "7")
    #expect(Value.string("é").jsonText == "\"é\"")
}

/// A value written as bytes is its JSON text, for every kind.
@Test func aValueWrittenAsBytesIsItsJSONText() throws {
    let nested = Record(fields: [("a", .int(1)), ("b", .string("x\"y"))])
    let values: [Value] = [
        .null, .bool(true), .bool(false), .int(0), .int(7), .int(-12), .int(.max), .int(.min), .double(1.5),
        .double(.infinity),
        .number("1e400"), .string(""), .string("tab\there \"quoted\" \\ é 👩‍🚀"), .array([.int(1), .null, .string("z")]),
        .object(nested),
    ]
    for value in values {
        var text = UTF8Text()
        text.append("[")
        value.writeJSON(to: &text)
        #expect(text.string == "[" + value.jsonText, "\(value)")
    }
}

/// A record shorter than its schema reads the rest as null: it equals, and
/// hashes as, the record that spells those nulls out, and differs from one
/// with a value there; records of other names differ.
@Test func aShorterRecordEqualsTheOneWithItsNullsSpelledOut() {
    let schema = Record.Schema(["id", "name", "note"])
    let short = Record(schema: schema, values: [1])
    let full = Record(schema: schema, values: [1, .null, .null])
    #expect(short == full && full == short)
    #expect(short.hashValue == full.hashValue)
    #expect(Set([short, full]).count == 1)
    #expect(short != Record(schema: schema, values: [1, .null, "x"]))
    #expect(Record(schema: schema, values: [1, .null, "x"]) != short)
    #expect(short != Record(schema: Record.Schema(["id", "name", "other"]), values: [1]))
    #expect(
        Record(schema: schema, values: []) == Record(schema: Record.Schema(["id", "name", "note"]), values: [.null]))
}
