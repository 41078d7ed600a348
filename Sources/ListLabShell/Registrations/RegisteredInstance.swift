import Dispatch
import ListLabCore
import ListLabRecords

/// One session's provider and presenter of a ``ProviderRegistration``: what
/// the shell needs of them, whatever their `Item`.
protocol RegisteredInstance: AnyObject {
    /// The provider's items as records, for the record commands; every change
    /// through it is decoded into an `Item` and made by the provider itself.
    var records: AnyDataProvider<Record> { get }
    /// Whether items can be read and written as records (`Item` is `Codable`).
    var isCodable: Bool { get }
    /// Whether the registration has a load (`load` and `reload` call it).
    var hasLoad: Bool { get }
    /// Whether `Item` is `Identifiable` (its items are named by `id`).
    var isIdentifiable: Bool { get }
    /// The fields the items encode, in order of first appearance.
    func fieldNames() -> [String]
    /// Shows the provider in `list` through the user's presenter, joined by a
    /// `ListAdapter`, as an app joins them.
    func attach(to list: HeadlessList, scrollingToTop: Bool, onSelect: @escaping (ItemPath) -> Void)
    /// Registers the presenter's cells with `list`.
    func registerCells(in list: HeadlessList)
    /// The user's presenter's cell for the item the data holds at `dataPath`,
    /// shown at `listPath` (a diffable data source's cell provider).
    func cell(forItemAt dataPath: ItemPath, at listPath: ItemPath, in list: HeadlessList) -> ListCell?
    /// The item at `path` as a person reads it (its `description`).
    func description(at path: ItemPath) -> String?
    /// The text the presenter's cell shows for the item at `path`, configured
    /// off the list (an item off screen has no cell of the list's).
    func cellText(at path: ItemPath) -> String?
    /// What a cell of the item at `path` shows, as `show` prints a row: its
    /// text, then ` — ` and its detail when it has one.
    func cellLine(at path: ItemPath) -> String?
    /// The text a cell of `record`'s item shows, the record read back as the
    /// user's type (an identifier's item under a diffable data source, whose
    /// path in the data is not the list's); nil when it cannot be read.
    func cellText(of record: Record, at path: ItemPath) -> String?
    /// Why the item at `path` cannot be read as a record, if it cannot.
    func encodingProblem(at path: ItemPath) -> String?
    /// Runs the registered load to its end; nil when there is none.
    ///
    /// - Throws: The load's own error; the provider is then as the load left it.
    func load() throws -> StagedUpdate?
    /// The items as they are now, to be put back with the returned closure.
    func savedItems() -> () throws -> Void
}

/// Why a registered provider cannot do what a command asks.
struct RegistrationError: Error, CustomStringConvertible {
    var description: String
}

