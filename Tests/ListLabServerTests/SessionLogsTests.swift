import Foundation
import ListLabShell
import Testing

@testable import ListLabServer

// A classroom with a token file keeps each student's latest session as the messages its tab was
// sent (SessionLogs, FILE.sessions/), so that the student's next tab, after the session ended (the
// server stopped, or the tab stayed closed), replays them and takes up where they left off.

/// A classroom server on loopback keeping its sessions' logs in `logs`, running `body`, then stopped.
private func withLoggingServer(
    _ classroom: Classroom, logs: SessionLogs, _ body: (UInt16) async throws -> Void
) async throws {
    let server = try PlaygroundServer(
        host: "127.0.0.1", port: 0, tool: "listlab", banner: "ListLab 0.1", sample: "contacts",
        factory: SessionFactory(
            isSerial: false, folder: "/nonexistent", classroom: classroom,
            make: { Session(output: $0, workingDirectory: $1) }),
        token: testToken, sessionLogs: logs, log: { _ in })
    server.start()
    defer {
        server.stop()
        server.waitUntilStopped()
    }
    try await body(server.port)
}

/// A new tab of `student`: the steps it was greeted with (their HTML), then what `commands` showed.
@Sendable private func tab(_ port: UInt16, _ student: String, running commands: [String]) throws -> (
    greeting: [String], shown: [String]
) {
    let tab = try WebSocketClient(port: port, student: student)
    var greeting: [String] = []
    while true {
        let reply = try fields(try tab.readMessage())
        if let html = reply["html"] as? String { greeting.append(html) }
        if reply["kind"] as? String == "welcome" { break }
    }
    var shown: [String] = []
    for command in commands {
        let text = String(data: try JSONSerialization.data(withJSONObject: ["command": command]), encoding: .utf8) ?? ""
        try tab.sendFrame(text)
        while true {
            let reply = try fields(try tab.readMessage())
            if reply["kind"] as? String == "step" {
                shown.append(reply["html"] as? String ?? "")
                break
            }
        }
    }
    return (greeting, shown)
}

@Test func aStudentsSessionIsTakenUpAgainAfterTheServerRestarts() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-logs-\(UUID().uuidString)")
        .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let (ada, bea) = (String(repeating: "a", count: 32), String(repeating: "b", count: 32))
    let classroom = try Classroom(budget: 60)
    defer { classroom.removeFolders() }
    let logsFolder = SessionLogs.folder(besideTokenFile: folder + "/room.tokens")
    try await withLoggingServer(
        classroom, logs: try SessionLogs(folder: logsFolder, mostBytes: 1 << 20, mostTotal: 8 << 20)
    ) { port in
        try await WebSocketClient.blocking {
            let before = try tab(port, ada, running: ["delete 0.0", "show"])
            #expect(before.shown.count == 2 && !(before.shown.last ?? "Bruce Wayne").contains("Bruce Wayne"))
        }
    }
    var status = stat()
    #expect(stat(logsFolder, &status) == 0 && status.st_mode & 0o777 == 0o700, "the folder is its owner's alone")
    #expect(stat(logsFolder + "/\(ada).log", &status) == 0 && status.st_mode & 0o777 == 0o600)
    // Another start, as after a restart: Ada's tab takes up her session; Bea's is new.
    try await withLoggingServer(
        classroom, logs: try SessionLogs(folder: logsFolder, mostBytes: 1 << 20, mostTotal: 8 << 20)
    ) { port in
        try await WebSocketClient.blocking {
            let again = try tab(port, ada, running: ["show"])
            #expect(again.greeting.contains { $0.contains("delete 0.0") }, "her steps: \(again.greeting.count)")
            #expect(!(again.shown.first ?? "Bruce Wayne").contains("Bruce Wayne"), "her data")
            let other = try tab(port, bea, running: ["show"])
            #expect(!other.greeting.contains { $0.contains("delete 0.0") })
            #expect((other.shown.first ?? "").contains("Bruce Wayne"), "Bea's data is the sample's")
        }
    }
}

/// A log holds a tab's `--disk` at most, the logs together `--disk-total`: a session past them is
/// not kept (a session replayed in part would not be the student's), and the next tab is new.
@Test func aSessionLogPastItsBoundIsNotKept() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-bound-\(UUID().uuidString)")
        .path
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let ada = String(repeating: "a", count: 32)
    let logs = try SessionLogs(folder: folder, mostBytes: 200, mostTotal: 1_000)
    let writer = try #require(logs.writer(for: ada, after: 0, from: "10.0.0.1"))
    writer.append(#"{"command": "delete 0.0"}"#)
    #expect(logs.messages(of: ada) == [#"{"command": "delete 0.0"}"#])
    writer.append(#"{"command": "\#(String(repeating: "x", count: 200))"}"#)
    #expect(logs.messages(of: ada).isEmpty && !FileManager.default.fileExists(atPath: folder + "/\(ada).log"))
    // A message with line breaks of its own is one line of the log.
    let bea = String(repeating: "b", count: 32)
    let second = try #require(logs.writer(for: bea, after: 0, from: "10.0.0.1"))
    second.append("{\n\"command\":\n\"show\"}")
    #expect(logs.messages(of: bea) == ["{\n\"command\":\n\"show\"}"])
    // A FIFO or a hard link planted in the folder is not written: no wait, and the other file untouched.
    let (cy, dee) = (String(repeating: "c", count: 32), String(repeating: "d", count: 32))
    #expect(mkfifo(folder + "/\(cy).log", 0o600) == 0)
    #expect(logs.writer(for: cy, after: 0, from: "10.0.0.1") == nil && logs.messages(of: cy).isEmpty)
    try "ORIGINAL".write(toFile: folder + "/other", atomically: false, encoding: .utf8)
    #expect(link(folder + "/other", folder + "/\(dee).log") == 0)
    #expect(logs.writer(for: dee, after: 0, from: "10.0.0.1") == nil)
    #expect(try String(contentsOfFile: folder + "/other", encoding: .utf8) == "ORIGINAL")
    // One address's logs hold at most their share: a page that makes up keys fills no more.
    let shared = try SessionLogs(folder: folder + "-shared", mostBytes: 200, mostTotal: 1_000, mostPerAddress: 300)
    defer { try? FileManager.default.removeItem(atPath: folder + "-shared") }
    let message = #"{"command": "\#(String(repeating: "y", count: 120))"}"#
    let (first, made, other) = (
        try #require(shared.writer(for: ada, after: 0, from: "10.0.0.9")),
        try #require(shared.writer(for: bea, after: 0, from: "10.0.0.9")),
        try #require(shared.writer(for: cy, after: 0, from: "10.0.0.10"))
    )
    first.append(message)
    made.append(message)
    other.append(message)
    made.append(message)
    #expect(shared.messages(of: ada).count == 1 && shared.messages(of: cy).count == 1)
    #expect(shared.messages(of: bea).isEmpty, "past its address's 300 bytes, the second key's log is not kept")
    // A key that is not a browser's names no file.
    #expect(logs.writer(for: "../../etc/passwd", after: 0, from: "10.0.0.1") == nil)
    // A folder that is a link, or open to others, is refused.
    let link = folder + "-link"
    try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: folder)
    defer { try? FileManager.default.removeItem(atPath: link) }
    #expect(throws: TokenFile.Problem.self) { try SessionLogs(folder: link, mostBytes: 200, mostTotal: 1_000) }
    chmod(folder, 0o755)
    #expect(throws: TokenFile.Problem.self) { try SessionLogs(folder: folder, mostBytes: 200, mostTotal: 1_000) }
}
