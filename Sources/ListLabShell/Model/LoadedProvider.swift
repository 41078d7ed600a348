import Interruption
import ListLabCore
import ListLabFiles
import ListLabRecords

/// A provider the session has loaded, with what the session knows of it:
/// its name, how it was shaped and its presenter.
final class LoadedProvider {
    /// The name `use` knows it by.
    let name: String
    /// The provider, keeping the dataset's rules (fields, a unique key).
    let records: KeyedRecordProvider
    /// The provider, as the adapter takes it.
    let provider: AnyDataProvider<Record>
    /// What kind of provider it is, with what that kind holds.
    let source: ProviderSource
    /// How it was shaped.
    var shape: ProviderShape { source.shape }
    /// The field that gives items their identity, if any.
    var keyField: String? { records.keyField }
    /// The dataset's field names, in order.
    var fieldNames: [String] { records.fieldNames }
    /// The schema new records are made with.
    private(set) var schema: Record.Schema
    /// The presenter bound to it.
    var presenter: TemplatePresenter
    /// The file provider behind it, when it is one (for `save`).
    var file: FileDataProvider? {
        if case .file(let file, _) = source { return file }
        return nil
    }
    /// Whether it was loaded from a sample that ships with ListLab (whose
    /// file `save` does not overwrite).
    var isShippedSample = false
    /// Reads the records from the source again, without changing the
    /// provider (for `diff` and `reload --diff`).
    var readSource: () throws -> [Record] = { [] }
    /// The file it was read from (a sample's file for a sample), from where
    /// the session's relative paths start; nil for a composite or a built-in
    /// copy (for `export swift`).
    var sourcePath: String?
    /// For a composite: its provider and the loaded providers it draws from.
    var composite: (provider: CompositeDataProvider<Record>, children: [LoadedProvider])? {
        if case .composite(let provider, let children) = source { return (provider, children) }
        return nil
    }
    /// For a paged provider: it, and the records its pages come from.
    var paged: (provider: PagedDataProvider<Record>, source: PagedRecordSource)? {
        if case .paged(let provider, _, _, let pages) = source { return (provider, pages) }
        return nil
    }
    /// For rows given as texts (`rows`): their provider.
    var rows: SectionedDataProvider<Record>? {
        if case .rows(let provider) = source { return provider }
        return nil
    }
    /// While a filter is on: the filter, and every record in order.
    var filter: Filter?
    /// For a provider of the user's own: its registration, and this
    /// session's provider and presenter of it.
    var registered: (registration: ProviderRegistration, instance: any RegisteredInstance)? {
        if case .registered(let registration, let instance) = source { return (registration, instance) }
        return nil
    }

    /// A filter that is on, and what brings every item back.
    struct Filter {
        var field: String
        var value: Value
        /// Every record in order (a filter on records; a file provider
        /// filtered on its columns keeps its own, as its `activeFilter`).
        var all: [Record] = []
    }

    /// Whether its data was changed (update, append, insert, delete, move,
    /// sort) since it was loaded, reloaded or saved to its own file.
    var hasUnsavedEdits = false
    /// The bytes the commands that added or grew items added, as estimated
    /// (counted in ``estimatedBytes`` beside its sample).
    var grownBytes = 0
    /// How many times its data was changed, and saved to its own file (the
    /// session journal notes which commands did either, for recovery).
    private(set) var editCount = 0
    private(set) var saveCount = 0

    /// Notes a change of its data.
    func markEdited() {
        hasUnsavedEdits = true
        editCount += 1
    }

    /// Notes that its data was written to its own file.
    func markSaved() {
        forgetEdits()
        saveCount += 1
    }

    /// The providers whose edits a reload or the end of the session would
    /// lose: this one, or a composite's children that have some.
    var unsavedProviders: [LoadedProvider] {
        if let composite { return composite.children.flatMap(\.unsavedProviders) }
        return hasUnsavedEdits ? [self] : []
    }

    /// Notes an edit of the data in `section` (its owner's, in a composite).
    func noteEdit(inSection section: Int) {
        owner(ofSection: section).markEdited()
    }

