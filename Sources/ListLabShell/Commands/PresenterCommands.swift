import ListLabCore
import ListLabRecords

extension Session {
}

extension CommandContext {
    /// `bind like NAME` for a provider of the user's: the compiler's check,
    /// with the item types as Swift names them. The same registered
    /// presenter joins; another presenter type cannot be swapped in at the
    /// prompt, since its pairing was compiled in the registration.
    fileprivate func bindLikeRegistered(_ loaded: LoadedProvider, _ arguments: inout Arguments) throws {
        _ = arguments.take("like")
        let name = try arguments.string("the NAME of a loaded provider")
        try arguments.expectEnd()
        guard let other = workspace.provider(named: name) else {
            throw ShellError(.noProvider(name, loaded: workspace.providers.map(\.name)))
        }
        func itemType(_ provider: LoadedProvider) -> String {
            provider.registered?.registration.itemTypeName ?? FieldNameList.itemType(provider.fieldNames)
        }
        guard itemType(other) == itemType(loaded) else {
            throw ShellError(
                .unsupported(
                    "cannot join '\(loaded.name)' (Item = \(itemType(loaded))) with the presenter of '\(name)' (Item "
                        + "= \(itemType(other))): ListAdapter requires Provider.Item == Presenter.Item, which Swift "
                        + "checks at compile time"
                )
            )
        }
        guard let mine = loaded.registered?.registration, let theirs = other.registered?.registration,
            mine.presenterTypeName == theirs.presenterTypeName
        else {
            throw ShellError(
                .unsupported(
                    "'\(name)' is shown by \(other.registered?.registration.presenterTypeName ?? "a template presenter"): a presenter of another type joins \(itemType(loaded)) in a registration of its own (register it with that presenter)"
                )
            )
        }
        list.reloadData()
        output.write(
            "bound the presenter of '\(name)' to '\(loaded.name)' (both Item = \(itemType(loaded)), shown by "
                + "\(mine.presenterTypeName))"
        )
    }

    fileprivate func bind(_ arguments: inout Arguments) throws {
        let loaded = try current()
        if loaded.registered != nil, arguments.peekWord == "like" { return try bindLikeRegistered(loaded, &arguments) }
        try checkNotRegistered(loaded, "bind", "binds ListLab's template presenters to its datasets")
        if let composite = loaded.composite {
            throw ShellError(
                .needsFirst(
                    "'\(loaded.name)' shows the presenters of \(composite.children.map(\.name).joined(separator: ", ")): 'use' one of them, bind it, and compose again"
                )
            )
        }
        var presenter = loaded.presenter
        let message: String
        if arguments.take("like") {
            // The generic constraint of the adapter, as the shell can show it.
            let name = try arguments.string("the NAME of a loaded provider")
            try arguments.expectEnd()
            guard let other = workspace.provider(named: name) else {
                throw ShellError(.noProvider(name, loaded: workspace.providers.map(\.name)))
            }
            guard other.fieldNames == loaded.fieldNames else {
                throw ShellError(
                    .unsupported(
                        "cannot join '\(loaded.name)' (Item = \(FieldNameList.itemType(loaded.fieldNames))) with the "
                            + "presenter of '\(name)' (Item = \(FieldNameList.itemType(other.fieldNames))): "
                            + "ListAdapter requires Provider.Item == Presenter.Item, which Swift checks at compile time"
                    )
                )
            }
            presenter = other.presenter
            message =
                "bound the presenter of '\(name)' to '\(loaded.name)' (both Item = "
                + "\(FieldNameList.itemType(loaded.fieldNames)))"
        } else if arguments.take("header") || arguments.peekWord == "footer" {
            let isFooter = arguments.take("footer")
            let template = try optionalTemplate(&arguments, fields: TemplatePresenter.sectionFields, in: loaded)
            try arguments.expectEnd()
            if isFooter {
                presenter.footer = template
            } else {
                presenter.header = template
                presenter.hidesHeaders = template == nil
            }
            message = "bound \(isFooter ? "footer" : "header") \(template.map { $0.description } ?? "off")"
        } else if arguments.take("by") {
            let fieldToken = arguments.peek
            let field = try arguments.string("a FIELD")
            try checkField(field, in: loaded, column: fieldToken?.column)
            let assignments = try arguments.assignments()
            guard !assignments.isEmpty else { throw arguments.missing("at least one KIND=TEMPLATE") }
            var kinds: [TemplatePresenter.Kind] = []
            for assignment in assignments {
                let template = try parseTemplate(assignment.value.description, column: assignment.column, in: loaded)
                kinds.append(TemplatePresenter.Kind(name: assignment.field, text: template))
            }
            presenter = TemplatePresenter(choosingBy: field, kinds: kinds)
            presenter.header = loaded.presenter.header
            presenter.footer = loaded.presenter.footer
            presenter.hidesHeaders = loaded.presenter.hidesHeaders
            message =
                "bound \(kinds.count) cell \(kinds.count == 1 ? "kind" : "kinds") by \(field): \(kinds.map(\.name).joined(separator: ", "))"
        } else {
            let textToken = arguments.peek
            let text = try parseTemplate(try arguments.string("a TEMPLATE"), column: textToken?.column, in: loaded)
            var detail: Template?
            var kind = loaded.presenter.choosingField == nil ? loaded.presenter.kinds.first?.name ?? "Cell" : "Cell"
            while let token = arguments.peek {
                if arguments.take("detail") {
                    let detailToken = arguments.peek
                    detail = try parseTemplate(
                        try arguments.string("a detail TEMPLATE"), column: detailToken?.column, in: loaded)
                } else if arguments.take("kind") {
                    kind = try arguments.string("a kind NAME")
                } else {
                    throw ShellError(
                        .unexpected(token.text, usage: "bind TEMPLATE [detail TEMPLATE] [kind NAME]"),
                        column: token.column)
                }
            }
            presenter = TemplatePresenter(kind: kind, text: text, detail: detail)
            presenter.header = loaded.presenter.header
            presenter.footer = loaded.presenter.footer
            presenter.hidesHeaders = loaded.presenter.hidesHeaders
            message = "bound \(kind): \(text)" + (detail.map { " detail \($0)" } ?? "")
        }
        loaded.presenter = presenter
        if let index = workspace.currentIndex { activate(index) }
        output.write(message)
    }

