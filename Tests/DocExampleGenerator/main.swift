// Writes Tests/DocExampleTests/DocExamples.swift from the doc comments'
// examples (see DocExampleFile): `swift run listlab-doc-examples`.
#if canImport(Glibc)
import Glibc
#endif
import FoundationEssentials
import ListLabTestSupport

let root = DocExampleFile.packageRoot
let target = root + "/" + DocExampleFile.path
do {
    let text = try DocExampleFile.generate(packageRoot: root)
    let examples = try DocExampleFile.examples(under: root).count
    if (try? String(contentsOfFile: target, encoding: .utf8)) == text {
        print("\(DocExampleFile.path): \(examples) examples, unchanged")
    } else {
        try Data(text.utf8).write(to: URL(fileURLWithPath: target))
        print("\(DocExampleFile.path): \(examples) examples, written")
    }
} catch {
    print("listlab-doc-examples: \(error)")
    exit(1)
}
