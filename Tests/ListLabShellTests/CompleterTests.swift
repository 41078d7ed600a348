import FoundationEssentials
import Testing
@testable import ListLabShell

private func complete(_ line: String, setup: [String] = ["load contacts"]) -> ShellCompleter.Candidates {
    let session = Session(output: RecordingOutput())
    setup.forEach(session.execute)
    return ShellCompleter(session: session).candidates(for: line)
}

@Test func commandNamesComplete() {
    #expect(complete("sel").words == ["select"])
    #expect(complete("s").words == ["samples", "save", "scroll", "select", "session", "set", "show", "sort", "stats"])
    #expect(complete("").words.count == Session.commandNames.count)
}

@Test func argumentsComplete() {
    #expect(Set(["contacts", "tabs", "tasks"]).isSubset(of: complete("load ").words))
    #expect(complete("load contacts as s").words == ["sectioned"])
    #expect(complete("update 2 na") == ShellCompleter.Candidates(word: "na", words: ["name="]))
    #expect(complete("bind by ").words == ["city", "id", "name", "phone"])
    #expect(complete("trace o").words == ["off", "on"])
    #expect(complete("help sh").words == ["show"])
    #expect(complete("use c").words == ["contacts"])
    #expect(complete("show --").words == ["--all", "--json"])
}

@Test func filePathsComplete() throws {
    let folder = try TemporaryFolder()
    try folder.write("tour.lab", "  > show\n")
    try folder.write("tours/a.lab", "")
    try folder.write("notes.txt", "")
    let session = Session(output: RecordingOutput(), workingDirectory: folder.path)
    let completer = ShellCompleter(session: session)
    #expect(completer.candidates(for: "run tou").words == ["tour.lab", "tours/"])
    #expect(completer.candidates(for: "run tours/").words == ["tours/a.lab"])
}
