/// Who may use a `listlab serve`: its own page, opened from the address the
/// server printed. A browser lets any web page open a WebSocket to
/// `127.0.0.1` and send requests there under a name of its own (DNS
/// rebinding); only the server can refuse them. The door does what
/// Jupyter's server does, check for check:
///
/// - **Host**: a request must name the server by an address it listens on
///   (for a loopback server `127.0.0.1`, `localhost` or `[::1]`, with its
///   port), so that a page of another name that resolves here is refused.
/// - **Origin**: a WebSocket must come from the server's own page (the
///   same scheme, host and port); another site's, `null` and none are refused.
/// - **Token**: the printed address carries a random token; the page trades
///   it for a cookie (`HttpOnly`, `SameSite=Strict`), and the socket wants
///   the cookie. `--no-token` (loopback only) leaves the token out.
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
        /// The page and the socket want the token.
        package static let token = Checks(rawValue: 1 << 2)
        /// A frame larger than the limit is refused from its header.
        package static let frameLimit = Checks(rawValue: 1 << 3)
        /// A command holding a line break is refused.
        package static let oneLine = Checks(rawValue: 1 << 4)
        /// A completion request is bounded in size.
        package static let completionLimit = Checks(rawValue: 1 << 5)

        /// Every check: what the server always makes.
        package static let all: Checks = [.host, .origin, .token, .frameLimit, .oneLine, .completionLimit]
    }

    /// The port the server listens on.
    let port: UInt16
    /// The `host:port` names the server answers to, lowercase; nil for any
    /// (a server on a wildcard address, whose names are not known).
    let hosts: Set<String>?
    /// The token the page and the socket want; nil with `--no-token`.
    let token: String?
    /// The checks made.
    let checks: Checks

    /// The door of a server listening on `host` and `port`.
    ///
    /// - Parameters:
    ///   - token: The token to want; nil for none.
    ///   - checks: The checks to make (a test's mutation leaves one out).
    package init(listeningOn host: String, port: UInt16, token: String?, checks: Checks = .all) {
        self.port = port
        self.token = token
        self.checks = checks
        let loopback = ["127.0.0.1", "localhost", "[::1]"]
        switch host.lowercased() {
        case "0.0.0.0", "::", "[::]": hosts = nil
        case let named:
            let shown = named.contains(":") && !named.hasPrefix("[") ? "[\(named)]" : named
            hosts = Set((loopback + [shown]).map { "\($0):\(port)" })
        }
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

    /// The cookie the page keeps the token in: one per port, as cookies do
    /// not tell ports apart and two servers may run side by side.
    var cookieName: String { "listlab-token-\(port)" }

    /// A request refused: its status, the server's log line, and what the
    /// browser shows.
    struct Refusal: Error, Equatable {
        var status: Int
        var log: String
        var body: String
    }

    /// Refuses a request whose `Host` is not the server's (DNS rebinding).
    func checkHost(_ head: HTTPRequestHead) throws(Refusal) {
        guard checks.contains(.host), let hosts else { return }
        let sent: String?
        do {
            sent = try head.single("host")
        } catch {
            throw Refusal(status: 400, log: "refused a request with two Host headers", body: "one Host header, please\n")
        }
        guard let sent else { throw Refusal(status: 400, log: "refused a request with no Host header", body: "a Host header, please\n") }
        let named = sent.lowercased().contains(":") && !sent.hasSuffix("]") ? sent.lowercased() : sent.lowercased() + ":80"
        guard hosts.contains(named) else {
            throw Refusal(
                status: 403, log: "refused a request for Host '\(Self.shown(sent))': not an address this server listens on (a page of another site, by DNS rebinding?)",
                body: "This server answers only to its own address.\n")
        }
    }

    /// What `GET /` gets: the page, a cookie for the token in the address, or a refusal.
    enum PageAccess: Equatable {
        /// The page itself.
        case page
        /// The token was right: keep it as a cookie and come back to `/` (the
        /// token leaves the address bar and the history).
        case setCookie(String)
    }

    /// Lets the page through with the token, in the address or in its cookie.
    func checkPage(_ head: HTTPRequestHead) throws(Refusal) -> PageAccess {
        guard checks.contains(.token), let token else { return .page }
        if let offered = head.queryValue("token") {
            guard Self.same(offered, token) else {
                throw Refusal(status: 403, log: "refused the page to a wrong token", body: Self.askForToken(wrong: true))
            }
            return .setCookie("\(cookieName)=\(token); Path=/; HttpOnly; SameSite=Strict")
        }
        guard let kept = head.cookie(cookieName), Self.same(kept, token) else {
            throw Refusal(status: 403, log: "refused the page to a browser without the token", body: Self.askForToken(wrong: false))
        }
        return .page
    }

    /// Lets a WebSocket through from the server's own page, with the token.
    func checkSocket(_ head: HTTPRequestHead) throws(Refusal) {
        if checks.contains(.origin) {
            let origin: String?
            do {
                origin = try head.single("origin")
            } catch {
                throw Refusal(status: 403, log: "refused a WebSocket with two Origin headers", body: "one Origin, please\n")
            }
            guard let origin else {
                throw Refusal(status: 403, log: "refused a WebSocket with no Origin (not from a browser's page of this server)", body: "not from this server's page\n")
            }
            guard isOwnOrigin(origin.lowercased(), host: head.header("host")?.lowercased()) else {
                throw Refusal(status: 403, log: "refused a WebSocket from origin '\(Self.shown(origin))': not this server's page", body: "not from this server's page\n")
            }
        }
        guard checks.contains(.token), let token else { return }
        guard let kept = head.cookie(cookieName), Self.same(kept, token) else {
            throw Refusal(status: 403, log: "refused a WebSocket without the server's token", body: "open the address the server printed, with its token\n")
        }
    }

    /// Whether `origin` is the page's own: `http://` and a name the server
    /// answers to (on a wildcard address, the name the request was sent to).
    private func isOwnOrigin(_ origin: String, host: String?) -> Bool {
        guard origin.hasPrefix("http://") else { return false }
        let named = String(origin.dropFirst(7))
        let withPort = named.contains(":") && !named.hasSuffix("]") ? named : named + ":80"
        if let hosts { return hosts.contains(withPort) }
        guard let host else { return false }
        return withPort == (host.contains(":") && !host.hasSuffix("]") ? host : host + ":80")
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

    /// The page a browser without the token gets.
    private static func askForToken(wrong: Bool) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>listlab serve</title></head>
        <body><p>\(wrong ? "That token is not this server's." : "This server asks for its token.") \
        Open the address the server printed when it started (<code>http://127.0.0.1:PORT/?token=…</code>); \
        it opens the page in one step.</p></body></html>

        """
    }
}
