/// Records the calls across the split as they happen, with their nesting.
///
/// The list, the adapter and the presenters share the list's tracer
/// (``HeadlessList/tracer``). While no sink is set, tracing costs one branch
/// per call and builds no strings.
///
/// ```swift
/// let tracer = Tracer()
/// var lines: [String] = []
/// tracer.sink = { lines.append($0.description) }
/// let list = HeadlessList(tracer: tracer)
/// ```
public final class Tracer {
    /// Receives each event as it happens; nil turns tracing off.
    public var sink: ((TraceEvent) -> Void)?
    private var depth = 0

    /// Creates a tracer with no sink (tracing off).
    public init() {}

    /// True while a sink is set.
    public var isOn: Bool { sink != nil }

    /// Records a call that makes no calls of its own.
    ///
    /// - Parameters:
    ///   - caller: Who calls.
    ///   - callee: Who answers.
    ///   - call: The call and its answer; built only when tracing is on.
    public func note(_ caller: TraceRole, _ callee: TraceRole, _ call: @autoclosure () -> String) {
        guard let sink else { return }
        sink(TraceEvent(caller: caller, callee: callee, call: call(), depth: depth))
    }

    /// Records a call, then runs `body` (the calls it makes) one level deeper.
    ///
    /// - Returns: What `body` returns.
    public func call<T, Failure: Error>(
        _ caller: TraceRole, _ callee: TraceRole, _ call: @autoclosure () -> String,
        _ body: () throws(Failure) -> T
    ) throws(Failure) -> T {
        guard let sink else { return try body() }
        sink(TraceEvent(caller: caller, callee: callee, call: call(), depth: depth))
        depth += 1
        defer { depth -= 1 }
        return try body()
    }
}
