/// A request's first line and headers, as a browser sends them: what the
/// server reads before it answers. The server takes no request bodies.
///
/// Read by hand, as the frames of a WebSocket are (see ``WebSocketReader``):
/// the server reads a bounded head and nothing more, so nothing a client
/// sends makes it hold more than ``longest`` bytes before it answers.
package struct HTTPRequestHead: Equatable, Sendable {
    /// The method, as sent (`GET`).
    package var method: String
    /// The path of the target, without its query (`/socket`).
    package var path: String
    /// The query's `name=value` pairs, in order, not percent-decoded.
    package var query: [Field]
    /// The headers in order, names lowercased.
    package var headers: [Field]

    /// One `name: value` (or `name=value`) pair.
    package struct Field: Equatable, Sendable {
        package var name: String
        package var value: String
    }

    /// The longest head the server reads, request line and headers together.
    package static let longest = 16 * 1_024
    /// The most headers a request may have.
    package static let mostHeaders = 64

    /// Why a head was refused: a malformed request is answered 400.
    package struct Malformed: Error, Equatable, CustomStringConvertible {
        package let description: String
    }

    /// The value of the header `name` (lowercase), when it is sent exactly once.
    ///
    /// - Throws: ``Malformed`` when it is sent more than once: two `Host` or
    ///   `Origin` headers would let a check read one and a proxy the other.
    package func single(_ name: String) throws(Malformed) -> String? {
        let values = headers.filter { $0.name == name }
        guard values.count <= 1 else {
            throw Malformed(description: "the header \(name) is sent \(values.count) times")
        }
        return values.first?.value
    }

    /// The value of the first header `name` (lowercase), if any.
    package func header(_ name: String) -> String? {
        headers.first { $0.name == name }?.value
    }

    /// Every `name` header's values (lowercase name), in order, as one list:
    /// several lines of one header are one comma-separated list (RFC 9110,
    /// 5.3), whose last entry is the one the nearest proxy added.
    package func listValues(_ name: String) -> [String] {
        headers.filter { $0.name == name }.flatMap { $0.value.split(separator: ",").map { String($0.trimmingSpaces) } }
    }

    /// The value of the query's first `name`, if any.
    package func queryValue(_ name: String) -> String? {
        query.first { $0.name == name }?.value
    }

    /// The cookie `name` of the `Cookie` headers, if any.
    package func cookie(_ name: String) -> String? {
        for header in headers where header.name == "cookie" {
            for pair in header.value.split(separator: ";") {
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard parts.count == 2, parts[0].trimmingSpaces == name else { continue }
                return String(parts[1].trimmingSpaces)
            }
        }
        return nil
    }

    /// Reads a head from its bytes, without the blank line that ends it.
    ///
    /// - Throws: ``Malformed`` for anything but `METHOD /path HTTP/1.x` and
    ///   `Name: value` lines of visible ASCII (a target in absolute form, a
    ///   header folded over lines or with a control character among them).
    package init(bytes: ArraySlice<UInt8>) throws(Malformed) {
        guard bytes.count <= Self.longest else {
            throw Malformed(description: "a request head of more than \(Self.longest) bytes")
        }
        // Visible ASCII, spaces and tabs only: no byte of a head is anything else.
        guard bytes.allSatisfy({ $0 == 0x0D || $0 == 0x0A || $0 == 0x09 || (0x20...0x7E).contains($0) }) else {
            throw Malformed(description: "a request head with a byte that is not visible ASCII")
        }
        let text = String(decoding: bytes, as: UTF8.self)
        var lines = text.split(separator: "\r\n", omittingEmptySubsequences: false)
        while lines.last?.isEmpty == true { lines.removeLast() }
        guard let requestLine = lines.first, !lines.dropFirst().contains(where: \.isEmpty),
            !lines.contains(where: { $0.contains("\r") || $0.contains("\n") })
        else {
            throw Malformed(description: "no request line")
        }
        let parts = requestLine.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, ["HTTP/1.1", "HTTP/1.0"].contains(parts[2]), !parts[0].isEmpty,
            parts[0].allSatisfy({ $0.isASCII && $0.isUppercase }), parts[1].hasPrefix("/")
        else { throw Malformed(description: "a request line that is not METHOD /PATH HTTP/1.1") }
        method = String(parts[0])
        let target = parts[1].split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false)
        path = String(target[0])
        query =
            target.count == 2
            ? target[1].split(separator: "&").map { pair in
                let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                return Field(name: String(parts[0]), value: parts.count == 2 ? String(parts[1]) : "")
            }
            : []
        var headers: [Field] = []
        for line in lines.dropFirst() {
            guard let colon = line.firstIndex(of: ":"), colon != line.startIndex,
                line.first != " ", line.first != "\t", !line[..<colon].contains(where: { $0 == " " || $0 == "\t" })
            else { throw Malformed(description: "a header line that is not Name: value") }
            headers.append(
                Field(
                    name: line[..<colon].lowercased(), value: String(line[line.index(after: colon)...].trimmingSpaces)))
        }
        guard headers.count <= Self.mostHeaders else {
            throw Malformed(description: "more than \(Self.mostHeaders) headers")
        }
        self.headers = headers
    }
}

extension Substring {
    /// The text without the spaces and tabs around it.
    package var trimmingSpaces: Substring {
        var text = self
        while let first = text.first, first == " " || first == "\t" { text.removeFirst() }
        while let last = text.last, last == " " || last == "\t" { text.removeLast() }
        return text
    }
}
