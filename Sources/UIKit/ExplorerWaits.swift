/// The waits of an app's own `Task`s that an exploration holds: a response,
/// a timer, anything the screen's code awaits from outside it. A test's stub
/// of the app's service awaits ``wait(_:)`` where the real one would await
/// the network, and the explorer decides when each wait ends, between the
/// user's actions, so that a crash that depends on the order of the app's
/// tasks and the user's taps (a page that arrives after a row was deleted)
/// is found, and replays the same way every time from its seed.
///
/// Every task it holds runs on the main actor, as UIKit code does: after
/// each step the explorer lets the main actor run its queued work for 64
/// turns, enough for a task to reach its next wait here or its end through
/// the main-actor calls a screen makes. A task that awaits something else (a
/// detached task, a real timer), or hops more often than that, runs when it
/// will, and the exploration is no longer the same on every run.
///
/// ```swift
/// let waits = ExplorerWaits()
/// let explorer = ScreenExplorer(seed: 3, steps: 200, waits: waits, screen: { FeedViewController(service: StubService(waits)) }, list: { $0.tableView }, actions: [...])
/// if let failure = await explorer.runWithWaits() { Issue.record("\(failure)") }
/// // In the regression test the failure prints, the tasks run and each wait is let go as the exploration did:
/// await waits.settle()
/// await waits.letGo("the next page")
/// ```
@preconcurrency @MainActor
public final class ExplorerWaits {
    /// A wait held: what it is, and how to end it.
    private var held: [(what: String, resume: UnsafeContinuation<Bool, Never>)] = []
    /// The most waits held at once: a screen that starts a task a tap holds at most this many.
    static let mostHeld = 1_000

    /// A holder of waits for one exploration.
    public init() {}

    /// The waits held now, oldest first.
    public var pending: [String] { held.map(\.what) }

    /// Waits until the explorer (or ``letGo(_:)``) lets `what` go.
    ///
    /// - Throws: `CancellationError` when the exploration ends first (a
    ///   request the screen went away from), or when a thousand waits are
    ///   held already.
    public func wait(_ what: String) async throws {
        guard held.count < Self.mostHeld else { throw CancellationError() }
        let letGo = await withUnsafeContinuation { held.append((what, $0)) }
        guard letGo else { throw CancellationError() }
    }

    /// Lets the oldest wait for `what` go, and the screen's tasks run until
    /// each waits again or ends; false when no such wait is held.
    @discardableResult
    public func letGo(_ what: String) async -> Bool {
        guard let index = held.firstIndex(where: { $0.what == what }) else { return false }
        await letGo(at: index)
        return true
    }

    /// Lets the wait at `index` (of ``pending``) go, then lets the tasks run.
    func letGo(at index: Int) async {
        let wait = held.remove(at: index)
        wait.resume.resume(returning: true)
        await Self.settle()
    }

    /// Ends every wait held (each throws `CancellationError`), as a screen
    /// that goes away cancels its requests.
    func cancelAll() async {
        let all = held
        held = []
        for wait in all { wait.resume.resume(returning: false) }
        await Self.settle()
    }

    /// Lets the screen's tasks run, as the explorer does after each of the
    /// user's actions: each task the action started or woke runs up to its
    /// next wait, or to its end. A regression test the explorer printed
    /// calls it where the exploration did.
    public func settle() async {
        await Self.settle()
    }

    /// Lets the main actor's queued work run for 64 turns: each task the
    /// last step started or woke runs up to its next wait, or to its end.
    static func settle() async {
        for _ in 0..<64 { await Task.yield() }
    }
}
