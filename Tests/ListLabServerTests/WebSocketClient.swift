import Dispatch
import Foundation

#if canImport(Glibc)
    import ListLabHTTP
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A WebSocket client of the fewest parts (RFC 6455: the handshake, masked
/// text frames out, frames in), over a blocking socket to 127.0.0.1, for
/// tests that talk to the server as a browser would. Each call blocks on
/// a thread of its own and gives up after two minutes: the server runs on the
/// tests' own task threads, which other tests may hold for seconds.
final class WebSocketClient: @unchecked Sendable {
    private let socket: Int32

    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// The headers a browser sends with the page's socket: the server's own
    /// Host and Origin, and the subprotocols that prove `token`.
    static func pageHeaders(port: UInt16, token: String = testToken) -> [String] {
        [
            "Host: 127.0.0.1:\(port)", "Origin: http://127.0.0.1:\(port)",
            "Sec-WebSocket-Protocol: listlab, listlab.token.\(token)",
        ]
    }

    /// Sends `request` (a whole HTTP request) on a connection of its own and
    /// returns the response, or what came before the server closed it.
    static func request(port: UInt16, _ request: String, from source: String? = nil) throws -> String {
        let client = try WebSocketClient(port: port, path: nil, from: source)
        try client.send(Array(request.utf8))
        return try client.readResponse()
    }

    /// Connects to `port` on loopback from the address `source` (another
    /// client, for a server that bounds each one) and, unless `path` is nil,
    /// opens the WebSocket at `path` with `headers` (by default the page's
    /// own) and says hello with `key` (a page's first message), with its
    /// browser's key `student` when given.
    init(
        port: UInt16, path: String? = "/socket", key: String? = "", headers: [String]? = nil,
        from source: String? = nil,
        student: String? = nil
    ) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard socket >= 0 else { throw Failure(description: "no socket") }
        var timeout = timeval(tv_sec: 120, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            local.sin_addr.s_addr = inet_addr(source)
            let bound = withUnsafePointer(to: &local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else {
                close(socket)
                throw Failure(description: "cannot send from \(source)")
            }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(socket)
            throw Failure(description: "cannot connect to port \(port)")
        }
        guard let path else { return }
        let lines = (headers ?? Self.pageHeaders(port: port)).map { $0 + "\r\n" }.joined()
        let request =
            "GET \(path) HTTP/1.1\r\n\(lines)Upgrade: websocket\r\nConnection: Upgrade\r\n"
            + "Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
        try send(Array(request.utf8))
        let head = try readHead()
        guard head.hasPrefix("HTTP/1.1 101") else {
            throw Failure(description: "no upgrade: \(head.split(separator: "\r\n").first ?? "")")
        }
        guard head.contains("Sec-WebSocket-Accept: s3pPLMBiTxaQ9kYGzzhZRbK+xOo=") else {
            throw Failure(description: "a wrong accept key: \(head)")
        }
        if let key {
            try sendFrame(#"{"hello": "\#(key)""# + (student.map { #", "student": "\#($0)""# } ?? "") + "}")
        }
    }

    deinit { close(socket) }

    /// Each read waits at most `seconds`.
    func setReadTimeout(seconds: Int) {
        var timeout = timeval(tv_sec: seconds, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// The close frame's status code, when the next frame from the server closes the socket.
    func readCloseCode() throws -> Int? {
        let first = try readByte()
        let length = Int(try readByte() & 0x7F)
        var payload: [UInt8] = []
        for _ in 0..<length { payload.append(try readByte()) }
        guard first & 0x0F == 8, payload.count >= 2 else { return nil }
        return Int(payload[0]) << 8 | Int(payload[1])
    }

    /// The close frame's status code and reason, when the next frames from the
    /// server are messages (skipped) and then a close frame; nil when it closes without one.
    func readClose() throws -> (code: Int, reason: String)? {
        while true {
            let (first, payload) = try readFrame()
            guard first & 0x0F == 8 else { continue }
            guard payload.count >= 2 else { return nil }
            return (Int(payload[0]) << 8 | Int(payload[1]), String(decoding: payload.dropFirst(2), as: UTF8.self))
        }
    }

    /// The next frame: its first byte (FIN and opcode) and its payload.
    private func readFrame() throws -> (first: UInt8, payload: [UInt8]) {
        let first = try readByte()
        var length = Int(try readByte() & 0x7F)
        if length == 126 {
            length = Int(try readByte()) << 8 | Int(try readByte())
        } else if length == 127 {
            length = 0
            for _ in 0..<8 { length = length << 8 | Int(try readByte()) }
        }
        var payload: [UInt8] = []
        for _ in 0..<length { payload.append(try readByte()) }
        return (first, payload)
    }

    /// Sends raw bytes.
    func send(_ bytes: [UInt8]) throws {
        var sent = 0
        while sent < bytes.count {
            let count = bytes[sent...].withUnsafeBytes {
                Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard count > 0 else { throw Failure(description: "the connection closed while sending") }
            sent += count
        }
    }

    /// The response head of an HTTP request, up to the blank line.
    func readHead() throws -> String {
        var head: [UInt8] = []
        while !head.suffix(4).elementsEqual([13, 10, 13, 10]) {
            head.append(try readByte())
        }
        return String(decoding: head, as: UTF8.self)
    }

    /// An HTTP response: its head, and as many bytes of body as its Content-Length says.
    func readResponse() throws -> String {
        let head = try readHead()
        let length =
            head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
            .flatMap { Int(($0.split(separator: ":").last ?? "").filter { $0 != " " }) } ?? 0
        var body: [UInt8] = []
        for _ in 0..<length { body.append(try readByte()) }
        _ = head
        return head + String(decoding: body, as: UTF8.self)
    }

    /// Sends `text` as one masked text frame (`opcode` 1; 2 for binary).
    func sendFrame(_ text: String, opcode: UInt8 = 1) throws {
        try send(Self.frame(text, opcode: opcode))
    }

    /// `text` as one masked frame, as a browser sends it (`opcode` 1 for text; 2 for binary).
    static func frame(_ text: String, opcode: UInt8 = 1) -> [UInt8] {
        let payload = Array(text.utf8)
        var frame: [UInt8] = [0x80 | opcode]
        if payload.count < 126 {
            frame.append(0x80 | UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            frame += [0x80 | 126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            frame.append(0x80 | 127)
            for shift in stride(from: 56, through: 0, by: -8) { frame.append(UInt8((payload.count >> shift) & 0xFF)) }
        }
        let mask: [UInt8] = [0x12, 0x34, 0x56, 0x78]
        frame += mask
        frame += payload.enumerated().map { $0.element ^ mask[$0.offset % 4] }
        return frame
    }

    /// The text of the next message from the server (its frames joined).
    func readMessage() throws -> String {
        var payload: [UInt8] = []
        while true {
            let (first, part) = try readFrame()
            payload += part
            if first & 0x0F == 8 { throw Failure(description: "the server closed the WebSocket") }
            if first & 0x80 != 0 { return String(decoding: payload, as: UTF8.self) }
        }
    }

    private func readByte() throws -> UInt8 {
        var byte: UInt8 = 0
        guard recv(socket, &byte, 1, 0) == 1 else { throw Failure(description: "nothing more from the server") }
        return byte
    }

    /// Runs `body` on a thread of its own (the socket blocks), for an async
    /// test: not on dispatch's shared threads, which a blocked call holds
    /// from the server's timers and the other tests.
    static func blocking<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
        try await withCheckedThrowingContinuation { continuation in
            Thread { continuation.resume(with: Result { try body() }) }.start()
        }
    }
}
