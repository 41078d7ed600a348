import Interruption
import ListDiff
import ListLabCore
import ListLabFiles
import ListLabRecords

extension Session {
    static let diffCommands: [Command] = [
        Command(
            name: "diff", usage: "diff",
            summary: "shows what a reload from the source would change, as staged batch updates, without applying it",
            examples: ["diff"]
        ) { context, arguments in
            try arguments.expectEnd()
            let loaded = try context.unfiltered(for: "diff")
            if loaded.registered != nil { return try context.diffRegistered(loaded) }
            try context.checkDiffable(loaded, "diff")
            let (changes, newRecord) = try context.withProgress("comparing \(loaded.name) with its source", on: loaded) {
                () throws -> (SectionedChangeset, (ItemPath) -> Record?) in
                if let column = try context.columnChangesFromSource(of: loaded), case .changes(let changes) = column.changes.changes {
                    return (changes, { path in column.changes.reading?.item(at: path) })
                }
                let sections = loaded.sections(of: try context.sourceRecords(of: loaded))
                let changes = try context.changes(of: loaded, to: sections, side: "source")
                return (changes, { path in
                    sections.indices.contains(path.section) && sections[path.section].items.indices.contains(path.item)
                        ? sections[path.section].items[path.item] : nil
                })
            }
            try Interruption.check()  // a Ctrl-C during the diff itself
            let staged = StagedUpdate(changes, style: context.presentation.updateStyle)
            guard !staged.stages.isEmpty else {
                context.output.write("a reload of \(loaded.name) would change nothing")
                return
            }
            context.output.write("a reload of \(loaded.name) would make \(context.summary(staged))")
            var changedFields = context.changedFields(changes, old: { loaded.provider.item(at: $0) }, new: newRecord)
            for stage in staged.stages {
                for line in context.stageLines(stage, changedFields: &changedFields) { context.output.write(line) }
            }
            for line in context.changedFieldLines(changedFields) { context.output.write(line) }
        },
        Command(
            name: "sort", usage: "sort FIELD [desc]",
            summary: "sorts the items (within their sections) by a field; the list gets there through the diff",
            details: ["Order: null, false, true, numbers, text, nested values; equal items keep their order."],
            examples: ["sort name", "sort score desc"],
            completes: { context in context.arguments.isEmpty ? context.fieldNames : context.arguments.count == 1 ? ["desc"] : [] },
            run: { context, arguments in
                let loaded = try context.unfiltered(for: "sort")
                try loaded.checkCodable(for: "sort")
                try context.checkListIsInStep(for: "sort")
                if loaded.composite != nil { try context.checkDiffable(loaded, "sort") }
                let fieldToken = arguments.peek
                let field = try arguments.string("a FIELD")
                let descending = arguments.take("desc")
                if !descending, arguments.take("asc") {}
                try arguments.expectEnd()
                try context.checkField(field, in: loaded, column: fieldToken?.column)
                try context.withProgress("sorting \(loaded.name) by \(Tokenizer.typedFieldName(field))", on: loaded) {
                    if try context.sortColumns(of: loaded, by: field, descending: descending) { return }
                    try context.checkItemsAreDistinct(loaded)
                    // Each section on its own; the provider is untouched until the sorted order is whole.
                    let sorted = try loaded.currentSections(for: "sort").flatMap { section in
                        try ValueSort.order(of: section.items.map { $0[field] ?? .null }, descending: descending).map { section.items[$0] }
                    }
                    var changed = false
                    do {
                        try context.transition(
                            loaded, to: sorted, saying: "sorted \(loaded.name) by \(Tokenizer.typedFieldName(field))\(descending ? ", descending" : "")",
                            whenChanged: { changed = true })
                    } catch {
                        // The provider changed and the list refused: an edit all the same. A diff
                        // that could not be made (two items alike), or Ctrl-C, left it as it was.
                        if changed { loaded.markEdited() }
                        throw error
                    }
                    loaded.markEdited()
                }
            }
        ),
        Command(
            name: "filter", usage: "filter FIELD=VALUE | filter off",
            summary: "shows only the items whose field has a value (or all again); the list gets there through the diff",
            details: ["While a filter is on, changes and save are refused: they would lose the hidden items."],
            examples: ["filter city=Gotham", "filter done=false", "filter off"],
            completes: { context in context.arguments.isEmpty ? context.fieldNames.map { $0 + "=" } + ["off"] : [] },
            run: { context, arguments in
                let loaded = try context.current()
                if loaded.composite != nil { try context.checkDiffable(loaded, "filter") }
                try loaded.checkCodable(for: "filter")
                try context.checkListIsInStep(for: "filter")
                if arguments.take("off") {
                    try arguments.expectEnd()
                    guard let filter = loaded.filter else {
                        context.output.write("no filter is on")
                        return
                    }
                    loaded.filter = nil
                    do {
                        if try context.unfilterColumns(of: loaded) { return }
                    } catch where Session.wasInterrupted(error) {
                        loaded.filter = filter
                        throw error
                    }
                    var changed = false
                    do {
                        try context.transition(loaded, to: filter.all, saying: "filter off: \(filter.all.count) items", whenChanged: { changed = true })
                    } catch {
                        // Stopped, or refused before the provider changed: the filter stays on.
                        if !changed { loaded.filter = filter }
                        throw error
                    }
                    return
                }
                let assignments = try arguments.assignments()
                guard let (field, value, column) = assignments.first, assignments.count == 1 else {
                    throw arguments.missing("one FIELD=VALUE, or 'off'")
                }
                try context.checkField(field, in: loaded, column: column)
                try context.withProgress("filtering \(loaded.name) to \(Tokenizer.typedFieldName(field))=\(value.jsonText)", on: loaded) {
                    if try context.filterColumns(of: loaded, field: field, value: value) { return }
                    try context.checkItemsAreDistinct(loaded)
                    let all = try loaded.filter?.all ?? loaded.currentSections(for: "filter").flatMap(\.items)
                    var scanned = 0
                    let kept = try all.filter { record in
                        scanned += 1
                        if scanned & 0xFFFF == 0 { try Interruption.check() }
                        return (record[field] ?? .null).matchesByValue(value)
                    }
                    let previous = loaded.filter
                    loaded.filter = LoadedProvider.Filter(field: field, value: value, all: all)
                    var changed = false
                    do {
                        try context.transition(
                            loaded, to: kept, saying: "filtered \(loaded.name) to \(Tokenizer.typedFieldName(field))=\(value.jsonText): \(kept.count) of \(all.count) items",
                            whenChanged: { changed = true })
                    } catch {
                        // Stopped, or refused, before the provider changed (a diff that could not
                        // be made): the filter is as it was.
                        if !changed { loaded.filter = previous }
                        throw error
                    }
                }
            }
        ),
        Command(
            name: "set", usage: "set [" + Setting.all.map(\.usage).joined(separator: " | ") + "]",
            summary: "shows or changes settings: how changed items are shown, when a diff falls back to reloadData, the kind of list, the iOS version whose words it speaks, and a timer for each command",
            details: Setting.all.flatMap(\.help),
            examples: ["set"] + Setting.all.flatMap(\.examples),
            completes: { context in
                context.arguments.isEmpty ? settingKeywords : context.arguments.count == 1 ? Setting.named(context.last)?.values ?? [] : []
            }
        ) { context, arguments in
            if arguments.isAtEnd {
                for setting in Setting.all { context.output.write("\(setting.name) \(setting.current(context))") }
                return
            }
            let name = try arguments.choice("a setting", Session.settingKeywords)
            guard let setting = Setting.named(name) else { return }
            context.output.write("\(name) \(try setting.change(context, &arguments))")
        },
    ]

