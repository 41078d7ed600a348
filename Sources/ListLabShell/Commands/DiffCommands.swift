import Interruption
import ListDiff
import ListLabCore
import ListLabFiles
import ListLabRecords

extension CommandContext {
    // Changes that reach the list through a diff: sort, filter, reload --diff, and what they say.

    /// `reload --diff`: the source's records, reached through staged batch updates.
    func reloadWithDiff() throws {
        let loaded = try unfiltered(for: "reload --diff")
        try checkDiffable(loaded, "reload --diff")
        try withProgress("reloading \(loaded.name) with a diff", on: loaded) {
            if let (column, file) = try columnChangesFromSource(
                of: loaded, countingAbove: presentation.changeThreshold, readingUpdatedValues: true)
            {
                let what = "reloaded \(loaded.name) from its source"
                let adopt = {
                    if let reading = column.reading { file.adoptReading(of: reading) }
                    loaded.records.baseDidChange()
                }
                switch column.changes {
                case .changes(let changes):
                    try perform(
                        changes, saying: what, itemCount: (column.reading ?? file).numberOfItems,
                        changedValues: column.reading.map { reading in
                            { pairs in
                                file.changedValuesToRead(of: pairs, in: reading, workedOut: column.updatedValues)
                            }
                        },
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
            try transition(
                loaded, to: records, saying: "reloaded \(loaded.name) from its source", reloadingSource: true)
        }
    }
}

extension Command {
    /// The settings `set` takes (``Setting/all``).
    static var settingKeywords: [String] { Setting.all.map(\.name) }
    static let diffCommands: [Command] = [
        Command(
            name: "diff", usage: "diff",
            summary: "shows what a reload from the source would change, as staged batch updates, without applying it",
            examples: ["diff"]
        ) { context, arguments in
            try arguments.expectEnd()
            let loaded = try context.unfiltered(for: "diff")
            try loaded.checkNotRows(for: "diff")
            if loaded.registered != nil { return try context.diffRegistered(loaded) }
            try context.checkDiffable(loaded, "diff")
            let (changes, newRecord) = try context.withProgress("comparing \(loaded.name) with its source", on: loaded)
            {
                () throws -> (SectionedChangeset, (ItemPath) -> Record?) in
                if let column = try context.columnChangesFromSource(of: loaded),
                    case .changes(let changes) = column.changes.changes
                {
                    return (changes, { path in column.changes.reading?.item(at: path) })
                }
                let sections = loaded.sections(of: try context.sourceRecords(of: loaded))
                let changes = try context.changes(of: loaded, to: sections, side: "source")
                return (
                    changes,
                    { path in
                        sections.indices.contains(path.section)
                            && sections[path.section].items.indices.contains(path.item)
                            ? sections[path.section].items[path.item] : nil
                    }
                )
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
            completes: { context in
                context.arguments.isEmpty ? context.fieldNames : context.arguments.count == 1 ? ["desc"] : []
            },
            run: { context, arguments in
                let loaded = try context.unfiltered(for: "sort")
                try loaded.checkNotRows(for: "sort")
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
                        try ValueSort.order(of: section.items.map { $0[field] ?? .null }, descending: descending).map {
                            section.items[$0]
                        }
                    }
                    var changed = false
                    do {
                        try context.transition(
                            loaded, to: sorted,
                            saying:
                                "sorted \(loaded.name) by \(Tokenizer.typedFieldName(field))\(descending ? ", descending" : "")",
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
            summary:
                "shows only the items whose field has a value (or all again); the list gets there through the diff",
            details: ["While a filter is on, changes and save are refused: they would lose the hidden items."],
            examples: ["filter city=Gotham", "filter done=false", "filter off"],
            completes: { context in context.arguments.isEmpty ? context.fieldNames.map { $0 + "=" } + ["off"] : [] },
            run: { context, arguments in
                let loaded = try context.current()
                try loaded.checkNotRows(for: "filter")
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
                    } catch  where Interrupted.isCause(of: error) {
                        loaded.filter = filter
                        throw error
                    }
                    var changed = false
                    do {
                        try context.transition(
                            loaded, to: filter.all, saying: "filter off: \(filter.all.count) items",
                            whenChanged: { changed = true })
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
                try context.withProgress(
                    "filtering \(loaded.name) to \(Tokenizer.typedFieldName(field))=\(value.jsonText)", on: loaded
                ) {
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
                            loaded, to: kept,
                            saying:
                                "filtered \(loaded.name) to \(Tokenizer.typedFieldName(field))=\(value.jsonText): "
                                + "\(kept.count) of \(all.count) items",
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
            summary:
                "shows or changes settings: how changed items are shown, when a diff falls back to reloadData, the "
                + "kind of list, the badges of pictures, the iOS version whose words it speaks, and a timer for each "
                + "command",
            details: Setting.all.flatMap(\.help),
            examples: ["set"] + Setting.all.flatMap(\.examples),
            completes: { context in
                context.arguments.isEmpty
                    ? settingKeywords : context.arguments.count == 1 ? Setting.named(context.last)?.values ?? [] : []
            }
        ) { context, arguments in
            if arguments.isAtEnd {
                for setting in Setting.all { context.output.write("\(setting.name) \(setting.current(context))") }
                return
            }
            let name = try arguments.choice("a setting", Command.settingKeywords)
            guard let setting = Setting.named(name) else { return }
            context.output.write("\(name) \(try setting.change(context, &arguments))")
        },
    ]
}
