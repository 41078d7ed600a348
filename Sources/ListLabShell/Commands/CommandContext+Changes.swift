import Interruption
import ListDiff
import ListLabCore
import ListLabFiles
import ListLabRecords

extension CommandContext {
    // The change engine: a new state of the data (a sort, a filter, a reload from the source),
    // diffed against the old into staged batch updates, performed on the list, and said as each
    // command says it (`diff` prints the stages without performing them; `apply` and `outline`
    // say what they performed with its summary).

    /// Throws for providers whose source is not one list of records.
    func checkDiffable(_ loaded: LoadedProvider, _ command: String) throws(ShellError) {
        if loaded.composite != nil || loaded.paged != nil {
            throw ShellError(
                .wrongKind(
                    command: command, worksOn: ProviderKinds.arraySectionedAndFile, dataset: loaded.name,
                    kind: loaded.kindWithArticle, hint: nil)
            )
        }
    }

    /// The records the source holds now.
    func sourceRecords(of loaded: LoadedProvider) throws -> [Record] {
        do {
            return try loaded.readSource()
        } catch  where Interrupted.isCause(of: error) {
            throw error
        } catch {
            throw ShellError(.sourceUnreadable("\(error)"))
        }
    }

    /// Takes the provider to `records` and the list along, by the diff;
    /// `whenChanged` is called once the provider has changed (an error
    /// after it, the list refusing its updates, leaves the provider changed;
    /// one before it, a diff that cannot be made, leaves it as it was).
    func transition(
        _ loaded: LoadedProvider, to records: [Record], saying what: String, reloadingSource: Bool = false,
        whenChanged: () -> Void = {}
    ) throws {
        if let diffable = presentation.diffable {
            if reloadingSource {
                try reloadRefusingRepeats(loaded)
            } else {
                try loaded.provider.replaceItems(with: records)
            }
            whenChanged()
            diffable.identifiers.dataMayHaveChanged()
            output.write("\(what)")
            output.write(Presentation.diffableDataNote(diffable))
            return
        }
        if loaded.registered != nil, !reloadingSource {
            try transitionRegistered(loaded, to: records, saying: what, whenChanged: whenChanged)
            return
        }
        let changes = try changes(
            of: loaded, to: loaded.sections(of: records), side: reloadingSource ? "source" : "new state")
        try perform(changes, saying: what, itemCount: records.count) {
            if reloadingSource {
                try loaded.provider.reload()
            } else {
                try loaded.provider.replaceItems(with: records)
            }
            whenChanged()
        }
    }

    /// Reads `loaded`'s source again with no diff (a plain `reload`, or one
    /// under a diffable data source, which applies its own snapshots),
    /// refusing, as `load` does, a file whose key repeats: any failure says
    /// the data is as it was, which it is.
    func reloadRefusingRepeats(_ loaded: LoadedProvider) throws {
        do {
            guard let file = loaded.file, let keyField = loaded.keyField else { return try loaded.provider.reload() }
            if let repeated = try file.reload(refusingRepeatsOf: keyField) {
                throw ShellError(.duplicateKey(keyField, repeated, among: "records", source: file.name))
            }
        } catch  where Interrupted.isCause(of: error) {
            throw error
        } catch {
            throw ShellError(.failed("reload failed, the data is as it was: \(error)"))
        }
    }

    /// Takes the provider to its new state (`change`) and the list along,
    /// by `changes`, the diff from the old state to the new one.
    ///
    /// - Parameter changedValues: For pairs of paths (before, after), the
    ///   fields that changed in each, to be read on another thread while
    ///   the list takes the changes (nil: read from the provider's records).
    func perform(
        _ changes: SectionedChangeset, saying what: String, itemCount: Int,
        changedValues: ((_ pairs: [(from: ItemPath, to: ItemPath)]) -> @Sendable () -> [[FieldChange]?])? = nil,
        change: () throws -> Void
    ) throws {
        // ListDiff itself does not look at Ctrl-C; a Ctrl-C during it stops the command here,
        // before anything changes.
        try Interruption.check()
        if let changedValues {
            // From the data before and after, both kept as they are now, worked out beside the
            // list's structural stage.
            let pairs = updatedPairs(changes)
            let read = changedValues(pairs)
            let fields = pairs.isEmpty ? nil : ChangedFieldsInBackground { ChangedFields(pairs, changes: read()) }
            try change()
            try apply(changes, saying: what, itemCount: itemCount) { fields?.value ?? ChangedFields() }
            return
        }
        // The items whose content changes, as they are before the change (to say what changed in each).
        let provider = try? current().provider
        let before = Dictionary(
            uniqueKeysWithValues: changes.updatedItems.prefix(presentation.changeThreshold).compactMap {
                update -> (ItemPath, Record)? in
                let path = ItemPath(update.from.section, update.from.item)
                return provider?.item(at: path).map { (path, $0) }
            })
        try change()
        let changedFields = self.changedFields(changes, old: { before[$0] }, new: { provider?.item(at: $0) })
        try apply(changes, saying: what, itemCount: itemCount) { changedFields }
    }

