import FoundationEssentials
import ListLabTestSupport
import Testing

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
