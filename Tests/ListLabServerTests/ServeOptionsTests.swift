import ArgumentParser
import Foundation
import ListLabPlayground
import ListLabShell
import Testing

@testable import ListLabServer

/// `listlab serve` parses the server's own options (one definition, ServeOptions) and passes
/// them on as arguments the server program parses back to the same options.
@Test func theLaunchersArgumentsParseBackToTheSameServerOptions() throws {
    let typed = [
        "--port", "0", "--classroom", "--budget", "2.5", "--sample", "tasks", "--memory", "64", "--keep-folders",
        "--no-token", "--token-file", "class.tokens", "--tabs-per-address", "60",
    ]
    let options = try ServeOptions.parse(typed)
    let server = try ServeCommand.parse(options.arguments)
    #expect(server.options.arguments == options.arguments)
    #expect(
        server.options.port == 0 && server.options.classroom && server.options.budget == 2.5
            && server.options.sample == "tasks")
    #expect(
        server.options.memory == 64 && server.options.keepFolders && server.options.noToken && !server.options.empty)
    #expect(server.options.disk == 32 && server.options.serverMemory == 4_096 && server.options.host == "127.0.0.1")
    #expect(server.options.tokenFile == "class.tokens" && server.options.tabsPerAddress == 60)
    // Every option the server takes is one the launcher takes: none is listed by hand.
    let defaults = try ServeOptions.parse([])
    #expect(try ServeCommand.parse(defaults.arguments).options.arguments == defaults.arguments)
    #expect(throws: (any Error).self) { try ServeOptions.parse(["--prot", "1"]) }
}

/// A download is read where a command's file name resolves inside the tab's folder, as the
/// folder resolves every name its commands use, copying nothing.
@Test func aDownloadIsReadWhereItsNameResolvesInsideTheTabsFolder() throws {
    let parent = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-download-\(UUID().uuidString)")
        .path
    try FileManager.default.createDirectory(atPath: parent + "/empty", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: parent) }
    let folder = try ConfinedFolder(copying: parent + "/empty", in: parent, prefix: "tab-")
    let tab = folder.scratch
    #expect(folder.writtenPath(of: "sub/../d.csv") == tab + "/d.csv")
    #expect(folder.writtenPath(of: "./a/b.csv") == tab + "/a/b.csv")
    #expect(folder.writtenPath(of: "a.csv/") == tab + "/a.csv")
    #expect(folder.writtenPath(of: "../x.csv") == nil)
    #expect(folder.writtenPath(of: "a/../../x.csv") == nil)
    #expect(folder.writtenPath(of: "/etc/passwd") == nil)
    #expect(folder.writtenPath(of: ".") == nil)
    #expect(!FileManager.default.fileExists(atPath: tab + "/d.csv"), "nothing is copied or made")
}
