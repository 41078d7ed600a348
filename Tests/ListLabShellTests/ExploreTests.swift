import Interruption
import ListLabCore
import ListLabTestSupport
import Testing

@testable import ListLabShell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// `explore`: random edits over the loaded provider, a failure shrunk to the fewest steps.

struct Note: Codable, Hashable, Identifiable {
    var id: Int
    var title: String
}

final class NoteCell: ListCell, ConfigurableCell {
    func configure(with note: Note, at path: ItemPath) { text = note.title }
}

/// A provider whose update reports nothing: the list keeps the old cell, a stale row.
final class ForgetfulNotes: DataProvider {
    typealias Item = Note
    private let notes = ArrayDataProvider<Note>((1...4).map { Note(id: $0, title: "Note \($0)") })
    var numberOfSections: Int { notes.numberOfSections }
    func numberOfItems(inSection section: Int) -> Int { notes.numberOfItems(inSection: section) }
    func item(at path: ItemPath) -> Note? { notes.item(at: path) }
    func title(ofSection section: Int) -> String? { nil }
    func append(_ note: Note, toSection section: Int?) throws -> BatchUpdate {
        try notes.append(note, toSection: section)
    }
    func insert(_ note: Note, at path: ItemPath) throws -> BatchUpdate { try notes.insert(note, at: path) }
    func update(_ note: Note, at path: ItemPath) throws -> BatchUpdate {
        _ = try notes.update(note, at: path)
        return BatchUpdate()
    }
    func delete(at paths: [ItemPath]) throws -> BatchUpdate { try notes.delete(at: paths) }
    func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate { try notes.move(from: from, to: to) }
    func reload() throws {}
    func replaceItems(with items: [Note]) throws { notes.replaceItems(with: items) }
}

/// The agenda's planted bug, as a test's own provider: a delete that empties a day forgets the section.
final class ForgetfulDays: DataProvider {
    typealias Item = Note
    private let notes = SectionedDataProvider<Note>(
        [Note(id: 1, title: "Mon"), Note(id: 2, title: "Mon"), Note(id: 3, title: "Tue"), Note(id: 4, title: "Tue")],
        groupedBy: \.title)
    var numberOfSections: Int { notes.numberOfSections }
    func numberOfItems(inSection section: Int) -> Int { notes.numberOfItems(inSection: section) }
    func item(at path: ItemPath) -> Note? { notes.item(at: path) }
    func title(ofSection section: Int) -> String? { notes.title(ofSection: section) }
    func append(_ note: Note, toSection section: Int?) throws -> BatchUpdate {
        try notes.append(note, toSection: section)
    }
    func insert(_ note: Note, at path: ItemPath) throws -> BatchUpdate { try notes.insert(note, at: path) }
    func update(_ note: Note, at path: ItemPath) throws -> BatchUpdate { try notes.update(note, at: path) }
    func delete(at paths: [ItemPath]) throws -> BatchUpdate {
        _ = try notes.delete(at: paths)
        return BatchUpdate(deletedItems: paths)
    }
    func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate { try notes.move(from: from, to: to) }
    func reload() throws {}
    func replaceItems(with items: [Note]) throws { notes.replaceItems(with: items) }
}

private func exploringSession(_ output: RecordingOutput, workingDirectory: String = ".") -> Session {
    let session = Session(output: output, workingDirectory: workingDirectory)
    session.registrations = [
        ProviderRegistration(
            "notes", provider: { ForgetfulNotes() }, presenter: { SingleKindPresenter(NoteCell.self) }),
        ProviderRegistration("days", provider: { ForgetfulDays() }, presenter: { SingleKindPresenter(NoteCell.self) }),
    ]
    return session
}

@Test func exploreFindsADayThatEmptiesAndShrinksItToItsDeletes() {
    let output = RecordingOutput()
    let session = exploringSession(output)
    session.execute("load days")
    output.clear()
    session.execute("explore --seed 2 --steps 200")
    let lines = output.lines
    #expect(lines.first?.hasPrefix("explore: after ") == true)
    #expect(lines.first?.hasSuffix("a step broke UIKit's rule sectionCountMismatch; 2 steps do it:") == true)
    // Two deletes empty a day of two: no fewer steps can.
    #expect(lines.dropFirst().prefix(2).allSatisfy { $0.hasPrefix("  delete ") })
    #expect(lines.contains { $0.contains("Invalid update: invalid number of sections.") })
    // The same seed takes the same steps; the session explored is as it was.
    output.clear()
    session.execute("explore --seed 2 --steps 200")
    #expect(output.lines == lines)
    #expect(session.recordedCommands.map(\.command) == ["load days"])
    #expect(session.refusals == 0)
}

