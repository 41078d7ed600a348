import Dispatch
import ListLabShell
import Synchronization

#if canImport(FoundationEssentials)
    import ListLabHTTP
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `listlab serve`: the playground in a browser. `GET /` is the page
/// (``LivePage``), `/listlab.css`, `/pictures.js` and `/page.js` its parts;
/// `GET /socket` is a WebSocket, and each one is a tab with a session of its
/// own (``TabSession``), which ends when the tab closes. Anything else is
/// 404. It listens on loopback unless told otherwise, and only its own page,
/// with the token it printed, gets in (``Door``). In a classroom, `/teacher`
/// and `/teacher.js` are the teacher's page, and `/teacher/tabs` its table,
/// for the teacher's token only.
package final class PlaygroundServer: Sendable {
    private let listener: HTTPListener
    private let factory: SessionFactory
    private let sample: String?
    private let banner: String
    /// The playground's name.
    private let tool: String
    /// The token of the teacher's page (`/teacher#token=…`), a classroom's
    /// only: a token of its own, never the students'.
    package var teacherToken: String? { door.teacherToken }
    private let tours: [String]
    /// The teacher's lessons a tab may open, if any.
    private let lessons: LessonFolder?
    private let page: [UInt8]
    private let turnstile = Turnstile()
    /// Signalled when the accepting thread ends.
    private let stopped = DispatchSemaphore(value: 0)
    private let tabNumbers: TabNumbers
    private let tabs: OpenTabs
    /// The large messages held at once (uploads).
    private let largeMessages = LargeMessages()
    /// The replays of large session logs that run at once (``LargeMessages/mostAtOnce``).
    private let largeReplays = Places(LargeMessages.mostAtOnce)
    /// In a classroom with a token file, each student's latest session's messages (``SessionLogs``).
    private let sessionLogs: SessionLogs?
    /// The open sockets' outgoing frames, to tell each tab that the server stops.
    private let sockets = Mutex<[Int: OutgoingFrames]>([:])
    /// The WebSockets open, by the client they speak for (behind a proxy, the address it forwards).
    private let socketsByClient = Mutex<[String: Int]>([:])
    private let socketNumbers = Atomic(0)
    /// Who gets in.
    package let door: Door
    /// The reverse proxies' addresses (`--proxy`): their connections name
    /// their client in `X-Forwarded-For`.
    private let proxies: Set<String>
    /// The seconds a closed tab's session waits for the tab to come back.
    private let keptFor: Double
    /// The most bytes a tab's message may hold: a file uploaded in a
    /// classroom; a transcript opened elsewhere.
    private let messageLimit: Int
    /// The WebSockets one client may hold open, said hello or not: in a
    /// classroom, at least a socket for each tab its address may hold.
    private let socketsPerClient: Int
    /// Says what the server refused or could not do, a line each, at most
    /// once a second a kind (a client cannot flood it).
    private let refusals: RefusalLog
    /// The seconds a new WebSocket has to send its first message (its hello).
    package static let helloSeconds = 10
    /// The most bytes of a WebSocket's first message (its hello: a tab's key and its browser's).
    package static let helloBytes = 4_096

    /// A server on `host` and `port` (0: any free port), listening once made.
    ///
    /// - Parameters:
    ///   - tool: The playground's name (the page's title).
    ///   - banner: What a tab is greeted with.
    ///   - sample: What each tab's session loads first; nil for nothing.
    ///   - tours: The tours a tab may open (see ``Tours``).
    ///   - lessons: The teacher's lessons a tab may open (`--lessons`).
    ///   - factory: Makes each tab's session.
    ///   - keptFor: The seconds a closed tab's session waits for the tab (or in a classroom, its
    ///     student's next tab) to come back; nil for two minutes, and in a classroom
    ///     ``classroomKeptFor``.
    ///   - token: The token the page's socket wants (``Door``); nil for none.
    ///   - teacherToken: A classroom's teacher's token (`--token-file`); nil for a new one.
    ///   - allowedHosts: Names to answer to beside the server's own (`--allow-host`).
    ///   - proxies: The addresses of reverse proxies in front (`--proxy`), whose
    ///     connections are not bounded per client.
    ///   - checks: The door's checks; every one unless a test leaves one out.
    ///   - classRecord: In a classroom, where its record is kept, and the record a start takes back.
    ///   - sessionLogs: In a classroom, where each student's latest session is kept, so that their
    ///     next tab takes it up again after it ended.
    ///   - log: Hears a line for each thing refused.
    /// - Throws: When it cannot listen there.
    package init(
        host: String, port: UInt16, tool: String, banner: String, sample: String?, tours: [String] = [],
        lessons: LessonFolder? = nil, factory: SessionFactory,
        keptFor: Double? = nil, token: String?, teacherToken: String? = nil, allowedHosts: [String] = [],
        proxies: [String] = [],
        checks: Door.Checks = .all, classRecord: (path: String, record: ClassRecord?)? = nil,
        sessionLogs: SessionLogs? = nil,
        log: @escaping @Sendable (String) -> Void
    ) throws {
        self.keptFor = keptFor ?? (factory.classroom == nil ? 120 : Self.classroomKeptFor)
        // A classroom started again with its record: its names, its ended tabs' grades, its tabs' numbers.
        let record = factory.classroom == nil ? nil : classRecord
        if let names = record?.record {
            factory.classroom?.roster.restore(holders: names.holders, keysByAddress: names.keysByAddress)
        }
        tabNumbers = TabNumbers(after: record?.record?.lastTab ?? 0)
        tabs = OpenTabs(record: record?.record, keptIn: record?.path, roster: factory.classroom?.roster)
        self.sessionLogs = factory.classroom == nil ? nil : sessionLogs
        self.proxies = Set(proxies.flatMap { [$0, "::ffff:" + $0] })
        let refusals = RefusalLog(write: log)
        self.refusals = refusals
        let tabsPerAddress = factory.classroom?.tabsPerAddress ?? Self.mostTabsPerAddress
        socketsPerClient = max(Self.mostSocketsPerClient, tabsPerAddress)
        // A class behind one address holds a socket a tab, and its pages' other requests beside.
        listener = try HTTPListener(
            host: host, port: port, boundsClients: checks.contains(.perClient), proxies: proxies,
            mostPerClient: max(HTTPListener.mostPerClient, socketsPerClient + HTTPListener.mostPerClient / 2),
            log: refusals)
        let wildcard = ["0.0.0.0", "::", "[::]"].contains(host)
        door = Door(
            listeningOn: host, port: listener.port, token: token,
            teacherToken: factory.classroom == nil ? nil : teacherToken ?? Door.makeToken(),
            machineNames: wildcard ? HostNames.ofThisMachine() : [], allowedHosts: allowedHosts, checks: checks)
        self.factory = factory
        self.sample = sample
        self.banner = banner
        self.tours = tours
        self.lessons = lessons
        self.tool = tool
        page = Array(LivePage.html(tool: tool).utf8)
        let limit = factory.classroom != nil ? TabSession.longestMessage + 64 * 1_024 : 4 * TabSession.longestTranscript
        messageLimit = checks.contains(.frameLimit) ? limit : Int(Int32.max)
    }

    /// The port it listens on.
    package var port: UInt16 { listener.port }

    /// The address to open, with the token in its fragment, which the
    /// browser keeps to itself: `http://127.0.0.1:8765/#token=…`.
    package func address(host: String) -> String {
        root(host: host) + (door.token.map { "#token=\($0)" } ?? "")
    }

    /// A link that opens a teacher's lesson for the learner to step:
    /// `http://127.0.0.1:8765/?lesson=NAME#token=…` (NAME to fill in).
    package func lessonAddress(host: String) -> String {
        root(host: host) + "?lesson=NAME" + (door.token.map { "#token=\($0)" } ?? "")
    }

    /// Says `line` in the server's log, at most once a second a kind.
    private func log(_ line: String) {
        refusals.say(line)
    }

    /// `http://127.0.0.1:8765/`, the server's root as a browser opens it.
    private func root(host: String) -> String {
        let shown = host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
        let named = ["0.0.0.0", "::", "[::]"].contains(host) ? "127.0.0.1" : shown
        return "http://\(named):\(port)/"
    }

    /// The teacher's page, with its token: `http://127.0.0.1:8765/teacher#token=…`
    /// (a classroom's only).
    package func teacherAddress(host: String) -> String? {
        teacherToken.map { root(host: host) + "teacher#token=" + $0 }
    }

    /// Starts serving on a thread of its own and returns at once: a
    /// connection made after this call is answered (none waits for a task
    /// to be scheduled). Serves until ``stop()``.
    package func start() {
        DetachedThread.start { [self] in
            listener.run { connection in self.serve(connection) }
            stopped.signal()
        }
    }

    /// Waits until the server has stopped.
    package func waitUntilStopped() {
        stopped.wait()
        stopped.signal()
    }

    /// Stops listening and ends every connection.
    package func stop() {
        listener.stop()
    }

    /// The tabs whose sessions had not ended when ``shutDown(saying:within:)``
    /// stopped waiting (their journals stay unfinished); 0 when all ended.
    package var tabsLeftRunning: Int { leftRunning.withLock { $0 } }
    private let leftRunning = Mutex(0)

    /// Stops the server as Ctrl-C or SIGTERM asks: no new connection; each
    /// running command stopped; each tab told why (a close frame saying
    /// `reason`); every session ended, its journal closed as ended (one with
    /// unsaved edits outside a classroom is left for `listlab recover`) and,
    /// in a classroom, its folder removed; then every connection closed.
    /// Waits for the tabs' sessions at most `seconds`.
    ///
    /// - Returns: How many sessions it ended, and how many of them it left
    ///   for `listlab recover`.
    @discardableResult
    package func shutDown(saying reason: String, within seconds: Double = 5) -> (ended: Int, recoverable: Int) {
        listener.stopAccepting()
        // Counted as each tab ends: when the wait ends first, the tabs that did end are still said.
        let tally = ShutdownTally()
        let done = DispatchSemaphore(value: 0)
        serverTask { [tabs] in
            await tabs.endAll(tally: tally)
            done.signal()
        }
        let outs = sockets.withLock { Array($0.values) }
        for out in outs { out.close(after: WebSocket.closeFrame(code: 1001, reason: reason)) }
        _ = done.wait(timeout: .now() + seconds)
        let counts = tally.counts
        // A command that does not look at its stop flag still runs: its tab's session is not ended.
        leftRunning.withLock { $0 = max(counts.total, outs.count) - counts.ended }
        for out in outs { out.waitUntilWritten(seconds: 1) }
        listener.stop()
        return (counts.ended, counts.recoverable)
    }

    /// One connection: a request, answered; a WebSocket, served until it closes.
    private func serve(_ connection: ConnectionSocket) {
        // A head must come whole within five seconds: a client that sends it slowly holds one thread, then none.
        connection.setTimeouts(read: 5, write: 30)
        let head: HTTPRequestHead
        do {
            head = try HTTPRequestHead(bytes: connection.readHead(limit: HTTPRequestHead.longest, within: 5))
        } catch ConnectionSocket.Failure.tooLong {
            respond(connection, HTTPResponse(status: 431, body: "request head too long\n"))
            return
        } catch is ConnectionSocket.Failure {
            return
        } catch {
            log("refused a request: \(error)")
            respond(connection, HTTPResponse(status: 400, body: "bad request\n"))
            return
        }
        do throws(Door.Refusal) {
            try door.checkHost(head)
            guard head.method == "GET" else {
                respond(connection, HTTPResponse(status: 405, body: "the server takes GET only\n"))
                return
            }
            switch head.path {
            case "/":
                // The page holds no secret: it is served to anyone, and does nothing without the token.
                if let full = classroomFull {
                    respond(
                        connection,
                        HTTPResponse(
                            status: 503, type: "text/html; charset=utf-8", body: Array(LivePage.fullPage(full).utf8),
                            policy: LivePage.contentSecurityPolicy))
                    return
                }
                respond(
                    connection,
                    HTTPResponse(
                        status: 200, type: "text/html; charset=utf-8", body: page,
                        policy: LivePage.contentSecurityPolicy))
            case "/teacher", "/teacher.js":
                guard teacherToken != nil else {
                    respond(connection, HTTPResponse(status: 404, body: "not found\n"))
                    return
                }
                respond(
                    connection,
                    head.path == "/teacher"
                        ? HTTPResponse(
                            status: 200, type: "text/html; charset=utf-8",
                            body: Array(TeacherPage.html(tool: tool).utf8), policy: TeacherPage.contentSecurityPolicy)
                        : HTTPResponse(status: 200, type: "text/javascript; charset=utf-8", body: Self.teacherScript))
            case "/teacher/tabs":
                try door.checkTeacher(head)
                let (open, absent) =
                    askTabs(within: 5) { tabs in (await tabs.statuses(), await tabs.absentStudents()) } ?? ([], [])
                let table = Array(TeacherPage.table(rows: open, absent: absent).utf8)
                respond(
                    connection,
                    HTTPResponse(
                        status: 200, type: "text/html; charset=utf-8", body: table,
                        policy: TeacherPage.contentSecurityPolicy))
            case "/teacher/grades.csv":
                try door.checkTeacher(head)
                guard let csv = askTabs(within: 5, { await $0.gradebook().csv }) else {
                    respond(
                        connection,
                        HTTPResponse(status: 503, body: "the class's tabs did not answer in time: try again\n"))
                    return
                }
                respond(
                    connection,
                    HTTPResponse(
                        status: 200, type: "text/csv; charset=utf-8", body: Array(csv.utf8),
                        policy: TeacherPage.contentSecurityPolicy,
                        extra: [("Content-Disposition", "attachment; filename=\"grades.csv\"")]))
            case "/teacher/collect":
                try door.checkTeacher(head)
                // A tab running a command answers when it ends: within the classroom's budget.
                let most = Self.mostCollectedBytes
                guard
                    let bytes = askTabs(
                        within: (factory.classroom?.budget ?? 10) + 30, { await $0.collected(most: most) })
                else {
                    respond(
                        connection,
                        HTTPResponse(status: 503, body: "the class's tabs did not answer in time: try again\n"))
                    return
                }
                respond(
                    connection,
                    HTTPResponse(
                        status: 200, type: "application/x-tar", body: bytes, policy: TeacherPage.contentSecurityPolicy,
                        extra: [("Content-Disposition", "attachment; filename=\"class.tar\"")]))
                log("the teacher collected the class's transcripts (\(bytes.count / 1_024) KB)")
            case "/listlab.css":
                respond(connection, HTTPResponse(status: 200, type: "text/css; charset=utf-8", body: Self.css))
            case "/pictures.js":
                respond(
                    connection, HTTPResponse(status: 200, type: "text/javascript; charset=utf-8", body: Self.pictures))
            case "/page.js":
                respond(
                    connection, HTTPResponse(status: 200, type: "text/javascript; charset=utf-8", body: Self.script))
            case "/socket":
                let access = try door.checkSocket(head)
                openSocket(connection, head, subprotocol: access.subprotocol, client: client(of: connection, head))
            default:
                respond(connection, HTTPResponse(status: 404, body: "not found\n"))
            }
        } catch let refusal {
            log(refusal.log)
            respond(
                connection,
                HTTPResponse(
                    status: refusal.status,
                    type: refusal.body.hasPrefix("<!DOCTYPE")
                        ? "text/html; charset=utf-8" : "text/plain; charset=utf-8", body: Array(refusal.body.utf8)))
        }
    }

    private static let css = Array(LivePage.css.utf8)
    private static let pictures = Array(LivePage.pictures.utf8)
    private static let script = Array(LivePage.script.utf8)
    private static let teacherScript = Array(TeacherPage.script.utf8)

    private func respond(_ connection: ConnectionSocket, _ response: HTTPResponse) {
        try? connection.write(response.bytes)
    }

    /// What `ask` finds of the open tabs, waited for on this (a connection's)
    /// thread for at most `seconds`; nil when the tabs did not answer in time.
    private func askTabs<Answer: Sendable>(
        within seconds: Double, _ ask: @escaping @Sendable (OpenTabs) async -> Answer
    ) -> Answer? {
        let done = DispatchSemaphore(value: 0)
        let answer = Mutex<Answer?>(nil)
        serverTask { [tabs] in
            let found = await ask(tabs)
            answer.withLock { $0 = found }
            done.signal()
        }
        _ = done.wait(timeout: .now() + seconds)
        return answer.withLock { $0 }
    }

    /// The client a request speaks for: its connection's address, or behind
    /// a proxy of ours, the last address the proxy added to
    /// `X-Forwarded-For` (the one it saw; any before it the client wrote).
    private func client(of connection: ConnectionSocket, _ head: HTTPRequestHead) -> String {
        // Every X-Forwarded-For line, in order: a proxy that adds a line of its own (HAProxy) leaves
        // the client's first, and only the last entry is the proxy's word.
        guard proxies.contains(connection.client), let forwarded = head.listValues("x-forwarded-for").last,
            let address = HTTPListener.address(forwarded)
        else { return connection.client }
        return address
    }

    /// The WebSocket's handshake, then the tab: the client's messages read on
    /// this thread, at most ``waitingLimit`` waiting for the tab (one more is
    /// refused at once, so a client that floods the server holds a bounded
    /// queue and the other tabs do not notice); replies written in order by a
    /// thread of the connection's own.
    private func openSocket(
        _ connection: ConnectionSocket, _ head: HTTPRequestHead, subprotocol: String?, client: String
    ) {
        guard head.header("upgrade")?.lowercased() == "websocket",
            head.header("connection")?.lowercased().split(separator: ",").contains(where: {
                $0.trimmingSpaces == "upgrade"
            }) == true,
            let key = head.header("sec-websocket-key"), WebSocket.isValidKey(key),
            head.header("sec-websocket-version") == "13"
        else {
            respond(connection, HTTPResponse(status: 400, body: "a WebSocket handshake, please\n"))
            return
        }
        // A client holds a bounded number of sockets, said hello or not: behind a proxy, whose
        // connections the listener does not bound per client, one forwarded client's handshakes
        // that never say hello would otherwise hold every connection the server takes.
        let bounded = door.checks.contains(.perClient)
        if bounded {
            let admitted = socketsByClient.withLock { open in
                guard open[client, default: 0] < socketsPerClient else { return false }
                open[client, default: 0] += 1
                return true
            }
            guard admitted else {
                log(
                    "refused a WebSocket from \(client): it holds \(socketsPerClient), the most one client may"
                )
                respond(
                    connection,
                    HTTPResponse(
                        status: 429,
                        body:
                            "this browser's address holds \(socketsPerClient) connections here: close a tab\n")
                )
                return
            }
        }
        defer {
            if bounded {
                socketsByClient.withLock { open in
                    let left = open[client, default: 1] - 1
                    open[client] = left > 0 ? left : nil
                }
            }
        }
        respond(
            connection,
            HTTPResponse(
                status: 101, body: [],
                extra: [
                    ("Upgrade", "websocket"), ("Connection", "Upgrade"),
                    ("Sec-WebSocket-Accept", WebSocket.accept(key: key)),
                ] + (subprotocol.map { [("Sec-WebSocket-Protocol", $0)] } ?? [])))
        // A tab may sit idle for hours; a client that does not read its replies is dropped after a minute.
        connection.setTimeouts(read: 0, write: 60)
        // But a socket must say hello (its first message, which makes or finds its session) in time: one
        // that holds a connection without a session is closed.
        let saidHello = Flag()
        if door.checks.contains(.perClient) {
            DispatchQueue.global().asyncAfter(deadline: .now() + .seconds(Self.helloSeconds)) { [self] in
                guard !saidHello.isSet else { return }
                log("closed a WebSocket from \(connection.client) that sent no message within \(Self.helloSeconds) s")
                connection.shutDown()
            }
        }
        let out = OutgoingFrames()
        DetachedThread.start { out.write(to: connection) }
        let socketNumber = socketNumbers.add(1, ordering: .relaxed).newValue
        sockets.withLock { $0[socketNumber] = out }
        defer { _ = sockets.withLock { $0.removeValue(forKey: socketNumber) } }
        let (work, queue) = AsyncStream<ReceivedMessage>.makeStream()
        // The messages waiting for the tab, and their bytes: both bounded.
        let waiting = Mutex((count: 0, bytes: 0))
        let waitingLimit = Self.waitingLimit
        let waitingBytes = messageLimit * 2
        serverTask {
            await self.serveTab(
                work, out: out, client: client,
                answered: { bytes in
                    waiting.withLock {
                        $0.count -= 1
                        $0.bytes -= bytes
                    }
                })
        }
        // The first message is a hello of a few bytes: a socket that has not said it may send no more, so that
        // sockets that never open a tab hold no large message in the server.
        var reader = WebSocketReader(limit: Self.helloBytes)
        var refusedOnce = false
        reading: while true {
            // A large message is read only once the server has room for it (``LargeMessages``), by a deadline.
            if connection.deadline != nil {
                connection.setTimeouts(read: 0, write: 60)
                connection.deadline = nil
            }
            var admission: LargeMessages.Admission?
            do {
                switch try reader.next(
                    from: connection, pong: { out.push(WebSocket.frame(opcode: 0xA, payload: $0)) },
                    admitting: { bytes in
                        // Its tab's earlier messages answered first (a look every 20 ms; their budgets
                        // bound them): a place is not held by a message that waits behind commands.
                        while waiting.withLock({ $0.count }) > 0, !out.isClosed { usleep(20_000) }
                        admission = self.largeMessages.admit()
                        // Its place is held for it: it must come whole in time, not a byte now and then.
                        connection.setTimeouts(read: 5, write: 60)
                        connection.deadline = .now + .seconds(LargeMessages.secondsToArrive(bytes))
                    })
                {
                case .text(let text):
                    saidHello.set()
                    reader.limit = messageLimit
                    let size = text.utf8.count
                    let taken = waiting.withLock { waiting in
                        guard waiting.count < waitingLimit, waiting.count == 0 || waiting.bytes + size <= waitingBytes
                        else { return false }
                        waiting.count += 1
                        waiting.bytes += size
                        return true
                    }
                    if taken {
                        queue.yield(ReceivedMessage(text: text, admission: admission))
                    } else {
                        out.push(
                            WebSocket.textFrame(
                                ServerMessage.refused(
                                    "\(waitingLimit) messages (or \(waitingBytes / 1_048_576) MB) are waiting "
                                        + "already: send the next when one is answered"
                                ).json))
                        if !refusedOnce {
                            log(
                                "refused messages from a tab that sent more than \(waitingLimit) without waiting for "
                                    + "answers"
                            )
                        }
                        refusedOnce = true
                    }
                case .binary:
                    out.push(WebSocket.textFrame(ServerMessage.refused("binary data: send commands as text").json))
                    log("refused binary data from a tab")
                case .close:
                    out.close(after: WebSocket.closeFrame(code: 1000, reason: ""))
                    queue.finish()
                    out.waitUntilWritten(seconds: 5)  // the answering close frame goes out before the connection ends
                    return
                }
            } catch .closed {
                out.close()
                break reading
            } catch {
                log("refused \(error); closed its connection")
                out.close(after: WebSocket.closeFrame(code: error.closeCode, reason: error.description))
                queue.finish()
                // The close frame reaches the client before the connection ends.
                out.waitUntilWritten(seconds: 5)
                connection.drain(limit: 1 << 20)
                return
            }
        }
        queue.finish()
    }

    /// How many of a tab's messages may wait for an answer.
    static let waitingLimit = 64
    /// The bytes of replies a tab may leave unread before its next message waits.
    static let unreadBytes = 16 * 1_048_576

    /// A tab's messages, answered in order: the first says which session
    /// (`{"hello": KEY}`, or anything else for a new one).
    private func serveTab(
        _ work: AsyncStream<ReceivedMessage>, out: OutgoingFrames, client: String,
        answered: @escaping @Sendable (Int) -> Void
    ) async {
        var iterator = work.makeAsyncIterator()
        guard let firstMessage = await iterator.next() else {
            out.close()
            return
        }
        let first = firstMessage.text
        let said = try? JSONDecoder().decode(ClientMessage.self, from: Data(first.utf8))
        let (hello, student): (String?, String?) =
            if case .hello(let key, let student)? = said { (key, student) } else { (nil, nil) }
        let opened = await openTab(key: hello ?? "", client: client, student: student)
        guard case .success(let (tab, key, greeting)) = opened else {
            let reason = if case .failure(let refusal) = opened { refusal.reason } else { "" }
            out.push(WebSocket.textFrame(ServerMessage.refused(reason).json))
            log("refused a new tab from \(client): \(reason)")
            out.close(after: WebSocket.closeFrame(code: 1013, reason: "no new tab: try again later"))
            return
        }
        for message in greeting { out.push(WebSocket.textFrame(utf8: message.jsonBytes)) }
        if hello == nil {
            for reply in await reply(tab, to: first, key: key) { out.push(WebSocket.textFrame(utf8: reply.jsonBytes)) }
        }
        answered(first.utf8.count)
        while let message = await iterator.next() {
            let text = message.text
            defer { answered(text.utf8.count) }
            // A tab that left has its waiting messages dropped, not run; one that does not read its
            // replies gets no more until it has read them (a minute at most, then it is closed).
            guard !out.isClosed else { continue }
            guard await out.waitForRoom(below: Self.unreadBytes, seconds: 60) else {
                log("closed a tab that did not read its replies for a minute")
                out.close(after: WebSocket.closeFrame(code: 1008, reason: "replies not read"))
                continue
            }
            for reply in await reply(tab, to: text, key: key) {
                out.push(WebSocket.textFrame(utf8: reply.jsonBytes))
            }
        }
        await leave(key)
        out.close()
    }

    /// The seconds a classroom's closed tab waits for its student: a lesson's
    /// length, so that a lid closed or a tab shut by mistake loses nothing.
    /// A student's tabs, open or waiting, stay within `--tabs-per-student`
    /// (their oldest waiting one ends first), and the server's within its memory.
    package static let classroomKeptFor: Double = 45 * 60

    /// The most bytes one Collect of the teacher's page downloads.
    static let mostCollectedBytes = 256 * 1_048_576

    /// The most tabs one client may hold, open or waiting for a reload: each
    /// has a session (in a classroom, a folder), and one client with
    /// thousands would take the server's memory from the others.
    package static let mostTabsPerClient = 16

    /// The most tabs one address holds in a classroom whose pages send their
    /// browsers' keys (a lab's machines, or a school's network, behind one
    /// address), which also bounds a page that makes keys up: as many as the
    /// address may hold sockets (``mostSocketsPerClient``).
    package static let mostTabsPerAddress = mostSocketsPerClient

    /// The most WebSockets one client may hold open, said hello or not:
    /// twice its tabs, for reloads whose old socket has not closed yet.
    package static let mostSocketsPerClient = 2 * mostTabsPerClient

    /// Why a tab was not opened.
    private struct TabRefusal: Error {
        let reason: String
    }

    /// The session of a tab that says hello with `key`, and the messages
    /// that greet it, the welcome last: the session that key left a while
    /// ago (its steps again), or a new one (its first steps), when `client`
    /// has room for one (its oldest tab that left goes first).
    ///
    /// In a classroom, a page that sends its browser's key (`student`) holds
    /// ``Classroom/tabsPerStudent`` tabs of that student's, and its address at
    /// most ``mostTabsPerAddress`` (a lab machine or a school's network seats
    /// many students); without one, the address holds a student's tabs.
    private func openTab(key: String, client: String, student: String?) async -> Result<
        (tab: any TabHost, key: String, greeting: [ServerMessage]), TabRefusal
    > {
        let welcome = { (key: String) in
            ServerMessage.welcome(
                banner: self.banner, tours: self.tours, lessons: self.lessons?.names ?? [],
                classroom: self.factory.classroom != nil, key: key)
        }
        if let tab = await tabs.resume(key) {
            return .success((tab, key, (await tab.stepsSoFar()) + [welcome(key)]))
        }
        let studentKey = student.flatMap { factory.classroom != nil && ClassRoster.isKey($0) ? $0 : nil }
        let holder = studentKey.map { "student " + $0 } ?? client
        // A student who closed a tab and opens another (the link again, a browser restarted) takes
        // back their latest session that waits, with its data, its lesson and its steps.
        if studentKey != nil, let (key, tab) = await tabs.resumeLatest(of: holder) {
            return .success((tab, key, (await tab.stepsSoFar()) + [welcome(key)]))
        }
        if let full = classroomFull { return .failure(TabRefusal(reason: full)) }
        // A place is held for the new tab before it is made, so that tabs opened at once are counted.
        let holdsPlace = door.checks.contains(.perClient)
        if holdsPlace {
            let (most, who) =
                factory.classroom.map { ($0.tabsPerStudent, "one student may (--tabs-per-student)") } ?? (
                    Self.mostTabsPerClient, "one client may"
                )
            // In a classroom an address holds its students' tabs and the ones without a key (a presenter's
            // view, a page of before keys) together; outside one, a client is its address.
            let addressMost = factory.classroom?.tabsPerAddress ?? most
            switch await tabs.holdPlace(for: holder, address: client, holding: most, addressHolding: addressMost) {
            case .held: break
            case .holderFull:
                let whose = studentKey == nil ? "this browser's address has" : "this browser has"
                return .failure(
                    TabRefusal(
                        reason:
                            "\(whose) \(most) tab\(most == 1 ? "" : "s") open here, the most \(who): close one first"))
            case .addressFull:
                return .failure(
                    TabRefusal(
                        reason:
                            "this address has \(addressMost) tabs open here, the most one address may (--tabs-per-address): "
                            + "close one first")
                )
            }
        }
        // A class whose tab folders hold their total ends its oldest tab that left, whoever's, for this one: tabs
        // that left (an attacker's among them, opened and dropped) do not shut out the students at work.
        if let rules = factory.classroom, rules.diskBook.reserved + rules.diskLimit > rules.diskTotal {
            _ = await tabs.endOldestWaiting()
        }
        let made: Result<(tab: any TabHost, key: String), TabRefusal> = await turnstile.through(factory.isSerial) {
            let tab: any TabHost
            let number = await tabNumbers.next()
            do throws(ShellError) {
                if let launch = factory.tabLaunch, let rules = factory.classroom {
                    tab = try TabProcess(
                        launch, rules: rules, number: number, sample: sample, checks: door.checks, client: client)
                } else {
                    tab = try TabSession(
                        factory: factory, number: number, sample: sample, tours: tours, lessons: lessons,
                        checks: door.checks, client: client)
                }
            } catch {
                if holdsPlace { await tabs.releasePlace(of: holder, address: client) }
                return .failure(TabRefusal(reason: error.message))
            }
            return .success((tab, await tabs.add(tab, holder: holder, address: client, heldPlace: holdsPlace)))
        }
        let tab: any TabHost
        let key: String
        switch made {
        case .success(let made): (tab, key) = made
        case .failure(let refusal): return .failure(refusal)
        }
        // A student's session that ended (the server stopped, or its tab stayed closed) is taken up again.
        if let studentKey, await takeUpLog(of: studentKey, in: tab, key: key, from: client) == true {
            return .success((tab, key, (await tab.stepsSoFar()) + [welcome(key)]))
        }
        // The welcome comes last: a page that runs commands of its own waits for it.
        let greeting: [ServerMessage]
        if let process = tab as? TabProcess {
            greeting = await process.greeting()
        } else {
            greeting = await turnstile.through(factory.isSerial) { await tab.greeting() }
        }
        return .success((tab, key, greeting + [welcome(key)]))
    }

    /// The longest a new tab replays its student's session, in seconds: past
    /// it the session goes on from where the replay stopped, and is not kept.
    static let longestReplay = 60

    /// Makes `tab` (under `key`) the one that keeps `student`'s session log,
    /// when no other tab of theirs, open or waiting, keeps it: the session
    /// it kept is replayed into the tab first (its greeting, then each
    /// message; the exercises they counted are forgotten, as the session
    /// that ended counted them). True when a session was replayed; nil when
    /// the tab keeps no log.
    private func takeUpLog(of student: String, in tab: any TabHost, key: String, from client: String) async -> Bool? {
        guard let logs = sessionLogs, await tabs.takeLog(of: student, for: key) else { return nil }
        // A log of a megabyte or more (uploads) is read and replayed a few at a time, as uploads pass.
        let isLarge = logs.size(of: student) >= WebSocketReader.largeFrom
        if isLarge { await largeReplays.enter() }
        let messages = logs.messages(of: student)
        defer { if isLarge { Task { await largeReplays.leave() } } }
        var replayed = 0
        if !messages.isEmpty {
            // Each step through the turnstile, as a live one: the other tabs go on between them.
            let process = tab as? TabProcess
            if let process {
                _ = await process.greeting()
            } else {
                _ = await turnstile.through(factory.isSerial) { await tab.greeting() }
            }
            let deadline = ContinuousClock.now + .seconds(Self.longestReplay)
            for message in messages where ContinuousClock.now < deadline {
                // As ``reply(_:to:key:)`` asks a tab: a process directly, a session through the turnstile.
                if let process {
                    _ = await process.reply(to: message)
                } else {
                    _ = await turnstile.through(factory.isSerial) { await tab.reply(to: message) }
                }
                replayed += 1
            }
            await tab.forgetExercises()
            if replayed < messages.count {
                log("a tab replayed \(replayed) of its student's \(messages.count) messages in \(Self.longestReplay) s")
                return true
            }
        }
        if let writer = logs.writer(for: student, after: replayed, from: client) {
            await tabs.keepLog(writer, for: key)
        }
        return !messages.isEmpty
    }

    /// Whether the message `text` may make the server hold much more: an
    /// upload, a lesson opened or stepped, or a command that makes data
    /// (``dataMakingCommands``).
    private static func mayHoldMore(_ text: String) -> Bool {
        switch try? JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8)) {
        case .complete?, .save?, .lesson(.close)?, .hello?: false
        case .command(let line)?:
            dataMakingCommands.contains(line.split(whereSeparator: \.isWhitespace).first.map { $0.lowercased() } ?? "")
        default: true
        }
    }

    /// Whether `text` asks only for a completion, which changes nothing (a
    /// completion is a line: a long message, an upload, is not decoded again).
    private static func isCompletion(_ text: String) -> Bool {
        guard text.utf8.count <= TabSession.longestCompletion + 256 else { return false }
        if case .complete? = try? JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8)) { return true }
        return false
    }

    /// The commands that make data, or copies of it: refused while a
    /// classroom is past its memory bound.
    static let dataMakingCommands: Set<String> = [
        "load", "reload", "append", "insert", "compose", "more", "run", "sort", "filter", "diffable", "snapshot",
        "apply", "outline", "export",
    ]

    /// Why a classroom opens no new tab: the server holds more than its
    /// memory bound; nil when it may.
    private var classroomFull: String? { classroomFull(refusing: "opens no new tab") }

    /// Why a classroom refuses `what` (it "opens no new tab"): the server
    /// holds more than its memory bound; nil when it may.
    private func classroomFull(refusing what: String) -> String? {
        guard let classroom = factory.classroom, let resident = classroom.residentBytes(),
            resident > classroom.serverMemory
        else { return nil }
        return
            "the classroom is full: the server holds \(resident / 1_048_576) MB, and \(what) past "
            + "\(classroom.serverMemory / 1_048_576) MB; try again when others close theirs"
    }

    /// A tab's connection closed: its session waits ``keptFor`` seconds for
    /// the tab to come back (a reload), then ends.
    private func leave(_ key: String) async {
        await tabs.leave(key, endingAfter: keptFor)
    }

    /// What `tab` answers to `text`, one tab at a time when the sessions must run so.
    /// A classroom past its memory bound runs nothing that makes data (a
    /// load, an upload, a lesson's step), whatever tab asks; the tabs open
    /// go on with the data they have.
    private func reply(_ tab: any TabHost, to text: String, key: String) async -> [ServerMessage] {
        if let full = classroomFull, Self.mayHoldMore(text) {
            log("refused a command: \(full)")
            return [.refused(classroomFull(refusing: "makes no new data") ?? full)]
        }
        // A tab's own process is asked directly: its registrations' code runs in that process alone, so
        // nothing needs letting through one at a time, even for a playground whose sessions in one
        // process must run so.
        let replies: [ServerMessage]
        if let process = tab as? TabProcess {
            replies = await process.reply(to: text)
        } else {
            replies = await turnstile.through(factory.isSerial) { await tab.reply(to: text) }
        }
        // What the tab was sent, kept for its student's next tab (a completion changes nothing).
        if sessionLogs != nil, !Self.isCompletion(text) { await tabs.log(text, from: key) }
        for case .refused(let reason) in replies { log("refused \(reason)") }
        return replies
    }
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

