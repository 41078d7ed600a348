import Foundation
import ListLabTestSupport
import Testing

@testable import ListLabShell

// A transcript is untrusted input: CI replays the ones a pull request brings.
// A replay works in a copy of the transcript's folder and touches nothing
// outside it, nor the folder's own files.

/// Every file under `folder`: its bytes and permissions, or a link's target.
private func snapshot(of folder: String) -> [String: String] {
    var files: [String: String] = [:]
    for name in (FileManager.default.subpaths(atPath: folder) ?? []).sorted() {
        let path = folder + "/" + name
        if let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) {
            files[name] = "link to " + target
            continue
        }
        let attributes = try? FileManager.default.attributesOfItem(atPath: path)
        let mode = (attributes?[.posixPermissions] as? Int).map { String($0, radix: 8) } ?? "?"
        let bytes = FileManager.default.contents(atPath: path).map { String(decoding: $0, as: UTF8.self) } ?? "(folder)"
        files[name] = mode + " " + bytes
    }
    return files
}

/// A transcript of `commands` with no recorded output (each replays and differs: the output is what matters).
private func transcript(_ commands: [String]) -> String {
    "An attack.\n\n" + commands.map { "  > \($0)\n" }.joined()
}

@Test func aReplayWritesAndReadsNothingOutsideACopyOfItsFolder() throws {
    let root = try TemporaryFolder()
    try root.write("victim/ci.sh", "#!/bin/sh\necho building\n")
    try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: root.path + "/victim/ci.sh")
    try root.write("victim/x.csv", "id,name\n1,Victim\n")
    try root.write("victim/secret.json", #"[{"id":1,"token":"s3cr3t"}]"#)
    try root.write("victim/script.txt", "load contacts\n")
    try root.write("tx/data.csv", "id,name\n1,Ada\n2,Bo\n")
    try FileManager.default.createSymbolicLink(
        atPath: root.path + "/tx/innocent.json", withDestinationPath: "../victim/secret.json")
    try FileManager.default.createSymbolicLink(atPath: root.path + "/tx/out", withDestinationPath: "../victim")
    let victim = root.path + "/victim"
    let commands = [
        "load data.csv", "save \(victim)/abs.csv", "save ../victim/x.csv --force",
        "export swift ../victim/x.swift --force",
        "session save ../victim/ci.sh --force", "show --svg ../victim/p.svg --force", "save out/x.csv --force",
        "session save out/ci.sh --force", "load innocent.json", "update 0 token=pwned", "save --force",
        "load \(victim)/secret.json", "show --json --all", "run ../victim/script.txt", "run \(victim)/script.txt",
        "load ../victim/x.csv", "load out/x.csv", "update 0 name=Changed", "save", "save data.csv --force",
        "session save evil.lab --force",
    ]
    try root.write("tx/evil.lab", transcript(commands))
    let before = snapshot(of: root.path)

    let result = TranscriptRunner.run(root.path + "/tx/evil.lab")
    #expect(snapshot(of: root.path) == before, "a file changed outside the copy")
    let report = result.report.joined(separator: "\n")
    #expect(!report.contains("s3cr3t"), "the secret reached the report")
    #expect(
        !report.contains(FileManager.default.temporaryDirectory.path + "/listlab-replay"),
        "the scratch folder's path reached the output")
    for refused in [
        "\(victim)/abs.csv", "../victim/x.csv", "../victim/x.swift", "../victim/ci.sh", "../victim/p.svg",
        "\(victim)/secret.json", "../victim/script.txt",
    ] {
        #expect(report.contains("+error: \(refused): outside the transcript's folder"), "\(refused) was not refused")
    }
    #expect(report.contains("+error: innocent.json: a link to a file outside the transcript's folder"))
    #expect(report.contains("+error: out/x.csv: a link to a file outside the transcript's folder"))
    // Updates made in the copy stay there: the transcript's own data and the transcript itself are untouched (checked
    // above).
    #expect(report.contains("+saved 2 items to data.csv"))
}

@Test func aLessonThatSavesItsDataPassesAgainAndAgain() throws {
    let folder = try TemporaryFolder()
    try folder.write("people.csv", "id,name\n1,Ada\n")
    let output = RecordingOutput()
    let recording = Session(output: output, workingDirectory: folder.path)
    for line in ["load people.csv", "append name=Bo", "save", "load people.csv --force", "show"] {
        recording.execute(line)
    }
    recording.execute("session save lesson.lab")
    // Recording saved into the real file: put it back as the lesson expects it.
    try folder.write("people.csv", "id,name\n1,Ada\n")
    for _ in 0..<3 {
        let result = TranscriptRunner.run(folder.path + "/lesson.lab")
        #expect(result.passed, "\(result.report)")
    }
    #expect(folder.read("people.csv") == "id,name\n1,Ada\n")
}

@Test func transcriptsThatWriteOneFileReplayInParallelWithoutARace() throws {
    let folder = try TemporaryFolder()
    try folder.write("shared.csv", "id,value\n1,start\n")
    var paths: [String] = []
    for index in 0..<8 {
        let output = RecordingOutput()
        try folder.write("shared.csv", "id,value\n1,start\n")
        let session = Session(output: output, workingDirectory: folder.path)
        for line in [
            "load shared.csv", "update 0 value=writer\(index)", "save", "load shared.csv --force", "show --json 0",
        ] {
            session.execute(line)
        }
        session.execute("session save writer\(index).lab")
        paths.append(folder.path + "/writer\(index).lab")
    }
    try folder.write("shared.csv", "id,value\n1,start\n")
    for _ in 0..<5 {
        let results = TranscriptRunner.runAll(paths, jobs: 8)
        let reports = results.flatMap(\.report)
        #expect(results.allSatisfy { $0.passed }, "\(reports)")
    }
    #expect(folder.read("shared.csv") == "id,value\n1,start\n")
}

@Test func inPlaceReplaysRunOnTheRealFiles() throws {
    let folder = try TemporaryFolder()
    try folder.write("people.csv", "id,name\n1,Ada\n")
    try folder.write("edit.lab", transcript(["load people.csv", "update 0 name=Al", "save"]))
    _ = TranscriptRunner.run(folder.path + "/edit.lab", inPlace: true)
    #expect(folder.read("people.csv") == "id,name\n1,Al\n")
}
