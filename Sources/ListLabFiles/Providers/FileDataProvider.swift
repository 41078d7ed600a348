import Interruption
public import ListLabCore
public import ListLabRecords

/// A provider backed by a JSON array, NDJSON or CSV file: the file is the
/// store. ``reload()`` reads the file again; ``save(to:force:room:)`` writes the
/// records back in the file's format, atomically, and refuses to overwrite a
/// file that someone else changed since it was read, unless forced.
///
/// Records are kept by column (``RecordTable``), so a million rows are
/// comfortable; a `Record` is built only for the items the list asks for.
///
/// ```swift
/// let contacts = try FileDataProvider(path: contactsFile, name: "contacts.csv")
/// let diana = try contacts.checkedItem(at: ItemPath(0, 2))
/// _ = try contacts.update(diana.setting("phone", to: "555-0199"), at: ItemPath(0, 2))
/// try contacts.save()   // only Diana's phone is written anew
/// ```
public final class FileDataProvider: DataProvider {
    public typealias Item = Record

    /// The file, as it is opened.
    public let path: String
    /// The file, as messages name it.
    public let name: String
    /// The file's format.
    public let format: RecordTableWriter.Format
    /// The records.
    public private(set) var table: RecordTable
    /// What the file was when last read or written.
    public private(set) var fingerprint: FileFingerprint
    /// The field the records are grouped into sections by, if any.
    public private(set) var groupField: String?
    /// The column of ``groupField``, as found when the table had `fieldCount` fields.
    private var groupColumn: (fieldCount: Int, column: Int?) = (-1, nil)
    /// The rows of ``table`` in sections, when grouped: row numbers, so that
    /// a record is built only for a row the list shows, as records held for
    /// every row would cost a reload many times its time and memory. An
    /// edit adds the edited record as a new row; the rows no section holds
    /// any more are dropped when the file is saved.
    private var grouped: SectionedDataProvider<Int>?
    /// A record about to become the table's next row, while ``grouped``
    /// finds its section by its group key.
    private var arriving: Record?
    /// The filter that is on, if any (``filter(by:equalTo:identifiedBy:countingAbove:)``).
    public internal(set) var activeFilter: ColumnFilter?
    /// Whether the items were changed since the file was read or saved
    /// (edits and sorts; a filter only hides some).
    public internal(set) var isEditedSinceRead = false

    /// Reads the file at `path`.
    ///
    /// - Parameters:
    ///   - path: Where the file is.
    ///   - name: How messages name it (the path as the user wrote it).
    ///   - format: The format; by default the one the extension names.
    ///   - groupField: A field to group the records into sections by, as a
    ///     fetched results controller's section key path (sections in order
    ///     of first appearance); nil for one section.
    ///   - progress: Told now and then how much of the file is read (0 to
    ///     1), for a progress line.
    /// - Throws: ``LoadError`` when the file cannot be read or parsed, or
    ///   its extension names no format.
    public convenience init(
        path: String, name: String, format: RecordTableWriter.Format? = nil, groupedBy groupField: String? = nil,
        progress: (Double) -> Void = { _ in }
    ) throws(LoadError) {
        guard let format = format ?? RecordTableWriter.Format(path: path) else {
            throw LoadError(file: name, message: "unknown format: name a .csv, .json or .ndjson file")
        }
        try self.init(path: path, name: name, format: format, groupedBy: groupField, progress: progress, watcher: nil)
    }

    /// Reads the file as ``init(path:name:format:groupedBy:progress:)``
    /// does, with `watcher` shown its rows as they are read.
    init(
        path: String, name: String, format: RecordTableWriter.Format, groupedBy groupField: String?,
        progress: (Double) -> Void = { _ in }, watcher: (any RowsReadWatcher)?
    ) throws(LoadError) {
        self.path = path
        self.name = name
        self.format = format
        self.groupField = groupField
        (table, fingerprint) = try Self.read(
            path: path, name: name, format: format, progress: progress, watcher: watcher)
        regroup()
    }

    /// Groups the records into sections by `field` (nil: one section).
    public func group(by field: String?) {
        groupField = field
        grouped = nil
        regroup()
    }

