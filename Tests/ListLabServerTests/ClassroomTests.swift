import Foundation
import ListLabHTTP
import ListLabPlayground
import ListLabShell
import Synchronization
import Testing

@testable import ListLabServer

// A classroom server left running all day: stopped cleanly, full without falling over,
// bounded in what a tab keeps, and leaving nothing behind when it was killed.

/// A classroom server whose tabs' sessions are journaled in `journals`; `body` gets the server.
private func withClassroomServer(
    _ classroom: Classroom, journals: String, _ body: (PlaygroundServer) async throws -> Void
) async throws {
    let server = try PlaygroundServer(
        host: "127.0.0.1", port: 0, tool: "listlab", banner: "ListLab 0.1", sample: "contacts",
        factory: SessionFactory(
            isSerial: false, folder: "/nonexistent", classroom: classroom,
            make: { Session(output: $0, workingDirectory: $1) },
            startJournal: { session, tab, folder in
                let journal = try? SessionJournal(folder: journals, workingFolder: folder, tab: tab, classroom: true)
                if let journal { session.addStepObserver(journal) }
                return journal
            }),
        token: testToken, log: { _ in })
    server.start()
    defer {
        server.stop()
        server.waitUntilStopped()
        classroom.removeFolders()
    }
    try await body(server)
}

private func kind(_ reply: String) -> String? {
    (try? JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any])?["kind"] as? String
}

@Test func theServerStoppingTellsEachTabAndEndsItsSessionAndFolder() async throws {
    let journals = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-stop-\(UUID().uuidString)")
        .path
    defer { try? FileManager.default.removeItem(atPath: journals) }
    let classroom = try Classroom(budget: 60)
    try await withClassroomServer(classroom, journals: journals) { server in
        let port = server.port
        let (first, second) = try await WebSocketClient.blocking { () -> (WebSocketClient, WebSocketClient) in
            let first = try WebSocketClient(port: port)
            let second = try WebSocketClient(port: port)
            for tab in [first, second] {
                while kind(try tab.readMessage()) != "welcome" {}
            }
            try first.sendFrame(#"{"command": "session save mine.lab"}"#)
            _ = try first.readMessage()
            return (first, second)
        }
        let tabFolders = try FileManager.default.contentsOfDirectory(atPath: classroom.root).filter {
            $0.hasPrefix("tab-")
        }
        #expect(tabFolders.count == 2)
        // Off the shared threads, as a signal's handler calls it: the tabs end on them.
        let ended = try await WebSocketClient.blocking { server.shutDown(saying: "the server stopped", within: 60) }
        #expect(ended == (2, 0))
        let closes = try await WebSocketClient.blocking { [first, second] in
            [try first.readClose(), try second.readClose()]
        }
        for close in closes {
            #expect(close?.code == 1001 && close?.reason == "the server stopped", "\(String(describing: close))")
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: classroom.root).sorted()
        #expect(left == ["empty", "owner"], "each tab's folder went with its session: \(left)")
        let read = JournalFile.summaries(in: journals)
        #expect(
            read.count == 2 && read.allSatisfy { $0.ended && $0.isClassroom && !$0.isUnfinished }, "\(read.map(\.path))"
        )
    }
}

@Test func aFullClassroomOpensNoNewTabAndKeepsServingItsOwn() async throws {
    let journals = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-full-\(UUID().uuidString)")
        .path
    defer { try? FileManager.default.removeItem(atPath: journals) }
    var classroom = try Classroom(budget: 60, serverMemory: 100 * 1_048_576)
    let resident = Mutex(50 * 1_048_576)
    classroom.residentBytes = { resident.withLock { $0 } }
    try await withClassroomServer(classroom, journals: journals) { server in
        let port = server.port
        let open = try await WebSocketClient.blocking { () -> WebSocketClient in
            let tab = try WebSocketClient(port: port)
            while kind(try tab.readMessage()) != "welcome" {}
            return tab
        }
        resident.withLock { $0 = 200 * 1_048_576 }
        let (refusal, close, page, answer) = try await WebSocketClient.blocking {
            [open] () -> (String, (code: Int, reason: String)?, String, String) in
            let late = try WebSocketClient(port: port)
            let refusal = try late.readMessage()
            let close = try late.readClose()
            let page = try WebSocketClient.request(
                port: port,
                "GET / HTTP/1.1\r\n" + WebSocketClient.pageHeaders(port: port).map { $0 + "\r\n" }.joined() + "\r\n")
            try open.sendFrame(#"{"command": "load tasks"}"#)
            let load = try open.readMessage()
            try open.sendFrame(#"{"command": "show 0"}"#)
            return (refusal + load, close, page, try open.readMessage())
        }
        #expect(
            refusal.contains("the classroom is full: the server holds 200 MB, and opens no new tab past 100 MB"),
            "\(refusal)")
        #expect(
            refusal.contains("the classroom is full: the server holds 200 MB, and makes no new data past 100 MB"),
            "a tab open loads nothing more: \(refusal)")
        #expect(close?.code == 1013, "\(String(describing: close))")
        #expect(page.hasPrefix("HTTP/1.1 503") && page.contains("The classroom is full"), "\(page.prefix(200))")
        #expect(kind(answer) == "step" && answer.contains("Bruce Wayne"), "the tab that was open goes on")
    }
}

@Test func aTabKeepsItsLatestStepsUpToTheirBytes() async throws {
    let journals = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-kept-\(UUID().uuidString)")
        .path
    defer { try? FileManager.default.removeItem(atPath: journals) }
    var classroom = try Classroom(budget: 60)
    classroom.keptStepBytes = 40_000
    try await withClassroomServer(classroom, journals: journals) { server in
        let port = server.port
        let steps = try await WebSocketClient.blocking { () -> [(number: Int, bytes: Int)] in
            var key = ""
            do {
                let tab = try WebSocketClient(port: port)
                while true {
                    let reply = try tab.readMessage()
                    if kind(reply) == "welcome" {
                        key =
                            (try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any])?["key"]
                            as? String ?? ""
                        break
                    }
                }
                for _ in 0..<30 {
                    try tab.sendFrame(#"{"command": "show"}"#)
                    _ = try tab.readMessage()
                }
            }
            let back = try WebSocketClient(port: port, key: key)
            var steps: [(number: Int, bytes: Int)] = []
            while true {
                let reply = try back.readMessage()
                if kind(reply) == "welcome" { break }
                let fields = try JSONSerialization.jsonObject(with: Data(reply.utf8)) as? [String: Any] ?? [:]
                steps.append((fields["number"] as? Int ?? -1, (fields["html"] as? String)?.utf8.count ?? 0))
            }
            return steps
        }
        let numbers = steps.map(\.number)
        let bytes = steps.map(\.bytes).reduce(0, +)
        #expect(!numbers.isEmpty && numbers.count < 31 && numbers.last == 31, "\(numbers)")
        #expect(numbers == Array((numbers.first ?? 0)...(numbers.last ?? 0)), "the latest steps, in order")
        #expect(bytes <= 40_000, "\(bytes)")
    }
}

