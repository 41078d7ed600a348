import ListLabCore
import ListLabRecords

extension Template {
    /// A template that no registered provider's cells use (they configure
    /// themselves); it stands where a record dataset's presenter would.
    fileprivate static let registeredDescription = Template(showing: "description")
}

extension LoadedProvider {
    /// Throws when `command` needs a registered provider's items to be
    /// `Codable` (to change them as records), and they are not.
    func checkCodable(for command: String) throws {
        guard let (registration, instance) = registered, !instance.isCodable else { return }
        throw ShellError(.unsupported("\(command) needs \(registration.itemTypeName) to be Codable"))
    }
}

extension CommandContext {
    /// The registration named `name`, if any.
    func registration(named name: String) -> ProviderRegistration? {
        workspace.registration(named: name)
    }

    /// `load NAME` of a registration: a new provider and presenter of the
    /// user's, filled by the registration's load, shown through a
    /// `ListAdapter` of them. A load that fails changes nothing: what the
    /// list showed stays, and the error is the provider's own.
    func loadRegistered(_ registration: ProviderRegistration, _ arguments: inout Arguments) throws {
        var name = registration.name
        var force = false
        while let token = arguments.peek {
            if arguments.take("name") {
                name = try arguments.string("a NAME")
            } else if arguments.take("--force") {
                force = true
            } else if ["as", "key"].contains(token.stringValue?.lowercased() ?? "") {
                throw ShellError(
                    .unsupported(
                        "'\(token.text)' shapes ListLab's datasets; \(registration.name) is "
                            + "\(registration.providerTypeName), which shapes its own items"
                    ),
                    column: token.column)
            } else {
                throw ShellError(
                    .unexpected(token.text, usage: "load \(registration.name) [name NAME] [--force]"),
                    column: token.column)
            }
        }
        if let existing = workspace.provider(named: name), !force, !existing.unsavedProviders.isEmpty {
            throw ShellError(
                .needsFirst(
                    "\(name) has unsaved edits that loading it again would drop: load with --force to drop them (its "
                        + "data is its own provider's: save does not write it)"
                )
            )
        }
        let instance = registration.make()
        do {
            _ = try instance.load()
        } catch let error as RegistrationError {
            throw ShellError(.failed(error.description))
        } catch {
            throw ShellError(
                .registeredLoadFailed(dataset: name, type: registration.providerTypeName, error: "\(error)"))
        }
        let fields = instance.fieldNames()
        let keyField: String?
        if let key = registration.key {
            // Said at the load: a key that names no field would make every lookup by it fail.
            guard fields.contains(key) || fields.isEmpty else {
                throw ShellError(
                    .notFound(
                        "\(name): its key '\(key)' is not a field of \(registration.itemTypeName) (fields: "
                            + "\(FieldNameList.text(fields)))"
                    )
                )
            }
            keyField = key
        } else {
            keyField = instance.isIdentifiable && instance.isCodable && fields.contains("id") ? "id" : nil
        }
        let records = KeyedRecordProvider(instance.records, fieldNames: fields, keyField: keyField)
        records.checksKeys = false  // the user's provider keeps its own rules, in its own words
        let loaded = LoadedProvider(
            name: name, records: records, source: .registered(registration, instance),
            schema: Record.Schema(fields),
            presenter: TemplatePresenter(kind: registration.presenterTypeName, text: Template.registeredDescription))
        try workspace.checkDataLimit(adding: loaded, replacing: workspace.index(named: name))
        show(loaded)
        let items = loaded.provider.numberOfItems
        let sections = loaded.provider.numberOfSections
        output.write(
            "loaded \(items) \(items == 1 ? "item" : "items") into \(registration.providerTypeName) (\(sections) \(sections == 1 ? "section" : "sections")), "
                + "shown by \(registration.presenterTypeName)")
    }

    /// Throws for a command that belongs to ListLab's record datasets, with
    /// why it does not apply to a registered provider.
    func checkNotRegistered(_ loaded: LoadedProvider, _ command: String, _ reason: String) throws {
        guard let (registration, _) = loaded.registered else { return }
        throw ShellError(
            .unsupported(
                "\(command) \(reason); \(loaded.name) is \(registration.providerTypeName), shown by "
                    + "\(registration.presenterTypeName)"
            )
        )
    }

    /// `reload [--diff]` of a registered provider: its load, then the list
    /// told by reloadData, or by the update the load returned.
    func reloadRegistered(_ loaded: LoadedProvider, withDiff: Bool) throws {
        guard let (registration, instance) = loaded.registered else { return }
        guard instance.hasLoad else {
            try loaded.provider.reload()
            list.reloadData()
            output.write("the list reloaded its data from \(loaded.name) (reloadData): \(loaded.countDescription)")
            return
        }
        let staged: StagedUpdate?
        do {
            staged = try instance.load()
        } catch {
            // The provider's own error; what the list showed stays.
            throw ShellError(
                .registeredLoadFailed(dataset: loaded.name, type: registration.providerTypeName, error: "\(error)"))
        }
        loaded.forgetEdits()
        guard withDiff, let staged else {
            list.reloadData()
            output.write("reloaded \(loaded.name) from its source (reloadData): \(loaded.countDescription)")
            return
        }
        let what = "reloaded \(loaded.name) from its source"
        guard !staged.stages.isEmpty else {
            output.write("\(what): no changes")
            return
        }
        if !staged.reloadsData(above: presentation.changeThreshold) { output.write("\(what): \(summary(staged))") }
        let outcome = try list.apply(
            staged, reloadingDataAbove: presentation.changeThreshold,
            willPerform: { stage in list.tracer.note(.controller, .provider, "load() → \(stage)") },
            didPerform: { stage in output.write("  \(stage)") })
        if outcome == .reloadedData { output.write(reloadedDataNote(what, summary(staged))) }
    }

    /// `diff` of a registered provider: its load runs, what it would change
    /// is printed, and the items are put back as they were.
    func diffRegistered(_ loaded: LoadedProvider) throws {
        guard let (registration, instance) = loaded.registered else { return }
        guard instance.hasLoad else {
            throw ShellError(.unsupported("diff needs a load: \(loaded.name) was registered without one"))
        }
        let restore = instance.savedItems()
        let staged: StagedUpdate?
        do {
            staged = try instance.load()
        } catch {
            try? restore()
            throw ShellError(
                .registeredLoadFailed(dataset: loaded.name, type: registration.providerTypeName, error: "\(error)"))
        }
        try restore()
        guard let staged, !staged.stages.isEmpty else {
            output.write("a reload of \(loaded.name) would change nothing")
            return
        }
        output.write("a reload of \(loaded.name) would make \(summary(staged))")
        for stage in staged.stages { output.write("  \(stage)") }
    }

    /// A trace line, naming a registered provider's and presenter's types.
    func traceLine(_ event: TraceEvent) -> String {
        guard let (registration, _) = (try? current())?.registered else { return event.description }
        func name(_ role: TraceRole) -> String {
            switch role {
            case .provider: "provider \(registration.providerTypeName)"
            case .presenter: "presenter \(registration.presenterTypeName)"
            default: "\(role)"
            }
        }
        return String(repeating: "  ", count: event.depth)
            + "\(name(event.caller)) → \(name(event.callee)): \(event.call)"
    }
}