    /// Builds the sections from the table's rows (or from `rows` of them),
    /// when grouped.
    private func regroup(rows: [Int]? = nil) {
        groupColumn = (fieldCount: -1, column: nil)  // the table or the field may be another now
        guard groupField != nil else {
            grouped = nil
            return
        }
        grouped = SectionedDataProvider(
            rows ?? Array(0..<table.count), groupedBy: { [unowned self] row in self.groupKey(ofRow: row) })
    }

    /// Grouped: the items become the rows `rows` of the table, grouped (a
    /// filter, and the rows back after it); the table stays as it is.
    ///
    /// - Precondition: grouped, and each of `rows` a row of the table, once.
    func showRows(_ rows: [Int]) {
        precondition(
            grouped != nil && rows.allSatisfy { $0 >= 0 && $0 < table.count },
            "showRows(_:) takes rows of a grouped table")
        regroup(rows: rows)
    }

    /// The section title of row `row` (or of the ``arriving`` record, as the
    /// next row): the text of its group field's value, as a record's
    /// `record[field]?.description ?? ""`.
    private func groupKey(ofRow row: Int) -> String {
        guard let groupField else { return "" }
        if row == table.count, let arriving { return arriving[groupField]?.description ?? "" }
        // The group field's column, found again only when fields were added: a look-up per
        // row cost rows x fields (a file with a key per record took 17 s to group).
        if groupColumn.fieldCount != table.fieldNames.count {
            groupColumn = (table.fieldNames.count, table.fieldNames.firstIndex(of: groupField))
        }
        guard let column = groupColumn.column else { return "" }
        return table.value(column: column, row: row).description
    }

    /// Runs `placement` (a change of ``grouped`` that takes `record` as the
    /// table's next row) with `record` arriving.
    private func placing(_ record: Record, _ placement: () throws -> BatchUpdate) rethrows -> BatchUpdate {
        arriving = record
        defer { arriving = nil }
        return try placement()
    }

    /// The fields, in the order the file gave them.
    public var fieldNames: [String] { table.fieldNames }

    /// The schema of the records (their field names).
    public var schema: Record.Schema { table.schema }

    /// The first two rows that share a value of `field` (a key), with their
    /// places from 0, as ``RecordTable/firstDuplicate(of:)`` finds them; nil
    /// when every row's value is its own.
    public func firstDuplicate(ofField field: String) -> (value: Value, first: Int, second: Int)? {
        table.firstDuplicate(of: field)
    }

    /// The records in the provider's order (section by section when grouped).
    public var records: [Record] {
        if let grouped { return grouped.sections.flatMap { $0.items.map(table.record(at:)) } }
        return (0..<table.count).map(table.record(at:))
    }

    /// When grouped, the sections as the rows of ``table`` they hold, in
    /// order, with their titles; nil when flat. (For a diff on the columns.)
    public var rowSections: [(title: String, rows: [Int])]? {
        grouped.map { $0.sections.map { ($0.title ?? "", $0.items) } }
    }

    private static func read(
        path: String, name: String, format: RecordTableWriter.Format, progress: (Double) -> Void,
        watcher: (any RowsReadWatcher)?
    ) throws(LoadError) -> (RecordTable, FileFingerprint) {
        let file = try FileBytes.read(path, name: name)
        let table: RecordTable
        switch format {
        case .csv: table = try CSVReader.read(file.bytes, file: name, progress: progress, watcher: watcher)
        case .json:
            table = try JSONTableReader.read(
                file.bytes, file: name, format: .array, progress: progress, watcher: watcher)
        case .ndjson:
            table = try JSONTableReader.read(
                file.bytes, file: name, format: .lines, progress: progress, watcher: watcher)
        }
        return (table, file.fingerprint)
    }

    public var numberOfSections: Int { grouped?.numberOfSections ?? 1 }

    public func numberOfItems(inSection section: Int) -> Int {
        if let grouped { return grouped.numberOfItems(inSection: section) }
        return section == 0 ? table.count : 0
    }

    public func item(at path: ItemPath) -> Record? {
        row(at: path).map(table.record(at:))
    }

    /// The row of ``table`` that the item at `path` is; nil for none.
    func row(at path: ItemPath) -> Int? {
        if let grouped { return grouped.item(at: path) }
        guard path.section == 0, path.item >= 0, path.item < table.count else { return nil }
        return path.item
    }

