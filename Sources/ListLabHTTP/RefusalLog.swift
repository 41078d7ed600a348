import Synchronization

/// The server's log of what it refused, bounded so that a client cannot
/// flood it: a line of one kind (its text with its digits left out) is said
/// at most once a second, and at most ``linesPerSecond`` lines of any kind;
/// the next line said of a kind counts the ones held back since.
package final class RefusalLog: Sendable {
    /// The most lines said in one second, of every kind together.
    package static let linesPerSecond = 20
    /// The longest line said, in characters (a client's text in it is cut).
    package static let longestLine = 300
    /// The kinds remembered at once; older ones are forgotten first.
    private static let kindsKept = 1_000

    private struct State {
        var windowStart: ContinuousClock.Instant
        var saidInWindow = 0
        var lastSaid: [String: ContinuousClock.Instant] = [:]
        var heldBack: [String: Int] = [:]
        var heldBackOfOtherKinds = 0
    }

    private let state: Mutex<State>
    private let write: @Sendable (String) -> Void
    private let clock: @Sendable () -> ContinuousClock.Instant

    /// A log that writes its lines with `write`.
    ///
    /// - Parameter clock: The time now (a test's own clock).
    package init(
        write: @escaping @Sendable (String) -> Void, clock: @escaping @Sendable () -> ContinuousClock.Instant = { .now }
    ) {
        self.write = write
        self.clock = clock
        state = Mutex(State(windowStart: clock()))
    }

    /// Says `line`, unless a line of its kind was said less than a second ago
    /// or this second's lines are all said; then it is counted, and said in
    /// the count of the next line of its kind.
    package func say(_ line: String) {
        // A client's text in a line is cut first: the line and its kind stay small whatever was sent.
        let line = line.utf8.count > Self.longestLine ? String(line.prefix(Self.longestLine)) + "…" : line
        let kind = String(line.unicodeScalars.filter { !("0"..."9").contains($0) }.map(Character.init))
        let now = clock()
        let said: String? = state.withLock { state in
            if now - state.windowStart >= .seconds(1) {
                state.windowStart = now
                state.saidInWindow = 0
            }
            if let last = state.lastSaid[kind], now - last < .seconds(1) {
                state.heldBack[kind, default: 0] += 1
                return nil
            }
            guard state.saidInWindow < Self.linesPerSecond else {
                state.heldBackOfOtherKinds += 1
                return nil
            }
            state.saidInWindow += 1
            if state.lastSaid.count >= Self.kindsKept {
                state.lastSaid = state.lastSaid.filter { now - $0.value < .seconds(1) }
                if state.lastSaid.count >= Self.kindsKept { state.lastSaid.removeAll() }
                let kept = state.lastSaid
                state.heldBack = state.heldBack.filter { kept[$0.key] != nil }
            }
            state.lastSaid[kind] = now
            var shown = line
            if let count = state.heldBack.removeValue(forKey: kind) {
                shown += " (and \(count) more like it, not logged)"
            }
            if state.heldBackOfOtherKinds > 0 {
                shown += " (\(state.heldBackOfOtherKinds) other refusals not logged)"
                state.heldBackOfOtherKinds = 0
            }
            return shown
        }
        if let said { write(said) }
    }
}
