#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import FlyingFox
import FlyingSocks
import ListLabShell

/// `listlab serve`: the playground in a browser. `GET /` is the page
/// (``LivePage``); `GET /socket` is a WebSocket, and each one is a tab with a
/// session of its own (``TabSession``), which ends when the tab closes.
/// Anything else is 404. It listens on loopback unless told otherwise.
package final class PlaygroundServer: Sendable {
    private let server: HTTPServer
    private let factory: SessionFactory
    private let sample: String?
    private let banner: String
    private let tours: [String]
    private let turnstile = Turnstile()
    private let tabNumbers = TabNumbers()
    private let tabs = OpenTabs()
    /// The seconds a closed tab's session waits for the tab to come back.
    private let keptFor: Double
    /// Says what the server refused or could not do, a line each.
    private let log: @Sendable (String) -> Void

    /// A server on `host` and `port` (0: any free port).
    ///
    /// - Parameters:
    ///   - tool: The playground's name (the page's title).
    ///   - banner: What a tab is greeted with.
    ///   - sample: What each tab's session loads first; nil for nothing.
    ///   - tours: The tours a tab may open (see ``Tours``).
    ///   - factory: Makes each tab's session.
    ///   - keptFor: The seconds a closed tab's session waits for the tab to come back.
    ///   - log: Hears a line for each thing refused.
    package init(
        host: String, port: UInt16, tool: String, banner: String, sample: String?, tours: [String] = [], factory: SessionFactory,
        keptFor: Double = 120, log: @escaping @Sendable (String) -> Void
    ) throws {
        self.keptFor = keptFor
        let address: any SocketAddress = host.contains(":") ? try sockaddr_in6.inet6(ip6: host, port: port) : try sockaddr_in.inet(ip4: host, port: port)
        server = HTTPServer(address: address, timeout: 15, logger: ServerLog(log: log))
        self.factory = factory
        self.sample = sample
        self.banner = banner
        self.tours = tours
        self.log = log
        let page = LivePage.html(tool: tool)
        let handler = TabHandler(server: self)
        Task { [server] in
            await server.appendRoute("GET /") { _ in
                HTTPResponse(
                    statusCode: .ok,
                    headers: [.contentType: "text/html; charset=utf-8", HTTPHeader("Content-Security-Policy"): LivePage.contentSecurityPolicy,
                              HTTPHeader("Cache-Control"): "no-store"],
                    body: Data(page.utf8))
            }
            await server.appendRoute("GET /socket", to: .webSocket(handler, frameSize: 1 << 20))
            await server.appendRoute("*") { _ in HTTPResponse(statusCode: .notFound, body: Data("not found\n".utf8)) }
        }
    }

    /// Serves until the task running it is cancelled.
    package func run() async throws {
        try await server.run()
    }

    /// The port it listens on, once it listens (within `timeout` seconds:
    /// it starts on the cooperative threads, which a busy process may hold).
    package func waitUntilListening(timeout: Double = 30) async throws -> UInt16 {
        try await server.waitUntilListening(timeout: timeout)
        switch await server.listeningAddress {
        case .ip4(_, let port)?, .ip6(_, let port)?: return port
        default: return 0
        }
    }

    /// Stops listening and ends every tab, after `timeout` seconds for them to close.
    package func stop(timeout: Double = 1) async {
        await server.stop(timeout: timeout)
    }

    /// The session of a tab that says hello with `key`, and the messages
    /// that greet it, the welcome last: the session that key left a while
    /// ago (its steps again), or a new one (its first steps).
    fileprivate func openTab(key: String) async -> (tab: TabSession, key: String, greeting: [ServerMessage]) {
        let welcome = { (key: String) in ServerMessage.welcome(banner: self.banner, tours: self.tours, classroom: self.factory.classroom != nil, key: key) }
        if let tab = await tabs.resume(key) {
            return (tab, key, (await tab.stepsSoFar()) + [welcome(key)])
        }
        return await turnstile.through(factory.isSerial) {
            let tab = TabSession(factory: factory, number: await tabNumbers.next(), sample: sample, tours: tours)
            let key = await tabs.add(tab)
            // The welcome comes last: a page that runs commands of its own waits for it.
            return (tab, key, (await tab.greeting()) + [welcome(key)])
        }
    }

    /// A tab's connection closed: its session waits ``keptFor`` seconds for
    /// the tab to come back (a reload), then ends.
    fileprivate func leave(_ key: String) async {
        await tabs.leave(key, endingAfter: keptFor)
    }

    /// Writes `line` to the server's log.
    fileprivate func note(_ line: String) { log(line) }

    /// What `tab` answers to `text`, one tab at a time when the sessions must run so.
    fileprivate func reply(_ tab: TabSession, to text: String) async -> [ServerMessage] {
        let replies = await turnstile.through(factory.isSerial) { await tab.reply(to: text) }
        for case .refused(let reason) in replies { log("refused \(reason)") }
        return replies
    }
}

/// Each WebSocket: a tab, its messages answered in order. A reader takes the
/// client's messages as they come and queues at most ``waitingLimit`` for
/// the tab; one more is refused at once (a client that floods the server
/// holds a bounded queue, and the other tabs do not notice). Replies a
/// client does not read are kept up to ``unreadLimit``, then dropped.
private struct TabHandler: WSMessageHandler {
    let server: PlaygroundServer

    static let waitingLimit = 64
    static let unreadLimit = 256

