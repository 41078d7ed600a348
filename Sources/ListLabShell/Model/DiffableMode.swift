import Interruption
import ListLabCore
import ListLabRecords

/// The list shown through a diffable data source instead of the adapter
/// (`diffable on`): UIKit's `UITableViewDiffableDataSource` over the
/// provider's data, a snapshot being built (`snapshot ...`) and the one the
/// list shows (`apply`).
///
/// The snapshot holds the structure (the provider's part), the cell provider
/// finds an identifier's record and has the presenter configure a cell (the
/// presenter's part), the data source joins them to the list (the adapter's
/// part). Changes to the data no longer reach the list by themselves: as in
/// an app, the list changes when a snapshot is applied.
final class DiffableMode {
    /// How identifiers stand for the provider's items.
    let identifiers: DiffableIdentifiers
    /// The data source the list shows.
    let dataSource: DiffableDataSource<String, Value>
    /// The delegate that reports selections (the view controller's part).
    private let selectionReporter = SelectionReporter()
    /// The snapshot being built; `apply` gives it to the data source.
    var pending = DiffableSnapshot<String, Value>()
    /// The pending and applied snapshots' identifiers by their key's
    /// identity, for typed identifiers: built once a command (a command of
    /// thousands of identifiers looked each one up in every identifier).
    private var knownByKey: [Value: Value]?

    /// The provider whose data the snapshots name.
    var loaded: LoadedProvider { identifiers.loaded }
    /// What identifies an item.
    var identity: DiffableIdentifiers.Identity { identifiers.identity }

    /// Puts `list` under a diffable data source over `loaded`'s data and
    /// applies the data's snapshot with reloadData, as an app's first apply.
    ///
    /// - Parameter onSelect: Told the path and the record of a selected item.
    /// Forgets the identifiers known by key: a command may change the snapshots.
    func forgetKnownIdentifiers() { knownByKey = nil }

    /// The pending and applied snapshots' identifiers by their key's identity
    /// (the first one of each, pending first).
    private func knownIdentifiers() -> [Value: Value] {
        if let knownByKey { return knownByKey }
        let records = loaded.records
        var known: [Value: Value] = [:]
        for identifier in pending.itemIdentifiers + dataSource.snapshot().itemIdentifiers {
            let key: Value
            switch identity {
            case .key: key = records.keyIdentity(of: identifier)
            case .value:
                guard case .object(let record) = identifier, let keyField = loaded.keyField else { continue }
                key = records.keyIdentity(of: record[keyField] ?? .null)
            }
            if known[key] == nil { known[key] = identifier }
        }
        knownByKey = known
        return known
    }

    init(
        identifiers: DiffableIdentifiers, snapshot: DiffableSnapshot<String, Value>, list: HeadlessList,
        onSelect: @escaping (ItemPath, Record?) -> Void
    ) {
        let loaded = identifiers.loaded
        self.identifiers = identifiers
        let presenter = loaded.presenter
        if let (_, instance) = loaded.registered {
            // The user's own presenter configures the cell for the item the identifier names.
            instance.registerCells(in: list)
            dataSource = DiffableDataSource(list: list) { list, path, identifier in
                guard let dataPath = identifiers.dataPath(for: identifier) else { return nil }
                return instance.cell(forItemAt: dataPath, at: path, in: list)
            }
        } else {
            presenter.registerCells(in: list)
            dataSource = DiffableDataSource(list: list) { list, path, identifier in
                guard let record = identifiers.record(for: identifier, tracingIn: list) else { return nil }
                return list.tracer.call(.cellProvider, .presenter, "cell(for: \(record.traceSummary), at: \(path))") {
                    presenter.cell(for: record, at: path, in: list)
                }
            }
        }
        // A section's header is its identifier, except the untitled `main`'s.
        let isGrouped = identifiers.sectionsAreTitled
        dataSource.headerTitle = { section in isGrouped || section != DiffableIdentifiers.mainSection ? section : nil }
        let dataSource = dataSource
        selectionReporter.onSelect = { list, path in
            let identifier = list.tracer.call(.controller, .diffableDataSource, "itemIdentifier(for: \(path))") {
                dataSource.itemIdentifier(for: path)
            }
            onSelect(path, identifier.flatMap { identifiers.record(for: $0, tracingIn: list, as: .controller) })
        }
        list.delegate = selectionReporter
        pending = snapshot
        dataSource.applySnapshotUsingReloadData(pending)
    }

