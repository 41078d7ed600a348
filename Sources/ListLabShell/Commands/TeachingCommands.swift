import ListLabCore
import ListLabRecords

extension FieldNameList {
    /// `Record{id, name, phone, city}`: a provider's or presenter's item
    /// type, as the shell knows it (records with these fields).
    static func itemType(_ fields: [String]) -> String {
        "Record{\(FieldNameList.text(fields))}"
    }
}

/// The most items `exercise check` lists: a lesson's dataset is small, and a
/// check of a large one says how many more there are.
private let mostCheckedItems = 200

extension CommandContext {
    /// What `exercise check` prints, the state a lesson's Check compares: the
    /// data's items in order with their fields (by section), the list's
    /// sections and rows (with a diffable data source, the identifier at each
    /// row), and the selection. Nothing of the viewport or the scroll
    /// position: a right answer scrolled elsewhere is still right.
    fileprivate func checkedState() throws -> [String] {
        let loaded = try current()
        var lines: [String] = []
        let provider = loaded.provider
        let total = (0..<provider.numberOfSections).reduce(0) { $0 + provider.numberOfItems(inSection: $1) }
        lines.append(
            "data: \(total) \(total == 1 ? "item" : "items") in \(provider.numberOfSections) \(provider.numberOfSections == 1 ? "section" : "sections")"
        )
        var listed = 0
        sections: for section in 0..<provider.numberOfSections {
            if provider.numberOfSections > 1 {
                lines.append(
                    "  section \(section)"
                        + (provider.title(ofSection: section).map { ": " + VisibleText.escaped($0) } ?? ""))
            }
            for item in 0..<provider.numberOfItems(inSection: section) {
                guard listed < mostCheckedItems else { break sections }
                let path = ItemPath(section, item)
                lines.append(
                    "    \(path)  " + (provider.item(at: path).map { VisibleText.escaped($0.jsonText) } ?? "(no item)"))
                listed += 1
            }
        }
        if total > listed { lines.append("    ... \(total - listed) more items") }
        let counts = (0..<list.numberOfSections).map { list.numberOfItems(inSection: $0) }
        let rows = counts.reduce(0, +)
        lines.append(
            "list: \(counts.count) \(counts.count == 1 ? "section" : "sections")"
                + (counts.count > 1
                    ? " of " + counts.map(String.init).joined(separator: ", ") + " rows"
                    : ", \(rows) \(rows == 1 ? "row" : "rows")"))
        if let diffable = presentation.diffable {
            var shown = 0
            rows: for section in 0..<list.numberOfSections {
                for item in 0..<list.numberOfItems(inSection: section) {
                    guard shown < mostCheckedItems else { break rows }
                    let path = ItemPath(section, item)
                    lines.append(
                        "    \(path)  "
                            + (diffable.dataSource.itemIdentifier(for: path).map { VisibleText.escaped($0.jsonText) }
                                ?? "(no identifier)"))
                    shown += 1
                }
            }
        }
        lines.append(screenLine(of: loaded))
        let selected = list.selectedPaths.sorted()
        lines.append("selected: " + (selected.isEmpty ? "none" : selected.map(\.description).joined(separator: ", ")))
        return lines
    }

    /// Whether each row on screen shows what the list's data gives at its
    /// place now: the line ``staleRow(of:)`` finds, for `exercise check`.
    fileprivate func screenLine(of loaded: LoadedProvider) -> String {
        guard comparesScreen(of: loaded) else {
            return "screen: not compared (the provider's own cells, under a diffable data source)"
        }
        return staleRow(of: loaded).map { "screen: " + $0 } ?? "screen: each row on screen shows its item"
    }

    /// Whether ``staleRow(of:)`` can tell what a row should show: always,
    /// but for a registered provider's own cells under a diffable data
    /// source (whose rows are not the provider's paths).
    fileprivate func comparesScreen(of loaded: LoadedProvider) -> Bool {
        loaded.registered == nil || presentation.diffable == nil
    }

    /// The first row on screen that does not show what the list's data
    /// gives at its place now (under a diffable data source, the item its
    /// snapshot's identifier stands for; for a registered provider, what its
    /// presenter configures a new cell with), said as the screen shows it;
    /// nil when each row does. UIKit shows a cell as it was configured until
    /// it is told otherwise, so a row left stale by an update that went
    /// wrong, or configured from an old value, is what the user sees. Only
    /// the rows on screen: a right answer scrolled elsewhere is right.
    func staleRow(of loaded: LoadedProvider) -> String? {
        guard comparesScreen(of: loaded) else { return nil }
        for path in list.indexPathsForVisibleItems {
            guard let cell = list.cellForItem(at: path) else { continue }
            let shown = VisibleText.escaped(
                cell.detail.map { $0.isEmpty ? cell.text : cell.text + " — " + $0 } ?? cell.text)
            let expected: String?
            if let registered = loaded.registered {
                expected = registered.instance.cellLine(at: path)
            } else {
                expected = presentation.shownRecord(at: path, in: loaded).map {
                    VisibleText.escaped(loaded.presenter(forSection: path.section).presenter.text(for: $0))
                }
            }
            guard let expected else { return "\(path) shows \"\(shown)\", where the data has no item" }
            if shown != expected { return "\(path) shows \"\(shown)\", where its item shows \"\(expected)\"" }
        }
        return nil
    }
}