/// A flag set once, read from another thread.
private final class Flag: Sendable {
    private let value = Atomic(false)
    var isSet: Bool { value.load(ordering: .relaxed) }
    func set() { value.store(true, ordering: .relaxed) }
}

/// The tabs' numbers in this process, from 1, for their journals' names.
private actor TabNumbers {
    private var last: Int

    /// Numbers after `last`: a classroom started again numbers its tabs after the ones it had.
    init(after last: Int) {
        self.last = last
    }

    func next() -> Int {
        last += 1
        return last
    }
}

/// The tabs' sessions by their keys: each one connected, or closed and
/// waiting a while for its tab to come back.
private actor OpenTabs {
    private var sessions: [String: (tab: any TabHost, connected: Bool, closings: Int)] = [:]
    /// Each session's client, and when it was added (a count).
    private var owners: [String: (holder: String, address: String, order: Int)] = [:]
    private var added = 0
    /// What the ended tabs leave for the gradebook and the teacher's
    /// table: each named student's tabs as one status (their latest tab's
    /// number, the exercises of all), so that a student who opens and closes
    /// tabs in a loop pushes no one else's work out; and the unnamed tabs
    /// that checked an exercise, the latest ``mostEndedStatuses``.
    private var endedStudents: [String: TabStatus] = [:]
    private var endedUnnamed: [TabStatus] = []
    /// The most unnamed ended tabs kept: a class of 30 opens a few hundred tabs a day.
    static let mostEndedStatuses = 10_000
    /// Where the class's record is kept (``ClassRecord``), and the roster it records.
    private let recordPath: String?
    private let roster: ClassRoster?
    /// The last tab's number, for the record.
    private var lastTab: Int
    /// The tab that keeps each student's session log (by browser key), and each such tab's log.
    private var logKeepers: [String: String] = [:]
    private var logs: [String: SessionLogs.Writer] = [:]

    /// Open tabs of a server that starts with `record` (a classroom started
    /// again), keeping it in `recordPath` as tabs end.
    init(record: ClassRecord?, keptIn recordPath: String?, roster: ClassRoster?) {
        self.recordPath = recordPath
        self.roster = roster
        lastTab = record?.lastTab ?? 0
        for status in record?.endedStudents ?? [] {
            if let name = status.student { endedStudents[name] = status }
        }
        endedUnnamed = Array((record?.endedUnnamed ?? []).suffix(Self.mostEndedStatuses))
    }

    /// Writes the class's record, when the server keeps one.
    private func saveRecord() {
        guard let recordPath, let roster else { return }
        let names = roster.record()
        let record = ClassRecord(
            holders: names.holders, keysByAddress: names.keysByAddress,
            endedStudents: endedStudents.keys.sorted().compactMap { endedStudents[$0] }, endedUnnamed: endedUnnamed,
            lastTab: lastTab)
        record.save(to: recordPath)
    }

    /// Keeps `tab`'s last status for the gradebook and the teacher's table,
    /// when its student gave a name or it checked an exercise.
    private func keepGrades(of tab: any TabHost) {
        let status = tab.currentStatus
        guard !status.presenting else { return }
        guard let name = status.student else {
            guard !status.exercises.isEmpty else { return }
            endedUnnamed.append(status)
            if endedUnnamed.count > Self.mostEndedStatuses { endedUnnamed.removeFirst() }
            return
        }
        var row = endedStudents[name] ?? TabStatus(number: status.number)
        row.number = status.number
        row.student = name
        for exercise in status.exercises {
            row.noteExercise(exercise.lesson, exercise.number) { kept in
                kept.tries += exercise.tries
                kept.done = kept.done || exercise.done
                kept.usedSolution = kept.usedSolution || exercise.usedSolution
                kept.hintsSeen = max(kept.hintsSeen, exercise.hintsSeen)
            }
        }
        endedStudents[name] = row
    }

    /// The students whose every tab has ended, each as one row of the
    /// teacher's table: their latest tab's number, and the exercises of all
    /// their tabs, taken together as the gradebook takes them.
    func absentStudents() -> [TabStatus] {
        let present = Set(sessions.values.compactMap { $0.tab.currentStatus.student })
        return endedStudents.keys.sorted().filter { !present.contains($0) }.compactMap { endedStudents[$0] }
    }

    /// The class's grades: every tab's, open or ended.
    func gradebook() -> Gradebook {
        Gradebook(
            endedUnnamed + endedStudents.keys.sorted().compactMap { endedStudents[$0] }
                + sessions.values.map { $0.tab.currentStatus })
    }

    /// Keeps `tab` of `client` under a new key, connected, in the place
    /// ``holdPlace(for:address:holding:addressHolding:)`` held for it when `heldPlace`.
    func add(_ tab: any TabHost, holder: String, address: String, heldPlace: Bool = false) -> String {
        if heldPlace { releasePlace(of: holder, address: address) }
        var random = SystemRandomNumberGenerator()
        let key = (0..<4).map { _ in String(random.next() as UInt32, radix: 16) }.joined(separator: "-")
        sessions[key] = (tab, true, 0)
        lastTab = max(lastTab, tab.currentStatus.number)
        added += 1
        owners[key] = (holder, address, added)
        return key
    }

    /// Places held for tabs being made, by holder and by address: counted with their tabs.
    private var heldPlaces: [String: Int] = [:]
    private var heldByAddress: [String: Int] = [:]

    /// Whether a new tab has a place: held, or refused as its holder's or its address's tabs are full.
    enum Place {
        case held, holderFull, addressFull
    }

    /// Holds a place for a new tab of `holder` (a student, or an address),
    /// which may hold `most` tabs, from `address`, which may hold
    /// `addressMost` (those being made counted): when the holder holds that
    /// many, its oldest tab that left (waiting for a reload) ends first; when
    /// the address does, the address's oldest tab that left, whoever's (a
    /// lab machine's next student). The place is held before any wait, so
    /// that tabs opened at once cannot each find room.
    func holdPlace(for holder: String, address: String, holding most: Int, addressHolding addressMost: Int) async
        -> Place
    {
        var ending: [String] = []
        func oldestWaiting(_ isTheirs: ((holder: String, address: String, order: Int)) -> Bool) -> String? {
            owners.filter { isTheirs($0.value) && sessions[$0.key]?.connected == false && !ending.contains($0.key) }
                .min { $0.value.order < $1.value.order }?.key
        }
        let mine = owners.values.filter { $0.holder == holder }.count + heldPlaces[holder, default: 0]
        if mine >= most {
            guard let oldest = oldestWaiting({ $0.holder == holder }) else { return .holderFull }
            ending.append(oldest)
        }
        let fromAddress =
            owners.filter { $0.value.address == address && !ending.contains($0.key) }.count
            + heldByAddress[address, default: 0]
        if fromAddress >= addressMost {
            guard let oldest = oldestWaiting({ $0.address == address }) else { return .addressFull }
            ending.append(oldest)
        }
        hold(holder, address)
        for key in ending { await endWaiting(key) }
        return .held
    }

    /// Ends the server's oldest tab that left (waiting for a reload), whoever's: a class whose tab
    /// folders hold their total makes room for a tab in use. False when every tab is in use.
    func endOldestWaiting() async -> Bool {
        guard
            let oldest = owners.filter({ sessions[$0.key]?.connected == false }).min(by: {
                $0.value.order < $1.value.order
            })?.key
        else { return false }
        await endWaiting(oldest)
        return true
    }

    /// Ends the waiting session `key`, its grades kept.
    private func endWaiting(_ key: String) async {
        guard let kept = sessions[key] else { return }
        sessions[key] = nil
        logs[key] = nil
        owners[key] = nil
        keepGrades(of: kept.tab)
        saveRecord()
        await kept.tab.end(serverStopping: false)
    }

    private func hold(_ holder: String, _ address: String) {
        heldPlaces[holder, default: 0] += 1
        heldByAddress[address, default: 0] += 1
    }

    /// Gives back a place ``holdPlace(for:address:holding:addressHolding:)`` held.
    func releasePlace(of holder: String, address: String) {
        let held = heldPlaces[holder, default: 0] - 1
        heldPlaces[holder] = held > 0 ? held : nil
        let fromAddress = heldByAddress[address, default: 0] - 1
        heldByAddress[address] = fromAddress > 0 ? fromAddress : nil
    }

    /// The session `key` names when its tab closed and has not come back;
    /// nil for another key, or one whose tab stays connected (a copy of a
    /// tab). A reloaded page can say hello before its old connection is
    /// seen to close: a connected session is waited for, up to two seconds.
    func resume(_ key: String) async -> (any TabHost)? {
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

    /// Makes tab `key` the keeper of `student`'s session log, when no
    /// session open or waiting keeps it; false when one does.
    func takeLog(of student: String, for key: String) -> Bool {
        if let keeper = logKeepers[student], sessions[keeper] != nil { return false }
        logKeepers[student] = key
        return true
    }

    /// Tab `key`'s messages go to `log` from now on, while its session lasts.
    func keepLog(_ log: SessionLogs.Writer, for key: String) {
        guard sessions[key] != nil else { return }
        logs[key] = log
    }

    /// `text`, which tab `key` was sent, goes to its log, if it keeps one.
    func log(_ text: String, from key: String) {
        logs[key]?.append(text)
    }

    /// The latest session of `holder` (a student, by their browser's key)
    /// whose tab closed and has not come back, connected again, with its
    /// key; nil when none waits.
    func resumeLatest(of holder: String) -> (key: String, tab: any TabHost)? {
        let waiting = owners.filter { $0.value.holder == holder && sessions[$0.key]?.connected == false }
        guard let latest = waiting.max(by: { $0.value.order < $1.value.order }), let kept = sessions[latest.key]
        else { return nil }
        sessions[latest.key] = (kept.tab, true, kept.closings)
        return (latest.key, kept.tab)
    }

    /// What the teacher's page says of each tab, by tab number; whether its
    /// tab is connected (a closed one waits a while for a reload).
    func statuses() -> [(status: TabStatus, connected: Bool)] {
        sessions.values.map { ($0.tab.currentStatus, $0.connected) }.sorted {
            $0.status.number < $1.status.number
        }
    }

    /// Every tab's collection (``TabSession/collection()``), each asked at
    /// once (a tab running a command answers when it ends), as one archive
    /// of a folder a tab, by tab number, of at most `most` bytes: past
    /// them, the tabs left out are named in `NOT-COLLECTED.txt`.
    func collected(most: Int) async -> [UInt8] {
        let tabs = sessions.values.map(\.tab)
        let collections = await withTaskGroup(
            of: (number: Int, folder: String, files: [(name: String, bytes: [UInt8])]).self
        ) { group in
            for tab in tabs {
                group.addTask {
                    let collection = await tab.collection()
                    return (tab.currentStatus.number, collection.folder, collection.files)
                }
            }
            var all: [(number: Int, folder: String, files: [(name: String, bytes: [UInt8])])] = []
            for await collection in group { all.append(collection) }
            return all.sorted { $0.number < $1.number }
        }
        var archive = TarArchive()
        var left: [Int] = []
        for collection in collections where !collection.files.isEmpty {
            guard archive.count + collection.files.reduce(0, { $0 + $1.bytes.count + 1_024 }) <= most else {
                left.append(collection.number)
                continue
            }
            for file in collection.files { archive.add(collection.folder + "/" + file.name, file.bytes) }
        }
        if !left.isEmpty {
            let note =
                "Not collected, past the \(most / 1_048_576) MB one archive holds: tab\(left.count == 1 ? "" : "s") \(left.map(String.init).joined(separator: ", ")).\n"
                + "listlab serve --collect DIR writes every tab's transcripts as it ends.\n"
            archive.add("NOT-COLLECTED.txt", Array(note.utf8))
        }
        return archive.bytes
    }

    /// Stops and ends every session (the server stops): each one's running
    /// command stopped, then its end; the tally counts them, and those
    /// left for `listlab recover`.
    func endAll(tally: ShutdownTally) async {
        let all = sessions.keys.sorted().compactMap { sessions[$0]?.tab }
        sessions = [:]
        logs = [:]
        owners = [:]
        tally.begin(total: all.count)
        for tab in all { tab.stop() }
        for tab in all { tally.ended(recoverable: await tab.end(serverStopping: true)) }
        // What the class did is kept for the next start (with --token-file).
        for tab in all { keepGrades(of: tab) }
        saveRecord()
    }

    /// The tab `key` closed: its session ends after `seconds` unless it comes back.
    func leave(_ key: String, endingAfter seconds: Double) {
        guard let kept = sessions[key] else { return }
        let closing = kept.closings + 1
        sessions[key] = (kept.tab, false, closing)
        serverTask {
            try? await Task.sleep(for: .milliseconds(Int(seconds * 1_000)))
            await self.end(key, closing: closing)
        }
    }

    /// Ends the session `key` if its tab has not come back since its closing number `closing`.
    private func end(_ key: String, closing: Int) async {
        guard let kept = sessions[key], !kept.connected, kept.closings == closing else { return }
        sessions[key] = nil
        logs[key] = nil
        owners[key] = nil
        keepGrades(of: kept.tab)
        saveRecord()
        await kept.tab.end(serverStopping: false)
    }
}

/// The tabs a stopping server ends, counted as each one ends.
final class ShutdownTally: Sendable {
    private let state = Mutex((total: 0, ended: 0, recoverable: 0))

    /// The tabs to end, those ended so far, and how many of those were left for `recover`.
    var counts: (total: Int, ended: Int, recoverable: Int) { state.withLock { $0 } }

    func begin(total: Int) { state.withLock { $0.total = total } }

    func ended(recoverable: Bool) {
        state.withLock {
            $0.ended += 1
            if recoverable { $0.recoverable += 1 }
        }
    }
}