    public func title(ofSection section: Int) -> String? { grouped?.title(ofSection: section) }

    /// Notes an edit about to be made; throws while a filter is on, as the
    /// edit would be lost with the items the filter hides. An edit then
    /// refused is noted too: it costs ``changesFromFile(identifiedBy:countingAbove:readingUpdatedValues:)``
    /// a comparison, never a change missed.
    private func willEdit() throws(FilterIsOn) {
        if let activeFilter { throw FilterIsOn(filter: activeFilter) }
        isEditedSinceRead = true
    }

    private func checkItem(_ path: ItemPath) throws(ProviderError) {
        guard item(at: path) != nil else {
            throw .noItem(path, sectionCount: 1, itemCount: path.section == 0 ? table.count : nil)
        }
    }

    public func append(_ item: Record, toSection section: Int?) throws -> BatchUpdate {
        try willEdit()
        if let grouped {
            let update = try placing(item) { try grouped.append(table.count, toSection: section) }
            table.append(item)
            return update
        }
        if let section, section != 0 { throw ProviderError.noSection(section, sectionCount: 1) }
        table.append(item)
        return BatchUpdate(insertedItems: [ItemPath(0, table.count - 1)])
    }

    public func insert(_ item: Record, at path: ItemPath) throws -> BatchUpdate {
        try willEdit()
        if let grouped {
            let update = try placing(item) { try grouped.insert(table.count, at: path) }
            table.append(item)
            return update
        }
        guard path.section == 0 else { throw ProviderError.noSection(path.section, sectionCount: 1) }
        guard path.item >= 0, path.item <= table.count else {
            throw ProviderError.insertBeyondEnd(path, itemCount: table.count)
        }
        table.insert(item, at: path.item)
        return BatchUpdate(insertedItems: [path])
    }

    public func update(_ item: Record, at path: ItemPath) throws -> BatchUpdate {
        try willEdit()
        if let grouped {
            // throws: no item there
            guard let row = grouped.item(at: path) else { return try grouped.update(table.count, at: path) }
            let update = try placing(item) { try grouped.update(table.count, at: path) }
            // A copy of the row, then the change: a cell the record leaves null stays absent.
            table.appendCopy(ofRow: row)
            table.replace(at: table.count - 1, with: item)
            return update
        }
        try checkItem(path)
        table.replace(at: path.item, with: item)
        return BatchUpdate(reconfiguredItems: [path])
    }

    public func delete(at paths: [ItemPath]) throws -> BatchUpdate {
        try willEdit()
        if let grouped { return try grouped.delete(at: paths) }
        var seen: Set<ItemPath> = []
        for path in paths {
            try checkItem(path)
            guard seen.insert(path).inserted else { throw ProviderError.repeatedPath(path) }
        }
        table.remove(rows: paths.map(\.item))
        return BatchUpdate(deletedItems: paths.sorted())
    }

    public func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate {
        try willEdit()
        if let grouped { return try grouped.move(from: from, to: to) }
        try checkItem(from)
        guard to.section == 0 else { throw ProviderError.noSection(to.section, sectionCount: 1) }
        guard to.item >= 0, to.item < table.count else {
            throw ProviderError.moveBeyondEnd(from: from, to: to, lastPlace: ItemPath(0, table.count - 1))
        }
        guard from != to else { throw ProviderError.moveOntoItself(from) }
        table.move(from: from.item, to: to.item)
        return BatchUpdate(movedItems: [ItemMove(from: from, to: to)])
    }

    /// Takes the records `fresh` read from this provider's file (a reload
    /// whose changes were worked out before it is applied), grouped as
    /// this provider groups them.
    ///
    /// - Precondition: `fresh` read this file.
    public func adoptReading(of fresh: FileDataProvider) {
        precondition(fresh.path == path, "adoptReading(of:) takes the provider's own file read again")
        table = fresh.table
        fingerprint = fresh.fingerprint
        activeFilter = nil
        isEditedSinceRead = false
        regroup()
    }

