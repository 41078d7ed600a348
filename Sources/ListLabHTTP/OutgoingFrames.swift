import Dispatch
import Synchronization

/// The frames waiting to go to one client, written in order by a thread of
/// the connection's own: a client that reads slowly holds its own thread,
/// never a tab's or the server's. At most ``limit`` wait; more are dropped
/// (a page that does not read its replies loses them, and nothing else does).
package final class OutgoingFrames: Sendable {
    private let state = Mutex<(frames: [[UInt8]], closing: Bool, bytes: Int)>(([], false, 0))
    private let ready = DispatchSemaphore(value: 0)
    private let written = DispatchSemaphore(value: 0)
    /// The most frames that wait.
    package let limit: Int

    package init(limit: Int = 256) {
        self.limit = limit
    }

    /// Queues `frame`; false when it was dropped (the queue is full or closing).
    @discardableResult
    package func push(_ frame: [UInt8]) -> Bool {
        let queued = state.withLock { state in
            guard !state.closing, state.frames.count < limit else { return false }
            state.frames.append(frame)
            state.bytes += frame.count
            return true
        }
        if queued { ready.signal() }
        return queued
    }

    /// Queues `frame` last (a close frame) and takes no more after it.
    package func close(after frame: [UInt8]? = nil) {
        let closed = state.withLock { state in
            guard !state.closing else { return false }
            if let frame { state.frames.append(frame) }
            state.closing = true
            return true
        }
        if closed { ready.signal() }
    }

    /// Writes the frames to `socket` as they come, until the queue is closed
    /// and empty or the socket fails; then says it writes no more.
    package func write(to socket: ConnectionSocket) {
        while true {
            ready.wait()
            let (frames, closing) = state.withLock { state in
                defer { state.frames.removeAll() }
                return (state.frames, state.closing)
            }
            do {
                for frame in frames {
                    try socket.write(frame)
                    state.withLock { $0.bytes -= frame.count }
                }
            } catch {
                close()
                break
            }
            if closing { break }
        }
        socket.shutDownWriting()
        written.signal()
    }

    /// The bytes queued and not written yet.
    package var queuedBytes: Int { state.withLock { $0.bytes } }

    /// Whether the queue is closed (the connection ends): it takes no more.
    package var isClosed: Bool { state.withLock { $0.closing } }

    /// Waits until fewer than `bytes` wait to be written, or the queue
    /// closes, at most `seconds`; false when the client did not read them
    /// in time.
    package func waitForRoom(below bytes: Int, seconds: Double) async -> Bool {
        let deadline = ContinuousClock.now + .milliseconds(Int(seconds * 1_000))
        while queuedBytes >= bytes, !isClosed {
            guard ContinuousClock.now < deadline else { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
        return true
    }

    /// Waits until ``write(to:)`` has ended, at most `seconds`.
    package func waitUntilWritten(seconds: Int) {
        // Signalled again, so that every waiter (the connection, a server stopping) sees it.
        if written.wait(timeout: .now() + .seconds(seconds)) == .success { written.signal() }
    }
}