    func makeMessages(for client: AsyncStream<WSMessage>) async throws -> AsyncStream<WSMessage> {
        let (messages, out) = AsyncStream<WSMessage>.makeStream(bufferingPolicy: .bufferingOldest(Self.unreadLimit))
        let (work, queue) = AsyncStream<String>.makeStream()
        let waiting = WaitingCount(limit: Self.waitingLimit)
        let server = server
        Task {
            for await message in client {
                switch message {
                case .text(let text):
                    if await waiting.take() {
                        queue.yield(text)
                    } else {
                        out.yield(.text(ServerMessage.refused("\(Self.waitingLimit) messages are waiting already: send the next when one is answered").json))
                        if await waiting.isFirstRefusal() { server.note("refused messages from a tab that sent more than \(Self.waitingLimit) without waiting for answers") }
                    }
                case .data:
                    out.yield(.text(ServerMessage.refused("binary data: send commands as text").json))
                    server.note("refused binary data from a tab")
                case .close:
                    break
                }
            }
            queue.finish()
        }
        Task {
            // The first message says which session: {"hello": KEY}, or anything else for a new one.
            var iterator = work.makeAsyncIterator()
            guard let first = await iterator.next() else {
                out.finish()
                return
            }
            let hello = (try? JSONDecoder().decode(ClientMessage.self, from: Data(first.utf8))).flatMap { message -> String? in
                if case .hello(let key) = message { return key }
                return nil
            }
            let (tab, key, greeting) = await server.openTab(key: hello ?? "")
            for message in greeting { out.yield(.text(message.json)) }
            if hello == nil {
                for reply in await server.reply(tab, to: first) { out.yield(.text(reply.json)) }
            }
            await waiting.release()
            while let text = await iterator.next() {
                for reply in await server.reply(tab, to: text) { out.yield(.text(reply.json)) }
                await waiting.release()
            }
            await server.leave(key)
            out.finish()
        }
        return messages
    }
}

/// How many of a tab's messages wait for an answer.
private actor WaitingCount {
    private let limit: Int
    private var count = 0
    private var refusing = false

    init(limit: Int) { self.limit = limit }

    /// Counts one more message; false when `limit` wait already.
    func take() -> Bool {
        guard count < limit else { return false }
        count += 1
        return true
    }

    /// Counts one message answered.
    func release() {
        count -= 1
    }

    /// Whether this refusal is the tab's first (the log says it once a tab).
    func isFirstRefusal() -> Bool {
        defer { refusing = true }
        return !refusing
    }
}

/// FlyingFox's errors, a line each in the server's log: a connection that
/// sent what is not HTTP or not a WebSocket frame, and was closed.
private struct ServerLog: Logging {
    let log: @Sendable (String) -> Void

    func logDebug(_ debug: @autoclosure () -> String) {}
    func logInfo(_ info: @autoclosure () -> String) {}
    func logWarning(_ warning: @autoclosure () -> String) {}
    func logError(_ error: @autoclosure () -> String) { log("closed a connection: \(error())") }
    func logCritical(_ critical: @autoclosure () -> String) { log(critical()) }
}

/// Lets one body through at a time when asked to (the sessions of a
/// playground with registrations), and every body at once when not.
private actor Turnstile {
    private var busy = false
    private var waiting: [CheckedContinuation<Void, Never>] = []

    func through<Result: Sendable>(_ oneAtATime: Bool, _ body: () async -> Result) async -> Result {
        guard oneAtATime else { return await body() }
        while busy { await withCheckedContinuation { waiting.append($0) } }
        busy = true
        defer {
            busy = false
            if !waiting.isEmpty { waiting.removeFirst().resume() }
        }
        return await body()
    }
}

/// The tabs' numbers in this process, from 1, for their journals' names.
private actor TabNumbers {
    private var last = 0

    func next() -> Int {
        last += 1
        return last
    }
}

/// The tabs' sessions by their keys: each one connected, or closed and
/// waiting a while for its tab to come back.
private actor OpenTabs {
    private var sessions: [String: (tab: TabSession, connected: Bool, closings: Int)] = [:]

    /// Keeps `tab` under a new key, connected.
    func add(_ tab: TabSession) -> String {
        var random = SystemRandomNumberGenerator()
        let key = (0..<4).map { _ in String(random.next() as UInt32, radix: 16) }.joined(separator: "-")
        sessions[key] = (tab, true, 0)
        return key
    }

    /// The session `key` names when its tab closed and has not come back;
    /// nil for another key, or one whose tab stays connected (a copy of a
    /// tab). A reloaded page can say hello before its old connection is
    /// seen to close: a connected session is waited for, up to two seconds.
    func resume(_ key: String) async -> TabSession? {
        for _ in 0..<20 {
            guard let kept = sessions[key] else { return nil }
            if !kept.connected {
                sessions[key] = (kept.tab, true, kept.closings)
                return kept.tab
            }
            try? await Task.sleep(for: .milliseconds(100))
        }
        return nil
    }

    /// The tab `key` closed: its session ends after `seconds` unless it comes back.
    func leave(_ key: String, endingAfter seconds: Double) {
        guard let kept = sessions[key] else { return }
        let closing = kept.closings + 1
        sessions[key] = (kept.tab, false, closing)
        Task {
            try? await Task.sleep(for: .milliseconds(Int(seconds * 1_000)))
            await self.end(key, closing: closing)
        }
    }

    /// Ends the session `key` if its tab has not come back since its closing number `closing`.
    private func end(_ key: String, closing: Int) async {
        guard let kept = sessions[key], !kept.connected, kept.closings == closing else { return }
        sessions[key] = nil
        await kept.tab.end()
    }
}