@Test func theFoldersOfAClassroomWhoseServerWasKilledGoWhenTheNextStarts() throws {
    let temporary = FileManager.default.temporaryDirectory.appendingPathComponent(
        "listlab-abandoned-\(UUID().uuidString)"
    ).path
    defer { try? FileManager.default.removeItem(atPath: temporary) }
    func classroomFolder(_ name: String, owner: String?) throws -> String {
        let folder = temporary + "/" + Classroom.rootPrefix + name
        try FileManager.default.createDirectory(atPath: folder + "/tab-x", withIntermediateDirectories: true)
        try "a student's file".write(toFile: folder + "/tab-x/work.csv", atomically: true, encoding: .utf8)
        if let owner { try owner.write(toFile: folder + "/owner", atomically: true, encoding: .utf8) }
        return folder
    }
    let killed = try classroomFolder("killed", owner: "999999999 12345\n")
    let running = try classroomFolder("running", owner: "\(getpid()) \(ProcessStart.ticks(of: getpid()) ?? 0)\n")
    let unknown = try classroomFolder("unknown", owner: nil)
    Classroom.removeAbandoned(in: temporary)
    #expect(!FileManager.default.fileExists(atPath: killed))
    #expect(FileManager.default.fileExists(atPath: running + "/tab-x/work.csv"))
    #expect(
        FileManager.default.fileExists(atPath: unknown + "/tab-x/work.csv"),
        "a folder without an owner is not ours to remove")
    // A classroom's own folder names its server, and holds the tabs' folders.
    let classroom = try Classroom(budget: 1)
    defer { classroom.removeFolders() }
    let owner = try String(contentsOfFile: classroom.root + "/owner", encoding: .utf8)
    #expect(owner.hasPrefix("\(getpid()) "))
    let tab = try classroom.makeTabFolder()
    #expect(tab.scratch.hasPrefix(classroom.root + "/tab-") && tab.quota?.bytes == classroom.diskLimit)
}

@Test func outsideAClassroomAStoppedServerLeavesUnsavedEditsForRecover() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "listlab-stop-edits-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: folder + "/journals", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "id,name\n1,Ada\n2,Grace\n".write(toFile: folder + "/people.csv", atomically: true, encoding: .utf8)
    let server = try PlaygroundServer(
        host: "127.0.0.1", port: 0, tool: "listlab", banner: "ListLab 0.1", sample: nil,
        factory: SessionFactory(
            isSerial: false, folder: folder, make: { Session(output: $0, workingDirectory: $1) },
            startJournal: { session, tab, working in
                let journal = try? SessionJournal(folder: folder + "/journals", workingFolder: working, tab: tab)
                if let journal { session.addStepObserver(journal) }
                return journal
            }),
        token: testToken, log: { _ in })
    server.start()
    defer {
        server.stop()
        server.waitUntilStopped()
    }
    let port = server.port
    // One blocking part, the tabs connected until the server stops: under load, the test's own
    // task may wait minutes for a thread of the shared pool between two parts, and tabs closed
    // meanwhile would end on their own (after the server's two minutes for a reload).
    let ended = try await WebSocketClient.blocking { () -> (ended: Int, recoverable: Int) in
        let edits = try WebSocketClient(port: port)
        let looks = try WebSocketClient(port: port)
        for tab in [edits, looks] {
            while kind(try tab.readMessage()) != "welcome" {}
        }
        for command in ["load people.csv", "update 0 name=Edited"] {
            try edits.sendFrame(#"{"command": "\#(command)"}"#)
            _ = try edits.readMessage()
        }
        try looks.sendFrame(#"{"command": "load contacts"}"#)
        _ = try looks.readMessage()
        let ended = server.shutDown(saying: "the server stopped", within: 60)
        withExtendedLifetime((edits, looks)) {}
        return ended
    }
    #expect(ended == (2, 1))
    // Told apart by their commands: the two tabs open at once, so either may be tab 1.
    let journals = JournalFile.all(in: folder + "/journals")
    let edited = journals.first { $0.records.contains { $0.command.hasPrefix("update") } }
    let looked = journals.first { $0.records.contains { $0.command == "load contacts" } }
    #expect(
        journals.count == 2 && edited?.ended == false && looked?.ended == true,
        "the edits' journal is left for recover, the other is closed")
    #expect(try String(contentsOfFile: folder + "/people.csv", encoding: .utf8) == "id,name\n1,Ada\n2,Grace\n")
}

@Test func repliesNotReadHoldBackATabsNextMessage() async {
    // No writer: what is pushed stays queued, as it does for a client that does not read.
    let out = OutgoingFrames()
    out.push([UInt8](repeating: 1, count: 600_000))
    out.push([UInt8](repeating: 2, count: 600_000))
    #expect(out.queuedBytes == 1_200_000)
    #expect(await out.waitForRoom(below: 2_000_000, seconds: 0.1), "room below the bound: no wait")
    #expect(
        await !out.waitForRoom(below: 1_000_000, seconds: 0.2),
        "past the bound, unread: the next message waits, then gives up")
    out.close()
    #expect(await out.waitForRoom(below: 1_000_000, seconds: 0.2), "a closed queue waits for nothing")
    #expect(out.isClosed)
}

@Test func aStepWhosePicturesWeighTooMuchGoesWithoutThem() async throws {
    let journals = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-heavy-\(UUID().uuidString)")
        .path
    defer { try? FileManager.default.removeItem(atPath: journals) }
    var classroom = try Classroom(budget: 60)
    classroom.stepOutputLimit = 3_000
    try await withClassroomServer(classroom, journals: journals) { server in
        let port = server.port
        let reply = try await WebSocketClient.blocking { () -> String in
            let tab = try WebSocketClient(port: port)
            while kind(try tab.readMessage()) != "welcome" {}
            try tab.sendFrame(#"{"command": "select 1"}"#)
            return try tab.readMessage()
        }
        #expect(
            reply.contains("its pictures are left out") && reply.contains("more than the 2 KB a classroom step shows"),
            "\(reply.prefix(300))")
        #expect(reply.utf8.count < 6_000, "\(reply.utf8.count) bytes")
        #expect(!reply.contains("<svg"))
    }
}

