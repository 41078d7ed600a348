/// A presenter of any kind, behind one type, so that an adapter of one type
/// can show a template presenter or a composite one.
///
/// ```swift
/// let presenter: AnyCellPresenter<Contact> = AnyCellPresenter(SingleKindPresenter(ContactCell.self))
/// let adapter = ListAdapter(provider: contacts, presenter: presenter)
/// ```
public struct AnyCellPresenter<Item>: CellPresenter {
    private let register: (HeadlessList) -> Void
    private let makeCell: (Item, ItemPath, HeadlessList) -> ListCell
    private let header: (SectionInfo) -> String?
    private let footer: (SectionInfo) -> String?

    /// Wraps `presenter`.
    public init<Presenter: CellPresenter>(_ presenter: Presenter) where Presenter.Item == Item {
        register = presenter.registerCells(in:)
        makeCell = presenter.cell(for:at:in:)
        header = presenter.headerTitle(for:)
        footer = presenter.footerTitle(for:)
    }

    public func registerCells(in list: HeadlessList) { register(list) }
    public func cell(for item: Item, at path: ItemPath, in list: HeadlessList) -> ListCell {
        makeCell(item, path, list)
    }
    public func headerTitle(for section: SectionInfo) -> String? { header(section) }
    public func footerTitle(for section: SectionInfo) -> String? { footer(section) }
}
