import Synchronization

/// A request to stop long work early, as Ctrl-C makes one at the prompt.
///
/// Whoever starts the work clears the request; whatever wants the work
/// stopped requests it (a signal handler may: the request is one atomic
/// store); the work's long loops check it every few thousand steps and stop,
/// leaving what they were building unfinished and everything that existed
/// before as it was. Without a request, nothing changes: a check is one
/// atomic load.
///
/// ```swift
/// Interruption.clear()
/// var total = 0
/// for (index, row) in [3, 4, 5].enumerated() {
///     if index % 4096 == 0 { try Interruption.check() }
///     total += row
/// }
/// Interruption.request()      // what a SIGINT handler does
/// Interruption.isRequested     // true: the next check throws Interrupted
/// Interruption.clear()
/// ```
///
/// Work checks ``current``: the process's flag, unless a task binds a flag
/// of its own (`Interruption.$current.withValue(Flag()) { ... }`), as tests
/// running side by side do.
public enum Interruption {
    /// One request to stop, set from anywhere, read by the work.
    public final class Flag: Sendable {
        private let requested = Atomic<Bool>(false)

        /// Creates a flag with no request.
        public init() {}

        /// Asks the work that checks this flag to stop (async-signal-safe).
        public func request() { requested.store(true, ordering: .relaxed) }

        /// Forgets the request.
        public func clear() { requested.store(false, ordering: .relaxed) }

        /// Whether a stop was requested since the last ``clear()``.
        public var isRequested: Bool { requested.load(ordering: .relaxed) }
    }

    /// The whole process's flag: the one a SIGINT handler sets.
    public static let process = Flag()

    /// The flag work checks: ``process``, unless the task binds another.
    @TaskLocal public static var current: Flag = process

    /// Asks the process's running work to stop. Async-signal-safe once
    /// ``clear()`` has run (which makes the flag exist).
    public static func request() { process.request() }

    /// Forgets any request to the current flag: call it before starting work.
    public static func clear() { current.clear() }

    /// Whether the current flag has a request.
    public static var isRequested: Bool { current.isRequested }

    /// Throws ``Interrupted`` when the current flag has a request.
    public static func check() throws(Interrupted) {
        if isRequested { throw Interrupted() }
    }
}

/// The error of work stopped by a request (see ``Interruption``).
public struct Interrupted: Error, Hashable, Sendable, CustomStringConvertible {
    /// Creates the error.
    public init() {}

    public var description: String { "interrupted" }
}
