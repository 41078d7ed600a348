import ListLabCore
import ListLabRecords

extension Session {
}

/// The records a paged provider serves a page at a time, as a server would
/// answer: page `failing` (from 1) fails once, and asked for the first page
/// again (a reload), it reads its source again with `reread` (a file as it
/// is now, where it served the records read at the load).
final class PagedRecordSource {
    private var records: [Record]
    private let reread: () throws -> [Record]
    private var failuresLeft: [Int]
    private var firstPageServed = false

    init(_ records: [Record], failing: Int?, reread: @escaping () throws -> [Record]) {
        self.records = records
        self.reread = reread
        failuresLeft = failing.map { [$0 - 1] } ?? []
    }

    /// How many records the source holds now.
    var count: Int { records.count }

    /// Page `page` (from 0) of `size` records.
    func page(_ page: Int, size: Int) throws -> [Record] {
        if let index = failuresLeft.firstIndex(of: page) {
            failuresLeft.remove(at: index)
            throw PageFailure(page: page + 1)
        }
        if page == 0 {
            if firstPageServed { records = try reread() }
            firstPageServed = true
        }
        let start = min(page * size, records.count)
        return Array(records[start..<min(start + size, records.count)])
    }
}

/// The failure a paged source was asked to make (`failing N`).
struct PageFailure: Error, CustomStringConvertible {
    let page: Int
    var description: String { "the source did not answer (this failure was asked for with 'failing \(page)')" }
}

extension CommandContext {
    /// Loads the next page of the current paged provider, or says why not.
    ///
    /// - Throws: ``ShellError`` when the page fails to load (nothing
    ///   changes), or when the list refuses its insert (the page is in the
    ///   data, and the list reloads).
    func loadNextPage(because reason: String) throws {
        // Not while a filter is on: a scroll asked for it before the filter came (`more` is refused).
        guard let loaded = try? current(), loaded.filter == nil, let (paged, source) = loaded.paged else { return }
        guard paged.hasMore else {
            output.write("\(reason)all \(paged.numberOfItems(inSection: 0)) items are loaded")
            return
        }
        let page = paged.loadedPages + 1
        do {
            let update = try paged.loadNextPage()
            loaded.records.baseDidChange()
            try apply(update, from: "loadNextPage() [page \(page)]")
            let count = paged.numberOfItems(inSection: 0)
            let inserted = update.insertedItems
            guard !inserted.isEmpty else {
                output.write("\(reason)page \(page) is empty: all \(count) items are loaded")
                return
            }
            let range =
                inserted.count > 1
                ? "\(inserted[0])-\(inserted[inserted.count - 1])" : inserted.first.map(\.description) ?? "nothing"
            output.write("\(reason)loaded page \(page): insert \(range) (\(count) of \(source.count) items)")
        } catch {
            throw ShellError(.failed("\(reason)page \(page) failed to load: \(error); 'more' tries again"))
        }
    }
}

extension Command {
    static let compositionCommands: [Command] = [
        Command(
            name: "more", usage: "more",
            summary:
                "a paged provider loads its next page, appended as a batch insert (scrolling near the end does it too)",
            details: [
                "A page that fails to load changes nothing; 'more' asks for it again. No page loads while a filter is "
                    + "on."
            ],
            examples: ["more"]
        ) { context, arguments in
            try arguments.expectEnd()
            // A page appended under a filter would be shown unfiltered, and lost when the filter goes.
            let loaded = try context.unfiltered(for: "more")
            guard loaded.paged != nil else {
                throw ShellError(
                    .wrongKind(
                        command: "more", worksOn: "paged providers", dataset: loaded.name, kind: loaded.kindWithArticle,
                        hint: "load SOURCE as paged SIZE")
                )
            }
            try context.loadNextPage(because: "")
        },
        Command(
            name: "compose", usage: "compose NAME NAME ... [name NAME]",
            summary: "one list whose sections come from several loaded providers, each with its own presenter",
            details: [
                "The composite shows the providers' sections in order; a path reaches the provider that owns",
                "its section, so changes go to that provider (and show there too).",
            ],
            examples: ["compose tabs contacts", "compose tabs tasks name home"],
            completes: { context in context.last == "name" ? [] : context.providerNames + ["name"] }
        ) { context, arguments in
            var names: [String] = []
            var compositeName: String?
            while let token = arguments.peek {
                if arguments.take("name") {
                    compositeName = try arguments.string("a NAME")
                    continue
                }
                names.append(try arguments.string("a provider NAME"))
                _ = token
            }
            guard names.count >= 2 else { throw arguments.missing("two or more provider NAMEs") }
            var children: [LoadedProvider] = []
            for name in names {
                guard let child = context.workspace.provider(named: name) else {
                    throw ShellError(.noProvider(name, loaded: context.workspace.providers.map(\.name)))
                }
                guard child.composite == nil else {
                    throw ShellError(.usage("'\(name)' is a composite itself: compose its providers instead"))
                }
                try context.checkNotRegistered(
                    child, "compose", "joins ListLab's datasets, each shown by its template presenter")
                children.append(child)
            }
            let name = compositeName ?? names.joined(separator: "+")
            let composite = CompositeDataProvider(children.map(\.provider))
            let fields = LoadedProvider.compositeFields(of: children)
            let loaded = LoadedProvider(
                name: name, records: KeyedRecordProvider(composite, fieldNames: fields, keyField: nil),
                source: .composite(composite, children: children),
                schema: Record.Schema(fields), presenter: children[0].presenter)
            try context.workspace.checkDataLimit(adding: loaded, replacing: context.workspace.index(named: name))
            context.show(loaded)
            let sections = composite.numberOfSections
            context.output.write(
                "composed \(name): \(sections) \(sections == 1 ? "section" : "sections") from \(names.joined(separator: ", "))"
            )
        },
    ]
}
