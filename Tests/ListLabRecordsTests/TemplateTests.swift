import ListLabRecords
import Testing

struct TemplateTests {
    private let diana = Record(fields: [
        ("name", .string("Diana Prince")), ("phone", .string("555-0103")), ("age", .null),
    ])

    @Test func placeholdersFillFromTheRecordAndMissingOrNullFillAsNothing() throws {
        let template = try Template("{name} — {phone}{age}{nickname}!")
        #expect(template.render(diana) == "Diana Prince — 555-0103!")
        #expect(template.fields == ["name", "phone", "age", "nickname"])
    }

    @Test func fieldsAreListedOnceInOrderOfFirstUse() throws {
        #expect(try Template("{b} {a} {b} { a }").fields == ["b", "a"])
        #expect(try Template("no fields").fields.isEmpty)
    }

    @Test func doubledBracesAreLiteral() throws {
        #expect(try Template("{{{name}}}").render(diana) == "{Diana Prince}")
        #expect(try Template("}}{{").render(diana) == "}{")
    }

    @Test func valuesRenderAsTheirTextNotTheirJSON() throws {
        let record = Record(fields: [("n", .int(3)), ("x", .double(2.5)), ("ok", .bool(true)), ("s", .string("a\"b"))])
        #expect(try Template("{n} {x} {ok} {s}").render(record) == "3 2.5 true a\"b")
    }

    @Test(arguments: [
        ("{name", "template column 1: unclosed '{'"),
        ("ab {}", "template column 4: empty '{}'"),
        ("a } b", "template column 3: stray '}' (write '}}' for a brace)"),
        ("{a {b}", "template column 1: unclosed '{'"),
    ])
    func badTemplatesSayWhereAndWhat(source: String, message: String) {
        #expect(throws: TemplateError.self) { try Template(source) }
        do {
            _ = try Template(source)
        } catch {
            #expect(error.description == message)
        }
    }

    @Test(arguments: ["name", "}", "{", "{x}", " padded ", "", "\"q\"", "a\u{1B}b", "tab\there", "é — ✓", "a}}b"])
    func everyFieldNameHasAPlaceholderThatReadsBackAsIt(field: String) throws {
        let template = try Template("<" + Template.placeholder(for: field) + ">")
        #expect(template.fields == [field])
        #expect(template.render(Record(fields: [(field, "v")])) == "<v>")
    }

    @Test func aPlainNameKeepsItsPlainPlaceholder() {
        #expect(Template.placeholder(for: "name") == "{name}")
        #expect(Template.placeholder(for: "}") == #"{"}"}"#)
        #expect(Template.placeholder(for: "") == #"{""}"#)
    }

    @Test(arguments: [
        (#"{"open}"#, "template column 2: unterminated quoted field name"),
        (#"{"a" b}"#, "template column 1: expected '}' after the quoted field name"),
    ])
    func aBadQuotedNameSaysWhereAndWhat(source: String, message: String) {
        do {
            _ = try Template(source)
            Issue.record("\(source) parsed")
        } catch {
            #expect(error.description == message)
        }
    }
}

/// A field whose name starts with a combining mark (U+0301) is named by a
/// placeholder: `{` and the mark are one Character, and read a Character at
/// a time the brace was lost (`stray '}'`), so a file with such a field did
/// not load. Columns still count Characters.
@Test func aFieldNameStartingWithACombiningMarkIsAPlaceholder() throws {
    let name = "\u{301}x"
    let template = try Template(Template.placeholder(for: name) + " and {name}")
    #expect(template.fields == [name, "name"])
    #expect(template.render(Record(fields: [(name, "accent"), ("name", "n")])) == "accent and n")
    #expect(try Template("{\"\(name)\"}").fields == [name])
    let error = try #require(throws: TemplateError.self) { try Template("é\u{301}x } ") }
    #expect(error.description == "template column 4: stray '}' (write '}}' for a brace)")
}
