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
    /// Who calls the list for the controller (see ``acting(as:_:)``).
    private var controllerRole = TraceRole.controller

    /// Who is calling the list for the controller now: the controller, or
    /// the role ``acting(as:_:)`` put in its place.
    var callerRole: TraceRole { controllerRole }

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
        sink(
            TraceEvent(
                caller: caller == .controller ? controllerRole : caller, callee: callee, call: call(), depth: depth))
    }

    /// Records a call, then runs `body` (the calls it makes) one level deeper.
    ///
    /// - Returns: What `body` returns.
    public func call<T, Failure: Error>(
        _ caller: TraceRole, _ callee: TraceRole, _ call: @autoclosure () -> String,
        _ body: () throws(Failure) -> T
    ) throws(Failure) -> T {
        guard let sink else { return try body() }
        sink(
            TraceEvent(
                caller: caller == .controller ? controllerRole : caller, callee: callee, call: call(), depth: depth))
        depth += 1
        defer { depth -= 1 }
        return try body()
    }

    /// Runs `body` with `role` in the controller's place: the calls the list
    /// records as the controller's are recorded as `role`'s (a diffable data
    /// source performs the batch updates its controller asked for).
    ///
    /// - Returns: What `body` returns.
    public func acting<T, Failure: Error>(as role: TraceRole, _ body: () throws(Failure) -> T) throws(Failure) -> T {
        let saved = controllerRole
        controllerRole = role
        defer { controllerRole = saved }
        return try body()
    }
}