    /// Takes the fields the data has now as its own, after a reload read
    /// its source again (a file given a column on disk): a file provider's
    /// are its table's, an array's or a sectioned one's its first record's
    /// (kept when it has none); a registered provider's fields are its
    /// type's, and a composite takes its children's. Returns the notes it
    /// says: a key field, or the sections' field, that the data no longer has.
    func adoptFieldsOfSource() -> [String] {
        if let composite {
            let notes = composite.children.flatMap { $0.adoptFieldsOfSource() }
            let fields = Self.compositeFields(of: composite.children)
            if fields != records.fieldNames {
                let current = Record.Schema(fields)
                records.fieldsDidChange(to: current)
                schema = current
            }
            return notes
        }
        guard registered == nil else { return [] }
        let current = file?.schema ?? firstRecord?.schema
        guard let current, current.names != records.fieldNames else { return [] }
        let key = keyField
        records.fieldsDidChange(to: current)
        schema = current
        var notes: [String] = []
        if let key, keyField == nil {
            notes.append(
                "\(name) has no field '\(FieldNameList.name(key))' now: its items have no key (load it with 'key "
                    + "FIELD' to give them one)"
            )
        }
        if let group = shape.groupField ?? file?.groupField, current.index(of: group) == nil {
            notes.append(
                "\(name) has no field '\(FieldNameList.name(group))' now: its items are in one section with no title "
                    + "(load it again 'as sectioned by' a field)"
            )
        }
        return notes
    }

    /// A composite's fields: its children's, in order, each once (a Set of
    /// those seen, where a search of the list took the square of wide files' fields).
    static func compositeFields(of children: [LoadedProvider]) -> [String] {
        var seen: Set<String> = []
        return children.flatMap(\.fieldNames).filter { seen.insert($0).inserted }
    }

    /// The first item of the data, if it has one.
    private var firstRecord: Record? {
        (0..<provider.numberOfSections).lazy.compactMap { section in
            self.provider.numberOfItems(inSection: section) > 0 ? self.provider.item(at: ItemPath(section, 0)) : nil
        }.first
    }

    /// Forgets the edits, once the source and the data agree again.
    func forgetEdits() {
        hasUnsavedEdits = false
        for child in composite?.children ?? [] { child.forgetEdits() }
    }

    init(
        name: String, records: KeyedRecordProvider, source: ProviderSource, schema: Record.Schema,
        presenter: TemplatePresenter
    ) {
        self.schema = schema
        self.name = name
        self.records = records
        provider = AnyDataProvider(records)
        self.source = source
        self.presenter = presenter
    }

    /// "an array provider" or "a sectioned provider (by list)".
    var kindWithArticle: String {
        if shape == .registered { return kindDescription }
        return (shape == .array ? "an " : "a ") + kindDescription
    }

    /// "array provider" or "sectioned provider (by list)".
    var kindDescription: String {
        switch shape {
        case .array: "array provider"
        case .file: "file provider (\(file?.name ?? ""))"
        case .sectioned(let field):
            file.map { "file provider (\($0.name), sectioned by \(field))" } ?? "sectioned provider (by \(field))"
        case .paged(let size, _): "paged provider (pages of \(size))"
        case .composite: "composite provider (\(composite?.children.map(\.name).joined(separator: ", ") ?? ""))"
        case .registered:
            registered.map { "\($0.registration.providerTypeName), shown by \($0.registration.presenterTypeName)" }
                ?? "registered provider"
        case .rows: "rows provider"
        }
    }

    /// Every record, in path order.
    var allPaths: [ItemPath] {
        (0..<provider.numberOfSections).flatMap { section in
            (0..<provider.numberOfItems(inSection: section)).map { ItemPath(section, $0) }
        }
    }

    /// The presenter of `section` (a composite's child's), and the section's
    /// index for it.
    func presenter(forSection section: Int) -> (presenter: TemplatePresenter, section: Int) {
        guard let composite, let (child, local) = composite.provider.child(forSection: section) else {
            return (presenter, section)
        }
        return composite.children[child].presenter(forSection: local)
    }

    /// The loaded provider whose rules (fields, key) apply to `section`: a
    /// composite's child, or this one.
    func owner(ofSection section: Int) -> LoadedProvider {
        guard let composite, let (child, local) = composite.provider.child(forSection: section) else { return self }
        return composite.children[child].owner(ofSection: local)
    }

