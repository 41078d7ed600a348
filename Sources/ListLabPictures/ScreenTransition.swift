public import ListLabCore

/// One batch update as a picture can animate it: the screen before, the
/// screen after, and what happens to each row in between, in UIKit's order
/// (deletes and reloads at their old places first, then inserts and moves
/// at their new places).
///
/// Rows are followed by the cell that shows them: a cell that is on screen
/// before and after (the same serial, not reused in between) slides from
/// its old row to its new one, so a picture shows what the list did with
/// its cells, not what the data says.
///
/// ```swift
/// let list = HeadlessList(viewportRows: 5)
/// let provider = contacts
/// ListAdapter(provider: provider, presenter: SingleKindPresenter(ContactCell.self)).attach(to: list)
/// var transition: ScreenTransition?
/// var before: ListScreen?
/// list.addBatchUpdateObserver { event in
///     if case .willPerform = event { before = ListScreen(list) }
///     if case .didPerform(let update) = event, let before { transition = ScreenTransition(before: before, after: ListScreen(list), update: update) }
/// }
/// try list.performBatchUpdates(try provider.delete(at: [ItemPath(0, 0)]))
/// transition?.sprites.map(\.motion)   // [.collapses, .slides, .slides]
/// ```
public struct ScreenTransition: Hashable, Sendable {
    /// What happens to one row (or, in a collection, one item) of the picture.
    public enum Motion: String, Hashable, Sendable {
        /// It stays where it is, unchanged.
        case stays
        /// Its cell slides from its old row to its new one (a move, or a row
        /// pushed by deletes and inserts above it).
        case slides
        /// It was deleted: it collapses at its old row.
        case collapses
        /// It was inserted: it opens at its new row.
        case opens
        /// Its cell was replaced by a reload: it fades out at its old row.
        case fadesOut
        /// The new cell of a reloaded item fades in.
        case fadesIn
        /// Its cell was configured again in place (a reconfigure): the old
        /// content gives way to the new one in the same cell, which may slide.
        case changesInPlace
        /// It leaves the viewport (moved or pushed out of view).
        case leaves
        /// It comes into the viewport.
        case enters
    }

    /// One moving part of the picture.
    public struct Sprite: Hashable, Sendable {
        /// What it does.
        public var motion: Motion
        /// Its row before the update (nil for rows that appear).
        public var fromRow: Int?
        /// Its row after the update (nil for rows that go away).
        public var toRow: Int?
        /// Its column (0 in a table, and for headers and footers).
        public var column: Int
        /// What it shows before.
        public var old: Part?
        /// What it shows after.
        public var new: Part?
    }

    /// What a sprite draws: a header, a footer, or one item.
    public enum Part: Hashable, Sendable {
        /// A section header.
        case header(String)
        /// A section footer.
        case footer(String)
        /// An item and its cell.
        case item(ListScreen.Item)
    }

    /// How the update marks an item in a picture of the screen before or after it.
    public enum Mark: String, Hashable, Sendable {
        /// Deleted (before) or inserted (after).
        case delete, insert
        /// Moved: its old place (before) or its new one (after).
        case move
        /// Replaced by a new cell.
        case reload
        /// Configured again in its cell.
        case reconfigure
    }

    /// The screen before the update.
    public var before: ListScreen
    /// The screen after it (for a refused update, the same as ``before``).
    public var after: ListScreen
    /// The update, as the list was given it.
    public var update: BatchUpdate
    /// UIKit's message when the list refused the update.
    public var refusal: String?
    /// For a refused update, the items in each section as the list had them
    /// and as the data source holds them: the mismatch UIKit's message is
    /// about, when the data changed without the list being told.
    public var counts: SectionCounts?

    /// The items in each section, on the list and in the data source.
    public struct SectionCounts: Hashable, Sendable {
        /// As the list had them when it refused the update.
        public var list: [Int]
        /// As the data source holds them.
        public var data: [Int]

        /// Counts of the list's and the data source's sections.
        public init(list: [Int], data: [Int]) {
            self.list = list
            self.data = data
        }
    }

    /// Creates the transition of an update the list performed or refused.
    public init(
        before: ListScreen, after: ListScreen, update: BatchUpdate, refusal: String? = nil, counts: SectionCounts? = nil
    ) {
        self.before = before
        self.after = refusal == nil ? after : before
        self.update = update
        self.refusal = refusal
        self.counts = refusal == nil ? nil : counts
    }

    /// Whether the list refused the update.
    public var isRefused: Bool { refusal != nil }