    /// Applies `changes`, made to the provider already, to the list as
    /// staged batch updates (reloadData above the change threshold), and
    /// says what changed; `changedFields` gives what changed in each
    /// updated item, asked for once, when a stage first needs it.
    func apply(
        _ changes: SectionedChangeset, saying what: String, itemCount: Int, changedFields known: () -> ChangedFields
    ) throws {
        let staged = StagedUpdate(changes, style: presentation.updateStyle)
        guard !staged.stages.isEmpty else {
            output.write("\(what): no changes")
            return
        }
        if !staged.reloadsData(above: presentation.changeThreshold) { output.write("\(what): \(summary(staged))") }
        // What changed in the updated items, once a stage that updates some needs it (the others'
        // lines do not read it).
        var changedFields: ChangedFields?
        let outcome: StagedUpdate.Outcome
        do {
            outcome = try list.apply(
                staged, reloadingDataAbove: presentation.changeThreshold,
                willPerform: { stage in
                    list.tracer.note(.controller, .provider, "replaceAll(\(itemCount) items) → \(stage)")
                },
                didPerform: { stage in
                    if changedFields == nil, !stage.reloadedItems.isEmpty || !stage.reconfiguredItems.isEmpty {
                        changedFields = known()
                    }
                    var fields = changedFields ?? ChangedFields()
                    for line in stageLines(stage, changedFields: &fields) { output.write(line) }
                    if changedFields != nil { changedFields = fields }
                })
        } catch {
            // The diff computed the update, so this is a bug in ListLab:
            // bring the list back in line with the data and say so.
            list.reloadData()
            throw ShellError(.refused(error))
        }
        if outcome == .reloadedData {
            output.write(reloadedDataNote(what, summary(staged)))
        } else {
            for line in changedFieldLines(changedFields ?? known()) { output.write(line) }
        }
    }

    /// What changed in each item whose content `changes` found changed, by
    /// its path after the change (where its cell is configured again):
    /// `city: "Metropolis" → "Smallville"`. Nothing above the change
    /// threshold, where the list reloads instead.
    func changedFields(
        _ changes: SectionedChangeset, unchanged: String? = nil,
        _ changedValues: (_ pairs: [(from: ItemPath, to: ItemPath)]) -> [[FieldChange]?]
    ) -> ChangedFields {
        let pairs = updatedPairs(changes)
        guard let unchanged else { return ChangedFields(pairs, changes: changedValues(pairs)) }
        return ChangedFields(pairs, changes: changedValues(pairs), unchanged: unchanged)
    }

    /// The updates of `changes` (from the path before, to the path after),
    /// none above the change threshold, where the list reloads instead.
    fileprivate func updatedPairs(_ changes: SectionedChangeset) -> [(from: ItemPath, to: ItemPath)] {
        guard changes.count <= presentation.changeThreshold else { return [] }
        return changes.updatedItems.map { update in
            (from: ItemPath(update.from.section, update.from.item), to: ItemPath(update.to.section, update.to.item))
        }
    }

    /// ``changedFields(_:_:)`` of records: `old` gives an item before the
    /// changes by its path then, `new` after them by its path now.
    func changedFields(_ changes: SectionedChangeset, old: (ItemPath) -> Record?, new: (ItemPath) -> Record?)
        -> ChangedFields
    {
        // Records with the same fields differ in a value; with other fields (a file read again
        // with a column added), perhaps only in those: a null where there was no field is no value changed.
        changedFields(changes, unchanged: "(the data's fields changed; its values did not)") { pairs in
            pairs.map { from, to in
                guard let before = old(from), let after = new(to) else { return nil }
                return Self.fieldChanges(from: before, to: after)
            }
        }
    }

    /// The fields whose values differ from `before` to `after`, in their
    /// order (the fields only one of them has last).
    fileprivate static func fieldChanges(from before: Record, to after: Record) -> [FieldChange] {
        if before.schema === after.schema || before.schema.names == after.schema.names {
            // The same fields: compared by position, not looked up by name.
            let (old, new) = (before.paddedValues, after.paddedValues)
            return before.schema.names.indices.compactMap { index in
                old[index] == new[index] ? nil : (before.schema.names[index], old[index], new[index])
            }
        }
        var names = before.schema.names
        for name in after.schema.names where !names.contains(name) { names.append(name) }
        return names.compactMap { name -> FieldChange? in
            let (was, now) = (before[name] ?? .null, after[name] ?? .null)
            return was == now ? nil : (name, was, now)
        }
    }