@Test func exploreFindsARowLeftStaleByAnUpdateTheListWasNotToldOf() {
    let output = RecordingOutput()
    let session = exploringSession(output)
    session.execute("load notes")
    output.clear()
    session.execute("explore --steps 300")
    #expect(output.lines.first?.hasSuffix("a step left a row stale; 1 step does it:") == true)
    #expect(output.lines.dropFirst().first?.hasPrefix("  update ") == true)
}

@Test func theIOSVersionChosenSaysTheRuleInItsWords() {
    let output = RecordingOutput()
    let session = exploringSession(output)
    session.execute("load days")
    session.execute("explore --seed 2 --ios 17")
    #expect(output.lines.contains { $0.contains("Invalid batch updates detected:") })
    #expect(session.list.iOSVersion == .standard)
}

@Test func listLabsOwnProvidersPassAThousandSteps() {
    for sample in ["contacts", "tasks", "nearby", "expansions", "menu", "tabs", "photos"] {
        let lines = last(["load \(sample)", "explore --steps 1000 --seed 5"])
        #expect(
            lines.count == 1 && lines[0].hasPrefix("explore: 1000 steps in 25 runs (seed 5), "), "\(sample): \(lines)")
        #expect(
            lines.first?.hasSuffix(
                " taken by the provider: the list took every update, and every row on screen showed its item") == true,
            "\(sample)")
    }
}

@Test func mostStepsAreEditsTheProviderTakes() throws {
    // A step the provider refuses changes nothing and finds nothing: most must be taken.
    for sample in ["contacts", "tasks", "nearby", "expansions"] {
        let session = Session(output: DiscardingOutput())
        session.execute("load \(sample)")
        var steps = ExploreSteps(seed: 3)
        var failed: [String] = []
        var kinds: Set<String> = []
        for _ in 0..<300 {
            let step = steps.next(for: try session.workspace.current())
            kinds.insert(String(step.prefix { $0 != " " }))
            let record = session.execute(step)
            if record.failed { failed.append(step + ": " + (record.errors.first ?? "")) }
        }
        #expect(failed.count < 60, "\(sample): \(failed.count) of 300 steps failed: \(failed.prefix(3))")
        #expect(kinds == ["append", "insert", "delete", "update", "move"], "\(sample)")
    }
}

@Test func aFailureSavedAsATranscriptReplaysAsATest() throws {
    let folder = try TemporaryFolder()
    let output = RecordingOutput()
    let session = exploringSession(output, workingDirectory: folder.path)
    session.execute("load days")
    session.execute("explore --seed 2 --save found.lab")
    #expect(
        output.lines.last
            == "saved 3 commands to found.lab, this session's and the steps: 'listlab test found.lab' replays them")
    let text = try String(contentsOfFile: folder.path + "/found.lab", encoding: .utf8)
    #expect(text.contains("  > load days\n"))
    #expect(text.contains("error: the list refused the update (Invalid update: invalid number of sections."))
    let registrations = session.registrations
    let replay = TranscriptRunner.run(folder.path + "/found.lab") { replaying in
        replaying.registrations = registrations
    }
    #expect(replay.passed, "\(replay.report)")
    // A file that is there is kept unless asked.
    output.clear()
    session.execute("explore --seed 2 --save found.lab")
    #expect(output.errorCount == 1 && output.lines.last?.contains("found.lab") == true)
}

@Test func badOptionsAreOneErrorAndChangeNothing() {
    for line in [
        "explore --steps 0", "explore --steps 100001", "explore --ios 12", "explore --frobnicate", "explore --seed",
        "explore --seed 1 --seed 2", "explore --force",
    ] {
        let output = RecordingOutput()
        let session = Session(output: output)
        session.execute("load contacts")
        output.clear()
        session.execute(line)
        #expect(output.errorCount == 1 && output.lines.count == 1, "\(line): \(output.lines)")
    }
    let output = RecordingOutput()
    Session(output: output).execute("explore")
    #expect(output.errorCount == 1)
}

@Test func ctrlCStopsTheSearchWithWhatItFoundSoFar() {
    // Ctrl-C comes in while the third run loads (each run makes its provider anew; the first run
    // is the replay that checked the session replays).
    let flag = Interruption.Flag()
    final class Loads: @unchecked Sendable { var count = 0 }
    let loads = Loads()
    let output = RecordingOutput()
    let session = Session(output: output)
    session.registrations = [
        ProviderRegistration(
            "notes",
            provider: { () -> ArrayDataProvider<Note> in
                loads.count += 1
                if loads.count == 4 { flag.request() }
                return ArrayDataProvider((1...3).map { Note(id: $0, title: "Note \($0)") })
            }, presenter: { SingleKindPresenter(NoteCell.self) })
    ]
    Interruption.$current.withValue(flag) {
        session.execute("load notes")
        output.clear()
        session.execute("explore --steps 100000")
    }
    #expect(
        output.lines == [
            "explore: interrupted after 80 steps in 3 runs (seed 1), 80 taken by the provider: nothing found so far"
        ])
}