    /// The identifier a user's word names: with `key` identity, the key of
    /// a snapshot's (or the data's) item that has it, else the word's value;
    /// with `value` identity, the record (in the pending snapshot, the
    /// applied one, or the data) whose key it is.
    func identifier(named value: Value) throws -> Value {
        let records = loaded.records
        let applied = dataSource.snapshot()
        // The identifier as typed, when a snapshot has it (the usual case: one lookup).
        if identity == .key,
            pending.sectionIdentifier(containingItem: value) != nil
                || applied.sectionIdentifier(containingItem: value) != nil
        {
            return value
        }
        let wanted = records.keyIdentity(of: value)
        let known = knownIdentifiers()
        switch identity {
        case .key:
            if let same = known[wanted] { return same }
            if let path = try identifiers.path(ofKey: value), let record = loaded.provider.item(at: path) {
                return identifiers.identifier(of: record)
            }
            return value
        case .value:
            guard let keyField = loaded.keyField else {
                throw ShellError(
                    .unsupported(
                        "items of \(loaded.name) have no key to name them by: 'snapshot new from data' builds a "
                            + "snapshot of them"
                    )
                )
            }
            if let same = known[wanted] { return same }
            if let path = try identifiers.path(ofKey: value), let record = loaded.provider.item(at: path) {
                return .object(record)
            }
            throw ShellError(
                .noItemWithKey(field: keyField, value: value, dataset: "the snapshots or in \(loaded.name)"))
        }
    }
}

/// What stands for a provider's items in a snapshot, and the way back from
/// an identifier to its record (the cell provider's lookup).
final class DiffableIdentifiers {
    /// What stands for an item in a snapshot.
    enum Identity: String, CaseIterable {
        /// The item's key (`id`): its content can change under the same identifier.
        case key
        /// The whole record: a changed record is another identifier.
        case value
    }

    /// The section identifier of a dataset with one untitled section (as
    /// app code writes `enum Section { case main }`).
    static let mainSection = "main"

    /// The provider whose data the snapshots name.
    let loaded: LoadedProvider
    /// What identifies an item.
    let identity: Identity
    /// The data's paths by key identity, built when a cell first needs one
    /// and dropped when a command may have changed the data.
    private var pathsByKey: [Value: ItemPath]?

    init(loaded: LoadedProvider, identity: Identity) {
        self.loaded = loaded
        self.identity = identity
    }

    /// Forgets what it knows of the data (a command may have changed it).
    func dataMayHaveChanged() { pathsByKey = nil }

    /// The identifier of `record`.
    func identifier(of record: Record) -> Value {
        switch identity {
        case .key: loaded.keyField.flatMap { record[$0] } ?? .null
        case .value: .object(record)
        }
    }

    /// Whether the data's sections are named by their titles in a snapshot:
    /// a sectioned provider's groups, and the sections of a provider of the
    /// user's own that has several or a titled one (its days, its folders);
    /// else its one section is `main`.
    var sectionsAreTitled: Bool {
        if loaded.groupField != nil { return true }
        guard loaded.registered != nil else { return false }
        let provider = loaded.provider
        return provider.numberOfSections > 1 || (provider.numberOfSections == 1 && provider.title(ofSection: 0) != nil)
    }

