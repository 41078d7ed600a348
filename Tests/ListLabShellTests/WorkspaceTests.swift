import ListLabTestSupport
import Testing

@testable import ListLabShell

// The workspace on its own: its providers, the current one, and the paths its commands may use.

@Test func aProviderLoadedAgainTakesItsOwnPlaceAndBecomesTheCurrentOne() throws {
    let session = Session(output: RecordingOutput())
    for line in ["load contacts", "load tabs", "load contacts"] { session.execute(line) }
    let workspace = session.workspace
    #expect(workspace.providers.map(\.name) == ["contacts", "tabs"])
    #expect(try workspace.current().name == "contacts" && workspace.currentIndex == 0)
    #expect(workspace.index(named: "tabs") == 1 && workspace.provider(named: "nothing") == nil)
}

@Test func withNothingLoadedTheErrorSaysWhatToLoadFirst() {
    let workspace = Workspace(workingDirectory: ".", canWriteFiles: true)
    #expect { try workspace.current() } throws: {
        "\($0)" == "no provider is loaded: try 'load contacts' (or 'samples')"
    }
    workspace.offersSamples = false
    #expect { try workspace.current() } throws: { "\($0)" == "no provider is loaded: try 'load FILE'" }
}

@Test func pathsStartInTheWorkingDirectoryOrStayInTheConfinedFolder() throws {
    let workspace = Workspace(workingDirectory: "/work/here", canWriteFiles: false)
    #expect(try workspace.filePath("data.csv") == "/work/here/data.csv")
    #expect(try workspace.filePath("/elsewhere/data.csv") == "/elsewhere/data.csv")
    #expect { try workspace.checkCanWrite("save") } throws: { "\($0)" == "save: this session does not write files" }

    let folder = try TemporaryFolder()
    let confined = try ConfinedFolder(copying: folder.path)
    defer { confined.remove() }
    workspace.confinement = confined
    #expect(try workspace.filePath("data.csv").hasSuffix("/data.csv"))
    #expect(throws: ShellError.self) { try workspace.filePath("/etc/passwd") }
    #expect(throws: ShellError.self) { try workspace.filePath("../outside.csv") }
}