extension Command {
    /// `batch`'s words: each clause's change.
    static let batchWords = CommandWords(words: [
        ("insert", "insert PATH... | insert section N..."), ("delete", "delete PATH... | delete section N..."),
        ("move", "move FROM TO | move section FROM TO"), ("reload", "reload PATH... | reload section N..."),
        ("reconfigure", "reconfigure PATH..."),
    ])

    /// Reads `batch` clauses into one update.
    static func parseBatch(_ arguments: inout Arguments) throws -> BatchUpdate {
        var update = BatchUpdate()
        guard !arguments.isAtEnd else {
            throw arguments.missing("a change (insert, delete, move, reload or reconfigure)")
        }
        while !arguments.isAtEnd {
            let kind = try batchWords.read(&arguments)
            if kind == "move" {
                if arguments.take("section") {
                    let from = try arguments.integer("a SECTION to move", in: 0...PathRange.maximumIndex)
                    let to = try arguments.integer("the SECTION it moves to", in: 0...PathRange.maximumIndex)
                    update.movedSections.append(SectionMove(from: from, to: to))
                } else {
                    update.movedItems.append(ItemMove(from: try arguments.path(), to: try arguments.path()))
                }
                continue
            }
            if arguments.take("section") {
                var sections: [Int] = []
                while let word = arguments.peekWord, word.allSatisfy(\.isNumber) {
                    sections.append(try arguments.integer("a SECTION", in: 0...PathRange.maximumIndex))
                }
                guard !sections.isEmpty else { throw arguments.missing("a SECTION number") }
                switch kind {
                case "insert": update.insertedSections += sections
                case "delete": update.deletedSections += sections
                case "reload": update.reloadedSections += sections
                default: throw ShellError(.usage("sections can be inserted, deleted or reloaded, not \(kind)d"))
                }
                continue
            }
            var paths: [ItemPath] = []
            while let word = arguments.peekWord, word.first?.isNumber == true {
                paths += try arguments.range().paths
            }
            guard !paths.isEmpty else { throw arguments.missing("a PATH to \(kind)") }
            switch kind {
            case "insert": update.insertedItems += paths
            case "delete": update.deletedItems += paths
            case "reload": update.reloadedItems += paths
            default: update.reconfiguredItems += paths
            }
        }
        return update
    }
    static let teachingCommands: [Command] = [
        Command(
            name: "batch",
            usage: "batch " + batchWords.usage + " (clauses may follow one another)",
            summary:
                "hands the list a batch update you write, without changing the data: it is checked by UIKit's rules",
            details: [
                "For seeing what UIKit checks: after a change made with --data-only the list still has the",
                "old counts, and only the batch update that matches the change is accepted.",
                "Docs/uikit-rules.md lists every rule, with UIKit's words and their public source where",
                "there is one (and where UIKit's behaviour is unknown, such as deleting a row twice).",
            ],
            examples: [
                "batch insert 0.8", "batch delete 0.1 insert 0.7", "batch move 0.0 0.2", "batch delete section 1",
                "batch move section 0 2",
            ],
            speaksUIKitWords: true,
            completes: { context in
                ["insert", "delete", "reload", "move"].contains(context.last) ? ["section"] : batchWords.names
            }
        ) { context, arguments in
            _ = try context.current()
            let update = try Command.parseBatch(&arguments)
            if !update.reconfiguredItems.isEmpty { try context.requireViewReconfigure() }
            try context.list.performBatchUpdates(update)
            context.listWasTold()
            context.output.write("the list accepted: \(update)")
        },
        Command(
            name: "exercise",
            usage: "exercise TASK... | exercise hint TEXT... | exercise check",
            summary:
                "in a lesson, asks the learner to reach a state with commands of their own; 'exercise check' prints "
                + "the state the check compares",
            details: [
                "In a transcript, 'exercise TASK' states the task; the commands after it are the lesson's own",
                "solution, which 'listlab test' runs and a lesson in the browser hides; 'exercise hint TEXT'",
                "lines are shown one at a time when the learner asks, before Solution; 'exercise check' prints",
                "the state: the data's items in order with their fields, the list's sections and rows,",
                "whether each row on screen shows its item (the first stale row named), and the selection,",
                "never the scroll position. Its recorded output is what the page's Check",
                "compares the learner's state with. At the prompt, all three only print.",
            ],
            examples: [
                "exercise Put Barry Allen first, then select him.",
                "exercise hint 'move' takes the row to move, then where it goes.", "exercise check",
            ],
            completes: { context in context.arguments.isEmpty ? ["check", "hint"] : [] }
        ) { context, arguments in
            if arguments.take("check") {
                try arguments.expectEnd()
                for line in try context.checkedState() { context.output.write(line) }
                return
            }
            let isHint = arguments.take("hint")
            var words: [String] = []
            while let token = arguments.next() { words.append(token.text) }
            guard !words.isEmpty else {
                throw arguments.missing(isHint ? "the hint's TEXT" : "a TASK, 'hint' or 'check'")
            }
            context.output.write((isHint ? "hint: " : "exercise: ") + words.joined(separator: " "))
        },
    ]
}