/// A ``RegisteredInstance`` of `Provider` and `Presenter`.
final class TypedInstance<Provider: DataProvider, Presenter: CellPresenter>: RegisteredInstance
where Provider.Item == Presenter.Item {
    typealias Item = Provider.Item
    let provider: Provider
    let presenter: Presenter
    private let loader: ((Provider) async throws -> StagedUpdate)?
    private var adapter: ListAdapter<Provider, Presenter>?
    let records: AnyDataProvider<Record>
    private let bridge: RecordBridge<Provider>

    init(provider: Provider, presenter: Presenter, load: ((Provider) async throws -> StagedUpdate)?) {
        self.provider = provider
        self.presenter = presenter
        loader = load
        bridge = RecordBridge(provider)
        records = AnyDataProvider(bridge)
    }

    var isCodable: Bool { bridge.decodes && bridge.encodes }
    var hasLoad: Bool { loader != nil }
    var isIdentifiable: Bool { Item.self is any Identifiable.Type }

    func fieldNames() -> [String] {
        var names: [String] = []
        for path in provider.allItemPaths {
            for name in bridge.item(at: path)?.schema.names ?? [] where !names.contains(name) { names.append(name) }
        }
        return names
    }

    func attach(to list: HeadlessList, scrollingToTop: Bool, onSelect: @escaping (ItemPath) -> Void) {
        let adapter = ListAdapter(provider: provider, presenter: presenter)
        adapter.onSelect = { _, path in onSelect(path) }
        self.adapter = adapter
        adapter.attach(to: list, scrollingToTop: scrollingToTop)
    }

    func registerCells(in list: HeadlessList) { presenter.registerCells(in: list) }

    func cell(forItemAt dataPath: ItemPath, at listPath: ItemPath, in list: HeadlessList) -> ListCell? {
        guard let item = provider.item(at: dataPath) else { return nil }
        return list.tracer.call(.cellProvider, .presenter, "cell(for: \(Self.summary(item)), at: \(listPath))") {
            presenter.cell(for: item, at: listPath, in: list)
        }
    }

    func description(at path: ItemPath) -> String? {
        provider.item(at: path).map { String(describing: $0) }
    }

    /// A list of its own, never shown, for cells configured off the session's
    /// list: the session's list, its reuse and its statistics are not touched.
    private lazy var offListCells: HeadlessList = {
        let list = HeadlessList()
        presenter.registerCells(in: list)
        return list
    }()

    func cellText(at path: ItemPath) -> String? {
        guard let item = provider.item(at: path) else { return nil }
        return presenter.cell(for: item, at: path, in: offListCells).text
    }

    func cellText(of record: Record, at path: ItemPath) -> String? {
        guard let item = try? bridge.decoded(record, for: "show") else { return nil }
        return presenter.cell(for: item, at: path, in: offListCells).text
    }

    func cellLine(at path: ItemPath) -> String? {
        guard let item = provider.item(at: path) else { return nil }
        let cell = presenter.cell(for: item, at: path, in: offListCells)
        guard let detail = cell.detail, !detail.isEmpty else { return VisibleText.escaped(cell.text) }
        return "\(VisibleText.escaped(cell.text)) — \(VisibleText.escaped(detail))"
    }

    func encodingProblem(at path: ItemPath) -> String? { bridge.encodingProblem(at: path) }

    func load() throws -> StagedUpdate? {
        guard let loader else { return nil }
        return try BlockingTask.run(provider, loader)
    }

    func savedItems() -> () throws -> Void {
        let items = provider.allItemPaths.compactMap(provider.item(at:))
        return { [provider] in try provider.replaceItems(with: items) }
    }

    /// An item in a trace line, as the adapter's trace names it.
    static func summary(_ item: Item) -> String { traceSummary(item) }
}

extension DataProvider {
    /// Every item's path, in order.
    var allItemPaths: [ItemPath] {
        (0..<numberOfSections).flatMap { section in
            (0..<numberOfItems(inSection: section)).map { ItemPath(section, $0) }
        }
    }
}

/// Runs a registration's `async` load from the shell, which reads and runs
/// one command at a time on its own thread: the load runs as a task and the
/// command waits for it, as an app's view waits for its data.
///
/// The task prefers an executor of its own (a serial dispatch queue), not
/// the shared cooperative pool: a command may itself run on a pool thread (a
/// test, a replay in a test), and a pool thread that waited for a task that
/// needed that same pool could wait for ever. The provider crosses into the
/// task while the thread that holds it waits, so nothing else uses it
/// meanwhile; that is why the box is `@unchecked Sendable`. The load must not
/// need the main actor, which the waiting thread may be running.
enum BlockingTask {
    private final class Box<Value>: @unchecked Sendable {
        var value: Value
        init(_ value: Value) { self.value = value }
    }

    /// Runs jobs one at a time on a dispatch queue, apart from the cooperative pool.
    private final class QueueExecutor: TaskExecutor {
        private let queue = DispatchQueue(label: "ListLab.registered-load")

        func enqueue(_ job: consuming ExecutorJob) {
            let job = UnownedJob(job)
            queue.async { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
        }
    }

    private static let executor = QueueExecutor()

    static func run<Provider>(_ provider: Provider, _ load: @escaping (Provider) async throws -> StagedUpdate) throws
        -> StagedUpdate
    {
        let input = Box((provider, load))
        let result = Box<Result<StagedUpdate, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        Task(executorPreference: executor) {
            do {
                result.value = .success(try await input.value.1(input.value.0))
            } catch {
                result.value = .failure(error)
            }
            done.signal()
        }
        done.wait()
        guard let outcome = result.value else {
            throw RegistrationError(description: "the load ended without a result")
        }
        return try outcome.get()
    }
}
