import ListLabCore
import ListLabShell
public import UIKit

/// Records what an app's own UIKit code does to a table or collection view
/// from a test, and writes it as a transcript that `listlab test` replays
/// and `listlab render` draws: each batch update or `apply` with the rows
/// it shows, each `reloadData`, each scroll, and what UIKit refused.
///
/// A step is written in the playground's words: the rows the data source
/// reported (`rows --data-only`, their texts as the cells on screen showed
/// them; rows never on screen as `…`), then the change the list was handed
/// (`batch`, or `reload --list`), then the list (`show`). The transcript is
/// made by replaying those commands, so it replays as written; a refusal
/// the playground cannot restage (a hand-made update on a list a diffable
/// data source owns, a cell provider that gave no cell) and the exception
/// that ended the app are said in prose.
///
/// ```swift
/// let recording = ListRecording(of: tableView)
/// let raised = UIKitException.catching { screen.deleteSecondContact() }
/// let text = recording.transcript(raised: raised)
/// // assertSnapshot(of: text, as: .transcript) keeps it as a .lab file
/// ```
@MainActor
public final class ListRecording {
    private let list: HeadlessList
    /// What the app's data source gives for a row now, as a cell the list never sees shows it.
    private let given: (ItemPath) -> (text: String?, detail: String?)
    private var steps: [Step] = []
    /// The scroll position the replay has reached.
    private var replayedOffset: Int
    /// The observers this recording added to the list, taken away by ``stop()``.
    private var observers: [ListObserverToken] = []
    private var isRecording = true

    /// One thing the recording writes: a command, with UIKit's reason when
    /// UIKit refused what it stands for.
    private struct Step {
        var command: String
        var refusedWith: String?
    }

    /// Starts recording `tableView`, as its data source shows it now.
    public convenience init(of tableView: UITableView) {
        self.init(list: tableView.headlessList) { [weak tableView] path in
            tableView?.givenTexts(at: IndexPath(row: path.item, section: path.section)) ?? (nil, nil)
        }
    }

    /// Starts recording `collectionView`, as its data source shows it now.
    public convenience init(of collectionView: UICollectionView) {
        self.init(list: collectionView.headlessList) { [weak collectionView] path in
            collectionView?.givenTexts(at: IndexPath(item: path.item, section: path.section)) ?? (nil, nil)
        }
    }

    private init(list: HeadlessList, given: @escaping (ItemPath) -> (text: String?, detail: String?)) {
        self.list = list
        self.given = given
        replayedOffset = 0
        if list.iOSVersion != .standard { steps.append(Step(command: "set ios \(list.iOSVersion)")) }
        if case .collection(let columns) = list.style { steps.append(Step(command: "set list collection \(columns)")) }
        if list.viewportRows != 10 { steps.append(Step(command: "viewport \(list.viewportRows)")) }
        steps.append(Step(command: "rows" + rowsWords(of: shownRows())))
        steps.append(Step(command: "show"))
        noteScroll()
        observers = [
            list.addBatchUpdateObserver { [weak self] event in self?.record(event) },
            list.addReloadObserver { [weak self] in self?.recordReload() },
        ]
    }

    /// The commands recorded so far, in order.
    public var commands: [String] {
        steps.map(\.command)
    }

    /// Stops recording; the list's other observers hear it as before.
    public func stop() {
        guard isRecording else { return }
        isRecording = false
        for observer in observers { list.removeObserver(observer) }
        observers = []
    }

    // MARK: - Recording

    private func record(_ event: BatchUpdateEvent) {
        guard isRecording else { return }
        switch event {
        case .willPerform:
            // The list still shows the old state: a scroll since the last step goes before the update.
            noteScroll()
        case .didPerform(let update):
            steps.append(Step(command: "rows --data-only" + rowsWords(of: shownRows())))
            steps.append(Step(command: "batch " + Self.batchWords(update)))
            steps.append(Step(command: "show"))
            noteScroll()
        case .refused(let update, let error):
            steps.append(Step(command: "rows --data-only" + rowsWords(of: reportedRows())))
            steps.append(Step(command: "batch " + Self.batchWords(update), refusedWith: error.description))
        }
    }

    private func recordReload() {
        guard isRecording else { return }
        steps.append(Step(command: "rows --data-only" + rowsWords(of: shownRows())))
        steps.append(Step(command: "reload --list"))
        steps.append(Step(command: "show"))
        noteScroll()
    }