    /// A template whose fields the dataset has.
    fileprivate func parseTemplate(_ text: String, column: Int?, in loaded: LoadedProvider) throws -> Template {
        let template: Template
        do {
            template = try Template(text)
        } catch {
            throw ShellError(.usage("template column \(error.column): \(error.message)"), column: column)
        }
        for field in template.fields {
            try checkField(field, in: loaded, column: column)
        }
        return template
    }

    /// A header or footer template, or nil for `off`.
    fileprivate func optionalTemplate(_ arguments: inout Arguments, fields: [String], in loaded: LoadedProvider) throws
        -> Template?
    {
        let token = arguments.peek
        let text = try arguments.string("a TEMPLATE or 'off'")
        if text == "off", case .word? = token?.kind { return nil }
        let template: Template
        do {
            template = try Template(text)
        } catch {
            throw ShellError(.usage("template column \(error.column): \(error.message)"), column: token?.column)
        }
        for field in template.fields where !fields.contains(field) {
            throw ShellError(
                .usage("a header or footer can use {title}, {count} and {section}, not {\(field)}"),
                column: token?.column)
        }
        return template
    }
}

extension Command {
    static let presenterCommands: [Command] = [
        Command(
            name: "bind",
            usage:
                "bind TEMPLATE [detail TEMPLATE] [kind NAME] | bind by FIELD KIND=TEMPLATE ... | bind header|footer TEMPLATE|off | bind like NAME",
            summary: "binds a presenter to the provider shown: cell kinds, their templates, headers and footers",
            details: [
                "Templates fill {field} from each item ({{ and }} are braces; a field name with a brace or",
                "spaces at its ends goes in JSON quotes: '{\"}\"}'). 'bind by FIELD' chooses the cell kind whose name",
                "is the item's FIELD value. Header and footer templates use {title}, {count} and {section}.",
                "'bind like NAME' joins the presenter of another provider, when their item types agree.",
                "The list registers the presenter's cell kinds and reloads.",
            ],
            examples: [
                #"bind "{name}" detail "{phone}" kind ContactCell"#, #"bind by type place="{name}" category="{title}""#,
                #"bind header "{title} ({count})""#, "bind footer off", "bind like contacts",
            ],
            completes: { context in
                switch context.last {
                case "by": return context.fieldNames
                case "like": return context.providerNames
                default:
                    if context.word.hasPrefix("\"{") || context.word.hasPrefix("{") {
                        let prefix = context.word.hasPrefix("\"") ? "\"{" : "{"
                        return context.fieldNames.map { prefix + $0 + "}" }
                    }
                    return ["by", "header", "footer", "detail", "kind", "like", "off"]
                }
            }
        ) { context, arguments in
            try context.bind(&arguments)
        }
    ]
}