    /// The settings `set` takes (``Setting/all``).
    static var settingKeywords: [String] { Setting.all.map(\.name) }

    /// What `set ios` says of a version's words for counts that do not add up.
    static func wordsOf(_ version: IOSVersion) -> String {
        if version < .batchUpdatesDetected { return "a refused update's counts are 'Invalid update: invalid number of ...'" }
        let when = version < .beforeAndAfter ? "and/or" : "and"
        return "a refused update's counts are 'Invalid batch updates detected: ... before \(when) after ...'"
    }

    /// The columns a collection list may have.
    static let columnRange = 1...12

    /// `table`, or `collection 3`, as `set list` takes it.
    static func describe(_ style: ListStyle) -> String {
        switch style {
        case .table: "table"
        case .collection(let columns): "collection \(columns)"
        }
    }
}

extension CommandContext {
    // Changes that reach the list through a diff: sort, filter, reload --diff, and what they say.

    /// `reload --diff`: the source's records, reached through staged batch updates.
    func reloadWithDiff() throws {
        let loaded = try unfiltered(for: "reload --diff")
        try checkDiffable(loaded, "reload --diff")
        try withProgress("reloading \(loaded.name) with a diff", on: loaded) {
            if let (column, file) = try columnChangesFromSource(of: loaded, countingAbove: presentation.changeThreshold) {
                let what = "reloaded \(loaded.name) from its source"
                let adopt = {
                    if let reading = column.reading { file.adoptReading(of: reading) }
                    loaded.records.baseDidChange()
                }
                switch column.changes {
                case .changes(let changes):
                    try perform(
                        changes, saying: what, itemCount: (column.reading ?? file).numberOfItems,
                        changedValues: column.reading.map { reading in { pairs in file.changedValuesToRead(of: pairs, in: reading) } },
                        change: adopt)
                case .counted(let changes, let stages):
                    try Interruption.check()
                    adopt()
                    list.reloadData()
                    output.write(reloadedDataNote(what, summary(changes: changes, stages: stages)))
                }
                return
            }
            let records = try sourceRecords(of: loaded)
            try transition(loaded, to: records, saying: "reloaded \(loaded.name) from its source", reloadingSource: true)
        }
    }