    /// A stage's lines: `  insert 0.2; move 0.3 -> 0.0`, or for a stage that
    /// only reconfigures (or reloads) items whose changes are known, one line
    /// an item with what changed, `  reconfigure 0.0  name: "Bruce W" → "Bruce Wayne"`,
    /// so that no item is named twice. The items said are marked said in `changedFields`.
    func stageLines(_ stage: BatchUpdate, changedFields: inout ChangedFields) -> [String] {
        let (reloaded, reconfigured) = (stage.reloadedItems, stage.reconfiguredItems)
        guard reloaded.count + reconfigured.count > 0, stage.changeCount == reloaded.count + reconfigured.count else {
            return ["  \(stage)"]
        }
        // Each update, in path order: a diff's come in it already (of one kind), sorted only when they do not.
        var updates = reloaded.map { (isReload: true, path: $0) } + reconfigured.map { (isReload: false, path: $0) }
        if !zip(updates, updates.dropFirst()).allSatisfy({ $0.path < $1.path }) { updates.sort { $0.path < $1.path } }
        guard let texts = changedFields.take(ascending: updates.map(\.path)) else { return ["  \(stage)"] }
        var line = UTF8Text()
        return zip(updates, texts).map { update, text in
            line.removeAll()
            line.append(update.isReload ? "  reload " : "  reconfigure ")
            line.append(update.path)
            line.append("  ")
            line.append(text)
            return line.string
        }
    }

    /// The changes no stage line said, one line an item in path order.
    func changedFieldLines(_ changedFields: ChangedFields) -> [String] {
        changedFields.unsaid.map { "    \(presentation.updateStyle.rawValue) \($0.path)  \($0.text)" }
    }

    /// `4 changes in 2 stages`.
    func summary(_ staged: StagedUpdate) -> String { summary(of: staged.stages) }

    /// `4 changes in 2 stages`, for stages performed.
    func summary(of performed: [BatchUpdate]) -> String {
        summary(changes: performed.reduce(0) { $0 + $1.changeCount }, stages: performed.count)
    }

    /// What a command says when its changes were too many for batch updates.
    func reloadedDataNote(_ what: String, _ summary: String) -> String {
        "\(what): \(summary), above the threshold of \(presentation.changeThreshold): reloadData instead of batch "
            + "updates"
    }

    /// `4 changes in 2 stages`.
    func summary(changes: Int, stages: Int) -> String {
        "\(changes) \(changes == 1 ? "change" : "changes") in \(stages) \(stages == 1 ? "stage" : "stages")"
    }

    /// The diff from what the provider holds to `sections`, by key (or, with
    /// no key, by whole record) and content.
    func changes(of loaded: LoadedProvider, to sections: [(title: String, items: [Record])], side: String) throws
        -> SectionedChangeset
    {
        try changes(from: loaded.currentSections(for: "a diff"), to: sections, keyField: loaded.keyField, side: side)
    }

    /// A registered provider taken to `records`: its own code sections them
    /// (by day, by a field of the app's), which ListLab cannot foresee. So
    /// the provider changes first, and the diff is taken between its
    /// sections before and after; a diff that fails puts the old items back.
    fileprivate func transitionRegistered(
        _ loaded: LoadedProvider, to records: [Record], saying what: String, whenChanged: () -> Void
    ) throws {
        try Interruption.check()
        let old = try loaded.currentSections(for: "a diff")
        try loaded.provider.replaceItems(with: records)
        let changes: SectionedChangeset
        do {
            changes = try self.changes(
                from: old, to: loaded.currentSections(for: "a diff"), keyField: loaded.keyField, side: "new state")
        } catch {
            try? loaded.provider.replaceItems(with: old.flatMap(\.items))
            throw error
        }
        whenChanged()
        let provider = loaded.provider
        let changedFields = changedFields(
            changes,
            old: { path in
                guard old.indices.contains(path.section), old[path.section].items.indices.contains(path.item) else {
                    return nil
                }
                return old[path.section].items[path.item]
            },
            new: { provider.item(at: $0) })
        try apply(changes, saying: what, itemCount: records.count) { changedFields }
    }

    /// The diff from `oldSections` to `sections`, items named by `keyField`
    /// (or their whole content).
    func changes(
        from oldSections: [(title: String, items: [Record])], to sections: [(title: String, items: [Record])],
        keyField: String?, side: String
    ) throws -> SectionedChangeset {
        let old = oldSections.map { DiffSection(id: $0.title, items: $0.items) }
        let new = sections.map { DiffSection(id: $0.title, items: $0.items) }
        do {
            return try SectionedChangeset(
                from: old, to: new, identity: { record in keyField.flatMap { record[$0] } ?? .object(record) },
                isContentEqual: ==)
        } catch {
            throw Self.diffError(error, keyField: keyField, side: side)
        }
    }

    /// A diff's duplicate identity, as the user sees it.
    static func diffError(_ error: DuplicateIdentityError, keyField: String?, side: String) -> ShellError {
        let key = keyField.map { "key \($0)=" } ?? "item "
        let which = error.side == .old ? "the list" : "the \(side)"
        if let paths = error.paths {
            // An item without a key is its whole record: of a wide file, a line of megabytes.
            let identity = error.identity.count > 200 ? error.identity.prefix(200) + "..." : error.identity
            return ShellError(
                .invalidData(
                    "duplicate \(key)\(identity) in \(which), at \(paths.first) and \(paths.second): a diff needs "
                        + "unique keys"
                )
            )
        }
        return ShellError(.invalidData("\(error)"))
    }
}

/// A field whose value an update changes, with its value before and after.
typealias FieldChange = (field: String, old: Value, new: Value)
