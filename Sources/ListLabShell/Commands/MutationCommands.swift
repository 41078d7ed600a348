import ListLabCore
import ListLabRecords

extension Session {
}

extension CommandContext {
    // The changes a command makes to one item: each is told to the list by the context.

    fileprivate func update(_ arguments: inout Arguments) throws {
        let loaded = try unfiltered(for: "update")
        try loaded.checkCodable(for: "update")
        try checkListIsInStep(for: "update")
        let named = try namedItem(&arguments, in: loaded)
        let path = named.dataPath
        let assignments = try arguments.assignments()
        guard !assignments.isEmpty else { throw arguments.missing("FIELD=VALUE") }
        let record = try loaded.provider.checkedItem(at: path)
        let owner = loaded.owner(ofSection: path.section)
        var updated = record
        for assignment in assignments {
            try checkField(assignment.field, in: owner, column: assignment.column)
            updated = updated.setting(assignment.field, to: assignment.value)
        }
        let growth = LoadedProvider.estimatedBytes(of: updated) - LoadedProvider.estimatedBytes(of: record)
        try workspace.checkDataLimit(growingBy: growth)
        let change = try inOwnerWords(owner, of: loaded) { try loaded.provider.update(updated, at: path) }
        owner.grownBytes += max(0, growth)
        owner.markEdited()
        let cellBefore = list.cellForItem(at: path)
        try apply(change, from: "update(\(updated.traceSummary), at: \(path))")
        let fields = assignments.map { "\(Tokenizer.typedFieldName($0.field)) = \($0.value.jsonText)" }.joined(
            separator: ", ")
        if !presentation.listFollowsData {
            // The list was not told: no cell changed.
            output.write("updated \(named.label): \(fields)")
        } else if change.reconfiguredItems == [path] {
            let cell =
                list.cellForItem(at: path).map { now in
                    guard presentation.updateStyle == .reconfigure else {
                        return "reloaded: cell #\(now.serial) replaces the old one"
                    }
                    // The presenter chose another kind of cell: UIKit dequeues a new one rather than reconfigure the
                    // old.
                    if let cellBefore, cellBefore !== now {
                        let taken = now.reuseCount > 0 ? "reused cell" : "new cell"
                        return
                            "its cell is of another kind now: \(taken) #\(now.serial) (\(type(of: now))) for "
                            + "#\(cellBefore.serial) (\(type(of: cellBefore)))"
                    }
                    return "cell #\(now.serial) reconfigured in place"
                } ?? "not on screen, so no cell to \(presentation.updateStyle.rawValue)"
            output.write("updated \(named.label): \(fields); \(cell)")
        } else {
            let newPath =
                loaded.keyField.flatMap { updated[$0] }.flatMap { loaded.records.path(ofKey: $0) }
                ?? loaded.provider.firstPath { $0 == updated }
            output.write("updated \(named.label): \(fields); moved to \(newPath.map(\.description) ?? "?") (\(change))")
        }
    }

    /// `append` (at nil) and `insert` (at a path).
    fileprivate func add(_ arguments: inout Arguments, at path: ItemPath?) throws {
        let loaded = try unfiltered(for: path == nil ? "append" : "insert")
        try loaded.checkCodable(for: path == nil ? "append" : "insert")
        try checkListIsInStep(for: path == nil ? "append" : "insert")
        var section: Int?
        if path == nil, let word = arguments.peekWord, word.allSatisfy(\.isNumber) {
            section = try arguments.integer("SECTION", in: 0...PathRange.maximumIndex)
        }
        // In a composite, the provider that owns the section sets the rules.
        let targetSection = path?.section ?? section ?? max(0, loaded.provider.numberOfSections - 1)
        let owner = loaded.owner(ofSection: targetSection)
        // A file provider is given the fields typed and no others: a JSON file's new record has only the
        // keys it was given, where every field of the file was written as null (with a key per record, a
        // cell in every column). Other providers hold records of all their fields.
        var record = owner.file != nil ? Record(fields: []) : Record(schema: owner.schema, values: [])
        if let token = arguments.peek, case .json(let value) = token.kind {
            _ = arguments.next()
            try arguments.expectEnd()
            guard case .object(let object) = value else {
                throw ShellError(
                    .usage(
                        "\(arguments.command) takes a JSON object, not \(value.kindName == "array" ? "an array" : "a \(value.kindName)")"
                    ),
                    column: token.column)
            }
            for field in object.fields {
                try checkField(field.name, in: owner, column: token.column)
                record = record.setting(field.name, to: field.value)
            }
        } else if let token = arguments.peek, let jsonError = token.jsonError {
            throw ShellError(.usage("bad JSON object: \(jsonError)"))
        } else {
            let assignments = try arguments.assignments()
            guard !assignments.isEmpty else { throw arguments.missing("FIELD=VALUE or a JSON object") }
            for assignment in assignments {
                try checkField(assignment.field, in: owner, column: assignment.column)
                record = record.setting(assignment.field, to: assignment.value)
            }
        }
        // The provider that owns the section gives the item its key, if it has none.
        let growth = LoadedProvider.estimatedBytes(of: record)
        try workspace.checkDataLimit(growingBy: growth)
        let change = try inOwnerWords(owner, of: loaded) {
            try path.map { try loaded.provider.insert(record, at: $0) }
                ?? loaded.provider.append(record, toSection: section)
        }
        owner.grownBytes += growth
        owner.markEdited()
        let placed = change.insertedItems.first ?? change.insertedSections.first.map { ItemPath($0, 0) }
        let added = placed.flatMap { loaded.provider.item(at: $0) } ?? record
        try apply(
            change,
            from: path.map { "insert(\(added.traceSummary), at: \($0))" }
                ?? "append(\(added.traceSummary), toSection: \(section.map(String.init) ?? "nil"))")
        let verb = path == nil ? "appended" : "inserted"
        let newSection = change.insertedSections.isEmpty ? "" : " (a new section)"
        // A registered provider's item as its own cell shows it; a record as its template does.
        let shown =
            loaded.registered != nil
            ? placed.map { presentation.text(at: $0, in: loaded) } ?? ""
            : loaded.presenter.kind(for: added)?.text.render(added) ?? ""
        output.write("\(verb) \(placed.map(\.description) ?? "?"): \(shown)\(newSection)")
    }

