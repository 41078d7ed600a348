/// A presenter with several cell kinds, one chosen per item, as in
/// "Elegantly prepare data source": a home screen whose rows are top picks,
/// categories or places.
///
/// The kind is chosen in one of two ways:
/// - by the item's case: the first registration that extracts a model from
///   the item shows it (an enum whose cases carry their data);
/// - by the item's own word: `kind` names the reuse identifier (presentation
///   models that name their cell kind).
///
/// An item that no registration shows gets the list's missing-item cell,
/// which says so, rather than a crash.
///
/// ```swift
/// let presenter = KindChoosingPresenter<HomeRow>([
///     CellRegistration(TopPicksCell.self) { if case .topPicks(let p) = $0 { p } else { nil } },
///     CellRegistration(PlaceCell.self) { if case .place(let p) = $0 { p } else { nil } },
/// ])
/// ```
public struct KindChoosingPresenter<Item>: CellPresenter {
    private let registrations: [CellRegistration<Item>]
    private let kind: ((Item) -> String)?
    private let header: ((SectionInfo) -> String?)?
    private let footer: ((SectionInfo) -> String?)?

    /// Creates a presenter that shows each item with the first registration
    /// that accepts it.
    public init(
        _ registrations: [CellRegistration<Item>],
        header: ((SectionInfo) -> String?)? = nil, footer: ((SectionInfo) -> String?)? = nil
    ) {
        self.registrations = registrations
        self.kind = nil
        self.header = header
        self.footer = footer
    }

    /// Creates a presenter that shows each item with the registration whose
    /// reuse identifier `kind` names.
    public init(
        _ registrations: [CellRegistration<Item>], kind: @escaping (Item) -> String,
        header: ((SectionInfo) -> String?)? = nil, footer: ((SectionInfo) -> String?)? = nil
    ) {
        self.registrations = registrations
        self.kind = kind
        self.header = header
        self.footer = footer
    }

    /// The reuse identifiers of the kinds, in registration order.
    public var reuseIdentifiers: [String] { registrations.map(\.reuseIdentifier) }

    public func registerCells(in list: HeadlessList) {
        for registration in registrations {
            list.register(registration.cellClass, forCellReuseIdentifier: registration.reuseIdentifier)
        }
    }

    public func cell(for item: Item, at path: ItemPath, in list: HeadlessList) -> ListCell {
        guard let registration = registration(for: item) else {
            let cell = list.dequeueReusableCell(withIdentifier: HeadlessList.missingItemIdentifier, for: path)
            cell.text = "(no cell kind for this item)"
            return cell
        }
        let cell = list.dequeueReusableCell(withIdentifier: registration.reuseIdentifier, for: path)
        list.tracer.call(.presenter, .cell(cell.serial), "configure(with: \(traceSummary(item)), at: \(path))") {
            registration.configure(cell, item, path)
        }
        return cell
    }

    private func registration(for item: Item) -> CellRegistration<Item>? {
        if let kind {
            let identifier = kind(item)
            return registrations.first { $0.reuseIdentifier == identifier && $0.accepts(item) }
        }
        return registrations.first { $0.accepts(item) }
    }

    public func headerTitle(for section: SectionInfo) -> String? {
        header.map { $0(section) } ?? section.title
    }

    public func footerTitle(for section: SectionInfo) -> String? {
        footer?(section)
    }
}