@Test func anUploadsNameHoldsNoControlThatActsOnAReader() {
    #expect(Classroom.uploadName("grades.csv") == "grades.csv")
    #expect(Classroom.uploadName("résumé notes.txt") == "résumé notes.txt")
    for name in ["a\u{9B}2J.csv", "exe.\u{202E}vsc.txt", "a\u{7F}.csv", "a\u{1B}[2J.csv", "b\u{2067}.csv"] {
        #expect(Classroom.uploadName(name) == nil, "\(name.unicodeScalars.map { String($0.value, radix: 16) })")
    }
}

/// The tab folders of a classroom hold `--disk-total` together: each tab reserves its `--disk`
/// when its folder is made, and gives it back when its tab ends, unless the folder is kept.
@Test func theTabFoldersHoldTheirTotalTogether() throws {
    var classroom = try Classroom(budget: 10, diskLimit: 1_048_576, diskTotal: 2 * 1_048_576)
    defer {
        classroom.keepsFolders = false
        classroom.removeFolders()
    }
    let first = try classroom.makeTabFolder()
    let second = try classroom.makeTabFolder()
    #expect(
        throws: ShellError(
            .overBound(
                "the classroom's tab folders have reserved 2 MB of the 2 MB they may hold together (--disk-total): "
                    + "try again when others close theirs"
            ))
    ) {
        try classroom.makeTabFolder()
    }
    classroom.endTabFolder(first)
    #expect(!FileManager.default.fileExists(atPath: first.scratch))
    let third = try classroom.makeTabFolder()
    // A kept folder keeps its reservation: its files stay on disk.
    classroom.keepsFolders = true
    classroom.endTabFolder(second)
    #expect(FileManager.default.fileExists(atPath: second.scratch))
    #expect(classroom.diskBook.reserved == 2 * 1_048_576)
    #expect(throws: ShellError.self) { try classroom.makeTabFolder() }
    withExtendedLifetime(third) {}
}

/// What a tab keeps of its commands (its steps for a reload, its record, its history) counts in
/// its memory with its data: after many commands, the data it may still hold is less by them.
@Test func aTabsStepsRecordAndHistoryCountInItsMemory() async throws {
    let classroom = try Classroom(budget: 60, tabMemory: 2 * 1_048_576)
    defer { classroom.removeFolders() }
    let factory = SessionFactory(isSerial: false, folder: ".", classroom: classroom) {
        Session(output: $0, workingDirectory: $1)
    }
    let tab = try TabSession(factory: factory, number: 1, sample: nil, tours: [])
    // 3 MB of CSV: more than the tab may hold, so that each refusal says what it may hold.
    let rows = (0..<60_000).map { "\($0),name \($0),\(String(repeating: "z", count: 30))" }
    let csv = "id,name,note\n" + rows.joined(separator: "\n") + "\n"
    func send(_ fields: [String: String]) async throws -> String {
        let text = String(decoding: try JSONSerialization.data(withJSONObject: fields), as: UTF8.self)
        return await tab.reply(to: text).map(\.json).joined(separator: "\n")
    }
    /// The megabytes of data the tab said it may hold, from its refusal of the big load.
    func mayHold() async throws -> Double? {
        megabytesItMayHold(try await send(["command": "load big.csv"]))
    }
    _ = try await send(["upload": "big.csv", "text": csv])
    let before = try #require(try await mayHold())
    #expect(before >= 1.9, "a fresh tab may hold nearly all of its 2 MB: \(before)")
    for _ in 0..<400 { _ = try await send(["command": "help"]) }
    let after = try #require(try await mayHold())
    let said = try await send(["command": "load big.csv"])
    #expect(
        said.contains("it may (a tab&#39;s 2.0 MB, less "), "the refusal says why it may hold less: \(said.prefix(400))"
    )
    #expect(
        after <= before - 0.5,
        "400 commands kept in steps, record and history hold part of it: \(before) MB, then \(after) MB")
    #expect(after >= 0.5, "each part is bounded to a share of the tab's memory: \(after) MB")
    await tab.end()
}

/// In a classroom one student (one address) holds `--tabs-per-student` tabs, not a client's 16.
@Test func aStudentHoldsTheirTabsPerStudent() async throws {
    let journals = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-student-\(UUID().uuidString)")
        .path
    defer { try? FileManager.default.removeItem(atPath: journals) }
    var classroom = try Classroom(budget: 60)
    classroom.tabsPerStudent = 2
    try await withClassroomServer(classroom, journals: journals) { server in
        let port = server.port
        let (firsts, tabs) = try await WebSocketClient.blocking { () -> ([String], [WebSocketClient]) in
            var tabs: [WebSocketClient] = []
            var firsts: [String] = []
            for _ in 0..<3 {
                let tab = try WebSocketClient(port: port)
                var reply = try tab.readMessage()
                while kind(reply) == "step" { reply = try tab.readMessage() }
                firsts.append(reply)
                tabs.append(tab)
            }
            return (firsts, tabs)
        }
        #expect(firsts.prefix(2).allSatisfy { kind($0) == "welcome" }, "\(firsts)")
        #expect(
            kind(firsts[2]) == "refused"
                && firsts[2].contains(
                    "this browser's address has 2 tabs open here, the most one student may (--tabs-per-student)"),
            "\(firsts[2])")
        withExtendedLifetime(tabs) {}
    }
}

/// A page that sends its browser's key holds its student's tabs, so two students behind one address
/// (a lab machine, a school's network) each hold theirs; the address is bounded beside.
@Test func studentsBehindOneAddressEachHoldTheirOwnTabs() async throws {
    let journals = FileManager.default.temporaryDirectory.appendingPathComponent(
        "listlab-students-\(UUID().uuidString)"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: journals) }
    var classroom = try Classroom(budget: 60)
    classroom.tabsPerStudent = 2
    try await withClassroomServer(classroom, journals: journals) { server in
        let port = server.port
        let (firsts, tabs) = try await WebSocketClient.blocking { () -> ([String], [WebSocketClient]) in
            var tabs: [WebSocketClient] = []
            var firsts: [String] = []
            for student in ["a", "b", "a"].map({ String(repeating: $0, count: 32) }) + [
                String(repeating: "b", count: 32)
            ]
                + [String(repeating: "a", count: 32)]
            {
                let tab = try WebSocketClient(port: port, student: student)
                var reply = try tab.readMessage()
                while kind(reply) == "step" { reply = try tab.readMessage() }
                firsts.append(reply)
                tabs.append(tab)
            }
            return (firsts, tabs)
        }
        // Ada's two tabs and Bea's two, from one address; Ada's third is refused as hers.
        #expect(firsts.prefix(4).allSatisfy { kind($0) == "welcome" }, "\(firsts)")
        #expect(
            kind(firsts[4]) == "refused"
                && firsts[4].contains(
                    "this browser has 2 tabs open here, the most one student may (--tabs-per-student)"),
            "\(firsts[4])")
        withExtendedLifetime(tabs) {}
    }
}