    /// Runs `change`; a rule the owner of the section keeps, broken, is
    /// said in the words of the provider shown (a composite names its child).
    private func inOwnerWords(_ owner: LoadedProvider, of loaded: LoadedProvider, _ change: () throws -> BatchUpdate)
        throws -> BatchUpdate
    {
        do {
            return try change()
        } catch RecordRuleError.duplicateKey(let field, let value, let other) where owner !== loaded {
            throw ShellError(
                .invalidData(
                    "duplicate key \(FieldNameList.name(field))=\(value.messageText): \(owner.name) has it already, "
                        + "at its \(other)"
                )
            )
        }
    }
}

extension Command {
    static let mutationCommands: [Command] = [
        Command(
            name: "update", usage: "update PATH|KEY=VALUE FIELD=VALUE ...",
            summary: "changes fields of an item; the list reconfigures only that cell",
            details: [
                "Values are typed: 42, 4.5, true, null, \"text\"; a bare word is text. A number is kept as typed "
                    + "(1e3, 1.10, 12345678901234567891 are saved so), as a number read from a file is.",
                "A field whose name is not a bare word (a space in it, or a first character that is not a letter) is "
                    + "written in quotes: \"first name\"=Ada.",
            ],
            examples: [
                #"update 0.2 name="Diana of Themyscira""#, "update 3 city=Keystone", "update id=4 city=Keystone",
            ],
            takesDataOnly: true,
            completes: { context in
                context.arguments.isEmpty ? context.itemNames : context.fieldNames.map { $0 + "=" } + ["--data-only"]
            },
            run: { context, arguments in try context.update(&arguments) }
        ),
        Command(
            name: "append", usage: "append [SECTION] FIELD=VALUE ... | append [SECTION] {JSON object}",
            summary: "adds an item at the end of a section (or of its group's section)",
            details: ["A missing integer key is given the next free number."],
            examples: [
                #"append name="Dinah Lance" phone=555-0111"#, #"append {"name": "Oliver Queen", "phone": "555-0110"}"#,
            ],
            takesDataOnly: true,
            completes: { context in context.fieldNames.map { $0 + "=" } + ["--data-only"] },
            run: { context, arguments in try context.add(&arguments, at: nil) }
        ),
        Command(
            name: "insert", usage: "insert PATH FIELD=VALUE ... | insert PATH {JSON object}",
            summary: "adds an item so that it ends up at PATH",
            examples: [#"insert 0.0 name="Alfred Pennyworth""#],
            takesDataOnly: true,
            completes: { context in context.fieldNames.map { $0 + "=" } + ["--data-only"] },
            run: { context, arguments in
                let path = try arguments.path()
                try context.checkListAndDataAgree(for: "insert at", at: path, in: try context.current())
                try context.add(&arguments, at: path)
            }
        ),
        Command(
            name: "delete", usage: "delete PATH | RANGE | KEY=VALUE", summary: "removes items, as one batch update",
            examples: ["delete 0.2", "delete 0.3-0.5", "delete id=3"],
            takesDataOnly: true,
            completes: { context in context.arguments.isEmpty ? context.itemNames : ["--data-only"] },
            run: { context, arguments in
                let loaded = try context.unfiltered(for: "delete")
                try context.checkListIsInStep(for: "delete")
                let (items, label) = try context.namedItems(&arguments, in: loaded)
                try arguments.expectEnd()
                let paths = items.map(\.dataPath)
                guard let first = paths.first else { return }
                let text = context.presentation.text(at: first, in: loaded)
                let change = try loaded.provider.delete(at: paths)
                loaded.noteEdit(inSection: first.section)
                try context.apply(
                    change,
                    from:
                        "delete(at: \(paths.count == 1 ? first.description : "[\(paths.map(\.description).joined(separator: ", "))]"))"
                )
                context.output.write(
                    paths.count == 1 ? "deleted \(label): \(text)" : "deleted \(label) (\(paths.count) items)")
            }
        ),
        Command(
            name: "move", usage: "move FROM TO", summary: "moves an item so that it ends up at TO, as a batch update",
            details: ["FROM is a PATH or KEY=VALUE; TO is a PATH."],
            examples: ["move 0.0 0.3", "move 0.3 0.0", "move id=1 0.3"],
            takesDataOnly: true,
            completes: { context in
                context.arguments.isEmpty
                    ? context.itemNames : context.arguments.count == 1 ? context.visiblePaths : ["--data-only"]
            },
            run: { context, arguments in
                let loaded = try context.unfiltered(for: "move")
                try context.checkListIsInStep(for: "move")
                let named = try context.namedItem(&arguments, in: loaded)
                let from = named.dataPath
                let to = try arguments.path()
                try arguments.expectEnd()
                try context.checkListAndDataAgree(for: "move to", at: to, in: loaded)
                let text = context.presentation.text(at: from, in: loaded)
                let change = try loaded.provider.move(from: from, to: to)
                loaded.noteEdit(inSection: from.section)
                try context.apply(change, from: "move(from: \(from), to: \(to))")
                context.output.write("moved \(named.label) -> \(to): \(text)")
            }
        ),
    ]
}
