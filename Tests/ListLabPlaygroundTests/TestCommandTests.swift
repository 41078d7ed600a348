import ListLabPlayground
import ListLabTestSupport
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// `listlab test` and `listlab render` as a user meets them, run in this process with their output
// kept (Playground.run(arguments:output:)): exit statuses, reports, --update, --force.

/// A copy of Samples/tests/basics.lab in a folder of its own.
private func basics() throws -> (folder: TemporaryFolder, path: String, text: String) {
    let folder = try TemporaryFolder()
    let text = try String(contentsOfFile: DocExampleFile.packageRoot + "/Samples/tests/basics.lab", encoding: .utf8)
    try folder.write("basics.lab", text)
    return (folder, folder.path + "/basics.lab", text)
}

/// Runs `listlab` with `arguments`: its exit status and what it wrote.
private func listlab(_ arguments: [String]) -> (status: Int32, output: ToolOutput) {
    let output = ToolOutput()
    return (Playground.listlab.run(arguments: arguments, output: output), output)
}

/// The 1-based line of the first line of `text` that is `line`.
private func lineNumber(of line: String, in text: String) -> Int? {
    text.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0 == line }.map { $0 + 1 }
}

@Test func aCorrectTranscriptPassesAndAChangedLineFailsWithItsPlaceAndADiff() throws {
    let (folder, path, text) = try basics()
    let (status, output) = listlab(["test", path])
    #expect(status == 0 && output.standardOutput.hasSuffix("1 passed, 0 failed\n"), "\(output.standardOutput)")

    let changed = text.replacing("  selected 0.2: Diana Prince\n", with: "  selected 0.2: Diana\n")
    try folder.write("basics.lab", changed)
    let line = try #require(lineNumber(of: "  selected 0.2: Diana", in: changed))
    let (failing, report) = listlab(["test", path])
    #expect(failing == 1)
    #expect(report.standardOutput.contains("FAIL \(path):\(line): "), "\(report.standardOutput)")
    #expect(
        report.standardOutput.contains("\n  -selected 0.2: Diana\n")
            && report.standardOutput.contains("\n  +selected 0.2: Diana Prince\n"))
    #expect(report.standardOutput.hasSuffix("0 passed, 1 failed\n"))
}

@Test func updateRepairsTheOutputAndKeepsTheProseByteForByte() throws {
    let (folder, path, text) = try basics()
    let changed =
        text.replacing("  selected 0.2: Diana Prince\n", with: "  selected 0.2: Diana\n") + "A note added by hand.\n"
    try folder.write("basics.lab", changed)
    let (status, output) = listlab(["test", "--update", path])
    #expect(status == 0 && output.standardOutput.contains("updated \(path)\n"), "\(output.standardOutput)")
    let repaired = try String(contentsOfFile: path, encoding: .utf8)
    #expect(repaired == text + "A note added by hand.\n")
    #expect(listlab(["test", path]).status == 0)
}

/// `--update` does not record an error the transcript did not expect (a lesson's typo) unless
/// `--accept-errors` says the transcript means to show it; an error it expected is kept as is.
@Test func updateRecordsANewErrorOnlyWhenAskedTo() throws {
    let (folder, path, text) = try basics()
    let typo = text.replacing("  > select 2\n", with: "  > selct 2\n")
    #expect(typo != text)
    try folder.write("basics.lab", typo)
    let (status, output) = listlab(["test", "--update", path])
    #expect(status == 1)
    #expect(output.standardOutput.contains("FAIL \(path):"), "\(output.standardOutput)")
    #expect(
        output.standardOutput.contains(
            "'selct 2' now records an error the file did not expect (error: unknown command 'selct'"))
    #expect(
        output.standardOutput.contains(
            "not recorded; correct the command, or add --accept-errors if the transcript means to show it"))
    #expect(try String(contentsOfFile: path, encoding: .utf8) == typo, "the transcript is as it was")
    let (accepted, said) = listlab(["test", "--update", "--accept-errors", path])
    #expect(accepted == 0 && said.standardOutput.contains("updated \(path)\n"), "\(said.standardOutput)")
    #expect(said.standardOutput.contains("note: \(path):"))
    #expect(try String(contentsOfFile: path, encoding: .utf8).contains("  error: unknown command 'selct'"))
    // Recorded, the error is expected: a plain --update keeps it.
    #expect(listlab(["test", "--update", path]).status == 0)
    #expect(listlab(["test", "--accept-errors", path]).status != 0, "--accept-errors goes with --update")
}

@Test func aMissingTranscriptIsAnErrorNotACrash() throws {
    let folder = try TemporaryFolder()
    let (status, output) = listlab(["test", folder.path + "/nowhere.lab"])
    #expect(status == 1)
    #expect(
        output.standardOutput.contains("error: \(folder.path)/nowhere.lab: no such file or folder"),
        "\(output.standardOutput)")
}

@Test func renderDrawsATranscriptThatFailsMarksItsStepAndReplacesAPageOnlyWithForce() throws {
    let (folder, path, text) = try basics()
    try folder.write("basics.lab", text.replacing("  selected 0.2: Diana Prince\n", with: "  selected 0.2: Diana\n"))
    let pages = folder.path + "/pages"
    let (status, output) = listlab(["render", path, "--output", pages])
    #expect(status == 1)
    #expect(output.standardOutput.contains("the output of 'select 2' differs"), "\(output.standardOutput)")
    let page = try String(contentsOfFile: pages + "/basics.html", encoding: .utf8)
    #expect(page.contains(#"<section class="step failed""#))

    let (again, refusal) = listlab(["render", path, "--output", pages])
    #expect(
        again == 1 && refusal.standardOutput.contains("error: \(pages)/basics.html exists: add --force to replace it"),
        "\(refusal.standardOutput)")
    #expect(try String(contentsOfFile: pages + "/basics.html", encoding: .utf8) == page)
    let (forced, replaced) = listlab(["render", path, "--output", pages, "--force"])
    #expect(
        forced == 1 && replaced.standardOutput.contains("rendered \(path) -> \(pages)/basics.html"),
        "\(replaced.standardOutput)")

    try folder.write("a-file", "")
    let (unwritable, error) = listlab(["render", path, "--output", folder.path + "/a-file/pages"])
    #expect(unwritable == 1)
    #expect(
        error.standardOutput.hasPrefix("error: \(folder.path)/a-file/pages: cannot make the folder"),
        "\(error.standardOutput)")
    #expect(error.standardOutput.split(separator: "\n").count == 1 && error.standardError.isEmpty)
}

@Test func theVersionGoesToStandardOutputAndAnUnknownOptionToStandardError() {
    let (status, output) = listlab(["--version"])
    #expect(status == 0 && output.standardOutput == "0.1.0\n")
    let (bad, error) = listlab(["test", "x.lab", "--nonsense"])
    #expect(
        bad != 0 && error.standardError.contains("--nonsense") && output.standardError.isEmpty,
        "\(bad) [\(error.standardOutput)] [\(error.standardError)]")
}

/// `listlab run` of a transcript whose errors are the ones it recorded succeeds: each is printed,
/// and none counts as a failure (tour 5 refuses three batch updates on purpose).
@Test func runOfATranscriptWhoseErrorsAreRecordedSucceeds() throws {
    let (status, output) = listlab(["run", DocExampleFile.packageRoot + "/Samples/tours/5-uikit-crash.lab"])
    #expect(status == 0, "\(output.standardError)")
    #expect(output.standardError.contains("Invalid update: invalid number of rows in section 0."))
}