    /// Throws for providers whose source is not one list of records.
    func checkDiffable(_ loaded: LoadedProvider, _ command: String) throws(ShellError) {
        if loaded.composite != nil || loaded.paged != nil {
            throw ShellError("\(command) works on array, sectioned and file providers, and '\(loaded.name)' is \(loaded.kindWithArticle)")
        }
    }

    /// The records the source holds now.
    func sourceRecords(of loaded: LoadedProvider) throws -> [Record] {
        do {
            return try loaded.readSource()
        } catch where Session.wasInterrupted(error) {
            throw error
        } catch {
            throw ShellError("reading the source failed, nothing changed: \(error)")
        }
    }

    /// Takes the provider to `records` and the list along, by the diff;
    /// `whenChanged` is called once the provider has changed (an error
    /// after it, the list refusing its updates, leaves the provider changed;
    /// one before it, a diff that cannot be made, leaves it as it was).
    func transition(
        _ loaded: LoadedProvider, to records: [Record], saying what: String, reloadingSource: Bool = false, whenChanged: () -> Void = {}
    ) throws {
        if let diffable = presentation.diffable {
            if reloadingSource { try loaded.provider.reload() } else { try loaded.provider.replaceItems(with: records) }
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
        let changes = try changes(of: loaded, to: loaded.sections(of: records), side: reloadingSource ? "source" : "new state")
        try perform(changes, saying: what, itemCount: records.count) {
            if reloadingSource {
                try loaded.provider.reload()
            } else {
                try loaded.provider.replaceItems(with: records)
            }
            whenChanged()
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
            uniqueKeysWithValues: changes.updatedItems.prefix(presentation.changeThreshold).compactMap { update -> (ItemPath, Record)? in
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
    func apply(_ changes: SectionedChangeset, saying what: String, itemCount: Int, changedFields known: () -> ChangedFields) throws {
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
                willPerform: { stage in list.tracer.note(.controller, .provider, "replaceAll(\(itemCount) items) → \(stage)") },
                didPerform: { stage in
                    if changedFields == nil, !stage.reloadedItems.isEmpty || !stage.reconfiguredItems.isEmpty { changedFields = known() }
                    var fields = changedFields ?? ChangedFields()
                    for line in stageLines(stage, changedFields: &fields) { output.write(line) }
                    if changedFields != nil { changedFields = fields }
                })
        } catch {
            // The diff computed the update, so this is a bug in ListLab:
            // bring the list back in line with the data and say so.
            list.reloadData()
            throw ShellError("the list refused the update (\(error)); it was reloaded instead")
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
    func updatedPairs(_ changes: SectionedChangeset) -> [(from: ItemPath, to: ItemPath)] {
        guard changes.count <= presentation.changeThreshold else { return [] }
        return changes.updatedItems.map { update in (from: ItemPath(update.from.section, update.from.item), to: ItemPath(update.to.section, update.to.item)) }
    }

    /// ``changedFields(_:_:)`` of records: `old` gives an item before the
    /// changes by its path then, `new` after them by its path now.
    func changedFields(_ changes: SectionedChangeset, old: (ItemPath) -> Record?, new: (ItemPath) -> Record?) -> ChangedFields {
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
    static func fieldChanges(from before: Record, to after: Record) -> [FieldChange] {
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
        guard reloaded.count + reconfigured.count > 0, stage.changeCount == reloaded.count + reconfigured.count else { return ["  \(stage)"] }
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
        "\(what): \(summary), above the threshold of \(presentation.changeThreshold): reloadData instead of batch updates"
    }

    /// `4 changes in 2 stages`.
    func summary(changes: Int, stages: Int) -> String {
        "\(changes) \(changes == 1 ? "change" : "changes") in \(stages) \(stages == 1 ? "stage" : "stages")"
    }

    /// The diff from what the provider holds to `sections`, by key (or, with
    /// no key, by whole record) and content.
    func changes(of loaded: LoadedProvider, to sections: [(title: String, items: [Record])], side: String) throws -> SectionedChangeset {
        try changes(from: loaded.currentSections(for: "a diff"), to: sections, keyField: loaded.keyField, side: side)
    }

    /// A registered provider taken to `records`: its own code sections them
    /// (by day, by a field of the app's), which ListLab cannot foresee. So
    /// the provider changes first, and the diff is taken between its
    /// sections before and after; a diff that fails puts the old items back.
    fileprivate func transitionRegistered(_ loaded: LoadedProvider, to records: [Record], saying what: String, whenChanged: () -> Void) throws {
        try Interruption.check()
        let old = try loaded.currentSections(for: "a diff")
        try loaded.provider.replaceItems(with: records)
        let changes: SectionedChangeset
        do {
            changes = try self.changes(from: old, to: loaded.currentSections(for: "a diff"), keyField: loaded.keyField, side: "new state")
        } catch {
            try? loaded.provider.replaceItems(with: old.flatMap(\.items))
            throw error
        }
        whenChanged()
        let provider = loaded.provider
        let changedFields = changedFields(
            changes,
            old: { path in
                guard old.indices.contains(path.section), old[path.section].items.indices.contains(path.item) else { return nil }
                return old[path.section].items[path.item]
            },
            new: { provider.item(at: $0) })
        try apply(changes, saying: what, itemCount: records.count) { changedFields }
    }

    /// The diff from `oldSections` to `sections`, items named by `keyField`
    /// (or their whole content).
    func changes(
        from oldSections: [(title: String, items: [Record])], to sections: [(title: String, items: [Record])], keyField: String?, side: String
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
            return ShellError("duplicate \(key)\(identity) in \(which), at \(paths.first) and \(paths.second): a diff needs unique keys")
        }
        return ShellError("\(error)")
    }
}

/// A field whose value an update changes, with its value before and after.
typealias FieldChange = (field: String, old: Value, new: Value)
