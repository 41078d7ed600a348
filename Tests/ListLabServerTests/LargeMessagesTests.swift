import Foundation
import ListLabHTTP
import Testing

@testable import ListLabServer

/// A connection's two ends: the server's, as a ``ConnectionSocket``, and the client's descriptor.
private func socketPair() throws -> (server: ConnectionSocket, client: Int32) {
    var ends: [Int32] = [0, 0]
    try #require(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &ends) == 0)
    return (ConnectionSocket(descriptor: ends[0]), ends[1])
}

/// A message of a megabyte or more is read into room of its own, whole, whatever the sizes of the
/// sends it came in, and the bytes after it stay for the next read; the reader says once, before
/// reading its payload, how large it is (where the server holds its place).
@Test func aLargeMessageIsReadWholeAndAnnouncedOnce() throws {
    let (server, client) = try socketPair()
    defer { close(client) }
    let text = String(repeating: "é", count: 700_000)  // 1.4 MB of UTF-8
    let frame = WebSocketClient.frame(text) + WebSocketClient.frame("after")
    let writer = Thread {
        frame.withUnsafeBytes { bytes in
            var sent = 0
            while sent < bytes.count {
                let count = send(client, bytes.baseAddress! + sent, min(70_001, bytes.count - sent), 0)
                guard count > 0 else { return }
                sent += count
            }
        }
    }
    writer.start()
    var announced: [UInt64] = []
    let reader = WebSocketReader(limit: 16 << 20)
    let first = try reader.next(from: server, pong: { _ in }, admitting: { announced.append($0) })
    let second = try reader.next(from: server, pong: { _ in }, admitting: { announced.append($0) })
    #expect(first == .text(text) && second == .text("after"))
    #expect(announced == [UInt64(text.utf8.count)])
}

/// A read past its connection's deadline fails as timed out, so that a client that sends a large
/// message a byte now and then gives its place back.
@Test func aReadPastItsDeadlineTimesOut() throws {
    let (server, client) = try socketPair()
    defer { close(client) }
    server.setTimeouts(read: 1, write: 1)
    server.deadline = .now + .milliseconds(300)
    _ = send(client, "abc", 3, 0)
    let started = ContinuousClock.now
    #expect(throws: ConnectionSocket.Failure.timedOut) { try server.read(100_000) }
    #expect(ContinuousClock.now - started < .seconds(3))
    server.deadline = nil
}

/// Places let `count` in at once: the next waits until one leaves, and is the one let in then.
@Test func placesLetAFewInAtOnce() async throws {
    let places = Places(2)
    await places.enter()
    await places.enter()
    let third = Task {
        await places.enter()
        return ContinuousClock.now
    }
    try await Task.sleep(for: .milliseconds(200))
    let left = ContinuousClock.now
    await places.leave()
    #expect(await third.value >= left, "the third waited for a place")
    await places.leave()
    await places.leave()
    await places.enter()  // the places are free again: this does not wait
}
