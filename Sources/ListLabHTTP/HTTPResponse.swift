/// A response to one request, which then closes the connection (a page
/// makes a handful of requests; keeping connections open buys nothing).
package struct HTTPResponse {
    package var status: Int
    package var type: String = "text/plain; charset=utf-8"
    package var body: [UInt8]
    /// The Content-Security-Policy: the page's own, or none of anything.
    package var policy = "default-src 'none'; frame-ancestors 'none'"
    /// More headers, in order.
    package var extra: [(String, String)] = []

    package init(
        status: Int, type: String = "text/plain; charset=utf-8", body: [UInt8], policy: String? = nil,
        extra: [(String, String)] = []
    ) {
        self.status = status
        self.type = type
        self.body = body
        if let policy { self.policy = policy }
        self.extra = extra
    }

    package init(status: Int, body: String) {
        self.init(status: status, body: Array(body.utf8))
    }

    /// The status line, headers and body. Every response says: no sniffing
    /// of its type, no referrer, no frame may hold it, no cache.
    package var bytes: [UInt8] {
        var head = "HTTP/1.1 \(status) \(Self.reason(status))\r\n"
        if status == 101 {
            for (name, value) in extra { head += "\(name): \(value)\r\n" }
            return Array((head + "\r\n").utf8)
        }
        head += "Content-Type: \(type)\r\nContent-Length: \(body.count)\r\n"
        head +=
            "Content-Security-Policy: \(policy)\r\nX-Content-Type-Options: nosniff\r\nReferrer-Policy: no-referrer\r\n"
        head +=
            "X-Frame-Options: DENY\r\nCross-Origin-Resource-Policy: same-origin\r\nCache-Control: "
            + "no-store\r\nConnection: close\r\n"
        for (name, value) in extra { head += "\(name): \(value)\r\n" }
        return Array((head + "\r\n").utf8) + body
    }

    private static func reason(_ status: Int) -> String {
        switch status {
        case 101: "Switching Protocols"
        case 200: "OK"
        case 303: "See Other"
        case 400: "Bad Request"
        case 403: "Forbidden"
        case 404: "Not Found"
        case 405: "Method Not Allowed"
        case 431: "Request Header Fields Too Large"
        default: "Status"
        }
    }
}