/// An address holds `--tabs-per-address` tabs of all its students (32 by default, a bound against a
/// flood); a class behind one address (a lab, a school's network) raises it, and its sockets follow.
@Test func anAddressHoldsItsBoundOfTabsWhichAClassBehindItRaises() async throws {
    let journals = FileManager.default.temporaryDirectory.appendingPathComponent(
        "listlab-addresses-\(UUID().uuidString)"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: journals) }
    for (bound, students) in [(3, 4), (40, 40)] {
        var classroom = try Classroom(budget: 60)
        classroom.tabsPerStudent = 1
        classroom.tabsPerAddress = bound
        try await withClassroomServer(classroom, journals: journals) { server in
            let port = server.port
            let (firsts, tabs) = try await WebSocketClient.blocking { () -> ([String], [WebSocketClient]) in
                var tabs: [WebSocketClient] = []
                var firsts: [String] = []
                for student in 0..<students {
                    let tab = try WebSocketClient(port: port, student: String(format: "%032x", student))
                    var reply = try tab.readMessage()
                    while kind(reply) == "step" { reply = try tab.readMessage() }
                    firsts.append(reply)
                    tabs.append(tab)
                }
                return (firsts, tabs)
            }
            let welcomed = firsts.filter { kind($0) == "welcome" }.count
            #expect(welcomed == min(bound, students), "\(bound): \(firsts.last ?? "")")
            if students > bound {
                #expect(
                    firsts.last?.contains(
                        "this address has \(bound) tabs open here, the most one address may (--tabs-per-address)")
                        == true, "\(firsts.last ?? "")")
            }
            withExtendedLifetime(tabs) {}
        }
    }
}

/// A page without a browser's key (the presenter's view) counts among its address's tabs, not against
/// a student's bound; and at a full address, the address's oldest tab that left ends to make room for
/// the next student there (a lab machine's next class).
@Test func aFullAddressTakesThePresenterAndMakesRoomFromATabThatLeft() async throws {
    let journals = FileManager.default.temporaryDirectory.appendingPathComponent(
        "listlab-full-address-\(UUID().uuidString)"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: journals) }
    var classroom = try Classroom(budget: 60)
    classroom.tabsPerStudent = 1
    classroom.tabsPerAddress = 4
    try await withClassroomServer(classroom, journals: journals) { server in
        let port = server.port
        let replies = try await WebSocketClient.blocking { () -> [String] in
            func open(_ student: String?) throws -> (WebSocketClient, String) {
                let tab = try WebSocketClient(port: port, student: student)
                var reply = try tab.readMessage()
                while kind(reply) == "step" { reply = try tab.readMessage() }
                return (tab, reply)
            }
            var tabs: [WebSocketClient?] = []
            var replies: [String] = []
            for student in 0..<3 {
                let (tab, reply) = try open(String(format: "%032x", student))
                tabs.append(tab)
                replies.append(reply)
            }
            let (presenter, shown) = try open(nil)
            replies.append(shown)
            replies.append(try open(String(format: "%032x", 7)).1)
            // The first student's tab closes: once the server sees it, the next student has its place.
            tabs[0] = nil
            var next = ""
            for _ in 0..<50 {
                let (tab, reply) = try open(String(format: "%032x", 8))
                next = reply
                if kind(reply) == "welcome" {
                    tabs.append(tab)
                    break
                }
                usleep(100_000)
            }
            replies.append(next)
            withExtendedLifetime((tabs, presenter)) {}
            return replies
        }
        #expect(replies.prefix(4).allSatisfy { kind($0) == "welcome" }, "\(replies)")
        #expect(
            kind(replies[4]) == "refused"
                && replies[4].contains("this address has 4 tabs open here, the most one address may"), "\(replies[4])")
        #expect(kind(replies[5]) == "welcome", "\(replies[5])")
    }
}

/// A class whose tab folders hold their --disk-total ends its oldest tab that left, whoever's, for a
/// new tab: tabs opened and dropped (an attacker's) do not shut out the students at work; with every
/// tab in use, the new one is refused.
@Test func aFullClassMakesRoomFromItsOldestTabThatLeft() async throws {
    let journals = FileManager.default.temporaryDirectory.appendingPathComponent(
        "listlab-full-class-\(UUID().uuidString)"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: journals) }
    let classroom = try Classroom(budget: 60, diskLimit: 1_048_576, diskTotal: 2 * 1_048_576)
    try await withClassroomServer(classroom, journals: journals) { server in
        let port = server.port
        let replies = try await WebSocketClient.blocking { () -> [String] in
            func open(_ student: Int, from address: String) throws -> (WebSocketClient, String) {
                let tab = try WebSocketClient(port: port, from: address, student: String(format: "%032x", student))
                var reply = try tab.readMessage()
                while kind(reply) == "step" { reply = try tab.readMessage() }
                return (tab, reply)
            }
            var (dropped, first): (WebSocketClient?, String) = try open(1, from: "127.0.0.2")
            let (working, second) = try open(2, from: "127.0.0.3")
            let (_, refused) = try open(3, from: "127.0.0.4")
            dropped = nil
            var next = ""
            var kept: WebSocketClient?
            for _ in 0..<50 {
                let (tab, reply) = try open(4, from: "127.0.0.4")
                next = reply
                if kind(reply) == "welcome" {
                    kept = tab
                    break
                }
                usleep(100_000)
            }
            withExtendedLifetime((dropped, working, kept)) {}
            return [first, second, refused, next]
        }
        #expect(kind(replies[0]) == "welcome" && kind(replies[1]) == "welcome", "\(replies)")
        #expect(kind(replies[2]) == "refused" && replies[2].contains("--disk-total"), "\(replies[2])")
        #expect(kind(replies[3]) == "welcome", "\(replies[3])")
    }
}

