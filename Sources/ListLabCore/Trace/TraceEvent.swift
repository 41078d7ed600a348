/// One call across the split, as `trace on` prints it.
///
/// The list asks the adapter; the adapter asks the provider and the
/// presenter; the presenter asks the list for a cell and configures it.
/// ``depth`` is how deep the call is nested inside the others, so a printer
/// can indent it:
///
/// ```
/// list → adapter: cellForItem(at: 0.2)
///   adapter → provider: item(at: 0.2) → Diana Prince
///   adapter → presenter: cell(for: Diana Prince, at: 0.2)
///     presenter → list: dequeueReusableCell("ContactCell", for: 0.2) → reused cell #3
/// ```
public struct TraceEvent: Hashable, Sendable, CustomStringConvertible {
    /// The object that makes the call.
    public var caller: TraceRole
    /// The object that answers it.
    public var callee: TraceRole
    /// The call, with its answer when it has one (`item(at: 0.2) → Diana`).
    public var call: String
    /// How many calls this one is nested in.
    public var depth: Int

    /// Creates an event.
    public init(caller: TraceRole, callee: TraceRole, call: String, depth: Int) {
        self.caller = caller
        self.callee = callee
        self.call = call
        self.depth = depth
    }

    /// The event indented two spaces per level: `  adapter → provider: item(at: 0.2) → Diana`.
    public var description: String {
        String(repeating: "  ", count: depth) + "\(caller) → \(callee): \(call)"
    }
}

/// The roles of the split, as a trace names them.
public enum TraceRole: Hashable, Sendable, CustomStringConvertible {
    /// The headless list (UITableView / UICollectionView).
    case list
    /// The adapter: the list's data source and delegate.
    case adapter
    /// The provider: the data.
    case provider
    /// The presenter: cells and headers.
    case presenter
    /// A cell, by its serial number.
    case cell(Int)
    /// The code that drives the list (a view controller, or the shell).
    case controller
    /// A diffable data source: the adapter's part when the list is driven by
    /// snapshots (``DiffableDataSource``).
    case diffableDataSource
    /// A diffable data source's cell provider closure: the presenter's part.
    case cellProvider

    /// The role's name as a trace line shows it: `list`, `diffable data source`, `cell #3`.
    public var description: String {
        switch self {
        case .list: "list"
        case .adapter: "adapter"
        case .provider: "provider"
        case .presenter: "presenter"
        case .cell(let serial): "cell #\(serial)"
        case .controller: "controller"
        case .diffableDataSource: "diffable data source"
        case .cellProvider: "cell provider"
        }
    }
}