    /// A scroll since the replay's last step: the rows now on screen given
    /// their texts, then the scroll.
    private func noteScroll() {
        let offset = list.scrollOffset
        guard offset != replayedOffset else { return }
        steps.append(Step(command: "rows --data-only" + rowsWords(of: shownRows())))
        steps.append(
            Step(
                command: offset > replayedOffset
                    ? "scroll +\(offset - replayedOffset)" : "scroll -\(replayedOffset - offset)"))
        replayedOffset = offset
    }

    /// A section as the recording writes it: its title and its rows' texts.
    private typealias Section = (title: String?, rows: [(text: String, detail: String?)])

    /// The rows the list shows: its counts and titles, the texts of the
    /// cells on screen, `…` for the others.
    private func shownRows() -> [Section] {
        (0..<list.numberOfSections).map { section in
            (
                list.headerTitle(inSection: section),
                (0..<list.numberOfItems(inSection: section)).map { item in
                    Self.row(list.cellForItem(at: ItemPath(section, item)))
                }
            )
        }
    }

    /// The rows the data source reports (the list refused to show them): its
    /// counts and titles, and at each path a cell shows on screen, what the
    /// data source gives there now (not the old cell's texts).
    private func reportedRows() -> [Section] {
        guard let dataSource = list.dataSource else { return [] }
        return (0..<dataSource.numberOfSections(in: list)).map { section in
            (
                dataSource.list(list, titleForHeaderInSection: section),
                (0..<dataSource.list(list, numberOfItemsInSection: section)).map { item in
                    guard list.cellForItem(at: ItemPath(section, item)) != nil else { return (Self.unseen, nil) }
                    let texts = given(ItemPath(section, item))
                    return (texts.text ?? "", texts.detail.flatMap { $0.isEmpty ? nil : $0 })
                }
            )
        }
    }

    /// A row as `cell` shows it, or `…` when no cell shows it.
    private static func row(_ cell: ListCell?) -> (text: String, detail: String?) {
        guard let cell else { return (unseen, nil) }
        return (cell.text, cell.detail.flatMap { $0.isEmpty ? nil : $0 })
    }

    /// The text of a row no cell showed.
    static let unseen = "…"

    /// ` section title "Today" "Ada" …`: `rows`'s words for `sections`.
    private func rowsWords(of sections: [Section]) -> String {
        var words = ""
        for section in sections {
            words += " section"
            if let title = section.title { words += " title " + Token.quoted(title) }
            for row in section.rows {
                words += " " + Token.quoted(row.text)
                if let detail = row.detail { words += " detail " + Token.quoted(detail) }
            }
        }
        return words
    }

    /// `batch`'s clauses for `update`.
    static func batchWords(_ update: BatchUpdate) -> String {
        var clauses: [String] = []
        func add(_ kind: String, _ paths: [ItemPath]) {
            if !paths.isEmpty { clauses.append(kind + " " + paths.map(\.description).joined(separator: " ")) }
        }
        func add(_ kind: String, sections: [Int]) {
            if !sections.isEmpty {
                clauses.append(kind + " section " + sections.map(String.init).joined(separator: " "))
            }
        }
        add("delete", sections: update.deletedSections)
        add("insert", sections: update.insertedSections)
        clauses += update.movedSections.map { "move section \($0.from) \($0.to)" }
        add("reload", sections: update.reloadedSections)
        add("delete", update.deletedItems)
        add("insert", update.insertedItems)
        clauses += update.movedItems.map { "move \($0.from) \($0.to)" }
        add("reload", update.reloadedItems)
        add("reconfigure", update.reconfiguredItems)
        return clauses.joined(separator: " ")
    }

    // MARK: - The transcript

