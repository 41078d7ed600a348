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
    #expect(
        try kinds(#"x "a\"b" 'c\'d' "tab\there" "\u{e9}\\""#) == [
            .word("x"), .quoted("a\"b"), .quoted("c'd"), .quoted("tab\there"), .quoted("é\\"),
        ])
    #expect(try kinds(#"x """#) == [.word("x"), .quoted("")])
}

@Test(arguments: [
    ("age=42", Value.int(42)), ("score=4.5", .double(4.5)), ("done=true", .bool(true)), ("done=false", .bool(false)),
    ("note=null", .null), ("name=Ada", .string("Ada")), (#"name="Ada Lovelace""#, .string("Ada Lovelace")),
    (#"code="42""#, .string("42")), ("phone=555-0101", .string("555-0101")), ("x=-3", .int(-3)),
    ("x=1e3", .number("1e3")),
    ("x=inf", .string("inf")), ("x=nan", .string("nan")), ("x=99999999999999999999", .number("99999999999999999999")),
    ("x=007", .string("007")),
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
    // A sign is no hexadecimal digit (UInt32(_:radix:) reads one).
    for escape in [#"\u+0e9"#, #"\u-000"#, #"\u{+41}"#, #"\u{}"#, #"\u{000000041}"#] {
        #expect(
            error("x \"" + escape + "\"") == #"column 4: bad escape: write \u{HEX} or \uXXXX, like \u{e9} or \u00e9"#,
            "\(escape)")
    }
    #expect(error("update 2 name= x") == "column 15: missing value after 'name='")
    #expect(error("update 2 name=") == "column 15: missing value after 'name='")
}

/// A combining mark belongs to the Character before it, but a space, a
/// quote or an `=` before one is still itself: the line is read a Unicode
/// scalar at a time (read by Characters, a space and an accent were one
/// space, and `update 0.0 ́x=1` edited the field `x`).
@Test func aCombiningMarkDoesNotJoinTheSpaceQuoteOrEqualsBeforeIt() throws {
    // U+0301 after a space starts a word of its own, not a name: no field 'x' is assigned.
    #expect(try kinds("update 0.0 \u{301}x=1") == [.word("update"), .word("0.0"), .word("\u{301}x=1")])
    // After '=' it is the value's, and after a quote the quoted text's.
    #expect(
        try kinds("update 0.0 x=\u{301}1") == [
            .word("update"), .word("0.0"), .assignment(field: "x", value: .string("\u{301}1")),
        ])
    #expect(try kinds("say \"\u{301}a\" 'b\u{301}'") == [.word("say"), .quoted("\u{301}a"), .quoted("b\u{301}")])
    // A closing quote with a mark after it still closes; the mark is a word of its own.
    #expect(try kinds("say \"a\"\u{301}") == [.word("say"), .quoted("a"), .word("\u{301}")])
    // A name written with its accent as a scalar of its own is a name, as é is.
    #expect(
        try kinds("x cafe\u{301}=1 caf\u{e9}=2") == [
            .word("x"), .assignment(field: "cafe\u{301}", value: .int(1)),
            .assignment(field: "caf\u{e9}", value: .int(2)),
        ])
    // A JSON object right after a space and a mark is read as JSON.
    #expect(try kinds("append \u{301} {\"a\": 1}").last == .json(.object(Record(fields: [("a", 1)]))))
}

@Test func columnsCountCharactersWhenAWordHasMarks() throws {
    let tokens = try Tokenizer.tokens(in: "x cafe\u{301} \u{301}y z")
    // "cafe" and U+0301 are four Characters; the mark after the space is in the space's column, 7.
    #expect(tokens.map(\.column) == [1, 3, 7, 10])
    #expect(error("x cafe\u{301} \"open") == "column 8: unterminated quoted string")
}

@Test func aQuotedFieldNameBeforeEqualsIsAnAssignment() throws {
    #expect(
        try kinds(#"x "first name"=Ada 'a\nb'="4" "\u0301x"=2"#) == [
            .word("x"), .assignment(field: "first name", value: .string("Ada")),
            .assignment(field: "a\nb", value: .string("4")),
            .assignment(field: "\u{301}x", value: .int(2)),
        ])
    // With a space before '=', the quoted text is a quoted token, as before.
    #expect(try kinds(#"x "a" =1"#) == [.word("x"), .quoted("a"), .word("=1")])
    #expect(error(#"update 2 "a b"= x"#) == "column 16: missing value after 'a b='")
    #expect(error(#"update 2 "a\nb"="#) == #"column 17: missing value after 'a\nb='"#)
}

@Test func aFieldNameIsPrintedAsItIsTyped() throws {
    #expect(
        ["name", "a=b", "", "q\"t", "first name", "1st"].map(Tokenizer.typedFieldName) == [
            "name", #""a=b""#, #""""#, #""q\"t""#, #""first name""#, #""1st""#,
        ])
    // Typed back with a value, each is that field.
    for name in ["a=b", "", "q\"t", "first name"] {
        #expect(
            try kinds("x " + Tokenizer.typedFieldName(name) + "=1").last == .assignment(field: name, value: .int(1)))
    }
}

/// A text quoted for a command line reads back as itself, whatever it holds, and the line stays
/// one line of visible characters.
@Test(arguments: [
    "Ada", "", "section", "say \"hi\"", "back\\slash", "tab\tand\nline", "\u{1B}[2J", "rtl\u{202E}txet", "é 漢字 🙂",
    "\u{85}\u{2028}",
])
func aQuotedTextReadsBackAsItself(text: String) throws {
    let quoted = Token.quoted(text)
    #expect(!quoted.unicodeScalars.contains { VisibleText.mustEscape($0) }, "\(quoted)")
    let tokens = try Tokenizer.tokens(in: "rows " + quoted)
    #expect(tokens.count == 2 && tokens[1].kind == .quoted(text), "\(quoted) read as \(tokens.map(\.kind))")
}