    /// The mark of the item at `path` on the screen before the update, if any.
    public func markBefore(_ path: ItemPath) -> Mark? {
        if update.deletedItems.contains(path) || update.deletedSections.contains(path.section) { return .delete }
        if update.reloadedItems.contains(path) || update.reloadedSections.contains(path.section) { return .reload }
        if update.reconfiguredItems.contains(path) { return .reconfigure }
        if update.movedItems.contains(where: { $0.from == path }) { return .move }
        return nil
    }

    /// The mark of the item at `path` on the screen after the update, if any.
    public func markAfter(_ path: ItemPath) -> Mark? {
        guard !isRefused else { return nil }
        if update.insertedItems.contains(path) || update.insertedSections.contains(path.section) { return .insert }
        if update.movedItems.contains(where: { $0.to == path }) { return .move }
        if update.reloadedItems.contains(path) || update.reloadedSections.contains(path.section) { return .reload }
        if update.reconfiguredItems.contains(path) { return .reconfigure }
        return nil
    }

    /// Every moving part, in the order of the rows before, then the rows
    /// that appear; empty for a refused update (nothing moves).
    public var sprites: [Sprite] {
        guard !isRefused else { return [] }
        var sprites: [Sprite] = []
        // Where each cell is after the update, by its identity (serial and reuse count).
        var cellRows: [ListScreen.Cell: (row: Int, column: Int, item: ListScreen.Item)] = [:]
        for (row, content) in after.rows.enumerated() {
            guard case .items(let items) = content else { continue }
            for (column, item) in items.enumerated() {
                if let cell = item.cell { cellRows[cell] = (row, column, item) }
            }
        }
        var matchedAfter = Set<Int>()  // row * columns + column
        let columns = max(1, after.columns)
        var usedTitles = Set<Int>()
        for (row, content) in before.rows.enumerated() {
            switch content {
            case .header(let section, let title), .footer(let section, let title):
                let part: Part = if case .header = content { .header(title) } else { .footer(title) }
                let target = after.rows.indices.first { index in
                    !usedTitles.contains(index) && Self.part(of: after.rows[index]) == part
                }
                if let target {
                    usedTitles.insert(target)
                    matchedAfter.insert(target * columns)
                    sprites.append(
                        Sprite(
                            motion: target == row ? .stays : .slides, fromRow: row, toRow: target, column: 0, old: part,
                            new: part))
                } else {
                    let motion: Motion = update.deletedSections.contains(section) ? .collapses : .leaves
                    sprites.append(Sprite(motion: motion, fromRow: row, toRow: nil, column: 0, old: part, new: nil))
                }
            case .items(let items):
                for (column, item) in items.enumerated() {
                    if let cell = item.cell, let target = cellRows[cell] {
                        matchedAfter.insert(target.row * columns + target.column)
                        let reconfigured =
                            update.reconfiguredItems.contains(item.path) || target.item.text != item.text
                            || target.item.detail != item.detail
                        let moved = target.row != row || target.column != column
                        let motion: Motion =
                            reconfigured
                            ? .changesInPlace : (moved ? .slides : (target.item == item ? .stays : .changesInPlace))
                        sprites.append(
                            Sprite(
                                motion: motion, fromRow: row, toRow: target.row, column: target.column,
                                old: .item(item), new: .item(target.item)))
                    } else {
                        let motion: Motion =
                            switch markBefore(item.path) {
                            case .delete: .collapses
                            case .reload: .fadesOut
                            default: .leaves
                            }
                        sprites.append(
                            Sprite(motion: motion, fromRow: row, toRow: nil, column: column, old: .item(item), new: nil)
                        )
                    }
                }
            }
        }
        for (row, content) in after.rows.enumerated() {
            switch content {
            case .header(let section, _), .footer(let section, _):
                guard !matchedAfter.contains(row * columns) else { continue }
                let motion: Motion = update.insertedSections.contains(section) ? .opens : .enters
                sprites.append(
                    Sprite(motion: motion, fromRow: nil, toRow: row, column: 0, old: nil, new: Self.part(of: content)))
            case .items(let items):
                for (column, item) in items.enumerated() where !matchedAfter.contains(row * columns + column) {
                    let motion: Motion =
                        switch markAfter(item.path) {
                        case .insert: .opens
                        case .reload: .fadesIn
                        default: .enters
                        }
                    sprites.append(
                        Sprite(motion: motion, fromRow: nil, toRow: row, column: column, old: nil, new: .item(item)))
                }
            }
        }
        return sprites
    }

    /// The part a header or footer row draws (nil for a row of items).
    static func part(of row: ListScreen.Row) -> Part? {
        switch row {
        case .header(_, let title): .header(title)
        case .footer(_, let title): .footer(title)
        case .items: nil
        }
    }
}
