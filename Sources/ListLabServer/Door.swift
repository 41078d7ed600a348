import ListLabHTTP

/// Who may use a `listlab serve`: its own page, opened from the address the
/// server printed. A browser lets any web page open a WebSocket to
/// `127.0.0.1` and send requests there under a name of its own (DNS
/// rebinding), and it sends a host's cookies to every port of it; only the
/// server can refuse them. The door checks:
///
/// - **Host**: a request must name the server by a name or address it has
///   (for a loopback server `127.0.0.1`, `localhost` or `[::1]`, with its
///   port; on a wildcard address the machine's own names and addresses,
///   learned at start), or a name given with `--allow-host`, so that a page
///   of another name that resolves here is refused.
/// - **Origin**: a WebSocket must come from the server's own page: the
///   origin names what the `Host` names, so a page of another port or site,
///   `null` and none are refused.
/// - **Token**: the printed address carries a random token in its fragment
///   (`/#token=…`), which a browser never sends to a server. The page keeps
///   it in `sessionStorage`, which is scoped to the scheme, host *and
///   port*, and proves it on the socket as a `Sec-WebSocket-Protocol`
///   (`listlab.token.HEX`), compared in constant time. No secret is ever in
///   a cookie (a browser sends those to every port of a host, where any
///   program may listen) or a query string; the page's files hold none and
///   are served to anyone. `--no-token` (loopback only) leaves it out.
package struct Door: Sendable {
    /// The checks the door makes; a test turns each off in turn to show that
    /// the attacks it stops then get through (a mutation of the server).
    package struct Checks: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }

        /// The `Host` header names the server.
        package static let host = Checks(rawValue: 1 << 0)
        /// A WebSocket's `Origin` is the page's own.
        package static let origin = Checks(rawValue: 1 << 1)
        /// The socket and the teacher's data want the token.
        package static let token = Checks(rawValue: 1 << 2)
        /// A frame larger than the limit is refused from its header.
        package static let frameLimit = Checks(rawValue: 1 << 3)
        /// A command holding a line break is refused.
        package static let oneLine = Checks(rawValue: 1 << 4)
        /// A completion request is bounded in size.
        package static let completionLimit = Checks(rawValue: 1 << 5)
        /// Connections are bounded per client, and a socket must say hello in time.
        package static let perClient = Checks(rawValue: 1 << 6)

        /// Every check: what the server always makes.
        package static let all: Checks = [.host, .origin, .token, .frameLimit, .oneLine, .completionLimit, .perClient]
    }

    /// The WebSocket subprotocol the page asks for, and the server answers with.
    package static let subprotocol = "listlab"
    /// What the token's subprotocol starts with: `listlab.token.HEX`.
    package static let tokenProtocolPrefix = "listlab.token."

    /// The port the server listens on.
    let port: UInt16
    /// The names and addresses the server has, lowercase, without a port
    /// (`127.0.0.1`, `localhost`, `[::1]`): a request must name one with the
    /// server's port.
    let ownNames: Set<String>
    /// Names given with `--allow-host` (a reverse proxy's, say), lowercase:
    /// with their port if one was given, else with any.
    let allowedHosts: [(name: String, port: UInt16?)]
    /// The token the socket wants; nil with `--no-token`.
    let token: String?
    /// The teacher's own token (a classroom's), which the teacher's data wants.
    let teacherToken: String?
    /// The checks made.
    let checks: Checks

    /// The door of a server listening on `host` and `port`.
    ///
    /// - Parameters:
    ///   - token: The token the socket wants; nil for none.
    ///   - teacherToken: The teacher's token, in a classroom.
    ///   - machineNames: The machine's own names and addresses, for a server
    ///     on a wildcard address (``HostNames/ofThisMachine()``).
    ///   - allowedHosts: More names to answer to (`--allow-host NAME[:PORT]`).
    ///   - checks: The checks to make (a test's mutation leaves one out).
    package init(
        listeningOn host: String, port: UInt16, token: String?, teacherToken: String? = nil,
        machineNames: [String] = [], allowedHosts: [String] = [], checks: Checks = .all
    ) {
        self.port = port
        self.token = token
        self.teacherToken = teacherToken
        self.checks = checks
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]"]
        switch host.lowercased() {
        case "0.0.0.0", "::", "[::]": names.formUnion(machineNames.map(Self.bracketed))
        case let named: names.insert(Self.bracketed(named))
        }
        ownNames = names
        self.allowedHosts = allowedHosts.compactMap(Self.authority)
    }

    /// `::1` as a `Host` header writes it (`[::1]`), lowercase; a name as it is.
    private static func bracketed(_ name: String) -> String {
        let lower = name.lowercased()
        return lower.contains(":") && !lower.hasPrefix("[") ? "[\(lower)]" : lower
    }

    /// The name and port of `host:port`, `[v6]:port` or a bare name, lowercase; nil when malformed.
    static func authority(_ text: String) -> (name: String, port: UInt16?)? {
        let lower = text.lowercased()
        if lower.hasPrefix("[") {
            guard let close = lower.firstIndex(of: "]") else { return nil }
            let name = String(lower[...close])
            let rest = lower[lower.index(after: close)...]
            if rest.isEmpty { return (name, nil) }
            guard rest.first == ":", let port = UInt16(rest.dropFirst()) else { return nil }
            return (name, port)
        }
        let parts = lower.split(separator: ":", omittingEmptySubsequences: false)
        guard let name = parts.first, !name.isEmpty, parts.count <= 2 else { return nil }
        guard parts.count == 2 else { return (String(name), nil) }
        guard let port = UInt16(parts[1]) else { return nil }
        return (String(name), port)
    }

    /// Whether a `Host` of `text` names this server.
    func answers(to text: String) -> Bool {
        guard let (name, port) = Self.authority(text) else { return false }
        if ownNames.contains(name), (port ?? 80) == self.port { return true }
        return allowedHosts.contains { $0.name == name && ($0.port == nil || $0.port == port) }
    }

    /// Whether `host` is a loopback address or name.
    package static func isLoopback(_ host: String) -> Bool {
        ["127.0.0.1", "::1", "[::1]", "localhost"].contains(host.lowercased())
    }

    /// A new random token: 24 bytes from the system's generator, in hex (as long as Jupyter's).
    package static func makeToken() -> String {
        var random = SystemRandomNumberGenerator()
        return (0..<24).map { _ in
            let byte = UInt8.random(in: 0...255, using: &random)
            return String(byte >> 4, radix: 16) + String(byte & 0xF, radix: 16)
        }.joined()
    }

    /// A request refused: its status, the server's log line, and what the
    /// browser shows.
    struct Refusal: Error, Equatable {
        var status: Int
        var log: String
        var body: String
    }

    /// Refuses a request whose `Host` is not the server's (DNS rebinding).
    func checkHost(_ head: HTTPRequestHead) throws(Refusal) {
        guard checks.contains(.host) else { return }
        let sent: String?
        do {
            sent = try head.single("host")
        } catch {
            throw Refusal(
                status: 400, log: "refused a request with two Host headers", body: "one Host header, please\n")
        }
        guard let sent else {
            throw Refusal(status: 400, log: "refused a request with no Host header", body: "a Host header, please\n")
        }
        guard answers(to: sent) else {
            throw Refusal(
                status: 403,
                log:
                    "refused a request for Host '\(Self.shown(sent))': not a name of this server (a page of another "
                    + "site, by DNS rebinding?)",
                body: "This server answers only to its own names (add others with --allow-host).\n")
        }
    }

    /// What a WebSocket that passed answers: the subprotocol to name in the
    /// handshake (the page's `listlab`), if it asked for one.
    struct SocketAccess: Equatable {
        var subprotocol: String?
    }

    /// Lets a WebSocket through from the server's own page, with the token.
    func checkSocket(_ head: HTTPRequestHead) throws(Refusal) -> SocketAccess {
        if checks.contains(.origin) {
            let origin: String?
            do {
                origin = try head.single("origin")
            } catch {
                throw Refusal(
                    status: 403, log: "refused a WebSocket with two Origin headers", body: "one Origin, please\n")
            }
            guard let origin else {
                throw Refusal(
                    status: 403, log: "refused a WebSocket with no Origin (not from a browser's page of this server)",
                    body: "not from this server's page\n")
            }
            guard isOwnOrigin(origin.lowercased(), host: head.header("host")?.lowercased()) else {
                throw Refusal(
                    status: 403, log: "refused a WebSocket from origin '\(Self.shown(origin))': not this server's page",
                    body: "not from this server's page\n")
            }
        }
        let offered = head.headers.filter { $0.name == "sec-websocket-protocol" }
            .flatMap { $0.value.split(separator: ",").map { String($0.trimmingSpaces) } }
        let access = SocketAccess(subprotocol: offered.contains(Self.subprotocol) ? Self.subprotocol : nil)
        guard checks.contains(.token), let token else { return access }
        let proof = offered.first { $0.hasPrefix(Self.tokenProtocolPrefix) }.map {
            String($0.dropFirst(Self.tokenProtocolPrefix.count))
        }
        guard let proof, Self.same(proof, token) else {
            throw Refusal(
                status: 403,
                log: proof == nil
                    ? "refused a WebSocket without the server's token" : "refused a WebSocket with a wrong token",
                body: "open the address the server printed, with its #token=\n")
        }
        return access
    }

    /// Lets the teacher's data through with the teacher's token, sent as
    /// `Authorization: Bearer TOKEN` by the teacher's page (a header another
    /// site's page cannot send here without a preflight the server refuses).
    func checkTeacher(_ head: HTTPRequestHead) throws(Refusal) {
        guard let teacherToken else {
            throw Refusal(status: 404, log: "refused the teacher's data outside a classroom", body: "not found\n")
        }
        let sent = head.header("authorization").flatMap { $0.hasPrefix("Bearer ") ? String($0.dropFirst(7)) : nil }
        guard !checks.contains(.token) || sent.map({ Self.same($0, teacherToken) }) == true else {
            throw Refusal(
                status: 403, log: "refused the teacher's data without the teacher's token",
                body: "the teacher's page wants the teacher's token the server printed\n")
        }
    }

    /// Whether `origin` is the page's own: `http://` (or `https://`, behind
    /// a proxy) and the very name and port the request was sent to, which
    /// the Host check has found to be the server's.
    private func isOwnOrigin(_ origin: String, host: String?) -> Bool {
        let named: Substring
        if origin.hasPrefix("http://") {
            named = origin.dropFirst(7)
        } else if origin.hasPrefix("https://") {
            named = origin.dropFirst(8)
        } else {
            return false
        }
        guard let host, answers(to: String(named)) else { return false }
        return named == host
    }

    /// Compares in time that does not depend on where two strings differ.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = Array(a.utf8)
        let y = Array(b.utf8)
        guard x.count == y.count else { return false }
        var difference: UInt8 = 0
        for index in x.indices { difference |= x[index] ^ y[index] }
        return difference == 0
    }

    /// A header's value as a log line shows it: its first 80 characters.
    private static func shown(_ value: String) -> String {
        value.count > 80 ? value.prefix(80) + "…" : value
    }
}
