/// The presentation of a list: which cell kinds exist, which one shows an
/// item, how it is configured, and what the section headers and footers say.
///
/// A presenter knows nothing of where items come from; a ``ListAdapter``
/// joins it to a ``DataProvider`` whose `Item` is the same type, which the
/// compiler checks.
///
/// ```swift
/// struct TabPresenter: CellPresenter {
///     func registerCells(in list: HeadlessList) { list.register(TabCell.self) }
///     func cell(for tab: Tab, at path: ItemPath, in list: HeadlessList) -> ListCell {
///         let cell = list.dequeueReusableCell(TabCell.self, for: path)
///         cell.configure(with: tab, at: path)
///         return cell
///     }
/// }
/// ```
public protocol CellPresenter<Item> {
    /// The type of the items it presents.
    associatedtype Item

    /// Registers every cell kind the presenter uses with `list`.
    func registerCells(in list: HeadlessList)

    /// A cell dequeued from `list` and configured for `item`, the item at `path`.
    func cell(for item: Item, at path: ItemPath, in list: HeadlessList) -> ListCell

    /// The header text of a section, or nil for none. By default the
    /// provider's title of the section.
    func headerTitle(for section: SectionInfo) -> String?

    /// The footer text of a section, or nil for none (the default).
    func footerTitle(for section: SectionInfo) -> String?
}

extension CellPresenter {
    public func headerTitle(for section: SectionInfo) -> String? { section.title }
    public func footerTitle(for section: SectionInfo) -> String? { nil }
}

/// What a presenter knows of a section when it makes its header or footer.
public struct SectionInfo: Hashable, Sendable {
    /// The section's index.
    public var index: Int
    /// The provider's title for the section.
    public var title: String?
    /// The number of items in the section.
    public var itemCount: Int

    /// Creates section information.
    public init(index: Int, title: String?, itemCount: Int) {
        self.index = index
        self.title = title
        self.itemCount = itemCount
    }
}
