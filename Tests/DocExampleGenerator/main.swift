import ListLabTestSupport

// Writes the examples' test copies (see DocExampleFile and ReadmeExampleFile):
// `swift run listlab-doc-examples`. With `--undocumented GRAPH...`, lists the public
// symbols of symbol graphs that have no documentation instead (Scripts/check-docs).
//   Tests/DocExampleTests/DocExamples.swift: every ```swift example of a doc comment;
//   Tests/ListLabCoreTests/ReadmeExample.swift: the README's "Use it from Swift" example;
//   Examples/ReadmeProgram/Sources/readme-program/main.swift: the same, as the README says to put it.
// With `--readme-output`, prints what the README says its program prints (Scripts/check-readme-program).
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

let root = DocExampleFile.packageRoot

/// Writes `text` to `path` (from the package root) when it differs, and says which.
func write(_ text: String, to path: String, what: String) throws {
    let target = root + "/" + path
    if (try? String(contentsOfFile: target, encoding: .utf8)) == text {
        print("\(path): \(what), unchanged")
    } else {
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
        print("\(path): \(what), written")
    }
}

/// `--undocumented GRAPH...`: the public symbols of each symbol graph that have no
/// documentation (see SymbolGraphCoverage); exits 1 when there is one.
if CommandLine.arguments.dropFirst().first == "--undocumented" {
    var total = 0
    for path in CommandLine.arguments.dropFirst(2) {
        do {
            let (module, gaps) = try SymbolGraphCoverage.gaps(
                inSymbolGraph: try Data(contentsOf: URL(fileURLWithPath: path)))
            for gap in gaps { print(gap) }
            print(
                "\(module): \(gaps.isEmpty ? "every public symbol is documented" : "\(gaps.count) public symbols without documentation")"
            )
            total += gaps.count
        } catch {
            print("listlab-doc-examples: \(path): \(error)")
            exit(1)
        }
    }
    exit(total == 0 ? 0 : 1)
}

if CommandLine.arguments.dropFirst().first == "--readme-output" {
    print(try ReadmeExampleFile.output(packageRoot: root), terminator: "")
    exit(0)
}

do {
    let examples = try DocExampleFile.examples(under: root).count
    try write(try DocExampleFile.generate(packageRoot: root), to: DocExampleFile.path, what: "\(examples) examples")
    try write(
        try ReadmeExampleFile.generate(packageRoot: root), to: ReadmeExampleFile.path, what: "the README's example")
    try write(
        try ReadmeExampleFile.generateProgram(packageRoot: root), to: ReadmeExampleFile.programPath,
        what: "the README's program")
} catch {
    print("listlab-doc-examples: \(error)")
    exit(1)
}
