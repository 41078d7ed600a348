import ListLabCore
import Testing

@testable import ListLabShell

@Test(arguments: [
    ("1.4", ItemPath(1, 4)), ("4", ItemPath(0, 4)), ("0.0", ItemPath(0, 0)), ("12.345", ItemPath(12, 345)),
])
func pathsAreSectionDotItemOrAnItemOfSectionZero(text: String, path: ItemPath) throws {
    #expect(try PathRange.path(text, column: 1) == path)
}

@Test func rangesStayInOneSection() throws {
    #expect(try PathRange.parse("0.2-0.5", column: 1).paths == (2...5).map { ItemPath(0, $0) })
    #expect(try PathRange.parse("2-5", column: 1) == PathRange(first: ItemPath(0, 2), last: ItemPath(0, 5)))
    #expect(try PathRange.parse("1.2-4", column: 1) == PathRange(first: ItemPath(1, 2), last: ItemPath(1, 4)))
    #expect(try PathRange.parse("3", column: 1).count == 1)
    #expect(try PathRange.parse("1.3-1.3", column: 1).description == "1.3")
}

@Test(arguments: [
    ("x", "column 5: 'x' is not a path: write S.I (like 1.4), or I for section 0"),
    ("1.", "column 5: '1.' is not a path: write S.I (like 1.4), or I for section 0"),
    ("1.2.3", "column 5: '1.2.3' is not a path: write S.I (like 1.4), or I for section 0"),
    ("-1", "column 5: '-1' is not a path: paths are not negative"),
    ("0.-1", "column 5: '0.-1' is not a path: paths are not negative"),
    ("99999999999999999999", "column 5: '99999999999999999999' is too large for a path"),
    ("٣", "column 5: '٣' is not a path: write S.I (like 1.4), or I for section 0"),
    ("0.5-0.2", "column 5: the range 0.5-0.2 runs backwards: write 0.2-0.5"),
    ("0.3-1.2", "column 5: the range 0.3-1.2 crosses sections: a range stays in one section"),
    ("0.3-x", "column 9: 'x' is not a path: write S.I (like 1.4), or I for section 0"),
])
func badPathsAndRangesSayWhy(text: String, message: String) {
    #expect(throws: ShellError.self) { try PathRange.parse(text, column: 5) }
    do {
        _ = try PathRange.parse(text, column: 5)
    } catch {
        #expect(error.description == message)
    }
}