@Test func exploreStartsOnlyFromAStateItCanReplayAndCheck() throws {
    let folder = try TemporaryFolder()
    try folder.write("inner.txt", "load contacts\nexplore --steps 5\n")
    let cases: [(setup: [String], says: String)] = [
        (["load agenda"], "explore runs at the top of a session, not inside 'run'"),
        (["load contacts", "diffable on"], "under a diffable data source the list changes on 'apply' alone"),
        (["load contacts", "delete 0.1 --data-only"], "explore: the list was not told of 'delete 0.1 --data-only'"),
        (
            ["load contacts", "update 0.0 name=X --data-only"],
            "explore: the list does not show the data now (0.0 shows"
        ),
        (["load gone.csv", "rm"], "command 1, 'load gone.csv', prints \"error: gone.csv: no such file\""),
    ]
    for (setup, says) in cases {
        try folder.write("gone.csv", "id,name\n1,Ann\n2,Bob\n")
        let output = RecordingOutput()
        let session = Session(output: output, workingDirectory: folder.path)
        for line in setup {
            if line == "rm" {
                try FileManager.default.removeItem(atPath: folder.path + "/gone.csv")
            } else {
                session.execute(line)
            }
        }
        output.clear()
        session.execute(setup == ["load agenda"] ? "run inner.txt" : "explore --steps 50")
        #expect(output.errorCount == 1 && output.lines.last?.contains(says) == true, "\(setup): \(output.lines)")
    }
}

@Test func aSearchWhoseStepsTheProviderRefusesSaysSo() {
    let lines = last(["load contacts", "filter city=Gotham", "explore --steps 100"])
    #expect(lines.count == 1)
    #expect(lines.first?.hasPrefix("explore: the provider took none of 100 steps in 3 runs (seed 1): '") == true)
    #expect(lines.first?.hasSuffix("'filter off' first") == true, "\(lines)")
}

@Test func shrinkingMakesEveryValueTheSimplest() {
    #expect(
        ExploreSteps.simplerVariants(of: #"append {"id":1004,"day":"Someday","title":"Design review"}"#) == [
            #"append {"id":1004,"day":"A","title":"Design review"}"#,
            #"append {"id":1004,"day":"Someday","title":"A"}"#,
        ])
    #expect(ExploreSteps.simplerVariants(of: #"update 0.1 day="Some day" title=A"#) == [#"update 0.1 day=A title=A"#])
    #expect(ExploreSteps.simplerVariants(of: "delete 0.1") == [])
    // Found steps keep no value that a simpler one could stand for.
    let output = RecordingOutput()
    let session = exploringSession(output)
    session.execute("load days")
    for seed in 1...8 { session.execute("explore --seed \(seed) --steps 300") }
    let steps = output.lines.filter {
        $0.hasPrefix("  update ") || $0.hasPrefix("  append ") || $0.hasPrefix("  insert ")
    }
    for step in steps {
        #expect(!step.contains("Mon") && !step.contains("Tue") && !step.contains("Someday"), "\(step)")
    }
}

@Test func aReplayedTranscriptExploresAtMostItsBound() throws {
    let folder = try TemporaryFolder()
    try folder.write("long.lab", "  > load contacts\n")
    let output = RecordingOutput()
    try TranscriptRunner.withReplaySession(forTranscriptAt: folder.path + "/long.lab", output: output) { session in
        session.execute("load contacts")
        session.execute("explore --steps 60000 --seconds 1")
        session.execute("explore --steps 60000 --seconds 1")
        #expect(session.exploredSteps == 100_000)
        output.clear()
        session.execute("explore --steps 10")
        #expect(
            output.lines == [
                "error: explore: this session has explored 100000 steps, the most a replayed transcript or a "
                    + "classroom's tab may"
            ])
    }
}

@Test func aBoundedRecordsCutOutputIsComparedByItsStart() throws {
    // A replayed transcript keeps each command's first 200 lines: the cut output still matches.
    let folder = try TemporaryFolder()
    try folder.write("many.csv", "id,name\n" + (1...300).map { "\($0),N\($0)" }.joined(separator: "\n") + "\n")
    try folder.write("many.lab", "  > load many.csv\n")
    let output = RecordingOutput()
    try TranscriptRunner.withReplaySession(forTranscriptAt: folder.path + "/many.lab", output: output) { session in
        session.execute("load many.csv")
        session.execute("show --all")
        output.clear()
        session.execute("explore --steps 20")
        #expect(output.errorCount == 0, "\(output.lines)")
        #expect(output.lines.first?.hasPrefix("explore: 20 steps in 1 run (seed 1), ") == true, "\(output.lines)")
    }
}