    /// Replaces the table with `table`: a filter of it (or the whole of it
    /// again) made with ``RecordTable/reordered(_:)``.
    ///
    /// - Precondition: not grouped (one section).
    func replaceTable(with table: RecordTable) {
        precondition(grouped == nil, "replaceTable(with:) takes a flat table")
        self.table = table
    }

    /// Puts the items' rows in the order `rows` gives (a sort), column by
    /// column, grouped again when grouped; `save` writes that order, each
    /// row as the file had it.
    ///
    /// - Precondition: `rows` holds each item's row once: a permutation of
    ///   the table's rows when flat, of ``rowSections``' rows when grouped.
    public func reorder(rows: [Int]) {
        checkReordering(rows: rows.count)
        takeReordered(table.reordered(rows))
    }

    /// The preconditions of ``reorder(rows:)`` for `rows` rows, checked
    /// before any is gathered.
    func checkReordering(rows: Int) {
        precondition(grouped != nil || rows == table.count, "reorder(rows:) takes a permutation of a flat table's rows")
        precondition(activeFilter == nil, "reorder(rows:) is for a provider with no filter on")
    }

    /// Takes `reordered`, this provider's table with its rows in another
    /// order (``reorder(rows:)``'s, gathered already), grouped again when
    /// grouped.
    func takeReordered(_ reordered: RecordTable) {
        table = reordered
        isEditedSinceRead = true
        regroup()
    }

    /// Replaces every record, keeping the fields (a new state such as a sort
    /// or a filter; `save` writes it), grouped again when grouped.
    public func replaceItems(with records: [Record]) {
        precondition(activeFilter == nil, "replaceItems(with:) is for a provider with no filter on")
        isEditedSinceRead = true
        // Records read from this file keep their place in it, so a save
        // writes them as the file had them.
        var replaced = table.emptied()
        for record in records { replaced.append(record) }
        table = replaced
        regroup()
    }

    /// Reads the file again.
    ///
    /// - Throws: ``LoadError``; the records are then as they were.
    public func reload() throws {
        _ = try reload(refusingRepeatsOf: nil)
    }

    /// Reads the file again, unless two of its records share `keyField`'s
    /// value (as ``firstDuplicate(ofField:)`` compares them): then the
    /// first repeat is returned, and the records are as they were.
    ///
    /// - Throws: ``LoadError``; the records are then as they were.
    public func reload(refusingRepeatsOf keyField: String?) throws -> (value: Value, first: Int, second: Int)? {
        let (fresh, print) = try Self.read(path: path, name: name, format: format, progress: { _ in }, watcher: nil)
        if let keyField, let repeated = fresh.firstDuplicate(of: keyField) { return repeated }
        (table, fingerprint) = (fresh, print)
        activeFilter = nil
        isEditedSinceRead = false
        regroup()
        return nil
    }

    /// Whether the file on disk is no longer what was read or last written:
    /// its size or time differ (one `stat`), or else a hash of its bytes.
    public var fileChangedOnDisk: Bool {
        !FileBytes.hasSizeAndTime(of: fingerprint, at: path) || FileBytes.currentFingerprint(of: path) != fingerprint
    }

