public import ListLabCore

/// What a `HeadlessList` shows at one moment, as a value: the viewport's
/// rows (section headers and footers, items with the text of the cell that
/// shows each, which cell it is, whether it was reused, the selection) and
/// how many rows lie above and below.
///
/// It is read from the list's own state (its visible cells), never from
/// printed text, so a picture drawn from it is what the list holds. Two
/// screens are equal when a person would see the same thing.
///
/// ```swift
/// let list = HeadlessList(viewportRows: 2)
/// ListAdapter(provider: contacts, presenter: SingleKindPresenter(ContactCell.self)).attach(to: list)
/// let screen = ListScreen(list)
/// screen.items.map(\.text)   // ["Bruce Wayne", "Clark Kent"]
/// screen.rowsBelow          // 1
/// ```
public struct ListScreen: Hashable, Sendable {
    /// One row of the viewport.
    public enum Row: Hashable, Sendable {
        /// A section's header.
        case header(section: Int, title: String)
        /// A row of items: one in a table, up to ``ListScreen/columns`` in a collection.
        case items([Item])
        /// A section's footer.
        case footer(section: Int, title: String)
    }

    /// An item on screen and the cell that shows it.
    public struct Item: Hashable, Sendable {
        /// Where the item is.
        public var path: ItemPath
        /// The cell's main text.
        public var text: String
        /// The cell's secondary text, if any.
        public var detail: String?
        /// The cell showing the item; nil when the list has none there.
        public var cell: Cell?
        /// Whether the item is selected.
        public var isSelected: Bool
        /// Where it is in an outline (indented by level, with a chevron);
        /// nil in a flat list.
        public var outline: OutlinePlace?

        /// Creates an item.
        public init(
            path: ItemPath, text: String, detail: String? = nil, cell: Cell?, isSelected: Bool = false,
            outline: OutlinePlace? = nil
        ) {
            self.path = path
            self.text = text
            self.detail = detail
            self.cell = cell
            self.isSelected = isSelected
            self.outline = outline
        }
    }

    /// Which cell shows an item: the same cell object keeps its serial, and
    /// each time it comes back from a reuse queue its reuse count grows.
    public struct Cell: Hashable, Sendable {
        /// The reuse identifier (the cell's kind).
        public var identifier: String
        /// The list's number for the cell: `#3`.
        public var serial: Int
        /// How many times the cell came back from its reuse queue.
        public var reuseCount: Int

        /// Creates a cell mark.
        public init(identifier: String, serial: Int, reuseCount: Int) {
            self.identifier = identifier
            self.serial = serial
            self.reuseCount = reuseCount
        }

        /// Whether the cell was reused (taken from a queue) rather than new.
        public var isReused: Bool { reuseCount > 0 }
    }

    /// The rows in the viewport, top to bottom.
    public var rows: [Row]
    /// The rows scrolled out of view above the viewport.
    public var rowsAbove: Int
    /// The rows below the viewport.
    public var rowsBelow: Int
    /// How many rows the viewport shows.
    public var viewportRows: Int
    /// Items per row: 1 for a table.
    public var columns: Int
    /// The number of sections (a list with no rows still has sections).
    public var sectionCount: Int
    /// Whether a picture draws each row's cell as a badge beside it (its
    /// class and number, `ContactCell #3`); off, the row is drawn as an
    /// iPhone shows it, its text to the edge (`set badges off`).
    public var showsCellBadges = true

    /// Creates a screen from its parts.
    public init(
        rows: [Row], rowsAbove: Int = 0, rowsBelow: Int = 0, viewportRows: Int, columns: Int = 1, sectionCount: Int
    ) {
        self.rows = rows
        self.rowsAbove = rowsAbove
        self.rowsBelow = rowsBelow
        self.viewportRows = viewportRows
        self.columns = columns
        self.sectionCount = sectionCount
    }

    /// What `list` shows now.
    public init(_ list: HeadlessList) {
        let selected = Set(list.selectedPaths)
        rows = list.visibleRows.map { row in
            switch row {
            // Text as `render()` shows it: a control character or a line break in the data is drawn
            // as its escape, so a row is one line and the picture says what `show` says.
            case .header(let section, let title): .header(section: section, title: VisibleText.escaped(title))
            case .footer(let section, let title): .footer(section: section, title: VisibleText.escaped(title))
            case .items(let paths):
                .items(
                    paths.map { path in
                        guard let cell = list.cellForItem(at: path) else {
                            return Item(
                                path: path, text: "", cell: nil, isSelected: selected.contains(path),
                                outline: list.outlinePlace(ofItemAt: path))
                        }
                        return Item(
                            path: path, text: VisibleText.escaped(cell.text),
                            detail: cell.detail?.isEmpty == false ? cell.detail.map(VisibleText.escaped) : nil,
                            cell: Cell(
                                identifier: cell.reuseIdentifier, serial: cell.serial, reuseCount: cell.reuseCount),
                            isSelected: selected.contains(path), outline: list.outlinePlace(ofItemAt: path))
                    })
            }
        }
        rowsAbove = list.totalRows == 0 ? 0 : list.scrollOffset
        rowsBelow = max(0, list.totalRows - list.scrollOffset - list.viewportRows)
        viewportRows = list.viewportRows
        columns = list.style.columns
        sectionCount = list.numberOfSections
    }

    /// The items on screen, top to bottom and left to right.
    public var items: [Item] {
        rows.flatMap { row -> [Item] in
            if case .items(let items) = row { return items }
            return []
        }
    }
}
