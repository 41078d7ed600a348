import Foundation
import ListLabHTTP
import ListLabShell
import Synchronization
import Testing

@testable import ListLabServer

/// The attacks a web page (or anything else on the machine) makes on a
/// `listlab serve`, each with whether the server refused it. Every attack is
/// refused by a server with all its checks; `theSuiteFailsWhenACheckIsLeftOut`
/// shows that each check is what refuses its attacks.
private func attacks(port: UInt16) throws -> [String: Bool] {
    let own = "127.0.0.1:\(port)"
    let proof = "Sec-WebSocket-Protocol: listlab, listlab.token.\(testToken)"
    /// Whether a WebSocket with `headers` is refused (any answer but 101).
    func socketRefused(_ headers: [String]) -> Bool {
        (try? WebSocketClient(port: port, headers: headers)) == nil
    }
    /// The status of `GET path` with `headers`.
    func status(_ path: String, _ headers: [String]) throws -> Int {
        let response = try WebSocketClient.request(
            port: port, "GET \(path) HTTP/1.1\r\n" + headers.map { $0 + "\r\n" }.joined() + "\r\n")
        return Int(response.dropFirst(9).prefix(3)) ?? 0
    }
    /// The kind of the answer to `message` in a tab of the page's own.
    func answer(_ message: String) throws -> String {
        let tab = try WebSocketClient(port: port)
        _ = try tab.readMessage()
        _ = try tab.readMessage()
        try tab.sendFrame(message)
        let reply = try JSONSerialization.jsonObject(with: Data(try tab.readMessage().utf8)) as? [String: Any]
        return reply?["kind"] as? String ?? ""
    }
    var refused: [String: Bool] = [:]
    refused["a socket from another site's page"] = socketRefused(["Host: \(own)", "Origin: http://evil.example", proof])
    refused["a socket from another port of this machine"] = socketRefused([
        "Host: \(own)", "Origin: http://127.0.0.1:\(port &+ 1)", proof,
    ])
    refused["a socket from a null origin"] = socketRefused(["Host: \(own)", "Origin: null", proof])
    refused["a socket with no origin"] = socketRefused(["Host: \(own)", proof])
    refused["a socket without the token"] = socketRefused([
        "Host: \(own)", "Origin: http://\(own)", "Sec-WebSocket-Protocol: listlab",
    ])
    refused["a socket with a wrong token"] = socketRefused([
        "Host: \(own)", "Origin: http://\(own)",
        "Sec-WebSocket-Protocol: listlab, listlab.token.\(String(testToken.reversed()))",
    ])
    // The old way in: a cookie that a browser sends to every port of 127.0.0.1, where any program may collect it.
    refused["a socket with the token in a cookie"] = socketRefused([
        "Host: \(own)", "Origin: http://\(own)", "Cookie: listlab-token-\(port)=\(testToken)",
    ])
    refused["a socket with the token in its address"] =
        (try? WebSocketClient(
            port: port, path: "/socket?token=\(testToken)", headers: ["Host: \(own)", "Origin: http://\(own)"])) == nil
    refused["a rebound Host (DNS rebinding)"] = try status("/", ["Host: evil.example:\(port)"]) == 403
    // A frame that says it holds 600 MB: refused from its header, before a byte of payload.
    let big = try WebSocketClient(port: port)
    _ = try big.readMessage()
    _ = try big.readMessage()
    try big.send([0x81, 0xFF, 0, 0, 0, 0, 0x23, 0xC3, 0x46, 0x00, 1, 2, 3, 4])
    big.setReadTimeout(seconds: 5)
    refused["a frame of 600 MB"] = (try? big.readCloseCode()) == 1009
    refused["a command holding a line break"] =
        try answer(#"{"command": "show 0\n  > session save --force /tmp/x"}"#) == "refused"
    refused["a command holding U+2028"] = try answer(#"{"command": "show 0\u2028quit"}"#) == "refused"
    refused["a completion of 100 KB"] =
        try answer(#"{"complete": "load \#(String(repeating: "a/", count: 50_000))"}"#) == "refused"
    return refused
}

@Test func everyAttackIsRefusedAndThePagesOwnTabGoesOn() async throws {
    let log = LogLines()
    try await withServer(log: log) { port in
        let refused = try await WebSocketClient.blocking { try attacks(port: port) }
        for (attack, wasRefused) in refused.sorted(by: { $0.key < $1.key }) {
            #expect(wasRefused, "got through: \(attack)")
        }
        // The page's own tab, with its token, from its own origin, works throughout.
        let shown = try await WebSocketClient.blocking { () -> String in
            let tab = try WebSocketClient(port: port)
            _ = try tab.readMessage()
            _ = try tab.readMessage()
            try tab.sendFrame(#"{"command": "show 0"}"#)
            return try tab.readMessage()
        }
        #expect((try fields(shown)["html"] as? String)?.contains("Bruce Wayne") == true)
        // The page and its parts hold no secret, set no cookie, and are served to anyone who names the server.
        let parts = try await WebSocketClient.blocking {
            try ["/", "/page.js", "/pictures.js", "/listlab.css"].map {
                try WebSocketClient.request(port: port, "GET \($0) HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
            }
        }
        for part in parts {
            #expect(part.hasPrefix("HTTP/1.1 200"))
            #expect(!part.contains(testToken) && !part.lowercased().contains("set-cookie"))
        }
    }
    let lines = log.all
    for expected in [
        "refused a WebSocket from origin 'http://evil.example': not this server's page",
        "refused a WebSocket from origin 'null': not this server's page",
        "refused a WebSocket with no Origin (not from a browser's page of this server)",
        "refused a WebSocket without the server's token",
        "refused a WebSocket with a wrong token",
    ] {
        #expect(lines.contains(expected), "\(expected) in \(lines)")
    }
    #expect(lines.contains { $0.hasPrefix("refused a request for Host 'evil.example:") })
    #expect(lines.contains { $0.hasPrefix("refused a WebSocket message of ") })
}

/// The checks and the attacks only each one refuses: with it left out, they get through.
@Test(arguments: [
    (
        Door.Checks.origin,
        [
            "a socket from another site's page", "a socket from another port of this machine",
            "a socket from a null origin", "a socket with no origin",
        ]
    ),
    (
        .token,
        [
            "a socket without the token", "a socket with a wrong token", "a socket with the token in a cookie",
            "a socket with the token in its address",
        ]
    ),
    (.host, ["a rebound Host (DNS rebinding)"]),
    (.frameLimit, ["a frame of 600 MB"]),
    (.oneLine, ["a command holding a line break", "a command holding U+2028"]),
    (.completionLimit, ["a completion of 100 KB"]),
])
func theSuiteFailsWhenACheckIsLeftOut(check: Door.Checks, attacksItStops: [String]) async throws {
    try await withServer(checks: Door.Checks.all.subtracting(check)) { port in
        let refused = try await WebSocketClient.blocking { try attacks(port: port) }
        for attack in attacksItStops {
            #expect(refused[attack] == false, "still refused without the check: \(attack)")
        }
    }
}

@Test func theHandshakeAnswersWithRFC6455sKey() {
    // RFC 6455, 1.3's example.
    #expect(WebSocket.accept(key: "dGhlIHNhbXBsZSBub25jZQ==") == "s3pPLMBiTxaQ9kYGzzhZRbK+xOo=")
    #expect(
        SHA1.digest(Array("abc".utf8)).map { String(format: "%02x", $0) }.joined()
            == "a9993e364706816aba3e25717850c26c9cd0d89d")
    #expect(SHA1.digest([]).map { String(format: "%02x", $0) }.joined() == "da39a3ee5e6b4b0d3255bfef95601890afd80709")
}

@Test(arguments: [
    ("127.0.0.1:8765", true), ("localhost:8765", true), ("[::1]:8765", true), ("LOCALHOST:8765", true),
    ("127.0.0.1:8766", false), ("127.0.0.1", false), ("evil.example:8765", false), ("127.0.0.1.nip.io:8765", false),
])
func aLoopbackServerAnswersToItsOwnNamesOnly(host: String, answered: Bool) throws {
    let door = Door(listeningOn: "127.0.0.1", port: 8765, token: nil)
    let head = try HTTPRequestHead(bytes: ArraySlice(Array("GET / HTTP/1.1\r\nHost: \(host)".utf8)))
    let passed = (try? door.checkHost(head)) != nil
    #expect(passed == answered)
}

@Test(arguments: [
    "GET http://evil.example/ HTTP/1.1", "GET / HTTP/2.0", "get / HTTP/1.1", "GET /\u{7F} HTTP/1.1",
    "GET / HTTP/1.1\r\n folded: header", "GET / HTTP/1.1\r\nNo-Colon", "GET / HTTP/1.1\r\nBare\nLF: x",
])
func aMalformedRequestHeadIsRefused(head: String) {
    #expect(throws: HTTPRequestHead.Malformed.self) { try HTTPRequestHead(bytes: ArraySlice(Array(head.utf8))) }
}

@Test func twoHostHeadersAreRefused() throws {
    let door = Door(listeningOn: "127.0.0.1", port: 8765, token: nil)
    let head = try HTTPRequestHead(
        bytes: ArraySlice(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:8765\r\nHost: evil.example".utf8)))
    #expect(throws: Door.Refusal.self) { try door.checkHost(head) }
}

@Test func aRequestHeadSentAByteAtATimeIsCutOffAtItsDeadline() async throws {
    try await withServer { port in
        let seconds = try await WebSocketClient.blocking { () -> Double in
            let slow = try WebSocketClient(port: port, path: nil)
            slow.setReadTimeout(seconds: 14)
            // A byte every second, each well within a read's timeout, never a whole head.
            let bytes = Array("GET / HTTP/1.1\r\nX-Pad: aaaaaaaaaaaaaaaaaaaa".utf8)
            DispatchQueue.global().async {
                for byte in bytes {
                    guard (try? slow.send([byte])) != nil else { return }
                    usleep(1_000_000)
                }
            }
            let started = ContinuousClock.now
            _ = try? slow.readResponse()  // ends when the server closes the connection (or the read times out)
            let elapsed = ContinuousClock.now - started
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        #expect(seconds < 10, "the server kept a head that trickled in for \(seconds) s, past its 5 s deadline")
    }
}

@Test func aRequestHeadPastItsLimitIsRefusedWith431() async throws {
    try await withServer { port in
        let response = try await WebSocketClient.blocking {
            try WebSocketClient.request(
                port: port,
                "GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nX-Pad: \(String(repeating: "a", count: 20_000))\r\n\r\n")
        }
        #expect(response.hasPrefix("HTTP/1.1 431"))
    }
}

/// 600 connections of one client that never send a request head hold no other client out, nor
/// the same client's next request: past its bound, a client's oldest idle connection gives up its
/// slot. What was refused is logged at most once a second a kind, with a count.
@Test(arguments: [true, false])
func sixHundredIdleConnectionsFromOneClientLeaveOthersServed(bounded: Bool) async throws {
    var limit = rlimit()
    getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    if limit.rlim_cur < 4_096 {
        limit.rlim_cur = min(4_096, limit.rlim_max)
        setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
    let log = LogLines()
    try await withServer(checks: bounded ? .all : Door.Checks.all.subtracting(.perClient), log: log) { port in
        let answers = try await WebSocketClient.blocking { () -> [String] in
            var idle: [WebSocketClient] = []
            for _ in 0..<600 { idle.append(try WebSocketClient(port: port, path: nil)) }
            // Each idle connection is accepted (or refused) in turn: a request made after them is
            // answered once the server has seen every one.
            usleep(300_000)
            func page(from source: String) -> String {
                let client = try? WebSocketClient(port: port, path: nil, from: source)
                client?.setReadTimeout(seconds: 3)
                try? client?.send(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n\r\n".utf8))
                return (try? client?.readResponse()) ?? "no answer"
            }
            let answers = [page(from: "127.0.0.2"), page(from: "127.0.0.1")]
            withExtendedLifetime(idle) {}
            return answers
        }
        if bounded {
            #expect(answers[0].hasPrefix("HTTP/1.1 200"), "another client was not served: \(answers[0].prefix(40))")
            #expect(
                answers[1].hasPrefix("HTTP/1.1 200"),
                "the same client's next request was not served: \(answers[1].prefix(40))")
        } else {
            #expect(
                !answers[0].hasPrefix("HTTP/1.1 200"), "without the bound, 600 idle connections should take every slot")
        }
    }
    if bounded {
        let lines = log.all
        #expect(
            lines.contains { $0.hasPrefix("closed the oldest of 127.0.0.1's connections still sending a request head") }
        )
        #expect(lines.count < 20, "the refusals were not rate-limited: \(lines.count) lines")
    }
}

/// Behind a reverse proxy every client comes from the proxy's address: its connections are
/// bounded by the server's cap only, while another address keeps the bound of one client.
@Test func aProxysConnectionsAreNotBoundedPerClient() async throws {
    let log = LogLines()
    try await withServer(proxies: ["127.0.0.1"], log: log) { port in
        try await WebSocketClient.blocking {
            var idle: [WebSocketClient] = []
            for _ in 0..<(HTTPListener.mostPerClient + 20) { idle.append(try WebSocketClient(port: port, path: nil)) }
            for _ in 0..<(HTTPListener.mostPerClient + 20) {
                idle.append(try WebSocketClient(port: port, path: nil, from: "127.0.0.2"))
            }
            // Each connection is admitted (or not) in turn: wait until the other client's bound was met.
            for _ in 0..<100 where !log.all.contains(where: { $0.contains("127.0.0.2's connections") }) {
                usleep(100_000)
            }
            withExtendedLifetime(idle) {}
        }
    }
    #expect(
        !log.all.contains { $0.contains("127.0.0.1's connections") },
        "the proxy's connections were bounded as one client's: \(log.all)")
    #expect(
        log.all.contains { $0.hasPrefix("closed the oldest of 127.0.0.2's connections still sending a request head") })
    #expect(HTTPListener.address("::FFFF:127.0.0.1") == "::ffff:127.0.0.1")
    #expect(HTTPListener.address("localhost") == nil)
}

/// One client holds at most 16 tabs, open or waiting for a reload: a 17th is refused while all
/// are open, and takes the place of the oldest that left. Behind a proxy, each address the proxy
/// forwards for is a client of its own.
@Test func oneClientHoldsAtMostSixteenTabs() async throws {
    @Sendable func kind(_ reply: String) -> String { (try? fields(reply))?["kind"] as? String ?? "?" }
    let log = LogLines()
    try await withServer(proxies: ["127.0.0.2"], log: log) { port in
        try await WebSocketClient.blocking {
            let most = PlaygroundServer.mostTabsPerClient
            var tabs: [WebSocketClient] = []
            for _ in 0..<most {
                let tab = try WebSocketClient(port: port)
                while kind(try tab.readMessage()) != "welcome" {}
                tabs.append(tab)
            }
            let extra = try WebSocketClient(port: port)
            let refused = try extra.readMessage()
            #expect(
                kind(refused) == "refused" && refused.contains("tabs open here, the most one client may"), "\(refused)")
            // One leaves: the next takes its place, once the server has seen it leave.
            tabs.removeFirst()
            var next = try WebSocketClient(port: port)
            var first = kind(try next.readMessage())
            for _ in 0..<100 where first == "refused" {
                usleep(100_000)
                next = try WebSocketClient(port: port)
                first = kind(try next.readMessage())
            }
            #expect(first != "refused")
            // Through the proxy, for two addresses: each has room of its own.
            var held: [WebSocketClient] = []
            func forwarded(_ address: String) throws -> String {
                let tab = try WebSocketClient(
                    port: port,
                    headers: WebSocketClient.pageHeaders(port: port) + ["X-Forwarded-For: 203.0.113.9, \(address)"],
                    from: "127.0.0.2")
                held.append(tab)
                return kind(try tab.readMessage())
            }
            var through: [String] = []
            for _ in 0..<most { through.append(try forwarded("10.0.0.1")) }
            #expect(!through.contains("refused"))
            #expect(try forwarded("10.0.0.1") == "refused")
            // A client's own line first, the proxy's added after it (HAProxy): the proxy's last entry names the client.
            let twoLines = try WebSocketClient(
                port: port,
                headers: WebSocketClient.pageHeaders(port: port) + [
                    "X-Forwarded-For: 10.7.7.7", "X-Forwarded-For: 10.0.0.1",
                ], from: "127.0.0.2")
            held.append(twoLines)
            #expect(kind(try twoLines.readMessage()) == "refused", "a client names itself by a line of its own")
            #expect(try forwarded("10.0.0.2") != "refused")
            withExtendedLifetime((tabs, next, held)) {}
        }
    }
    #expect(
        log.all.contains {
            $0.hasPrefix("refused a new tab from 127.0.0.1: this browser's address has 16 tabs open here")
        })
}

/// A WebSocket that proves the token but never says hello holds a connection without a session:
/// it is closed at its deadline.
@Test func aSocketThatNeverSaysHelloIsClosedAtItsDeadline() async throws {
    let log = LogLines()
    try await withServer(log: log) { port in
        let seconds = try await WebSocketClient.blocking { () -> Double in
            let silent = try WebSocketClient(port: port, key: nil)
            silent.setReadTimeout(seconds: PlaygroundServer.helloSeconds + 10)
            let started = ContinuousClock.now
            _ = try? silent.readMessage()
            let elapsed = ContinuousClock.now - started
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        }
        #expect(seconds < Double(PlaygroundServer.helloSeconds + 5), "a socket that said nothing was held \(seconds) s")
    }
    #expect(log.all.contains { $0.contains("sent no message within \(PlaygroundServer.helloSeconds) s") })
}

/// A server on a wildcard address answers to the machine's names and addresses and to those
/// given with --allow-host, and refuses any other (DNS rebinding there too); a reverse proxy's
/// page, on https, opens the socket under the name it was allowed.
@Test func aWildcardServerAnswersToItsOwnNamesAndTheAllowedOnes() throws {
    let door = Door(
        listeningOn: "0.0.0.0", port: 8765, token: testToken, machineNames: ["lab-host", "192.168.1.5", "fe80::1"],
        allowedHosts: ["class.example", "proxy.example:8443"])
    for (host, answered) in [
        ("lab-host:8765", true), ("192.168.1.5:8765", true), ("[fe80::1]:8765", true), ("127.0.0.1:8765", true),
        ("class.example", true), ("class.example:443", true), ("proxy.example:8443", true),
        ("evil.example:8765", false), ("192.168.1.6:8765", false), ("proxy.example:8444", false),
        ("lab-host:8766", false),
    ] {
        let head = try HTTPRequestHead(bytes: ArraySlice(Array("GET / HTTP/1.1\r\nHost: \(host)".utf8)))
        #expect(((try? door.checkHost(head)) != nil) == answered, "\(host)")
    }
    let proxied = try HTTPRequestHead(
        bytes: ArraySlice(
            Array(
                "GET /socket HTTP/1.1\r\nHost: class.example\r\nOrigin: https://class.example\r\nSec-WebSocket-Protocol: listlab, listlab.token.\(testToken)"
                    .utf8)))
    #expect(try door.checkSocket(proxied) == Door.SocketAccess(subprotocol: "listlab"))
    let elsewhere = try HTTPRequestHead(
        bytes: ArraySlice(
            Array(
                "GET /socket HTTP/1.1\r\nHost: class.example\r\nOrigin: https://evil.example\r\nSec-WebSocket-Protocol: listlab, listlab.token.\(testToken)"
                    .utf8)))
    #expect(throws: Door.Refusal.self) { try door.checkSocket(elsewhere) }
    #expect(!HostNames.ofThisMachine().isEmpty)
}

/// The log says a kind of refusal at most once a second, and then how many it held back.
@Test func refusalsAreLoggedAtMostOnceASecondAKindWithACount() {
    let said = LogLines()
    let now = Mutex(ContinuousClock.now)
    let log = RefusalLog(write: { said.append($0) }, clock: { now.withLock { $0 } })
    for port in 0..<50 { log.say("refused a connection from 127.0.0.1 port \(port)") }
    log.say("refused a WebSocket with a wrong token")
    now.withLock { $0 += .milliseconds(1_100) }
    log.say("refused a connection from 127.0.0.1 port 99")
    #expect(
        said.all == [
            "refused a connection from 127.0.0.1 port 0",
            "refused a WebSocket with a wrong token",
            "refused a connection from 127.0.0.1 port 99 (and 49 more like it, not logged)",
        ])
    // Kinds that differ in their words are capped together, a second at a time.
    for index in 0..<100 { log.say("refused '\(String(repeating: "x", count: index))'") }
    #expect(said.all.count == 3 + RefusalLog.linesPerSecond - 1)
}

/// Every input that once crashed one of the door's fuzz targets (kept by Scripts/fuzz in
/// Tests/Fixtures/fuzz/TARGET/) must now go through without a trap; so must inputs of each shape.
@Test(arguments: DoorFuzzTarget.allCases)
func doorInputsThatOnceCrashedNoLongerDo(target: DoorFuzzTarget) throws {
    let folder =
        (#filePath.components(separatedBy: "/ListLabServerTests/").first ?? "Tests") + "/Fixtures/fuzz/"
        + target.rawValue
    let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { !$0.hasPrefix(".") }.sorted()
    for file in files { target.run([UInt8](FileManager.default.contents(atPath: folder + "/" + file) ?? Data())) }
    target.run(Array("GET / HTTP/1.1\r\nHost: 127.0.0.1:8765".utf8))
    target.run([0x81, 0x82, 1, 2, 3, 4, 0x69, 0x6B])
    // A fragment, then a continuation that says it holds 2^64 - 1 bytes: refused, not an overflow.
    target.run([0x01, 0x81, 0, 0, 0, 0, 0x61, 0x80, 0xFF] + [UInt8](repeating: 0xFF, count: 8) + [0, 0, 0, 0])
    target.run([])
}

/// A refusal that repeats a client's text of megabytes is said cut short.
@Test func aRefusalOfAClientsLongTextIsSaidCutShort() {
    let said = LogLines()
    let log = RefusalLog(write: { said.append($0) })
    log.say("refused no tour or lesson named '" + String(repeating: "y", count: 1_000_000) + "'")
    #expect(said.all.count == 1)
    #expect((said.all.first?.count ?? 0) <= RefusalLog.longestLine + 1)
    #expect(said.all.first?.hasSuffix("…") == true)
}

/// Behind a proxy, whose connections the listener does not bound per client, one forwarded client's
/// handshakes that never say hello hold at most its share of sockets: the next is refused at the
/// handshake, and another client forwarded by the same proxy still gets in.
@Test func aForwardedClientsSilentSocketsAreBounded() async throws {
    let log = LogLines()
    try await withServer(proxies: ["127.0.0.2"], log: log) { port in
        try await WebSocketClient.blocking {
            func socket(for address: String) throws -> WebSocketClient {
                try WebSocketClient(
                    port: port, key: nil,
                    headers: WebSocketClient.pageHeaders(port: port) + ["X-Forwarded-For: \(address)"],
                    from: "127.0.0.2")
            }
            let silent = try (0..<PlaygroundServer.mostSocketsPerClient).map { _ in try socket(for: "10.0.0.9") }
            #expect(throws: (any Error).self) { _ = try socket(for: "10.0.0.9") }
            let other = try socket(for: "10.0.0.10")
            withExtendedLifetime((silent, other)) {}
        }
    }
    #expect(log.all.contains { $0.hasPrefix("refused a WebSocket from 10.0.0.9: it holds 32") })
}
