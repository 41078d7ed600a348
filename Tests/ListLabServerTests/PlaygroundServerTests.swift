import Foundation
import ListLabHTTP
import ListLabRecords
import ListLabShell
import Synchronization
import Testing

@testable import ListLabServer

/// The token of the tests' servers (a real server makes a random one).
let testToken = "0123456789abcdef0123456789abcdef0123456789abcdef"

/// Serves with `server` while `body` runs with its port; stopped after, whatever `body` does.
private func serving(_ server: PlaygroundServer, _ body: (UInt16) async throws -> Void) async throws {
    server.start()
    defer {
        server.stop()
        server.waitUntilStopped()
    }
    try await body(server.port)
}

/// A server of ListLab's samples on a free loopback port, for `body`; stopped after.
func withServer(
    sample: String? = "contacts", checks: Door.Checks = .all, proxies: [String] = [], log: LogLines = LogLines(),
    _ body: (UInt16) async throws -> Void
) async throws {
    let server = try PlaygroundServer(
        host: "127.0.0.1", port: 0, tool: "listlab", banner: "ListLab 0.1", sample: sample, tours: Tours.names,
        factory: SessionFactory(isSerial: false) { Session(output: $0, workingDirectory: $1) }, token: testToken,
        proxies: proxies, checks: checks,
        log: { log.append($0) })
    try await serving(server, body)
}

/// Serves `classroom`, its tabs' sessions working in `folder`, while `body` runs with the port.
private func withClassroom(_ classroom: Classroom, in folder: String, _ body: (UInt16) async throws -> Void)
    async throws
{
    let server = try PlaygroundServer(
        host: "127.0.0.1", port: 0, tool: "listlab", banner: "ListLab 0.1", sample: nil,
        factory: SessionFactory(isSerial: false, folder: folder, classroom: classroom) {
            Session(output: $0, workingDirectory: $1)
        },
        token: testToken, log: { _ in })
    try await serving(server, body)
}

/// 320,000 rows of 21 cells of CSV (about 15 MB, under an upload's limit), escaped for a JSON
/// string: a load that takes a classroom command past its budgets. Many short cells make a
/// load that costs the most a byte, so that a fast machine's debug build is past them too.
private let manyRowsForJSON: String = {
    var rows = "id," + (0..<20).map { "c\($0)" }.joined(separator: ",") + "\n"
    for id in 0..<320_000 { rows += "\(id)," + (0..<20).map { "\((id + $0) % 10)" }.joined(separator: ",") + "\n" }
    return rows.replacingOccurrences(of: "\n", with: "\\n")
}()

/// What the server logged, for a test to read.
final class LogLines: @unchecked Sendable {
    private let lock = NSLock()
    private var lines: [String] = []
    func append(_ line: String) { lock.withLock { lines.append(line) } }
    var all: [String] { lock.withLock { lines } }
}

/// A message's fields.
func fields(_ json: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
}

