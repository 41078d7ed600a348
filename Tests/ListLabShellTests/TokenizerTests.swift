import ListLabCore
import ListLabRecords
import Testing
@testable import ListLabShell

private func kinds(_ line: String) throws -> [Token.Kind] {
    try Tokenizer.tokens(in: line).map(\.kind)
}

private func error(_ line: String) -> String {
    do {
        _ = try Tokenizer.tokens(in: line)
        return "no error"
    } catch {
        return error.description
    }
}

@Test func wordsAndColumns() throws {
    let tokens = try Tokenizer.tokens(in: "  select   0.2 ")
    #expect(tokens.map(\.kind) == [.word("select"), .word("0.2")])
    #expect(tokens.map(\.column) == [3, 12])
}

@Test func quotedStringsResolveTheirEscapes() throws {
    #expect(try kinds(#"bind "{name} — {phone}""#) == [.word("bind"), .quoted("{name} — {phone}")])
    #expect(try kinds(#"x "a\"b" 'c\'d' "tab\there" "\u{e9}\\""#) == [.word("x"), .quoted("a\"b"), .quoted("c'd"), .quoted("tab\there"), .quoted("é\\")])
    #expect(try kinds(#"x """#) == [.word("x"), .quoted("")])
}

@Test(arguments: [
    ("age=42", Value.int(42)), ("score=4.5", .double(4.5)), ("done=true", .bool(true)), ("done=false", .bool(false)),
    ("note=null", .null), ("name=Ada", .string("Ada")), (#"name="Ada Lovelace""#, .string("Ada Lovelace")),
    (#"code="42""#, .string("42")), ("phone=555-0101", .string("555-0101")), ("x=-3", .int(-3)), ("x=1e3", .number("1e3")),
    ("x=inf", .string("inf")), ("x=nan", .string("nan")), ("x=99999999999999999999", .number("99999999999999999999")), ("x=007", .string("007")),
])
func assignmentsAreTyped(text: String, value: Value) throws {
    let field = String(text.prefix { $0 != "=" })
    #expect(try kinds(text) == [.assignment(field: field, value: value)])
}

@Test func jsonObjectsAreOneToken() throws {
    let tokens = try Tokenizer.tokens(in: #"append {"name": "Oliver Queen", "age": 30} "#)
    #expect(tokens.count == 2)
    #expect(tokens[1].kind == .json(.object(Record(fields: [("name", "Oliver Queen"), ("age", 30)]))))
    #expect(tokens[1].column == 8)
}

@Test func brokenJSONIsAWordThatKnowsWhy() throws {
    let tokens = try Tokenizer.tokens(in: #"append {"name": "#)
    #expect(tokens[1].kind == .word(#"{"name":"#))
    #expect(tokens[1].jsonError == "column 17: unexpected end of input: expected a value")
}

@Test func lexicalErrorsPointAtTheBadToken() {
    #expect(error(#"update 2 name="unterminated"#) == "column 15: unterminated quoted string")
    #expect(error(#"say 'open"#) == "column 5: unterminated quoted string")
    #expect(error(#"x "bad \q""#) == #"column 8: unknown escape '\q' (use \n, \r, \t, \\, \", \' or \u{HEX})"#)
    #expect(error(#"x "\u{zz}""#) == #"column 4: bad escape: write \u{HEX} or \uXXXX, like \u{e9} or \u00e9"#)
    #expect(error("update 2 name= x") == "column 15: missing value after 'name='")
    #expect(error("update 2 name=") == "column 15: missing value after 'name='")
}
