import ListLabFuzzing
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every input that once crashed a fuzz target (kept by Scripts/fuzz in
/// Tests/Fixtures/fuzz/TARGET/) must now go through without a trap.
@Test(arguments: FuzzTarget.allCases)
func inputsThatOnceCrashedNoLongerDo(target: FuzzTarget) throws {
    let folder = fixturesFolder() + "/" + target.rawValue
    // A missing folder is a failure, not an empty corpus: the regression inputs must be found.
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
    for file in files {
        let bytes = [UInt8](FileManager.default.contents(atPath: folder + "/" + file) ?? Data())
        target.run(bytes)
    }
}

/// Inputs shaped like the samples run through every target (a smoke test
/// that the harness itself works).
@Test(arguments: FuzzTarget.allCases)
func sampleInputsRunThroughEveryTarget(target: FuzzTarget) {
    target.run(Array("load contacts\nselect 2\nshow\n  > x\n".utf8))
    target.run(Array("id,name\n1,\"a\n".utf8))
    target.run(Array(#"[{"a": [1, {"b": null}]}]"#.utf8))
    target.run([])
    target.run([0xFF, 0x00, 0x22])
}

/// Tests/Fixtures/fuzz, found from this file's place in the package.
private func fixturesFolder() -> String {
    let file = #filePath
    let tests = file.components(separatedBy: "/ListLabShellTests/").first ?? "Tests"
    return tests + "/Fixtures/fuzz"
}