    /// The transcript of the steps recorded so far: made by replaying them
    /// in a fresh playground, so that it replays as written.
    ///
    /// - Parameters:
    ///   - title: Its first line of prose.
    ///   - exception: What ended the app (from `UIKitException.catching`),
    ///     said at the end unless a refused step already shows it.
    public func transcript(title: String = "Steps recorded from a UIKit list.", raised exception: UIKitException? = nil)
        -> String
    {
        let session = Session(output: DiscardingOutput(), canWriteFiles: false)
        var records: [CommandRecord] = []
        var ending: [String] = []
        var shownReason: String?
        for step in steps {
            guard ending.isEmpty else { break }
            let record = session.execute(step.command)
            if let reason = step.refusedWith, record.errors != [reason] {
                // UIKit refused what the playground cannot restage: said, and the replay ends there.
                ending.append("Here UIKit refused the update '\(step.command.dropFirst("batch ".count))' with:")
                ending += reason.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
                shownReason = reason
                continue
            }
            if step.refusedWith != nil { shownReason = step.refusedWith }
            records.append(record)
        }
        if ending.isEmpty, let exception, exception.reason != shownReason, let restaging = exception.restaging {
            // A snapshot's change UIKit refused: built again at the prompt from its identifiers, and refused there.
            for (index, command) in restaging.enumerated() {
                var record = session.execute(command)
                if index == 0 {
                    record.notes = [
                        "Here UIKit refused a change of the app's snapshot. The snapshot is built again from its "
                            + "identifiers (each a row keyed by its text), and the change refused as UIKit refused it:"
                    ]
                }
                records.append(record)
                if !record.errors.isEmpty {
                    if record.errors == [exception.reason] { shownReason = exception.reason }
                    break
                }
            }
        }
        if let exception, exception.reason != shownReason {
            ending.append("The app ended: \(exception)")
        }
        var text = Transcript.text(of: records, prose: [title])
        if !ending.isEmpty {
            // Prose never starts with two spaces, which would make it a command's output.
            text +=
                "\n" + ending.map { VisibleText.escaped(String($0.drop { $0 == " " })) }.joined(separator: "\n") + "\n"
        }
        return text
    }
}

/// An exploration's failure as a transcript of the steps its list took.
extension ScreenExplorer {
    /// `failure`'s steps as a transcript that `listlab test` replays and
    /// `listlab render` draws: the steps replayed on a new screen with a
    /// ``ListRecording`` of its list, the Swift calls and how they end said
    /// in its prose, so that a test keeps what the explorer found beside the
    /// calls that paste as a regression test.
    ///
    /// ```swift
    /// if let failure = explorer.run() {
    ///     Issue.record("\(failure)\n\n\(explorer.transcript(of: failure))")
    /// }
    /// ```
    ///
    /// A failure of `runWithWaits()` replays only with the
    /// screen's own tasks, which a transcript cannot hold: its transcript is
    /// its title and a line that says so, and its regression test is the
    /// failure's `regressionTest`.
    public func transcript(of failure: ExplorerFailure) -> String {
        if failure.withWaits {
            return Self.title(of: failure, raised: nil)
                + "\n\nThese steps need the screen's own tasks, which only an async replay lets run: "
                + "transcriptWithWaits(of:) writes their transcript.\n"
        }
        var recording: ListRecording?
        let raised = replay(failure) { _, list in recording = ListRecording(ofList: list) }
        return Self.transcript(of: failure, recording, raised)
    }

    /// `failure`'s steps (of `runWithWaits()`) as a transcript, as
    /// ``transcript(of:)`` writes one: replayed on a new screen with its
    /// tasks let go as the exploration did, so that each update the list
    /// took, whoever made it (a tap, or the screen's task), is a step.
    public func transcriptWithWaits(of failure: ExplorerFailure) async -> String {
        var recording: ListRecording?
        let raised = await replayWithWaits(failure) { _, list in recording = ListRecording(ofList: list) }
        return Self.transcript(of: failure, recording, raised)
    }

    /// The transcript of `recording`, made during a replay of `failure`
    /// that raised `raised`, with the failure's calls as its title.
    private static func transcript(of failure: ExplorerFailure, _ recording: ListRecording?, _ raised: UIKitException?)
        -> String
    {
        let title = title(of: failure, raised: raised)
        guard let recording else { return title + "\n" }
        recording.stop()
        return recording.transcript(title: title, raised: raised)
    }

    /// `explore (seed 7): 2 steps that fail: …`, with how they end when no exception says it.
    private static func title(of failure: ExplorerFailure, raised: UIKitException?) -> String {
        let stale = raised == nil ? ", ending in " + failure.reason : ""
        return "explore (seed \(failure.seed)): \(failure.calls.count) step\(failure.calls.count == 1 ? "" : "s") "
            + "that fail: " + failure.calls.joined(separator: "; ") + stale
    }
}

extension ListRecording {
    /// A recording of `list`, a table or a collection view; nil for another kind of list.
    fileprivate convenience init?(ofList list: any StaleRowChecking) {
        if let table = list as? UITableView {
            self.init(of: table)
        } else if let collection = list as? UICollectionView {
            self.init(of: collection)
        } else {
            return nil
        }
    }
}