/// A student's name is text for the teacher's page: spaces trimmed and joined, at most 40
/// characters, and no control, bidirectional override or format character.
@Test func aStudentsNameIsPlainTextOfFortyCharacters() {
    #expect(Classroom.studentName("  Zoë \t O'Neil ") == nil, "a tab is a control")
    #expect(Classroom.studentName("  Zoë   O'Neil ") == "Zoë O'Neil")
    #expect(Classroom.studentName("李小龙") == "李小龙")
    for refused in ["", "   ", "a\u{202E}b", "a\u{1B}[2Jb", "a\nb", "a\u{200B}b", String(repeating: "x", count: 41)] {
        #expect(Classroom.studentName(refused) == nil, "\(refused.unicodeScalars.map { String($0.value, radix: 16) })")
    }
    #expect(Classroom.studentName(String(repeating: "x", count: 40)) != nil)
    // A name of Latin letters with a Cyrillic or Greek one that looks like one of them would pass for
    // another student's; a name in one of them is a name.
    #expect(Classroom.studentName("Grac\u{0435}") == nil)
    #expect(Classroom.studentName("\u{0391}da") == nil)
    #expect(Classroom.studentName("Наталья") == "Наталья")
    #expect(Classroom.studentName("Ζωή Smith") == nil)
    #expect(Classroom.studentName("José Núñez") == "José Núñez")
    #expect(CollectedNames.part("Zoë O'Neil") == "Zoë-O-Neil")
    #expect(CollectedNames.part("../../etc") == "etc")
    #expect(CollectedNames.part("///") == "unnamed")
}

