import ListLabTestSupport
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The README's "Use it from Swift" example is code: `ReadmeExample.swift`
/// holds it as `runReadmeExample()` (see ``ReadmeExampleFile``).
@Test func theReadmeExamplePrintsWhatTheReadmeShows() throws {
    #expect(try runReadmeExample() == readmeExampleOutput)
}

@Test func theReadmeExampleIsTheOneInTheReadme() throws {
    let root = DocExampleFile.packageRoot
    let expected = try ReadmeExampleFile.generate(packageRoot: root)
    let current = (try? String(contentsOfFile: root + "/" + ReadmeExampleFile.path, encoding: .utf8)) ?? ""
    #expect(
        current == expected,
        "\(ReadmeExampleFile.path) is not the README's example: run `swift run listlab-doc-examples`, then test again")
}

@Test func theReadmeProgramIsTheOneInTheReadme() throws {
    let root = DocExampleFile.packageRoot
    let expected = try ReadmeExampleFile.generateProgram(packageRoot: root)
    let current = (try? String(contentsOfFile: root + "/" + ReadmeExampleFile.programPath, encoding: .utf8)) ?? ""
    #expect(
        current == expected,
        "\(ReadmeExampleFile.programPath) is not the README's program: run `swift run listlab-doc-examples`, then test again"
    )
}

@Test func theExampleIsTheProgramAndTheTextBlockAfterIt() throws {
    let readme = """
        # Tool

        ## Use it from Swift

        ```swift
        .package(name: "ListLab", path: "../ListLab"),
        ```

        ```swift
        import ListLabCore

        print(1)
        ```

        It prints:

        ```text
        1
        ```

        ## Next

        ```text
        not this
        ```
        """
    let example = try ReadmeExampleFile.example(inReadme: readme)
    #expect(example.imports == ["import ListLabCore"])
    #expect(example.code == ["print(1)"])
    #expect(example.output == ["1"])
    #expect(example.line == 9)
}

@Test func aReadmeWithoutTheExampleSaysWhatIsMissing() {
    #expect(throws: ReadmeExampleFile.MissingExample.self) {
        try ReadmeExampleFile.example(inReadme: "# Tool\n\n## Use it from Swift\n\n```swift\nimport ListLabCore\n```\n")
    }
    #expect(throws: ReadmeExampleFile.MissingExample.self) {
        try ReadmeExampleFile.example(inReadme: "# Tool\n")
    }
}

/// A block that shows part of a file (its first line names it) shows it as
/// the file has it: the example packages' tests are compiled and run by the
/// test command, so what the README quotes of them runs too.
@Test func theReadmeQuotesTheExamplePackagesAsTheyAre() throws {
    let root = DocExampleFile.packageRoot
    let excerpts = ReadmeExampleFile.excerpts(
        inReadme: try String(contentsOfFile: root + "/README.md", encoding: .utf8))
    #expect(!excerpts.isEmpty)
    for excerpt in excerpts {
        let text = try String(contentsOfFile: root + "/" + excerpt.file, encoding: .utf8)
        let quoted = ReadmeExampleFile.isExcerpt(excerpt, of: text)
        #expect(
            quoted,
            "README.md:\(excerpt.line): these \(excerpt.lines.count) lines are not in \(excerpt.file) as written there")
    }
}

@Test func anExcerptMustBeTheFilesLinesInOrder() throws {
    let readme = "```swift\n// Examples/A/a.swift\nlet b = 2\nlet c = 3\n```\n\n```swift\nlet d = 4\n```\n"
    let excerpts = ReadmeExampleFile.excerpts(inReadme: readme)
    #expect(excerpts.map(\.file) == ["Examples/A/a.swift"])
    #expect(excerpts.map(\.lines) == [["let b = 2", "let c = 3"]])
    let excerpt = try #require(excerpts.first)
    #expect(ReadmeExampleFile.isExcerpt(excerpt, of: "let a = 1\nlet b = 2\nlet c = 3\n"))
    #expect(!ReadmeExampleFile.isExcerpt(excerpt, of: "let b = 2\n\nlet c = 3\n"))
    #expect(!ReadmeExampleFile.isExcerpt(excerpt, of: "let c = 3\nlet b = 2\n"))
}
