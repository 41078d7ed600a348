import ListLabRecords
import Testing

struct JSONReaderTests {
    private func read(_ text: String) throws(JSONError) -> Value {
        var reader = JSONReader(text)
        return try reader.readDocument()
    }

    private func error(_ text: String) -> String? {
        do {
            _ = try read(text)
            return nil
        } catch {
            return error.description
        }
    }

    @Test func valuesOfEveryKind() throws {
        let value = try read(#" {"a": [1, -2.5, true, false, null, "x"], "b": {}} "#)
        guard case .object(let object) = value else {
            Issue.record("not an object: \(value)")
            return
        }
        #expect(object.fields.map(\.name) == ["a", "b"])
        #expect(object["a"] == .array([.int(1), .double(-2.5), .bool(true), .bool(false), .null, .string("x")]))
        #expect(object["b"]?.kindName == "object")
    }

    @Test func numbersKeepTheirTypeAndOutOfRangeOnesTheirText() throws {
        #expect(try read("9223372036854775807") == .int(Int.max))
        #expect(try read("-9223372036854775808") == .int(Int.min))
        #expect(try read("18446744073709551616") == .number("18446744073709551616"))
        #expect(try read("1e400") == .number("1e400"))
        #expect(try read("1E5") == .double(100_000))
        #expect(try read("1e400").jsonText == "1e400")
    }

    @Test func escapesDecodeIncludingSurrogatePairs() throws {
        #expect(try read(#""a\"b\\c\/d\n\t\u00e9\ud83d\ude00""#) == .string("a\"b\\c/d\n\té😀"))
    }

    @Test func errorsSayLineColumnAndWhat() {
        #expect(error("[1,\n 2,]")?.hasPrefix("2:") == true)
        #expect(error("{\"a\" 1}")?.hasPrefix("1:6:") == true)
        #expect(error(#""\ud83d""#) != nil)
        #expect(error("[1] x") != nil)
        #expect(error("") != nil)
        #expect(error("01") != nil)
    }

    @Test func nestingDeeperThanTheBoundIsAnErrorNotAStackOverflow() {
        let deep =
            String(repeating: "[", count: JSONReader.maximumDepth + 1)
            + String(repeating: "]", count: JSONReader.maximumDepth + 1)
        #expect(error(deep) != nil)
        let allowed =
            String(repeating: "[", count: JSONReader.maximumDepth)
            + String(repeating: "]", count: JSONReader.maximumDepth)
        #expect(error(allowed) == nil)
    }
}