@Test func thePageIsServedWithAPolicyThatRunsNoInlineScriptAndAllowsNothingButTheServer() async throws {
    try await withServer { port in
        let response = try await WebSocketClient.blocking {
            try WebSocketClient.request(port: port, "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        }
        #expect(response.hasPrefix("HTTP/1.1 200"))
        #expect(
            response.contains(
                "Content-Security-Policy: default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; "
                    + "connect-src 'self'; frame-ancestors 'none'"
            ))
        for header in ["X-Content-Type-Options: nosniff", "Referrer-Policy: no-referrer", "X-Frame-Options: DENY"] {
            #expect(response.contains(header))
        }
        #expect(response.contains("<html lang=\"en\">"))
        let body = String(response.split(separator: "\r\n\r\n", maxSplits: 1).last ?? "")
        #expect(!body.contains("<script>"), "no inline script")
        #expect(body.contains("<script src=\"/page.js\"></script>"))
        for outside in ["http://", "https://", "//"] where outside != "//" {
            #expect(!body.contains(outside), "the page refers outside: \(outside)")
        }
        for (path, type) in [
            ("/page.js", "text/javascript"), ("/pictures.js", "text/javascript"), ("/listlab.css", "text/css"),
        ] {
            let asset = try await WebSocketClient.blocking {
                try WebSocketClient.request(port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
            }
            #expect(asset.hasPrefix("HTTP/1.1 200") && asset.contains("Content-Type: \(type)"), "\(path)")
        }
        let missing = try await WebSocketClient.blocking {
            try WebSocketClient.request(port: port, "GET /etc/passwd HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n")
        }
        #expect(missing.hasPrefix("HTTP/1.1 404"))
    }
}

@Test func aTabIsGreetedRunsCommandsAndCompletes() async throws {
    try await withServer { port in
        let messages = try await WebSocketClient.blocking { () -> [String] in
            let tab = try WebSocketClient(port: port)
            var messages = [try tab.readMessage(), try tab.readMessage()]  // 'show', and the welcome
            try tab.sendFrame(#"{"command": "delete 0.1"}"#)
            messages.append(try tab.readMessage())
            try tab.sendFrame(#"{"command": "selct 1"}"#)
            messages.append(try tab.readMessage())
            try tab.sendFrame(#"{"complete": "sor"}"#)
            messages.append(try tab.readMessage())
            return messages
        }
        let welcome = try fields(messages[1])
        #expect(welcome["kind"] as? String == "welcome" && welcome["banner"] as? String == "ListLab 0.1")
        let show = try fields(messages[0])
        #expect(show["kind"] as? String == "step" && show["number"] as? Int == 1)
        #expect((show["html"] as? String)?.contains("<figure class=\"pictures\"") == true)
        let delete = try fields(messages[2])
        let html = try #require(delete["html"] as? String)
        #expect(html.contains("&gt; </span>delete 0.1</pre>") && html.contains("deleted 0.1: Clark Kent"))
        #expect(html.contains("before: delete 0.1") && delete["failed"] as? Bool == false)
        let mistake = try fields(messages[3])
        #expect(mistake["failed"] as? Bool == true)
        #expect(
            (mistake["html"] as? String)?.contains("error: unknown command &#39;selct&#39;") == true
                || (mistake["html"] as? String)?.contains("error: unknown command 'selct'") == true)
        let completion = try fields(messages[4])
        #expect(
            completion["kind"] as? String == "completion" && completion["word"] as? String == "sor"
                && completion["candidates"] as? [String] == ["sort"])
    }
}

/// Every thread of the tasks' shared pool held (as a test suite's synchronous
/// tests hold them) while a tab opens and runs a command: the server's own
/// tasks do not wait for that pool, so the tab is answered. In a process of
/// its own (an exit test), whose pool no other test holds: in the suite's
/// process the threads are taken only when the other tests let them go.
@Test func aTabIsAnsweredWhileEveryThreadOfTheSharedPoolIsHeld() async {
    await #expect(processExitsWith: .success) {
        try await withServer { port in
            let width = ProcessInfo.processInfo.activeProcessorCount
            let entered = DispatchSemaphore(value: 0)
            let release = DispatchSemaphore(value: 0)
            for _ in 0..<width {
                Task.detached {
                    entered.signal()
                    release.wait()
                }
            }
            let answer = try await WebSocketClient.blocking { () -> String in
                defer { for _ in 0..<width { release.signal() } }
                for _ in 0..<width where entered.wait(timeout: .now() + 120) == .timedOut {
                    throw WebSocketClient.Failure(description: "the pool's threads were not all taken")
                }
                let tab = try WebSocketClient(port: port)
                tab.setReadTimeout(seconds: 20)
                _ = [try tab.readMessage(), try tab.readMessage()]  // 'show', and the welcome
                try tab.sendFrame(#"{"command": "delete 0.1"}"#)
                return try tab.readMessage()
            }
            guard (try fields(answer)["html"] as? String)?.contains("deleted 0.1: Clark Kent") == true else {
                throw WebSocketClient.Failure(description: "the tab's answer: \(answer.prefix(200))")
            }
        }
    }
}

@Test func twoTabsHaveListsOfTheirOwn() async throws {
    try await withServer { port in
        let (first, second) = try await WebSocketClient.blocking { () -> (String, String) in
            let one = try WebSocketClient(port: port)
            let other = try WebSocketClient(port: port)
            for tab in [one, other] {
                _ = try tab.readMessage()
                _ = try tab.readMessage()
            }
            try one.sendFrame(#"{"command": "delete 0.0-0.6"}"#)
            _ = try one.readMessage()
            try one.sendFrame(#"{"command": "show 0"}"#)
            try other.sendFrame(#"{"command": "show 0"}"#)
            return (try one.readMessage(), try other.readMessage())
        }
        #expect(
            try fields(first)["html"].map { "\($0)" }?.contains("J&#39;onn J&#39;onzz") == true
                || (try fields(first)["html"].map { "\($0)" }?.contains("J'onn J'onzz") == true))
        #expect(try fields(second)["html"].map { "\($0)" }?.contains("Bruce Wayne") == true)
    }
}

@Test(arguments: [
    (#"{"command": "\#(String(repeating: "x", count: 70_000))"}"#, "a command line of 70000 bytes is more than 65536"),
    (#"{"open": "big.lab", "text": "\#(String(repeating: "x", count: 1_100_000))"}"#, "a transcript of 1100000 bytes"),
    (#"{"tour": "../../etc/passwd"}"#, "no tour or lesson named"),
    ("not json", "a message the playground does not understand"),
    (#"{"neither": 1}"#, "a message the playground does not understand"),
])
func aMessageTheServerCannotTakeIsRefusedAndTheTabGoesOn(message: String, reason: String) async throws {
    // (A message past the frame limit closes its connection: DoorTests.)
    try await withServer { port in
        let replies = try await WebSocketClient.blocking { () -> [String] in
            let tab = try WebSocketClient(port: port)
            _ = try tab.readMessage()
            _ = try tab.readMessage()
            try tab.sendFrame(message)
            let refusal = try tab.readMessage()
            try tab.sendFrame(#"{"command": "show 0"}"#)
            return [refusal, try tab.readMessage()]
        }
        let refusal = try fields(replies[0])
        #expect(refusal["kind"] as? String == "refused")
        #expect((refusal["message"] as? String)?.hasPrefix(reason) == true)
        #expect((try fields(replies[1])["html"] as? String)?.contains("Bruce Wayne") == true)
    }
}

@Test func aCloseFramesReasonIsCutAtACharacter() throws {
    // A long reason of two-byte characters: cut to at most 120 bytes of whole characters, as a
    // browser fails a connection whose close reason is not UTF-8.
    let frame = WebSocket.closeFrame(code: 1008, reason: String(repeating: "é", count: 100))
    let reason = Array(frame.dropFirst(4))
    #expect(frame[1] == UInt8(2 + reason.count) && frame[2] == 0x03 && frame[3] == 0xF0)
    #expect(reason.count == 120 && String(validating: reason, as: UTF8.self) == String(repeating: "é", count: 60))
    #expect(Array(WebSocket.closeFrame(code: 1000, reason: "bye").dropFirst(4)) == Array("bye".utf8))
}

@Test func messagesAreOneLineOfJSONWithSortedKeys() {
    #expect(
        ServerMessage.completion(word: "so", candidates: ["sort"]).json
            == #"{"candidates":["sort"],"kind":"completion","word":"so"}"#)
    #expect(ServerMessage.refused("a \"quoted\" reason").json == #"{"kind":"refused","message":"a \"quoted\" reason"}"#)
}

@Test func textIsQuotedAsJSONReadsItBack() throws {
    // Runs that need no escape are copied eight bytes at a time: each byte that needs one, at
    // every place of a text long enough for several words, after ASCII or after an accent.
    #expect(JSONStringWriter.quoted("a\n\t\r\"\\\u{01}\u{1F} \u{7F}é") == #""a\n\t\r\"\\\u0001\u001f \#u{7F}é""#)
    var texts: [String] = []
    for special in ["\"", "\\", "\n", "\u{00}", "\u{1F}", " ", "\u{7F}", "é", "→", "<", "\u{2028}"] {
        for prefix in ["", "é"] {
            for offset in 0..<20 {
                texts.append(
                    prefix + String(repeating: "a", count: offset) + special
                        + String(repeating: "z", count: 19 - offset) + special)
            }
        }
    }
    for text in texts {
        let quoted = JSONStringWriter.quoted(text)
        #expect(try JSONDecoder().decode(String.self, from: Data(quoted.utf8)) == text, "\(text.debugDescription)")
        #expect(!quoted.utf8.dropFirst().dropLast().contains { $0 < 0x20 }, "\(text.debugDescription)")
    }
    let step = ServerMessage.step(number: 3, html: texts.joined(), failed: false, ended: true)
    #expect(String(decoding: step.jsonBytes, as: UTF8.self) == step.json)
    let fields = try #require(JSONSerialization.jsonObject(with: Data(step.jsonBytes)) as? [String: Any])
    #expect(
        fields["html"] as? String == texts.joined() && fields["number"] as? Int == 3 && fields["ended"] as? Bool == true
    )
}

@Test func aTabSavesItsSessionAndOpensTranscriptsAndTours() async throws {
    try await withServer { port in
        let replies = try await WebSocketClient.blocking { () -> [String] in
            let tab = try WebSocketClient(port: port)
            _ = try tab.readMessage()
            _ = try tab.readMessage()
            var replies: [String] = []
            for message in [
                #"{"command": "delete 0.1"}"#, #"{"save": "mine.lab"}"#,
                #"{"open": "demo.lab", "text": "Demo\n====\n\nFirst, the list.\n\n  > show 0\n    0.0  Bruce Wayne  <ContactCell #1>\n\nThen a change.\n  > delete 0.0\n\nThe end.\n"}"#,
                #"{"tour": "1-fountainkit.lab"}"#,
            ] {
                try tab.sendFrame(message)
                replies.append(try tab.readMessage())
                // A lesson opened says where it is too.
                if message.contains("open") || message.contains("tour") { _ = try tab.readMessage() }
            }
            return replies
        }
        let saved = try fields(replies[1])
        #expect(saved["kind"] as? String == "transcript" && saved["name"] as? String == "mine.lab")
        let text = try #require(saved["text"] as? String)
        #expect(text.contains("  > load contacts\n") && text.contains("  > delete 0.1\n  deleted 0.1: Clark Kent\n"))
        let lesson = try fields(replies[2])
        #expect(lesson["kind"] as? String == "lesson" && lesson["title"] as? String == "Demo")
        #expect(
            lesson["items"] as? [[String: String]] == [
                ["heading": "Demo"], ["paragraph": "First, the list."], ["command": "show 0"],
                ["paragraph": "Then a change."],
                ["command": "delete 0.0"], ["paragraph": "The end."],
            ])
        let tour = try fields(replies[3])
        #expect(tour["kind"] as? String == "lesson")
        #expect((tour["items"] as? [[String: String]])?.first { $0["command"] != nil } == ["command": "load tabs"])
    }
}

/// The messages a tab gets for `message`, up to and with the first of kind `last`.
private func exchange(_ tab: WebSocketClient, _ message: String, until last: String) throws -> [[String: Any]] {
    try tab.sendFrame(message)
    var replies: [[String: Any]] = []
    while true {
        let reply = try fields(try tab.readMessage())
        replies.append(reply)
        if reply["kind"] as? String == last || reply["kind"] as? String == "refused" { return replies }
    }
}

/// Tours and a lesson, one after another in one tab: each opens in a fresh session, plays with
/// every step as its transcript recorded it, and leaves the tab's own session as it was; a step
/// that prints otherwise (after a command the learner typed) is marked with the transcript's lines.
@Test func aLessonRunsInASessionOfItsOwnAndSaysWhichStepsDrifted() async throws {
    try await withServer { port in
        let outcome = try await WebSocketClient.blocking {
            () -> (
                tours: [[Int]], drift: [String], counts: [Int], reset: [String], afterClose: String, checks: [String]
            ) in
            let tab = try WebSocketClient(port: port)
            _ = try tab.readMessage()
            _ = try tab.readMessage()
            _ = try exchange(tab, #"{"command": "delete 0.1"}"#, until: "step")
            // Tour 5, then tour 7, then tour 5 again: each from a fresh session, whatever the one before left.
            var tours: [[Int]] = []
            var checks: [String] = []
            for name in ["5-uikit-crash.lab", "7-diffable-data-source.lab", "5-uikit-crash.lab"] {
                let opened = try exchange(tab, #"{"tour": "\#(name)"}"#, until: "lessonState")
                let commands = (opened.first?["items"] as? [[String: String]] ?? []).filter { $0["command"] != nil }
                var state = try #require(opened.last)
                var drifts = 0
                while let next = state["next"] as? Int, next < (state["commands"] as? Int ?? 0) {
                    if commands[next]["role"] == "check" {
                        // An exercise: checked first as it stands (not yet), then after the lesson's own solution.
                        let early = try exchange(tab, #"{"lesson": "step"}"#, until: "lessonState")
                        checks.append(
                            "\(early.first { $0["kind"] as? String == "drift" }?["check"] as? Bool ?? false) \(early.last?["next"] as? Int == next)"
                        )
                        // The page never has the solution's commands; Solution runs them on the server.
                        checks.append(
                            commands.filter { $0["role"] == "solution" }.allSatisfy { $0["command"] == "" }
                                ? "hidden" : "sent")
                        _ = try exchange(tab, #"{"lesson": "solve"}"#, until: "lessonState")
                    }
                    let replies = try exchange(tab, #"{"lesson": "step"}"#, until: "lessonState")
                    drifts += replies.count { $0["kind"] as? String == "drift" }
                    state = try #require(replies.last)
                }
                tours.append([
                    state["matched"] as? Int ?? -1, state["drifted"] as? Int ?? -1, drifts,
                    state["commands"] as? Int ?? -1,
                ])
            }
            // A lesson whose second step depends on the first: a command typed between them changes what it prints.
            let demo =
                #"{"open": "demo.lab", "text": "  > load contacts\n  loaded 8 items into an array provider (1 section)\n  > show 0.1\n     0.1  Clark Kent — 555-0102  <ContactCell #2>\n"}"#
            _ = try exchange(tab, demo, until: "lessonState")
            _ = try exchange(tab, #"{"lesson": "step"}"#, until: "lessonState")
            _ = try exchange(tab, #"{"command": "delete 0.1"}"#, until: "step")
            let typed = try exchange(tab, #"{"lesson": "step"}"#, until: "lessonState")
            let drift = typed.first { $0["kind"] as? String == "drift" }?["expected"] as? [String] ?? []
            let counts = [typed.last?["matched"] as? Int ?? -1, typed.last?["drifted"] as? Int ?? -1]
            let reset = try exchange(tab, #"{"lesson": "reset"}"#, until: "lessonState").map { "\($0["kind"] ?? "")" }
            _ = try exchange(tab, #"{"lesson": "close"}"#, until: "lessonClosed")
            let afterClose =
                try exchange(tab, #"{"command": "show 0.1"}"#, until: "step").last?["html"] as? String ?? ""
            return (tours, drift, counts, reset, afterClose, checks)
        }
        // Every step of each tour matched (the steps the lesson's solution hides are not run by it), the
        // second run of tour 5 as the first; each exercise was not yet done before its solution.
        for (index, counts) in outcome.tours.enumerated() {
            #expect(
                counts[1] == 0 && counts[2] == 0 && counts[0] > 10 && counts[0] < counts[3], "tour \(index): \(counts)")
        }
        #expect(outcome.checks == ["true true", "hidden", "true true", "hidden", "true true", "hidden"])
        #expect(outcome.tours[0] == outcome.tours[2])
        #expect(outcome.drift == ["   0.1  Clark Kent — 555-0102  <ContactCell #2>"])
        #expect(outcome.counts == [1, 1])
        #expect(outcome.reset == ["lesson", "lessonState"])
        // The tab's own session is as it was left: its 0.1 was deleted before the lessons.
        #expect(outcome.afterClose.contains("0.1  Diana Prince"))
    }
}

/// A teacher's lessons (`--lessons DIR`) are offered beside the tours and open by name: outside a
/// classroom a lesson runs confined in a scratch copy of its folder, as `listlab test` runs it; in a
/// classroom in the tab's folder, with the lesson folder's data copied in. No name reaches a file that
/// is not a lesson of the folder, and no lesson writes outside its copy.
@Test func aTeachersLessonsAreOfferedAndRunWhereTheirFilesAre() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "id,name\n1,Ada\n2,Grace\n".write(toFile: folder + "/people.csv", atomically: true, encoding: .utf8)
    try
        "People\n======\n\n  > load people.csv\n  loaded 2 items from people.csv into a file provider (1 section)\n  > show 0.1\n     0.1  Grace  <Cell #[..]>\n"
        .write(toFile: folder + "/people.lab", atomically: true, encoding: .utf8)
    // Another teacher's lesson that writes where it should not: outside its folder, and over its own files.
    let outside = FileManager.default.temporaryDirectory.appendingPathComponent("escaped-\(UUID().uuidString).lab").path
    try "Escape\n\n  > session save --force \(outside)\n  > session save --force people.lab\n"
        .write(toFile: folder + "/escape.lab", atomically: true, encoding: .utf8)
    let lessonText = try String(contentsOfFile: folder + "/people.lab", encoding: .utf8)
    for classroom in [nil, try Classroom(budget: 10, tabMemory: 64 << 20, diskLimit: 4 << 20)] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("tabs-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: scratch) }
        let server = try PlaygroundServer(
            host: "127.0.0.1", port: 0, tool: "listlab", banner: "ListLab 0.1", sample: nil, tours: Tours.names,
            lessons: LessonFolder(path: folder),
            factory: SessionFactory(isSerial: false, folder: scratch, classroom: classroom) {
                Session(output: $0, workingDirectory: $1)
            },
            token: testToken, log: { _ in })
        try await serving(server) { port in
            let outcome = try await WebSocketClient.blocking {
                () -> (lessons: [String], counts: [Int], refused: String) in
                let tab = try WebSocketClient(port: port)
                let welcome = try fields(try tab.readMessage())
                let lessons = welcome["lessons"] as? [String] ?? []
                var state = try #require(try exchange(tab, #"{"tour": "people.lab"}"#, until: "lessonState").last)
                while (state["next"] as? Int ?? 0) < (state["commands"] as? Int ?? 0) {
                    state = try #require(try exchange(tab, #"{"lesson": "step"}"#, until: "lessonState").last)
                }
                // Reset starts the lesson afresh: its file copied again, nothing refused.
                let reset = try exchange(tab, #"{"lesson": "reset"}"#, until: "lessonState").map {
                    "\($0["kind"] ?? "")"
                }
                #expect(reset == ["lesson", "lessonState"], "classroom: \(classroom != nil)")
                let refused =
                    try exchange(tab, #"{"tour": "people.csv"}"#, until: "refused").last?["message"] as? String ?? ""
                _ = try exchange(tab, #"{"tour": "escape.lab"}"#, until: "lessonState")
                for _ in 0..<2 { _ = try exchange(tab, #"{"lesson": "step"}"#, until: "lessonState") }
                return (lessons, [state["matched"] as? Int ?? -1, state["drifted"] as? Int ?? -1], refused)
            }
            #expect(outcome.lessons == ["escape.lab", "people.lab"])
            #expect(
                !FileManager.default.fileExists(atPath: outside),
                "a teacher's lesson wrote outside its folder (classroom: \(classroom != nil))")
            #expect(
                try String(contentsOfFile: folder + "/people.lab", encoding: .utf8) == lessonText,
                "a teacher's lesson wrote over its own folder's files")
            #expect(outcome.counts == [2, 0], "classroom: \(classroom != nil)")
            #expect(outcome.refused == "no tour or lesson named 'people.csv'")
        }
    }
}

/// A classroom's teacher's page lists the tabs, each one's lesson, its step, its drifted steps and
/// its last error (escaped: a student's error is text); only with the teacher's token, which is not the
/// students'.
@Test func theTeachersPageListsTheTabsWithItsOwnToken() async throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("class-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: scratch, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let server = try PlaygroundServer(
        host: "127.0.0.1", port: 0, tool: "listlab", banner: "ListLab 0.1", sample: nil, tours: Tours.names,
        factory: SessionFactory(isSerial: false, folder: scratch, classroom: try Classroom(budget: 10)) {
            Session(output: $0, workingDirectory: $1)
        },
        token: testToken, log: { _ in })
    let teacher = try #require(server.teacherToken)
    #expect(
        teacher != testToken
            && server.teacherAddress(host: "127.0.0.1") == "http://127.0.0.1:\(server.port)/teacher#token=\(teacher)")
    try await serving(server) { port in
        var pages = try await WebSocketClient.blocking { () -> [String] in
            let tab = try WebSocketClient(port: port)
            _ = try tab.readMessage()
            _ = try exchange(tab, #"{"tour": "5-uikit-crash.lab"}"#, until: "lessonState")
            for _ in 0..<2 { _ = try exchange(tab, #"{"lesson": "step"}"#, until: "lessonState") }
            _ = try exchange(tab, #"{"command": "load <script>x</script>"}"#, until: "step")
            _ = try exchange(tab, #"{"name": "  <b>Ada</b>   Lovelace "}"#, until: "named")
            let get = { (path: String, header: String) in
                try WebSocketClient.request(
                    port: port, "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\(header)\r\n")
            }
            return [
                try get("/teacher/tabs", ""), try get("/teacher/tabs", "Authorization: Bearer \(testToken)\r\n"),
                try get("/teacher/tabs?token=\(teacher)", ""),
                try get("/teacher/tabs", "Cookie: listlab-teacher=\(teacher)\r\n"),
                try get("/teacher/tabs", "Authorization: Bearer \(teacher)\r\n"), try get("/teacher", ""),
                try get("/teacher/collect", "Authorization: Bearer \(testToken)\r\n"),
                try get("/teacher/collect", "Authorization: Bearer \(teacher)\r\n"),
                try get("/teacher/grades.csv", "Authorization: Bearer \(testToken)\r\n"),
                try get("/teacher/grades.csv", "Authorization: Bearer \(teacher)\r\n"),
            ]
        }
        // The gradebook, with the teacher's token only: a CSV download (the tour checked no exercise).
        #expect(pages[8].hasPrefix("HTTP/1.1 403"), "\(pages[8].prefix(60))")
        #expect(
            pages[9].hasPrefix("HTTP/1.1 200") && pages[9].contains("Content-Type: text/csv; charset=utf-8")
                && pages[9].contains("filename=\"grades.csv\"")
                && pages[9].hasSuffix("\r\n\r\nstudent,lesson,exercise,done,tries,hints seen,solution used,tabs\r\n"),
            "\(pages[9].suffix(300))")
        // Collect, with the teacher's token only: each tab's sessions as transcripts, one tar archive.
        #expect(pages[6].hasPrefix("HTTP/1.1 403"), "\(pages[6].prefix(60))")
        #expect(
            pages[7].hasPrefix("HTTP/1.1 200") && pages[7].contains("Content-Type: application/x-tar"),
            "\(pages[7].prefix(300))")
        let archive = try #require(pages[7].range(of: "\r\n\r\n").map { Array(pages[7][$0.upperBound...].utf8) })
        let files = try TarFiles.read(archive)
        // The tab ran its commands in the tour's session: its own ran none, and has no transcript.
        #expect(files.map(\.name) == ["tab-1-b-Ada-b-Lovelace/1-5-uikit-crash.lab"], "\(files.map(\.name))")
        #expect(files.first?.text.contains("> load <script>x</script>") == true)
        #expect(
            files.first?.text.contains("Replay it with 'listlab test 1-5-uikit-crash.lab'") == true,
            "\(files.first?.text.prefix(300) ?? "")")
        // The table wants the teacher's token in its header: not the students', nor in a query or a cookie.
        for refused in pages[0..<4] { #expect(refused.hasPrefix("HTTP/1.1 403"), "\(refused.prefix(60))") }
        #expect(pages[4].hasPrefix("HTTP/1.1 200"))
        // The page itself holds no secret: anyone may fetch it, and it asks for the table with the token.
        #expect(
            pages[5].hasPrefix("HTTP/1.1 200")
                && pages[5].contains("Content-Security-Policy: default-src 'none'; script-src 'self'"))
        #expect(pages[5].contains("<script src=\"/teacher.js\"></script>") && !pages[5].contains(teacher))
        pages[2] = pages[4]
        let tour = Lesson(name: "5-uikit-crash.lab", text: Tours.text(of: "5-uikit-crash.lab") ?? "")
        let commands = tour.stepsShown(before: tour.commandCount)
        #expect(
            pages[2].contains(
                "<td>1</td><td>&lt;b&gt;Ada&lt;/b&gt; Lovelace</td><td>3</td><td>5-uikit-crash.lab</td><td>3 of "
                    + "\(commands)</td><td>0</td>"
            ), "\(pages[2])")
        #expect(pages[2].contains("&lt;script&gt;") && !pages[2].contains("<script>"))
    }
}

/// A classroom tab is never served without a folder of its own: when the folder cannot be made, the
/// tab is refused, not given a session that reads anywhere.
@Test func aClassroomTabWithoutAFolderOfItsOwnIsRefused() throws {
    let rules = try Classroom(budget: 10)
    defer { rules.removeFolders() }
    let factory = SessionFactory(isSerial: false, folder: ".", classroom: rules) {
        Session(output: $0, workingDirectory: $1)
    }
    _ = try TabSession(factory: factory, number: 1, sample: nil, tours: [])
    try FileManager.default.removeItem(atPath: rules.root)
    #expect(
        throws: ShellError(
            .failed("the classroom could not make a folder for this tab (is the temporary folder full?)"))
    ) {
        try TabSession(factory: factory, number: 2, sample: nil, tours: [])
    }
}

/// A lesson folder's file is read only when it is a plain file of the folder, under the limit (its
/// size read first, never the whole of a large one); a transcript's name is shown short.
@Test func aLessonFolderReadsPlainSmallFilesOnly() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lessons-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    try "id\n1\n".write(toFile: folder + "/small.csv", atomically: true, encoding: .utf8)
    try String(repeating: "x", count: 2_000).write(toFile: folder + "/big.csv", atomically: true, encoding: .utf8)
    try FileManager.default.createSymbolicLink(atPath: folder + "/link.csv", withDestinationPath: "/etc/hostname")
    let lessons = LessonFolder(path: folder)
    #expect(lessons.read("small.csv", limit: 1_000) == "id\n1\n")
    #expect(lessons.read("big.csv", limit: 1_000) == nil)
    #expect(lessons.read("link.csv", limit: 1_000) == nil)
    #expect(throws: ShellError.self) { try lessons.readChecked("link.csv", limit: 1_000) }
    #expect(Lesson(name: "x", text: String(repeating: "T", count: 5_000) + "\n====\n").title.count == 200)
}

@Test func clientsThatMisbehaveAreRefusedAndTheOtherTabsGoOn() async throws {
    let log = LogLines()
    try await withServer(log: log) { port in
        let answers = try await WebSocketClient.blocking { () -> [String] in
            let good = try WebSocketClient(port: port)
            _ = try good.readMessage()
            _ = try good.readMessage()
            // Garbage after the handshake: not a frame.
            let garbage = try WebSocketClient(port: port)
            try garbage.send((0..<4_096).map { UInt8(truncatingIfNeeded: $0 &* 2_654_435_761 >> 7) })
            // Not HTTP at all.
            let stranger = try WebSocketClient(port: port, path: nil)
            try stranger.send(Array("\u{16}\u{03}\u{01} hello?\r\n\r\n".utf8))
            // A command line of 1 MB.
            let big = try WebSocketClient(port: port)
            _ = try big.readMessage()
            _ = try big.readMessage()
            try big.sendFrame(#"{"command": ""# + String(repeating: "x", count: 1_000_000) + #""}"#)
            let bigAnswer = try big.readMessage()
            // 10,000 commands as fast as they go, no answer read.
            let flood = try WebSocketClient(port: port)
            for _ in 0..<10_000 { try flood.sendFrame(#"{"command": "show 0"}"#) }
            // A client that leaves in the middle of a command.
            let leaver = try WebSocketClient(port: port)
            try leaver.sendFrame(#"{"command": "sort name"}"#)
            _ = leaver
            try good.sendFrame(#"{"command": "delete 0.1"}"#)
            return [bigAnswer, try good.readMessage()]
        }
        #expect(try fields(answers[0])["kind"] as? String == "refused")
        #expect((try fields(answers[0])["message"] as? String)?.hasPrefix("a command line of 1000") == true)
        #expect((try fields(answers[1])["html"] as? String)?.contains("deleted 0.1: Clark Kent") == true)
        try await Task.sleep(for: .milliseconds(300))
        let lines = log.all
        #expect(lines.contains { $0.hasPrefix("refused a command line of 1000") })
        #expect(
            lines.contains { $0 == "refused messages from a tab that sent more than 64 without waiting for answers" })
        #expect(
            lines.filter { $0.hasPrefix("refused messages from a tab") }.count == 1, "the flood is said once: \(lines)")
        #expect(lines.contains { $0.hasPrefix("refused a WebSocket frame no page sends") }, "\(lines)")
        #expect(lines.contains { $0.hasPrefix("refused a request: ") }, "\(lines)")
    }
}

@Test(arguments: [
    "plain", "a \"quote\" and a \\ backslash", "line\nbreak\ttab\r", "\u{1}\u{1f}", "é ü 漢字 🎉 \u{2028}", "",
])
func quotedTextIsJSONThatReadsBackAsIt(text: String) throws {
    let json = JSONStringWriter.quoted(text)
    let read = try JSONSerialization.jsonObject(with: Data("[\(json)]".utf8)) as? [String]
    #expect(read == [text])
}

@Test func longCommandsInTwoTabsDoNotHoldUpAThird() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "listlab-serve-long-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    var rows = "id,name,score\n"
    for id in 0..<400_000 { rows += "\(id),person \(id),\(id * 7_919 % 1_000)\n" }
    try rows.write(toFile: folder + "/big.csv", atomically: true, encoding: .utf8)
    try await withServer { port in
        // Two tabs load and sort 400,000 rows (as many as the machine has cores here, or more),
        // and a third selects five times meanwhile: when each reply came, from the start.
        let clock = ContinuousClock()
        let start = clock.now
        @Sendable func elapsed() -> Duration { clock.now - start }
        async let slowOne = WebSocketClient.blocking { () -> Duration in
            let tab = try WebSocketClient(port: port)
            _ = try tab.readMessage()
            _ = try tab.readMessage()
            try tab.sendFrame(#"{"command": "load \#(folder)/big.csv"}"#)
            try tab.sendFrame(#"{"command": "sort score"}"#)
            _ = try tab.readMessage()
            _ = try tab.readMessage()
            return elapsed()
        }
        async let slowTwo = WebSocketClient.blocking { () -> Duration in
            let tab = try WebSocketClient(port: port)
            _ = try tab.readMessage()
            _ = try tab.readMessage()
            try tab.sendFrame(#"{"command": "load \#(folder)/big.csv"}"#)
            try tab.sendFrame(#"{"command": "sort name desc"}"#)
            _ = try tab.readMessage()
            _ = try tab.readMessage()
            return elapsed()
        }
        let quick = try await WebSocketClient.blocking { () -> Duration in
            let tab = try WebSocketClient(port: port)
            _ = try tab.readMessage()
            _ = try tab.readMessage()
            Thread.sleep(forTimeInterval: 0.3)  // the slow tabs are at work by now
            for index in 0..<5 {
                try tab.sendFrame(#"{"command": "select \#(index)"}"#)
                _ = try tab.readMessage()
            }
            return elapsed()
        }
        let slowest = try await min(slowOne, slowTwo)
        #expect(quick < slowest, "the quick tab finished at \(quick), the slow tabs at \(slowest) at the earliest")
    }
}

@Test func aClassroomTabWorksInAFolderOfItsOwnWithinItsBudget() async throws {
    let serverFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "listlab-classroom-server-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: serverFolder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: serverFolder) }
    try "id,name\n1,secret\n".write(toFile: serverFolder + "/private.csv", atomically: true, encoding: .utf8)
    // A budget well under the big load's time, and far above the small commands'.
    let classroom = try Classroom(budget: 0.25)
    var replies: [String] = []
    try await withClassroom(classroom, in: serverFolder) { port in
        replies = try await WebSocketClient.blocking { () -> [String] in
            let tab = try WebSocketClient(port: port)
            let other = try WebSocketClient(port: port)
            _ = try tab.readMessage()
            _ = try other.readMessage()
            func send(_ tab: WebSocketClient, _ message: String, replies count: Int = 1) throws -> [String] {
                try tab.sendFrame(message)
                return try (0..<count).map { _ in try tab.readMessage() }
            }
            var replies: [String] = []
            replies += try send(tab, #"{"command": "load \#(serverFolder)/private.csv"}"#)
            replies += try send(tab, #"{"command": "load ../private.csv"}"#)
            replies += try send(tab, #"{"upload": "people.csv", "text": "id,name\n1,Ada\n2,Grace\n"}"#)
            replies += try send(tab, #"{"upload": "../escape.csv", "text": "x"}"#)
            replies += try send(tab, #"{"command": "load people.csv"}"#)
            replies += try send(tab, #"{"command": "update 1 name=Hopper"}"#)
            replies += try send(tab, #"{"command": "save"}"#, replies: 2)
            replies += try send(other, #"{"command": "load people.csv"}"#)
            replies += try send(tab, #"{"upload": "big.csv", "text": "\#(manyRowsForJSON)"}"#)
            replies += try send(tab, #"{"command": "load big.csv"}"#)
            replies += try send(tab, #"{"command": "show 0"}"#)
            return replies
        }
    }
    func html(_ reply: String) throws -> String { try fields(reply)["html"] as? String ?? "" }
    #expect(
        try html(replies[0]).contains("outside this tab&#39;s folder")
            || html(replies[0]).contains("outside this tab's folder"))
    #expect(try html(replies[1]).contains("outside this tab"))
    #expect(try fields(replies[2])["kind"] as? String == "uploaded")
    #expect(try fields(replies[3])["kind"] as? String == "refused")
    #expect(try html(replies[5]).contains("updated 0.1"))
    let download = try fields(replies[7])
    #expect(download["kind"] as? String == "download" && download["name"] as? String == "people.csv")
    #expect(download["text"] as? String == "id,name\n1,Ada\n2,Hopper\n")
    #expect(try html(replies[8]).contains("error:"), "the other tab has no people.csv: each tab has its own folder")
    #expect(try fields(replies[9])["kind"] as? String == "uploaded")
    #expect(
        try html(replies[10]).contains("stopped after 0.25 s, a classroom&#39;s budget")
            || html(replies[10]).contains("stopped after 0.25 s, a classroom's budget"))
    #expect(
        try html(replies[11]).contains("Grace Hopper") || html(replies[11]).contains("Ada"),
        "the stopped load changed nothing: people.csv is still shown")
    #expect(
        FileManager.default.fileExists(atPath: serverFolder + "/people.csv") == false,
        "nothing was written in the server's folder")
    #expect((try? String(contentsOfFile: serverFolder + "/private.csv", encoding: .utf8)) == "id,name\n1,secret\n")
}

@Test func aTabThatComesBackWithItsKeyFindsItsSessionAndAnotherKeyANewOne() async throws {
    try await withServer { port in
        let (first, back, stranger) = try await WebSocketClient.blocking { () -> ([String], [String], [String]) in
            var first: [String] = []
            do {
                let tab = try WebSocketClient(port: port)
                first.append(try tab.readMessage())  // show
                first.append(try tab.readMessage())  // welcome, with the key
                try tab.sendFrame(#"{"command": "delete 0.0"}"#)
                first.append(try tab.readMessage())
            }  // the connection closes here, as a reload closes it
            let key =
                (try? JSONSerialization.jsonObject(with: Data(first[1].utf8)) as? [String: Any])?["key"] as? String
                ?? ""
            let again = try WebSocketClient(port: port, key: key)
            // The steps so far again, then the welcome with the same key; the list as it was left.
            var back = [try again.readMessage(), try again.readMessage(), try again.readMessage()]
            try again.sendFrame(#"{"command": "show 0"}"#)
            back.append(try again.readMessage())
            let other = try WebSocketClient(port: port, key: "not-a-key")
            let stranger = [try other.readMessage(), try other.readMessage()]
            return (first, back, stranger)
        }
        let key = try fields(first[1])["key"] as? String
        #expect(key != nil && key?.isEmpty == false)
        #expect(try fields(back[0])["number"] as? Int == 1 && fields(back[1])["number"] as? Int == 2)
        #expect(try fields(back[2])["kind"] as? String == "welcome" && fields(back[2])["key"] as? String == key)
        #expect(
            try (fields(back[3])["html"] as? String)?.contains("Clark Kent") == true,
            "Bruce was deleted before the reload")
        #expect(try fields(stranger[1])["key"] as? String != key)
        #expect(
            try (fields(stranger[0])["html"] as? String)?.contains("Bruce Wayne") == true,
            "another key gets a new session")
    }
}

@Test func residentMemoryGrowsWithWhatIsAllocatedAndTouched() throws {
    #if os(Linux)
        let before = try #require(Classroom.residentBytes())
        // 256 MB is past glibc's largest mmap threshold: fresh pages, whatever the tests before freed.
        // Tests running beside this one free memory too: half of it is the bound, not all of it.
        let block = [UInt8](repeating: 1, count: 256 * 1_048_576)
        let after = try #require(Classroom.residentBytes())
        #expect(after - before > 128 * 1_048_576, "\(before) -> \(after) with \(block.count) bytes")
    #endif
}

@Test func aLoadPastATabsMemoryIsRefusedAndChangesNothingWhileAnotherTabGoesOn() async throws {
    // What a tab holds is counted, not the server's growth: the other tab's load, beside it, is not stopped.
    let serverFolder = FileManager.default.temporaryDirectory.appendingPathComponent(
        "listlab-classroom-memory-\(UUID().uuidString)"
    ).path
    try FileManager.default.createDirectory(atPath: serverFolder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: serverFolder) }
    let classroom = try Classroom(budget: 600, tabMemory: 1_048_576)
    defer { classroom.removeFolders() }
    var (refused, shownAfter, others) = ("", "", [String]())
    try await withClassroom(classroom, in: serverFolder) { port in
        (refused, shownAfter, others) = try await WebSocketClient.blocking { () -> (String, String, [String]) in
            let tab = try WebSocketClient(port: port)
            let other = try WebSocketClient(port: port)
            _ = try tab.readMessage()
            _ = try other.readMessage()
            func send(_ tab: WebSocketClient, _ message: String) throws -> String {
                try tab.sendFrame(message)
                return try tab.readMessage()
            }
            _ = try send(tab, #"{"upload": "people.csv", "text": "id,name\n1,Ada\n2,Grace\n"}"#)
            _ = try send(tab, #"{"command": "load people.csv"}"#)
            _ = try send(tab, #"{"upload": "big.csv", "text": "\#(manyRowsForJSON)"}"#)
            try tab.sendFrame(#"{"command": "load big.csv"}"#)
            var others: [String] = []
            _ = try send(other, #"{"upload": "small.csv", "text": "id,name\n1,Ada\n"}"#)
            for command in ["load small.csv", "load contacts", "show 0.1", "select 0.2", "sort name", "show 0.0"] {
                others.append(try send(other, #"{"command": "\#(command)"}"#))
            }
            let refused = try tab.readMessage()
            return (refused, try send(tab, #"{"command": "show 0"}"#), others)
        }
    }
    func html(_ reply: String) throws -> String {
        (try fields(reply)["html"] as? String ?? "").replacingOccurrences(of: "&#39;", with: "'")
    }
    let said = try html(refused)
    // What it may hold is its 1 MB less what it keeps of its two commands before (their steps and record).
    let mayHold = megabytesItMayHold(said)
    #expect(
        said.contains("error: big: not loaded: it would take about") && (0.8...1.0).contains(mayHold ?? 0), "\(said)")
    #expect(try html(shownAfter).contains("Ada"), "the refused load changed nothing: people.csv is still loaded")
    for reply in others {
        let shown = try html(reply)
        #expect(!shown.contains("error:"), "the other tab did not notice: \(shown)")
    }
}

/// The gradebook keeps a student's exercise after their tab ends: a tab checks a lesson's exercise,
/// closes, and is gone (it waited 0.2 s for a reload); the teacher's gradebook still has the try, and
/// the teacher's table the student, marked absent.
@Test func theGradebookKeepsAnEndedTabsExercises() async throws {
    let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("grades-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: scratch + "/lessons", withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: scratch) }
    let recorded = Session(output: RecordingOutput())
    for command in ["load contacts", "exercise Put Barry Allen first.", "move 0.3 0.0", "exercise check"] {
        recorded.execute(command)
    }
    try recorded.transcript(named: "barry.lab").text.write(
        toFile: scratch + "/lessons/barry.lab", atomically: true, encoding: .utf8)
    let classroom = try Classroom(budget: 10)
    defer { classroom.removeFolders() }
    let server = try PlaygroundServer(
        host: "127.0.0.1", port: 0, tool: "listlab", banner: "ListLab 0.1", sample: nil,
        lessons: LessonFolder(path: scratch + "/lessons"),
        factory: SessionFactory(isSerial: false, folder: scratch, classroom: classroom) {
            Session(output: $0, workingDirectory: $1)
        },
        keptFor: 0.2, token: testToken, log: { _ in })
    let teacher = try #require(server.teacherToken)
    try await serving(server) { port in
        try await WebSocketClient.blocking {
            let tab = try WebSocketClient(port: port)
            _ = try tab.readMessage()
            _ = try exchange(tab, #"{"name": "Ada"}"#, until: "named")
            _ = try exchange(tab, #"{"tour": "barry.lab"}"#, until: "lessonState")
            for _ in 0..<3 { _ = try exchange(tab, #"{"lesson": "step"}"#, until: "lessonState") }
        }
        // The tab closed when its client went; it ends after 0.2 s with no reload.
        var grades = ""
        for _ in 0..<50 {
            try await Task.sleep(for: .milliseconds(100))
            let tabs = try WebSocketClient.request(
                port: port,
                "GET /teacher/tabs HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer \(teacher)\r\n\r\n")
            guard tabs.contains("0 tabs, 0 connected") else { continue }
            // The teacher's table keeps her, absent, with her exercise.
            #expect(tabs.contains("0 tabs, 0 connected, 1 student absent."))
            #expect(
                tabs.contains(
                    #"<td>Ada (absent)</td><td>—</td><td>—</td><td>—</td><td>—</td><td><ul class="exercises"><li>barry.lab 1: not yet, 1 try</li></ul></td>"#
                ), "\(tabs.suffix(400))")
            grades = try WebSocketClient.request(
                port: port,
                "GET /teacher/grades.csv HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nAuthorization: Bearer "
                    + "\(teacher)\r\n\r\n"
            )
            break
        }
        #expect(
            grades.hasSuffix(
                "\r\n\r\nstudent,lesson,exercise,done,tries,hints seen,solution "
                    + "used,tabs\r\nAda,barry.lab,1,no,1,0,no,1\r\n"
            ),
            "\(grades.suffix(300))")
    }
}
