import Dispatch
import ListLabFiles

/// How many large messages (uploads, from ``WebSocketReader/largeFrom``
/// bytes) the server holds at once, from the first byte of their payload
/// read to their answer: the others wait in their sockets, unread, so that
/// many tabs uploading at once cost the server the copies of a few, not of
/// all. A message takes a place only once its tab's earlier messages are
/// answered (it never holds one while it waits behind commands), and must
/// then arrive in time (``secondsToArrive(_:)``), or its connection is closed. When the last one admitted is answered, the memory their copies
/// took is given back to the system, so that the server's size (which a
/// classroom bounds with `--server-memory`) goes back down.
final class LargeMessages: Sendable {
    /// The most large messages held at once.
    static let mostAtOnce = 3
    /// The bytes from which the server's blocks are mappings of their own (``Allocator/mapAllocations(from:)``).
    static let mappedFrom = 256 * 1_024

    /// The seconds a large message of `bytes` has to arrive whole once its
    /// place is held: 10, and one for each megabyte (16 MB in 26 s, a
    /// classroom network's slowest pace), so that a client that sends it a
    /// byte now and then holds the place from the others for seconds.
    static func secondsToArrive(_ bytes: UInt64) -> Int {
        10 + Int(min(bytes, 1 << 40) / 1_048_576)
    }

    private let room = DispatchSemaphore(value: mostAtOnce)

    /// A message's place among the large ones, given back when it is released.
    final class Admission: Sendable {
        private let messages: LargeMessages

        fileprivate init(_ messages: LargeMessages) { self.messages = messages }

        deinit { messages.leave() }
    }

    /// Waits for room for one more large message, and holds it.
    func admit() -> Admission {
        room.wait()
        return Admission(self)
    }

    private func leave() {
        // The pages the message's copies took go back to the system (the allocator keeps freed memory).
        Allocator.releaseFreeMemory()
        room.signal()
    }
}

/// A few places, awaited in turn: the replays of large session logs
/// (``SessionLogs``) that may run at once, each holding its log's messages
/// while it runs. A class whose server restarted opens its tabs together;
/// a log of uploads is megabytes, and many at once would take the server's
/// memory.
actor Places {
    private let count: Int
    private var taken = 0
    private var waiting: [CheckedContinuation<Void, Never>] = []

    /// `count` places.
    init(_ count: Int) { self.count = count }

    /// Takes a place, once one is free.
    func enter() async {
        guard taken < count else {
            await withCheckedContinuation { waiting.append($0) }  // the place is handed over by ``leave()``
            return
        }
        taken += 1
    }

    /// Gives a place back, to the first who waits for one.
    func leave() {
        if waiting.isEmpty { taken -= 1 } else { waiting.removeFirst().resume() }
    }
}

/// A message a tab sent, with its place among the large ones, if it is one (held while it waits and is answered).
struct ReceivedMessage: Sendable {
    let text: String
    let admission: LargeMessages.Admission?
}
