import ListLabTestSupport
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The examples in the doc comments are code: `DocExamples.swift` holds each
/// as a test (see ``DocExampleFile``). This test fails when a copy is not
/// what the comment says now.
@Test func theDocExamplesAreTheOnesInTheDocComments() throws {
    let root = DocExampleFile.packageRoot
    let expected = try DocExampleFile.generate(packageRoot: root)
    let current = (try? String(contentsOfFile: root + "/" + DocExampleFile.path, encoding: .utf8)) ?? ""
    #expect(
        current == expected,
        "\(DocExampleFile.path) is not the doc comments' examples: run `swift run listlab-doc-examples`, then test again"
    )
}

@Test func aShownValueIsEvaluatedAndDeclaredNamesAreUsed() {
    let body = DocExampleFile.body(of: [
        "let changes = try Changeset(from: [1, 2], to: [2, 1])",
        "changes.moves   // [0 -> 1]",
        "changes.moves.count == 1   // true",
        "try provider.save()   // writes the file",
        "print(changes)   // 1.4",
        "var total = 0",
        "for move in changes.moves { total += move.to }",
        "tracer.sink = { lines.append($0) }   // \"a\"",
    ])
    #expect(
        body == [
            "let changes = try Changeset(from: [1, 2], to: [2, 1])",
            "_ = changes.moves   // [0 -> 1]",
            "_ = changes.moves.count == 1   // true",
            "try provider.save()   // writes the file",
            "print(changes)   // 1.4",
            "var total = 0",
            "for move in changes.moves { total += move.to }",
            "tracer.sink = { lines.append($0) }   // \"a\"",
            "_ = changes",
            "_ = total",
        ])
}
