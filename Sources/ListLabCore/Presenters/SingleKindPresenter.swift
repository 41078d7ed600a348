/// A presenter with one cell kind for every item: the generic data source of
/// "Generic Data Sources in Swift", whose cell's model type is the item type.
///
/// ```swift
/// let presenter = SingleKindPresenter(PhotoCell.self)
/// let adapter = ListAdapter(provider: photos, presenter: presenter)
/// ```
public struct SingleKindPresenter<Cell: ConfigurableCell>: CellPresenter {
    public typealias Item = Cell.Model

    private let header: ((SectionInfo) -> String?)?
    private let footer: ((SectionInfo) -> String?)?

    /// Creates a presenter of `Cell`.
    ///
    /// - Parameters:
    ///   - cell: The cell kind.
    ///   - header: The header text of a section; the provider's title when nil.
    ///   - footer: The footer text of a section; none when nil.
    public init(
        _ cell: Cell.Type, header: ((SectionInfo) -> String?)? = nil, footer: ((SectionInfo) -> String?)? = nil
    ) {
        self.header = header
        self.footer = footer
    }

    public func registerCells(in list: HeadlessList) {
        list.register(Cell.self)
    }

    public func cell(for item: Item, at path: ItemPath, in list: HeadlessList) -> ListCell {
        let cell = list.dequeueReusableCell(Cell.self, for: path)
        list.tracer.call(.presenter, .cell(cell.serial), "configure(with: \(traceSummary(item)), at: \(path))") {
            cell.configure(with: item, at: path)
        }
        return cell
    }

    public func headerTitle(for section: SectionInfo) -> String? {
        header.map { $0(section) } ?? section.title
    }

    public func footerTitle(for section: SectionInfo) -> String? {
        footer?(section)
    }
}