    /// The main text of `record` at `path`, as its cell shows it (a
    /// registered provider's item: as its presenter configures a cell).
    func text(of record: Record, at path: ItemPath) -> String {
        if let (_, instance) = registered {
            return instance.cellText(of: record, at: path) ?? instance.cellText(at: path) ?? instance.description(
                at: path) ?? ""
        }
        let presenter = presenter(forSection: path.section).presenter
        return presenter.kind(for: record)?.text.render(record) ?? ""
    }

    /// The presenter the adapter uses: the template presenter, or the
    /// composite of the children's.
    var cellPresenter: AnyCellPresenter<Record> {
        guard let composite else { return AnyCellPresenter(presenter) }
        return AnyCellPresenter(
            CompositePresenter(provider: composite.provider, presenters: composite.children.map(\.presenter)))
    }

    /// The field the sections are grouped by, if any.
    var groupField: String? { shape.groupField }

    /// Throws when a record of every item would hold more than
    /// ``Session/recordValueLimit`` values in all: a record holds a value of
    /// every field, so a file whose records each have a key of their own
    /// takes items x items (40,000 such items asked for 64 GB). `command`
    /// names what asked, in the error.
    func checkRecordsOfEveryItem(for command: String) throws(ShellError) {
        guard let values = RecordValueLimit.past(provider.numberOfItems, "items", fields: fieldNames.count)
        else { return }
        throw ShellError(.overBound("\(command) makes a record of every item of \(name): \(values)"))
    }

    /// The records as sections (a title and items), as the provider holds them.
    ///
    /// - Throws: ``Interrupted`` when Ctrl-C asks to stop (it looks every
    ///   65,536 items: a million records take about a second to build);
    ///   ``ShellError`` when they would be too many values
    ///   (``checkRecordsOfEveryItem(for:)``), for `command`.
    func currentSections(for command: String) throws -> [(title: String, items: [Record])] {
        try checkRecordsOfEveryItem(for: command)
        var built = 0
        var sections: [(title: String, items: [Record])] = []
        for section in 0..<provider.numberOfSections {
            let count = provider.numberOfItems(inSection: section)
            var items: [Record] = []
            items.reserveCapacity(count)
            for index in 0..<count {
                built += 1
                if built & 0xFFFF == 0 { try Interruption.check() }
                if let item = provider.item(at: ItemPath(section, index)) { items.append(item) }
            }
            sections.append((provider.title(ofSection: section) ?? "", items))
        }
        return sections
    }

    /// `records` as the sections this provider would make of them.
    func sections(of records: [Record]) -> [(title: String, items: [Record])] {
        guard let groupField else { return [("", records)] }
        var order: [String] = []
        var groups: [String: [Record]] = [:]
        for record in records {
            let key = record[groupField]?.description ?? ""
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(record)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    /// Every item's value of `field` (null where it has none); a flat file
    /// provider's read from its column, without records.
    func values(ofField field: String) -> [Value] {
        records.values(ofField: field)
    }

    /// For each of `fields`, how many items' values are of each kind (``Value/kindName``).
    func kindCounts(ofFields fields: [String]) -> [[String: Int]] {
        records.kindCounts(ofFields: fields)
    }

    /// ``kindCounts(ofFields:)``, with the texts that are dates counted as `date` (``Value/shownKind``).
    func kindCountsWithDates(ofFields fields: [String]) -> [[String: Int]] {
        zip(fields, kindCounts(ofFields: fields)).map { field, counts in
            guard let texts = counts["string"], texts > 0 else { return counts }
            let dates = values(ofField: field).count { $0.shownKind == "date" }
            guard dates > 0 else { return counts }
            var split = counts
            split["string"] = texts == dates ? nil : texts - dates
            split["date"] = dates
            return split
        }
    }

    /// `8 items in 1 section`.
    var countDescription: String {
        let items = provider.numberOfItems
        let sections = provider.numberOfSections
        return "\(items) \(items == 1 ? "item" : "items") in \(sections) \(sections == 1 ? "section" : "sections")"
    }
}

/// The kinds of provider a command works on, as ``ShellError/Reason/wrongKind(command:worksOn:dataset:kind:hint:)``
/// names them.
enum ProviderKinds {
    /// What the commands that change or export ListLab's own datasets work on.
    static let arraySectionedAndFile = "array, sectioned and file providers"
}
