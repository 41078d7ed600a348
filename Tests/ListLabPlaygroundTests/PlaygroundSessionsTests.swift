import ListLabCore
import ListLabPlayground
import ListLabShell
import ListLabTestSupport
import Testing

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

// Whether a playground's sessions may run at once (a server's tabs, `listlab test`'s transcripts): its
// registrations' code decides.

/// An item and a cell for a registration of a user's own.
private struct Note: Codable, Hashable, Identifiable, Sendable {
    let id: Int
}

private final class NoteCell: ListCell, ConfigurableCell {
    func configure(with note: Note, at path: ItemPath) { text = "note \(note.id)" }
}

@Test func listLabsOwnPlaygroundRunsItsSessionsAtOnceAndOneWithAnAppsRegistrationDoesNot() {
    // ListLab's own registrations (agenda) share nothing between sessions: a server's tabs run at once.
    #expect(!Playground.listlab.registrations.isEmpty)
    #expect(!Playground.listlab.sessionsRunOneAtATime)
    #expect(!Playground(name: "empty").sessionsRunOneAtATime)
    // An app's provider need not be thread-safe: its playground's sessions run one at a time.
    var playground = Playground.listlab
    playground.register(
        ProviderRegistration(
            "notes", provider: { ArrayDataProvider([Note(id: 1)]) }, presenter: { SingleKindPresenter(NoteCell.self) }))
    #expect(playground.sessionsRunOneAtATime)
}

@Test func transcriptsThatLoadListLabsOwnRegistrationsReplayOnSeveralThreads() throws {
    // The replays on several threads get the playground's registrations: `load agenda` is known in each.
    let folder = try TemporaryFolder()
    for name in ["a", "b", "c"] { try folder.write("\(name).lab", "  > load agenda\n  > show\n") }
    let output = ToolOutput()
    let status = Playground.listlab.run(
        arguments: ["test", "--update", "--jobs", "3", folder.path], output: output)
    #expect(status == 0, "\(output.standardOutput)")
    for name in ["a", "b", "c"] {
        let text = try String(contentsOfFile: folder.path + "/\(name).lab", encoding: .utf8)
        #expect(text.contains("Stand-up") && !text.contains("error"), "\(text)")
    }
}