    /// Writes the records to `target` (by default the provider's own file)
    /// in the target's format, atomically.
    ///
    /// - Parameters:
    ///   - target: Where to write, and its name for messages; nil for the
    ///     provider's own file.
    ///   - force: Write even when the own file changed on disk since it was read.
    ///   - room: Says why `bytes` bytes may not be written there (a folder
    ///     with a quota), or nil when they may.
    /// - Returns: The number of bytes written.
    /// - Throws: ``FileError`` when the own file changed on disk or was
    ///   deleted since it was read, or has several hard links or no write
    ///   permission (each without `force`), the target's extension names no
    ///   format, the target is CSV and the data has no fields or one named
    ///   `""` (which a CSV file cannot load back), or the write fails; the
    ///   file on disk is then untouched.
    @discardableResult
    public func save(
        to target: (path: String, name: String)? = nil, force: Bool = false,
        room: (_ path: String, _ bytes: Int) -> String? = { _, _ in nil }
    ) throws(FileError) -> Int {
        let destination = target ?? (path, name)
        if let activeFilter {
            throw FileError(
                path: destination.name,
                message: "\(activeFilter) is on, and the items it hides would be lost: remove it first")
        }
        let isOwnFile = target == nil || target?.path == path
        guard let format = isOwnFile ? format : RecordTableWriter.Format(path: destination.path) else {
            throw FileError(path: destination.name, message: "unknown format: name a .csv, .json or .ndjson file")
        }
        // What a CSV reader refuses, a save into CSV does not write (a JSON file's key "" or its objects without keys).
        if format == .csv, table.fieldNames.isEmpty || table.fieldNames.contains("") {
            let what =
                table.fieldNames.isEmpty
                ? "has no fields, and a CSV file needs a header"
                : "has a field named \"\", which a CSV header cannot hold"
            throw FileError(path: destination.name, message: "the data \(what): save to a .json or .ndjson file")
        }
        if isOwnFile, !force {
            guard let now = FileBytes.currentFingerprint(of: path) else {
                throw FileError(
                    path: name,
                    message: "was deleted (or cannot be read) since it was read; save --force writes it again")
            }
            if now != fingerprint {
                let what =
                    now.size != fingerprint.size
                    ? "its size went from \(fingerprint.size) to \(now.size) bytes" : "its content or time changed"
                throw FileError(
                    path: name,
                    message:
                        "changed on disk since it was read (\(what)); reload to see it, or save --force to overwrite it"
                )
            }
        }
        if let grouped {
            // A grouped file is written in the provider's order, section by section, each row as
            // the file had it unless edited; rows no section holds (edited away) are dropped.
            table = table.reordered(grouped.sections.flatMap(\.items))
            regroup()
        }
        let bytes = RecordTableWriter.bytes(of: table, as: format)
        if let refusal = room(destination.path, bytes.count) {
            throw FileError(path: destination.name, message: refusal)
        }
        // The last moment a Ctrl-C can stop the save with nothing written; the write itself is atomic.
        if Interruption.isRequested {
            var error = FileError(path: destination.name, message: "interrupted: nothing was written")
            error.wasInterrupted = true
            throw error
        }
        do {
            try AtomicFile.write(bytes, to: destination.path, force: force)
        } catch {
            throw FileError(path: destination.name, message: error.message)
        }
        if isOwnFile, let now = FileBytes.fingerprint(of: path, written: bytes) {
            fingerprint = now
            isEditedSinceRead = false
        }
        return bytes.count
    }
}

extension FileDataProvider: FieldColumnReading {
    /// The rows of the table that are items, in the provider's order, when
    /// grouped (section by section; the rows an edit left behind are not
    /// items); nil when flat, where every row is one, in order.
    private var itemRows: [Int]? { grouped.map { $0.sections.flatMap(\.items) } }

    public func values(ofField field: String) -> [Value] {
        guard let rows = itemRows else { return table.values(of: field) }
        return table.values(of: field, rows: rows)
    }

    public func integerSummary(ofField field: String) -> (highest: Int, allIntegers: Bool) {
        table.integerSummary(of: field, rows: itemRows)
    }

    public func kindCounts(ofFields fields: [String]) -> [[String: Int]] {
        // Which rows are items, found once for every field (a grouped table may keep rows an edit left behind).
        let items = itemRows
        var isItem: [Bool]?
        if let items {
            var marks = Array(repeating: false, count: table.count)
            for row in items { marks[row] = true }
            isItem = marks
        }
        let itemCount = items?.count ?? table.count
        return fields.map { field in table.kindCounts(of: field, isItem: isItem, itemCount: itemCount) }
    }

    public func keyIdentities(ofField field: String) -> [Value?] {
        let rows = itemRows ?? Array(0..<table.count)
        guard let column = table.fieldNames.firstIndex(of: field) else {
            return Array(repeating: nil, count: rows.count)
        }
        return rows.map { row in
            table.value(column: column, row: row) == .null ? nil : table.keyIdentity(column: column, row: row)
        }
    }

    /// In CSV, the text (`1` and `"1"` are one key); in JSON, the value with
    /// numbers compared by value (`1` and `1.0` are one key).
    public func keyIdentity(of value: Value) -> Value {
        guard format == .csv else { return value.numericallyNormalized }
        switch value {
        case .string: return value
        case .null: return .string("")
        default: return .string(value.description)
        }
    }
}
