import ListLabTestSupport
import Testing

@testable import ListLabShell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Every example `help` shows runs as shown: in a fresh session with the
/// samples and two small files loaded (contacts shown), and, for examples
/// about another dataset, after `use` of the provider they are about.
struct HelpExampleTests {
    /// The provider an example is about, when it is not contacts.
    private static let needs: [String: String] = [
        "filter done=false": "tasks",
        "sort score desc": "people",
        #"bind by type place="{name}" category="{title}""#: "places",
        "batch delete section 1": "tasks",
        "more": "photos",
        "save": "people",
        "save copy.ndjson": "people",
        "save --force": "people",
    ]

    /// What an example needs run before it, when it is more than a `use`.
    private static func setup(for command: String, _ example: String) -> [String] {
        switch command {
        case "snapshot", "apply": ["diffable on"]
        case "diffable" where example == "diffable off": ["diffable on"]
        case "outline": ["load menu", "diffable on"] + (example == "outline by parent" ? [] : ["outline by parent"])
        default: []
        }
    }

    /// `batch` teaches UIKit's exceptions: its examples change no data, so
    /// the list refuses some of them, with UIKit's message, on purpose.
    private static func isUIKitRefusal(_ line: String) -> Bool {
        line.hasPrefix("error: attempt to") || line.hasPrefix("error: Invalid update")
    }

    @Test(arguments: Command.all.flatMap { command in command.examples.map { (command.name, $0) } })
    func theExampleRuns(command: String, example: String) throws {
        let folder = try TemporaryFolder()
        try folder.write("people.csv", "id,name,city,score\n1,Ada,Oslo,3\n2,Bo,Rome,5\n")
        try folder.write("people.ndjson", #"{"id":1,"name":"Ada","city":"Oslo"}"# + "\n")
        try folder.write("places.json", #"[{"id":1,"type":"place","name":"Oslo","title":"A city"}]"#)
        // `run FILE` names a file of the repository, as Scripts/listlab runs from its root.
        if command == "run", let file = example.split(separator: " ").dropFirst().first {
            let data = try Data(contentsOf: URL(fileURLWithPath: DocExampleFile.packageRoot + "/" + file))
            try folder.write(String(file), String(decoding: data, as: UTF8.self))
        }
        let output = RecordingOutput()
        let session = Session(output: output, workingDirectory: folder.path)
        for line in [
            "load tabs", "load tasks", "load photos as paged 10", "load people.csv", "load places.json",
            "load contacts",
        ] {
            session.execute(line)
        }
        if let provider = Self.needs[example] { session.execute("use \(provider)") }
        for line in Self.setup(for: command, example) { session.execute(line) }
        output.clear()
        let errorsBefore = session.errorCount
        session.execute(example)
        let errors = output.lines.filter { $0.hasPrefix("error:") && !(command == "batch" && Self.isUIKitRefusal($0)) }
        if command == "run" {
            // A tour prints the errors it teaches; they are expected, and not counted.
            #expect(session.errorCount == errorsBefore, "help run: '\(example)' printed \(errors)")
            #expect(!output.lines.isEmpty)
        } else {
            #expect(errors.isEmpty, "help \(command): '\(example)' printed \(errors)")
        }
    }
}

/// Docs/transcripts.md says the transcripts in Samples/tests/ use every command: they do.
@Test func theTranscriptsUseEveryCommand() throws {
    let root = DocExampleFile.packageRoot + "/Samples"
    var used: [String] = []
    for path in try TranscriptRunner.transcripts(in: [root + "/tests"]) {
        let text = String(decoding: try Data(contentsOf: URL(fileURLWithPath: path)), as: UTF8.self)
        used += Transcript(text: text).blocks.compactMap {
            $0.command.split(separator: " ").first.map { $0.lowercased() }
        }
    }
    let unused = Command.all.map(\.name).filter { !used.contains($0) }
    #expect(unused.isEmpty, "no transcript in Samples/tests/ uses \(unused)")
}