    /// A snapshot of the data as it is: its sections (titles, or `main`)
    /// and its items' identifiers, as app code builds one from its model,
    /// built in a loop that a Ctrl-C or a classroom's budget stops (every
    /// item is read). A section without a title, or with one an earlier
    /// section has, is named by its place (`section 2`), as a snapshot's
    /// section identifiers are unique.
    func dataSnapshot() throws -> DiffableSnapshot<String, Value> {
        try loaded.checkRecordsOfEveryItem(for: "a snapshot of the data")
        var snapshot = DiffableSnapshot<String, Value>()
        let provider = loaded.provider
        let titled = sectionsAreTitled
        var named: Set<String> = []
        var read = 0
        for section in 0..<provider.numberOfSections {
            var id = titled ? provider.title(ofSection: section) ?? "section \(section)" : Self.mainSection
            if titled, !named.insert(id).inserted {
                id = "section \(section)"
                named.insert(id)
            }
            var items: [Record] = []
            for item in 0..<provider.numberOfItems(inSection: section) {
                read += 1
                if read & 0x3FFF == 0 { try Interruption.check() }
                if let record = provider.item(at: ItemPath(section, item)) { items.append(record) }
            }
            // Its sections are distinct; its items by key are unique, but two equal
            // records are one identifier by value, refused as UIKit refuses them.
            try snapshot.appendSections([id])
            try snapshot.appendItems(items.map(identifier(of:)), toSection: id)
        }
        return snapshot
    }

    /// The record `identifier` stands for: the data's item with that key,
    /// or the identifier itself when it is a whole record. The lookup is
    /// traced in `list` as `caller`'s.
    func record(for identifier: Value, tracingIn list: HeadlessList? = nil, as caller: TraceRole = .cellProvider)
        -> Record?
    {
        if identity == .value, case .object(let record) = identifier { return record }
        let records = loaded.records
        // A cell provider may not throw: the index is built whole here if no command built it first.
        if pathsByKey == nil { pathsByKey = try? Self.paths(byKeyOf: loaded, stoppable: false) }
        let record = pathsByKey?[records.keyIdentity(of: identifier)].flatMap { loaded.provider.item(at: $0) }
        list?.tracer.note(
            caller, .provider, "item(withKey: \(identifier.jsonText)) → \(record?.traceSummary ?? "none")")
        return record
    }

    /// Indexes the items' paths by key, once for each state of the data, in
    /// a loop a Ctrl-C or a classroom's budget stops. The commands that
    /// will look items up by identifier call it first, where they may throw
    /// (a cell provider may not).
    func indexKeys() throws(Interrupted) {
        guard pathsByKey == nil else { return }
        pathsByKey = try Self.paths(byKeyOf: loaded, stoppable: true)
    }

    /// The data's path of the item with `key`, from the index (built, and
    /// stoppable, if it is not yet); nil when no item has it.
    func path(ofKey key: Value) throws(Interrupted) -> ItemPath? {
        try indexKeys()
        return pathsByKey?[loaded.records.keyIdentity(of: key)]
    }

    /// The first path of each key's identity in `loaded`; nil without a key.
    private static func paths(byKeyOf loaded: LoadedProvider, stoppable: Bool) throws(Interrupted) -> [Value: ItemPath]?
    {
        guard let keyField = loaded.keyField else { return nil }
        let records = loaded.records
        var paths: [Value: ItemPath] = [:]
        for (index, path) in loaded.allPaths.enumerated() {
            if stoppable, index & 0x3FFF == 0x3FFF { try Interruption.check() }
            guard let key = loaded.provider.item(at: path)?[keyField] else { continue }
            let identity = records.keyIdentity(of: key)
            if paths[identity] == nil { paths[identity] = path }
        }
        return paths
    }

    /// Where the data holds the item `identifier` stands for, or nil when it
    /// holds none (a key no item has, a record no item equals).
    func dataPath(for identifier: Value) -> ItemPath? {
        if identity == .value, case .object(let record) = identifier {
            return loaded.provider.firstPath { $0 == record }
        }
        _ = record(for: identifier)
        return pathsByKey?[loaded.records.keyIdentity(of: identifier)]
    }

    /// `3`, or for a whole record `{"id":3,…}`: short, for one line.
    func shortText(of identifier: Value) -> String {
        guard identity == .value, case .object(let record) = identifier else { return identifier.jsonText }
        let key =
            loaded.keyField.flatMap { field in record[field].map { "\(Value.string(field).jsonText):\($0.jsonText)," } }
            ?? ""
        return "{\(key)…}"
    }
}

/// The list's delegate while a diffable data source shows it: in an app the
/// view controller, which asks the data source which item was tapped.
private final class SelectionReporter: ListDelegate {
    var onSelect: (HeadlessList, ItemPath) -> Void = { _, _ in }

    func list(_ list: HeadlessList, didSelectItemAt path: ItemPath) { onSelect(list, path) }
}
