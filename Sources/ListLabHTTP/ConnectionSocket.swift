import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where a reader takes bytes from: a connection, or bytes in memory (a
/// fuzz target's, a test's).
package protocol ByteSource: AnyObject {
    /// Exactly `count` bytes; the caller has bounded `count`.
    func read(_ count: Int) throws(ConnectionSocket.Failure) -> ArraySlice<UInt8>
}

/// Bytes in memory as a ``ByteSource``: what a fuzz target feeds a reader.
package final class BytesSource: ByteSource {
    private let bytes: [UInt8]
    private var start = 0

    package init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    package func read(_ count: Int) throws(ConnectionSocket.Failure) -> ArraySlice<UInt8> {
        guard count >= 0, bytes.count - start >= count else { throw .closed }
        defer { start += count }
        return bytes[start..<(start + count)]
    }
}

/// One client's connection: a blocking socket read through a buffer of its
/// own, on the thread that serves the connection (``HTTPListener``). Every
/// read is bounded: in bytes by its caller, in time by the socket's timeout.
package final class ConnectionSocket: ByteSource, @unchecked Sendable {
    /// The socket's file descriptor.
    package let descriptor: Int32
    /// The address it came from (`127.0.0.1`), which the listener bounds connections by.
    package let client: String
    /// Whether its request head has not yet come whole: a connection that
    /// holds a slot idle, which the listener closes first to make room.
    package var isReadingHead: Bool { !headRead.load(ordering: .relaxed) }
    private let headRead = Atomic(false)
    private var buffer: [UInt8] = []
    private var start = 0
    /// What one `recv` reads into, kept for the connection's life.
    private var chunk = [UInt8](repeating: 0, count: 16 * 1_024)
    /// When set, the time by which the reads under way must have their
    /// bytes (a large message's payload, which holds one of the few places
    /// the server has for them): past it, a read fails as timed out. The
    /// socket's read timeout must be set too, so that a read that waits wakes.
    package var deadline: ContinuousClock.Instant?

    /// Why a read ended without what it asked for.
    package enum Failure: Error, Equatable {
        /// The client closed the connection, or it failed.
        case closed
        /// Nothing came for the socket's timeout.
        case timedOut
        /// The head ran past its limit before its blank line.
        case tooLong
    }

    /// The connection `descriptor` from `client`, which this object closes.
    package init(descriptor: Int32, client: String = "") {
        self.descriptor = descriptor
        self.client = client
        var on: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &on, socklen_t(MemoryLayout<Int32>.size))
        #if canImport(Darwin)
            setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &on, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    deinit { close(descriptor) }

    /// Each read waits at most `read` seconds and each write `write` seconds (0: for ever).
    package func setTimeouts(read: Int, write: Int) {
        var timeout = timeval(tv_sec: read, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        timeout = timeval(tv_sec: write, tv_usec: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    }

    /// Reads more bytes into the buffer.
    private func fill() throws(Failure) {
        if let deadline, ContinuousClock.now > deadline { throw .timedOut }
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { throw .timedOut }
        guard count > 0 else { throw .closed }
        buffer.append(contentsOf: chunk[..<count])
    }

    /// The bytes up to the first blank line (`CRLF CRLF`), without it, when
    /// they are at most `limit` and all come within `seconds` (a deadline for
    /// the whole head: a client that sends a byte now and then is cut off
    /// too); the bytes after it stay for the next read.
    package func readHead(limit: Int, within seconds: Int) throws(Failure) -> ArraySlice<UInt8> {
        let deadline = ContinuousClock.now + .seconds(seconds)
        var scanned = start
        while true {
            var index = max(start, scanned - 3)
            while index + 3 < buffer.count {
                if buffer[index] == 13, buffer[index + 1] == 10, buffer[index + 2] == 13, buffer[index + 3] == 10 {
                    guard index - start <= limit else { throw .tooLong }
                    let head = buffer[start..<index]
                    start = index + 4
                    headRead.store(true, ordering: .relaxed)
                    return head
                }
                index += 1
            }
            scanned = buffer.count
            guard buffer.count - start <= limit else { throw .tooLong }
            guard ContinuousClock.now < deadline else { throw .timedOut }
            try fill()
        }
    }

    /// Exactly `count` bytes; the caller has bounded `count`.
    ///
    /// A large read (an upload's payload) is read into room of its own, no
    /// byte past it: read through the buffer, it would grow the buffer to
    /// its size, and the connection would hold that room for its life.
    package func read(_ count: Int) throws(Failure) -> ArraySlice<UInt8> {
        guard count > Self.largeRead else {
            while buffer.count - start < count { try fill() }
            defer { start += count }
            return buffer[start..<(start + count)]
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(count)
        let buffered = min(buffer.count - start, count)
        bytes += buffer[start..<(start + buffered)]
        start += buffered
        while bytes.count < count {
            if let deadline, ContinuousClock.now > deadline { throw .timedOut }
            let wanted = min(chunk.count, count - bytes.count)
            let got = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, wanted, 0) }
            if got < 0, errno == EAGAIN || errno == EWOULDBLOCK { throw .timedOut }
            guard got > 0 else { throw .closed }
            bytes += chunk[..<got]
        }
        return bytes[...]
    }

    /// The reads from this size go around the buffer (``read(_:)``).
    private static let largeRead = 64 * 1_024

    /// Writes all of `bytes`.
    package func write(_ bytes: [UInt8]) throws(Failure) {
        var sent = 0
        while sent < bytes.count {
            #if canImport(Darwin)
                let flags: Int32 = 0
            #else
                let flags = Int32(MSG_NOSIGNAL)
            #endif
            let count = bytes[sent...].withUnsafeBytes { send(descriptor, $0.baseAddress, $0.count, flags) }
            if count < 0, errno == EAGAIN || errno == EWOULDBLOCK { throw .timedOut }
            guard count > 0 else { throw .closed }
            sent += count
        }
    }

    /// Says the server will write no more; the client may still send.
    package func shutDownWriting() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Reads and drops what the client still sends, up to `limit` bytes or
    /// until it stops for a second: a socket closed with bytes unread is reset,
    /// and a reset can lose the close frame written just before it.
    package func drain(limit: Int) {
        setTimeouts(read: 1, write: 1)
        var dropped = buffer.count - start
        buffer.removeAll()
        start = 0
        while dropped < limit {
            do {
                try fill()
            } catch {
                return
            }
            dropped += buffer.count
            buffer.removeAll()
        }
    }

    /// Ends the connection both ways: a read blocked on another thread returns.
    package func shutDown() {
        shutdown(descriptor, Int32(SHUT_RDWR))
    }
}
