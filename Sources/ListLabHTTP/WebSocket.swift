#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A WebSocket (RFC 6455) on a ``ConnectionSocket``: the handshake's answer,
/// messages read with a bound on their size, frames written.
///
/// Written here rather than taken from FlyingFox, which the server used
/// before: FlyingFox reads a frame's whole payload before its handler sees
/// it, with no limit (four frames that each declared 600 MB took the server
/// to 3.2 GB), and joins fragments without one. ``WebSocketReader`` refuses a
/// message from its frame's header, before reading a byte of its payload.
package enum WebSocket {
    /// The value of `Sec-WebSocket-Accept` for the client's `Sec-WebSocket-Key`.
    package static func accept(key: String) -> String {
        Data(SHA1.digest(Array((key + "258EAFA5-E914-47DA-95CA-C5AB0DC85B11").utf8))).base64EncodedString()
    }

    /// Whether `key` is a valid `Sec-WebSocket-Key`: 16 bytes in base64.
    package static func isValidKey(_ key: String) -> Bool {
        Data(base64Encoded: key)?.count == 16
    }

    /// A text frame of `text`, from the server (unmasked, whole).
    package static func textFrame(_ text: String) -> [UInt8] {
        frame(opcode: 0x1, payload: Array(text.utf8))
    }

    /// A text frame of `utf8`, text already as UTF-8 (a message's JSON).
    package static func textFrame(utf8: [UInt8]) -> [UInt8] {
        frame(opcode: 0x1, payload: utf8)
    }

    /// A close frame with `code` and a short `reason`.
    package static func closeFrame(code: UInt16, reason: String) -> [UInt8] {
        // Cut at a character, not inside one: a browser fails a connection whose close reason
        // is not UTF-8 (a control frame's payload is at most 125 bytes).
        var cut = ""
        for character in reason {
            guard cut.utf8.count + String(character).utf8.count <= 120 else { break }
            cut.append(character)
        }
        return frame(opcode: 0x8, payload: [UInt8(code >> 8), UInt8(code & 0xFF)] + Array(cut.utf8))
    }

    /// A frame with `opcode` and `payload`, FIN set, unmasked.
    package static func frame(opcode: UInt8, payload: [UInt8]) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(payload.count + 10)
        bytes.append(0x80 | opcode)
        if payload.count < 126 {
            bytes.append(UInt8(payload.count))
        } else if payload.count <= 0xFFFF {
            bytes += [126, UInt8(payload.count >> 8), UInt8(payload.count & 0xFF)]
        } else {
            bytes.append(127)
            for shift in stride(from: 56, through: 0, by: -8) {
                bytes.append(UInt8(truncatingIfNeeded: payload.count >> shift))
            }
        }
        bytes.append(contentsOf: payload)
        return bytes
    }
}

/// Reads a client's messages from a WebSocket, one at a time: text is
/// returned, pings are answered, and anything a browser would not send is
/// an error that ends the connection.
package struct WebSocketReader {
    /// A reader of messages up to `limit` bytes.
    package init(limit: Int) {
        self.limit = limit
    }

    /// The most bytes one message may hold, its fragments together: a
    /// reader may take a small first message (a hello), then larger ones.
    package var limit: Int

    /// The bytes from which a message is large (an upload), for ``next(from:pong:admitting:)``.
    package static let largeFrom = 1_048_576

    /// What the client sent.
    package enum Message: Equatable {
        case text(String)
        /// Binary data, which the page never sends (its length).
        case binary(Int)
        case close
    }

    /// Why the connection ends; ``closeCode`` is what the server tells the client.
    package enum Failure: Error, Equatable, CustomStringConvertible {
        /// A message longer than the limit, said in its frame's header.
        case tooLarge(bytes: UInt64, limit: Int)
        /// A frame no browser sends (unmasked, reserved bits, an unknown
        /// opcode, a fragmented control frame, text that is not UTF-8).
        case protocolError(String)
        /// The connection closed or timed out.
        case closed

        /// The status code of the close frame (RFC 6455, 7.4.1).
        package var closeCode: UInt16 {
            switch self {
            case .tooLarge: 1009
            case .protocolError(let reason): reason == "text that is not UTF-8" ? 1007 : 1002
            case .closed: 1000
            }
        }

        package var description: String {
            switch self {
            case .tooLarge(let bytes, let limit):
                "a WebSocket message of \(bytes) bytes, more than the \(limit) a tab may send"
            case .protocolError(let reason): "a WebSocket frame no page sends (\(reason))"
            case .closed: "the connection closed"
            }
        }
    }

    /// The next message; pings are answered with `pong` on the way.
    /// `admitting` is told once, before a payload is read, when the message
    /// will hold ``largeFrom`` bytes or more (it may wait: nothing more is
    /// read from the socket meanwhile).
    package func next(
        from socket: some ByteSource, pong: ([UInt8]) -> Void, admitting: (_ bytes: UInt64) -> Void = { _ in }
    ) throws(Failure) -> Message {
        var message: [UInt8] = []
        var fragmented = false
        var admitted = false
        while true {
            let head = try read(socket, 2)
            let fin = head[0] & 0x80 != 0
            let opcode = head[0] & 0x0F
            guard head[0] & 0x70 == 0 else { throw .protocolError("reserved bits set") }
            guard head[1] & 0x80 != 0 else { throw .protocolError("an unmasked frame") }
            var length = UInt64(head[1] & 0x7F)
            if length == 126 {
                let bytes = try read(socket, 2)
                length = UInt64(bytes[0]) << 8 | UInt64(bytes[1])
            } else if length == 127 {
                length = 0
                for byte in try read(socket, 8) { length = length << 8 | UInt64(byte) }
            }
            let isControl = opcode & 0x8 != 0
            if isControl {
                guard fin, length <= 125 else {
                    throw .protocolError("a control frame longer than 125 bytes or in fragments")
                }
            } else {
                // Refused from the header: not one byte of the payload is read.
                // (The sum said is capped: a length of 2^64 - 1 after a fragment would overflow it.)
                guard length <= UInt64(limit - message.count) else {
                    let (sum, overflowed) = UInt64(message.count).addingReportingOverflow(length)
                    throw .tooLarge(bytes: overflowed ? .max : sum, limit: limit)
                }
            }
            if !isControl, !admitted, UInt64(message.count) + length >= UInt64(Self.largeFrom) {
                admitted = true
                admitting(UInt64(message.count) + length)
            }
            let mask = try read(socket, 4)
            var payload = try read(socket, Int(length))
            for index in payload.indices { payload[index] ^= mask[index & 3] }
            switch opcode {
            case 0x0:
                guard fragmented else { throw .protocolError("a continuation with nothing to continue") }
            case 0x1:
                guard !fragmented else { throw .protocolError("a new message inside a fragmented one") }
            case 0x2:
                guard fin else { throw .protocolError("binary data in fragments") }
                return .binary(payload.count)
            case 0x8:
                return .close
            case 0x9:
                pong(payload)
                continue
            case 0xA:
                continue
            default:
                throw .protocolError("opcode \(opcode)")
            }
            // A message in one frame (most are) is its payload: no copy of it is made.
            if fin && !fragmented {
                message = consume payload
            } else {
                message += payload
            }
            fragmented = !fin
            if fin {
                guard let text = String(validating: message, as: UTF8.self) else {
                    throw .protocolError("text that is not UTF-8")
                }
                return .text(text)
            }
        }
    }

    private func read(_ socket: some ByteSource, _ count: Int) throws(Failure) -> [UInt8] {
        do {
            return Array(try socket.read(count))
        } catch {
            throw .closed
        }
    }
}