/// The teacher's page says, for each exercise a student checked, whether it is done, how many
/// tries it took and whether the Solution ran; a tab that ends writes its sessions to `--collect`'s
/// folder, never over a file there.
@Test func exercisesAreCountedAndATabThatEndsIsCollected() async throws {
    let collect = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-collect-\(UUID().uuidString)")
        .path
    let outside = collect + "-outside"
    for folder in [collect, outside] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    }
    defer { for folder in [collect, outside] { try? FileManager.default.removeItem(atPath: folder) } }
    var classroom = try Classroom(budget: 60)
    classroom.collectFolder = collect
    defer { classroom.removeFolders() }
    // The lesson as `session save` writes it: the check's state is the one its solution reaches.
    let recorded = Session(output: RecordingOutput())
    for command in ["load contacts", "exercise Put Barry Allen first.", "move 0.3 0.0", "exercise check"] {
        recorded.execute(command)
    }
    let lesson = try recorded.transcript(named: "barry.lab").text
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-lessons-\(UUID().uuidString)")
        .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try lesson.write(toFile: folder + "/barry.lab", atomically: true, encoding: .utf8)
    let factory = SessionFactory(isSerial: false, folder: ".", classroom: classroom) {
        Session(output: $0, workingDirectory: $1)
    }
    for round in 0..<2 {
        let tab = try TabSession(
            factory: factory, number: 7, sample: nil, tours: [], lessons: LessonFolder(path: folder))
        func send(_ message: String) async -> [String] { await tab.reply(to: message).map(\.json) }
        #expect(await send(#"{"name": "Ada"}"#) == [ServerMessage.named("Ada").json])
        #expect(await send(#"{"name": "a\u202eb"}"#).first?.contains("refused") == true)
        _ = await send(#"{"tour": "barry.lab"}"#)
        _ = await send(#"{"lesson": "step"}"#)
        _ = await send(#"{"lesson": "step"}"#)
        _ = await send(#"{"lesson": "step"}"#)
        #expect(tab.status.withLock(\.exercises) == [ExerciseStatus(lesson: "barry.lab", number: 1, tries: 1)])
        _ = await send(#"{"lesson": "solve"}"#)
        _ = await send(#"{"lesson": "step"}"#)
        let exercises = tab.status.withLock(\.exercises)
        #expect(exercises == [ExerciseStatus(lesson: "barry.lab", number: 1, tries: 2, done: true, usedSolution: true)])
        #expect(
            TeacherPage.exercises(exercises)
                == #"<ul class="exercises"><li>barry.lab 1: done, 2 tries, Solution</li></ul>"#)
        _ = await send(#"{"lesson": "close"}"#)
        _ = await send(#"{"upload": "people.csv", "text": "id,name\n1,Ada\n"}"#)
        _ = await send(#"{"command": "load people.csv"}"#)
        await tab.end()
        if round == 0 {
            let written = try FileManager.default.contentsOfDirectory(atPath: collect + "/tab-7-Ada").sorted()
            #expect(written == ["1-barry.lab", "own.lab", "people.csv"])
            let own = try String(contentsOfFile: collect + "/tab-7-Ada/own.lab", encoding: .utf8)
            #expect(own.contains("> load people.csv") && own.contains("Replay it with 'listlab test own.lab'"))
            let solved = try String(contentsOfFile: collect + "/tab-7-Ada/1-barry.lab", encoding: .utf8)
            #expect(solved.contains("> move 0.3 0.0") && solved.contains("> exercise check"))
            // A link planted where the next folder would go is not followed: the one after it is made.
            try FileManager.default.createSymbolicLink(atPath: collect + "/tab-7-Ada-2", withDestinationPath: outside)
        }
    }
    // The same names again (a server restarted, its tab numbers from 1): a folder beside, never over.
    let written = try FileManager.default.contentsOfDirectory(atPath: collect).sorted()
    #expect(written == ["tab-7-Ada", "tab-7-Ada-2", "tab-7-Ada-3"])
    #expect(try FileManager.default.contentsOfDirectory(atPath: outside).isEmpty, "nothing written through the link")
    #expect(
        try FileManager.default.contentsOfDirectory(atPath: collect + "/tab-7-Ada-3").sorted() == [
            "1-barry.lab", "own.lab", "people.csv",
        ])
    // Collected, the tab's transcripts replay beside the files they load.
    let replay = Playground.listlab.replayTranscripts([collect + "/tab-7-Ada"])
    #expect(replay.failed == 0 && replay.passed == 2, "\(replay)")
}

/// Tabs a student opens at once are counted together: a place is held for each before it is made.
@Test func tabsOpenedAtOnceAreCountedTogether() async throws {
    let journals = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-race-\(UUID().uuidString)")
        .path
    defer { try? FileManager.default.removeItem(atPath: journals) }
    var classroom = try Classroom(budget: 60)
    classroom.tabsPerStudent = 2
    try await withClassroomServer(classroom, journals: journals) { server in
        let port = server.port
        let firsts = try await WebSocketClient.blocking { () -> [String] in
            let answers = Mutex<[String]>([])
            let tabs = Mutex<[WebSocketClient]>([])
            // A thread each, all connected before any says hello: the server sees twelve hellos at once.
            let group = DispatchGroup()
            let connected = DispatchSemaphore(value: 0)
            let go = DispatchSemaphore(value: 0)
            for _ in 0..<12 {
                group.enter()
                Thread {
                    defer { group.leave() }
                    let tab = try? WebSocketClient(port: port, key: nil)
                    connected.signal()
                    go.wait()
                    guard let tab, (try? tab.sendFrame(#"{"hello": ""}"#)) != nil else { return }
                    var reply = (try? tab.readMessage()) ?? "closed"
                    while kind(reply) == "step" { reply = (try? tab.readMessage()) ?? "closed" }
                    answers.withLock { $0.append(reply) }
                    tabs.withLock { $0.append(tab) }
                }.start()
            }
            for _ in 0..<12 { connected.wait() }
            for _ in 0..<12 { go.signal() }
            group.wait()
            return answers.withLock { $0 }
        }
        #expect(firsts.count { kind($0) == "welcome" } == 2, "\(firsts.map { kind($0) ?? "?" })")
        #expect(firsts.count { kind($0) == "refused" } == 10)
    }
}

/// A stranger's text is bounded in bytes, not characters: one character of a million combining
/// marks opens a lesson whose name the teacher's page shows in at most 100 bytes.
@Test func aLessonsNameIsBoundedInBytes() async throws {
    let classroom = try Classroom(budget: 60)
    defer { classroom.removeFolders() }
    let factory = SessionFactory(isSerial: false, folder: ".", classroom: classroom) {
        Session(output: $0, workingDirectory: $1)
    }
    let tab = try TabSession(factory: factory, number: 1, sample: nil, tours: [])
    let name = "a" + String(repeating: "\u{301}", count: 200_000)
    let message = String(
        decoding: try JSONSerialization.data(withJSONObject: ["open": name, "text": "  > load contacts\n"]),
        as: UTF8.self)
    _ = await tab.reply(to: message)
    let lessonName = tab.status.withLock(\.lesson?.name)
    let shown = try #require(lessonName)
    #expect(shown.utf8.count <= TabSession.longestLessonName && shown.unicodeScalars.first == "a")
    #expect(("x" + String(repeating: "\u{301}", count: 1_000)).cut(toBytes: 9).utf8.count == 9)
    #expect("short".cut(toBytes: 100) == "short")
    await tab.end()
}

/// An exercise's hints stay on the server until the student asks for each one, so that the hints
/// a student saw are the server's to count: the lesson the page gets holds no hint's text.
@Test func hintsAreSentOneAtATimeAndCounted() async throws {
    let recorded = Session(output: RecordingOutput())
    for command in [
        "load contacts", "exercise Put Barry Allen first.", "exercise hint Barry is at `0.3`.",
        "exercise hint `move 0.3 0.0` moves him.", "move 0.3 0.0", "exercise check",
    ] {
        recorded.execute(command)
    }
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-hints-\(UUID().uuidString)")
        .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try recorded.transcript(named: "barry.lab").text.write(
        toFile: folder + "/barry.lab", atomically: true, encoding: .utf8)
    let classroom = try Classroom(budget: 60)
    defer { classroom.removeFolders() }
    let factory = SessionFactory(isSerial: false, folder: ".", classroom: classroom) {
        Session(output: $0, workingDirectory: $1)
    }
    let tab = try TabSession(factory: factory, number: 3, sample: nil, tours: [], lessons: LessonFolder(path: folder))
    func send(_ message: String) async -> [String] { await tab.reply(to: message).map(\.json) }
    let opened = await send(#"{"tour": "barry.lab"}"#).joined()
    #expect(opened.contains(#"{"command":"","role":"hint"}"#) && !opened.contains("moves him"))
    #expect(await send(#"{"lesson": "hint"}"#).first?.contains("a hint is for an exercise, at its Check") == true)
    _ = await send(#"{"lesson": "step"}"#)
    _ = await send(#"{"lesson": "step"}"#)
    #expect(
        await send(#"{"lesson": "hint"}"#) == [ServerMessage.hint(number: 1, count: 2, text: "Barry is at `0.3`.").json]
    )
    #expect(
        await send(#"{"lesson": "hint"}"#)
            == [ServerMessage.hint(number: 2, count: 2, text: "`move 0.3 0.0` moves him.").json])
    #expect(await send(#"{"lesson": "hint"}"#).first?.contains("every hint of this exercise is shown") == true)
    #expect(
        tab.status.withLock(\.exercises) == [ExerciseStatus(lesson: "barry.lab", number: 1, hintsSeen: 2)])
    #expect(
        TeacherPage.exercises(tab.status.withLock(\.exercises))
            == #"<ul class="exercises"><li>barry.lab 1: not yet, 0 tries, 2 hints</li></ul>"#)
    // The collected lesson says which steps the student was shown a hint before, and which the
    // Solution ran; it replays all the same (the marks are prose).
    _ = await send(#"{"lesson": "step"}"#)
    _ = await send(#"{"lesson": "solve"}"#)
    _ = await send(#"{"lesson": "step"}"#)
    _ = await send(#"{"lesson": "close"}"#)
    let collected = await tab.collection().files.first { $0.name == "1-barry.lab" }
    let text = String(decoding: try #require(collected).bytes, as: UTF8.self)
    #expect(
        text.contains(
            "\n\nHint 1 of 2, shown to the student: Barry is at `0.3`.\nHint 2 of 2, shown to the student: `move 0.3 "
                + "0.0` moves him.\n\n  > exercise check\n"
        ), "\(text)")
    #expect(
        text.contains(
            "\n\nSolution: the lesson's own commands below were run by the Solution button, not typed by the "
                + "student.\n\n  > move 0.3 0.0\n"
        ), "\(text)")
    #expect(
        Transcript(text: text).blocks.map(\.command) == [
            "load contacts", "exercise Put Barry Allen first.", "exercise check", "move 0.3 0.0", "exercise check",
        ])
    // A lesson the student opens from a file of their own, named as the teacher's, counts for nothing:
    // its check is theirs to write.
    let forged = try String(contentsOfFile: folder + "/barry.lab", encoding: .utf8)
    let before = tab.status.withLock(\.exercises)
    let forgedOpen = String(
        decoding: try JSONSerialization.data(withJSONObject: ["open": "barry.lab", "text": forged]), as: UTF8.self)
    _ = await send(forgedOpen)
    for _ in 0..<4 { _ = await send(#"{"lesson": "step"}"#) }
    _ = await send(#"{"lesson": "hint"}"#)
    #expect(tab.status.withLock(\.exercises) == before)
    await tab.end()
}

/// A name is held by the browser that gave it: a second student cannot take it (case and spaces
/// aside), the same browser's new tabs keep it, a student who renames keeps the old name too (a tab
/// may still show it), and a tab cannot take up another browser's key after its first name.
@Test func aNameIsHeldByTheBrowserThatGaveIt() async throws {
    let classroom = try Classroom(budget: 10)
    defer { classroom.removeFolders() }
    let factory = SessionFactory(isSerial: false, folder: ".", classroom: classroom) {
        Session(output: $0, workingDirectory: $1)
    }
    let tabs = try (1...4).map { try TabSession(factory: factory, number: $0, sample: nil, tours: []) }
    let (ada, bo) = (String(repeating: "a", count: 32), String(repeating: "b", count: 32))
    func name(_ tab: Int, _ name: String, key: String?) async -> String {
        let json = key.map { #"{"name": "\#(name)", "student": "\#($0)"}"# } ?? #"{"name": "\#(name)"}"#
        return await tabs[tab].reply(to: json).map(\.json).joined()
    }
    #expect(await name(0, "Ada", key: ada) == ServerMessage.named("Ada").json)
    #expect(await name(1, " ada ", key: bo).contains("another student of this class is named ada"))
    #expect(tabs[1].status.withLock(\.student) == nil)
    #expect(await name(2, "Ada", key: ada) == ServerMessage.named("Ada").json)
    #expect(await name(1, "Ada L.", key: bo) == ServerMessage.named("Ada L.").json)
    #expect(await name(0, "Ada Lovelace", key: ada) == ServerMessage.named("Ada Lovelace").json)
    // Ada's tab 3 still says "Ada": the name stays hers.
    #expect(await name(1, "Ada", key: bo).contains("another student of this class is named Ada"))
    // Tab 2 took Bo's key with its first name: Ada's key, sent now, is not taken up.
    #expect(await name(1, "Ada", key: ada).contains("another student of this class is named Ada"))
    // A page that sends no key (or not a key) names a tab of its own.
    #expect(await name(3, "Ada", key: nil).contains("another student"))
    #expect(await name(3, "Cy", key: "tab 1") == ServerMessage.named("Cy").json)
    for tab in tabs { await tab.end() }
}

@Test func aClassHoldsABoundedNumberOfNames() {
    let key = { (index: Int) in String(format: "%032x", index) }
    let perStudent = ClassRoster()
    for index in 0..<ClassRoster.mostNamesPerStudent {
        #expect(perStudent.claim("Ada \(index)", by: key(0), from: "a") == nil)
    }
    #expect(perStudent.claim("Ada again", by: key(0), from: "a")?.contains("this browser has given 4 names") == true)
    let perAddress = ClassRoster()
    for index in 0..<ClassRoster.mostStudentsPerAddress {
        #expect(perAddress.claim("Student \(index)", by: key(index), from: "10.0.0.1") == nil)
    }
    #expect(perAddress.claim("One more", by: key(1_000), from: "10.0.0.1")?.contains("names for 100 students") == true)
    #expect(perAddress.claim("Renamed", by: key(0), from: "10.0.0.1") == nil, "a student seated here still renames")
    #expect(perAddress.claim("One more", by: key(1_000), from: "10.0.0.2") == nil, "another address seats its own")
    let whole = ClassRoster()
    for index in 0..<ClassRoster.mostNames {
        #expect(whole.claim("Student \(index)", by: key(index), from: "10.0.\(index / 100).1") == nil)
    }
    #expect(whole.claim("One more", by: key(9_999), from: "10.9.9.9")?.contains("the most it holds") == true)
    #expect(ClassRoster.folded("  Ada   LOVELACE ") == "ada lovelace")
    #expect(ClassRoster.isKey(key(7)) && !ClassRoster.isKey("tab 1") && !ClassRoster.isKey(key(7).uppercased() + "X"))
}

/// What --collect writes stays on the disk: it counts for good against --disk-total, at most half of
/// it (the other half is the tabs'); one student's tabs, opened and closed in a loop under any
/// names, leave at most a tab's --disk of it, and one address's tabs (whose pages can make up keys)
/// an eighth of --disk-total.
@Test func collectedWorkIsBoundedPerStudentPerAddressAndInAll() throws {
    let collect = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-bounded-\(UUID().uuidString)")
        .path
    try FileManager.default.createDirectory(atPath: collect, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: collect) }
    var classroom = try Classroom(budget: 10, diskLimit: 100_000, diskTotal: 1_600_000)
    defer { classroom.removeFolders() }
    let said = Mutex<[String]>([])
    classroom.log = { line in said.withLock { $0.append(line) } }
    let work = [(name: "own.lab", bytes: [UInt8](repeating: 0x61, count: 30_000))]
    let key = { (number: Int) in String(format: "%032x", number) }
    let collected = { try FileManager.default.contentsOfDirectory(atPath: collect) }
    // Ada is her browser's key, whatever name she gives: a new name is not a new share.
    let names = ["Ada", "Ada L.", "Ada Lo", "Ada", "A. L."]
    for tab in 1...5 {
        classroom.collect(("tab-\(tab)-Ada", work), of: names[tab - 1], key: key(0), from: "10.0.0.1", into: collect)
    }
    // 38,192 bytes a collection (its file and two entries): two fit in Ada's 100 KB, the third does not.
    #expect(try collected().sorted() == ["tab-1-Ada", "tab-2-Ada"])
    #expect(said.withLock { $0.first }?.contains("Ada Lo's tabs would leave more than 0 MB of collected work") == true)
    // Keys made up at one address: the address's eighth of --disk-total (200 KB) holds three more.
    for number in 1...5 {
        classroom.collect(("tab-k\(number)", work), of: "K\(number)", key: key(number), from: "10.0.0.1", into: collect)
    }
    #expect(try collected().count == 5)
    #expect(said.withLock { $0.last }?.contains("the tabs of 10.0.0.1 would leave more than 0 MB") == true)
    // Other addresses, and pages without a key (a student by name): until collected work takes half
    // of --disk-total (800 KB, 20 collections); the tabs' folders keep the other half.
    for number in 0..<20 {
        classroom.collect(
            ("tab-x\(number)", work), of: "X\(number)", key: nil, from: "10.0.1.\(number / 4)", into: collect)
    }
    #expect(try collected().count == 20)
    #expect(said.withLock { $0.last }?.contains("would take more than half of the 1 MB of --disk-total") == true)
    #expect(classroom.diskBook.reserved == 20 * 38_192)
    #expect(classroom.diskBook.reserve(100_000), "a tab's folder still has room")
}

@Test func aTabsProcessIsBoundedByItsClassroomsQuotas() throws {
    var rules = try Classroom(budget: 10, tabMemory: 32 * 1_048_576, diskLimit: 8 * 1_048_576)
    defer { rules.removeFolders() }
    // Twice the data, and room for the copies of a 16 MB upload; a hundred commands' budget; a file of the
    // folder's size; a few files open.
    #expect(
        TabLimits(rules)
            == TabLimits(memory: 192 * 1_048_576, cpuSeconds: 1_000, fileBytes: 8 * 1_048_576, openFiles: 64))
    rules.budget = 1
    #expect(TabLimits(rules).cpuSeconds == 600)
}

@Test func aTabsProcessSpeaksTheServerThroughLinesOfJSON() throws {
    // What the server keeps of a tab (the teacher's page, the gradebook) crosses the pipe whole.
    var status = TabStatus(number: 7)
    status.steps = 12
    status.student = "Ada"
    status.lesson = TabStatus.LessonProgress(name: "people.lab", next: 3, commands: 5, drifted: 1)
    status.noteExercise("people.lab", 1) {
        $0.tries = 2
        $0.done = true
        $0.hintsSeen = 1
    }
    var answer = TabAnswer(status: status)
    answer.messages = [ServerMessage.refused("no").json]
    answer.files = [TabAnswer.CollectedFile(name: "own.lab", bytes: Data([0, 10, 255]))]
    let line = try JSONEncoder().encode(answer)
    #expect(!line.contains(UInt8(ascii: "\n")))
    let read = try JSONDecoder().decode(TabAnswer.self, from: line)
    #expect(read.status == status)
    #expect(read.messages == [#"{"kind":"refused","message":"no"}"#])
    #expect(read.files?.first?.bytes == Data([0, 10, 255]))
    // The page gets a tab process's message as it came.
    #expect(
        ServerMessage.encoded(#"{"kind":"refused","message":"no"}"#).jsonBytes
            == Array(#"{"kind":"refused","message":"no"}"#.utf8))
}

@Test func aClassroomsRecordKeepsItsNamesAndGradesForItsOwnerAlone() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("class-record-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let path = ClassRecord.path(besideTokenFile: folder + "/room.tokens")
    #expect(try ClassRecord.load(from: path) == nil)
    // A status written before a field was added reads with that field as a new tab's.
    let older = try JSONDecoder().decode(TabStatus.self, from: Data(#"{"number":3,"steps":1,"exercises":[]}"#.utf8))
    #expect(older.number == 3 && older.steps == 1 && !older.presenting)
    // A roster's names, and a student's ended tabs, written and read back.
    let roster = ClassRoster()
    #expect(roster.claim("Ada", by: String(repeating: "a", count: 32), from: "10.0.0.1") == nil)
    var ada = TabStatus(number: 4)
    ada.student = "Ada"
    ada.noteExercise("people.lab", 1) { $0.done = true }
    let names = roster.record()
    let record = ClassRecord(
        holders: names.holders, keysByAddress: names.keysByAddress, endedStudents: [ada], lastTab: 9)
    #expect(record.save(to: path))
    let attributes = try FileManager.default.attributesOfItem(atPath: path)
    #expect((attributes[.posixPermissions] as? Int) == 0o600)
    let read = try #require(try ClassRecord.load(from: path))
    #expect(read == record)
    // Taken back, the name is its browser's again.
    let again = ClassRoster()
    again.restore(holders: read.holders, keysByAddress: read.keysByAddress)
    #expect(again.claim("ada", by: String(repeating: "b", count: 32), from: "10.0.0.2") != nil)
    #expect(again.claim("Ada", by: String(repeating: "a", count: 32), from: "10.0.0.1") == nil)
    // A record others may read is refused, and so is a link to one.
    chmod(path, 0o644)
    #expect(throws: TokenFile.Problem.self) { try ClassRecord.load(from: path) }
    chmod(path, 0o600)
    symlink(path, folder + "/link.class")
    #expect(throws: TokenFile.Problem.self) { try ClassRecord.load(from: folder + "/link.class") }
}

@Test func thePresentersTabIsNoStudentsAndIsNotGraded() throws {
    #expect(
        try JSONDecoder().decode(ClientMessage.self, from: Data(#"{"presenting": true}"#.utf8)) == .presenting(true))
    var presenter = TabStatus(number: 2)
    presenter.presenting = true
    presenter.noteExercise("people.lab", 1) { $0.done = true }
    var ada = TabStatus(number: 3)
    ada.student = "Ada"
    ada.noteExercise("people.lab", 1) { $0.tries = 1 }
    #expect(Gradebook([presenter, ada]).grades.map(\.student) == ["Ada"])
    let table = TeacherPage.table(rows: [(presenter, true), (ada, true)])
    #expect(table.contains("<td>the presenter's view</td>"))
}

/// A student who closes their tab and opens the class's link again (a new tab, no tab key) takes
/// back their session, with its data and its steps, for as long as a lesson lasts; another
/// student's new tab is a session of its own, and a student with a tab open who opens another
/// gets a new one.
@Test func aStudentWhoClosesTheirTabTakesBackTheirSessionInTheirNextTab() async throws {
    let journals = FileManager.default.temporaryDirectory.appendingPathComponent(
        "listlab-takeback-\(UUID().uuidString)"
    )
    .path
    defer { try? FileManager.default.removeItem(atPath: journals) }
    let classroom = try Classroom(budget: 60)
    try await withClassroomServer(classroom, journals: journals) { server in
        let port = server.port
        let teacher = try #require(server.teacherToken)
        let (ada, bea) = (String(repeating: "a", count: 32), String(repeating: "b", count: 32))
        /// A new tab's welcome key and the steps it was shown (their HTML).
        @Sendable func open(_ student: String) throws -> (tab: WebSocketClient, key: String, commands: [String]) {
            let tab = try WebSocketClient(port: port, student: student)
            var commands: [String] = []
            while true {
                let reply = try fields(try tab.readMessage())
                if let html = reply["html"] as? String { commands.append(html) }
                if reply["kind"] as? String == "welcome" { return (tab, reply["key"] as? String ?? "", commands) }
            }
        }
        @Sendable func connectedTabs() throws -> String {
            try WebSocketClient.request(
                port: port,
                "GET /teacher/tabs HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(teacher)\r\n\r\n")
        }
        try await WebSocketClient.blocking {
            var first: (tab: WebSocketClient, key: String, commands: [String])? = try open(ada)
            let firstKey = first?.key ?? ""
            try first?.tab.sendFrame(#"{"command": "delete 0.0"}"#)
            while try fields(try first?.tab.readMessage() ?? "{}")["kind"] as? String != "step" {}
            first = nil  // the tab closes
            for _ in 0..<50 where try !connectedTabs().contains("1 tab, 0 connected") { usleep(100_000) }
            let again = try open(ada)
            #expect(again.key == firstKey, "Ada's next tab is her session")
            #expect(again.commands.contains { $0.contains("delete 0.0") }, "with its steps: \(again.commands)")
            let other = try open(bea)
            #expect(
                other.key != firstKey && !other.commands.contains { $0.contains("delete 0.0") }, "Bea's is her own")
            let second = try open(ada)
            #expect(second.key != firstKey && second.key != other.key, "a second tab beside an open one is new")
            withExtendedLifetime((again, other, second)) {}
        }
    }
}
