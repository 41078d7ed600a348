import ListLabCore
import ListLabFiles
import ListLabRecords

/// How the session shaped a dataset into a provider (`load ... as SHAPE`).
enum ProviderShape: Hashable {
    /// One section: an array provider.
    case array
    /// Sections grouped by a field: a sectioned provider, or a file provider
    /// grouped by it (which `save` writes back).
    case sectioned(by: String)
    /// A file provider, flat.
    case file
    /// A paged provider: pages of `size`; page `failing` (from 1) fails to load.
    case paged(size: Int, failing: Int?)
    /// A composite of other loaded providers' sections.
    case composite
    /// A provider of the user's own, registered with the playground
    /// (``ProviderRegistration``), shown by the user's presenter.
    case registered
    /// Rows given as their texts (`rows`).
    case rows

    /// The field the sections are grouped by, if any.
    var groupField: String? {
        if case .sectioned(let field) = self { return field }
        return nil
    }

    /// Whether it is a flat file provider.
    var isFile: Bool { self == .file }
}

/// What kind of provider a loaded one is, with what each kind holds (its
/// file, its pages, its children, the user's registration): a state that
/// cannot happen, a composite with a file, cannot be written.
enum ProviderSource {
    /// An array provider.
    case array
    /// A sectioned provider of records grouped by a field.
    case sectioned(by: String)
    /// A file provider, flat or grouped by a field, which `save` writes back.
    case file(FileDataProvider, groupedBy: String?)
    /// A paged provider: pages of `size` (page `failing`, from 1, fails
    /// once) from `source`.
    case paged(PagedDataProvider<Record>, size: Int, failing: Int?, source: PagedRecordSource)
    /// A composite of other loaded providers' sections.
    case composite(CompositeDataProvider<Record>, children: [LoadedProvider])
    /// A provider of the user's own, registered with the playground.
    case registered(ProviderRegistration, any RegisteredInstance)
    /// Rows given as their texts, in sections (`rows`).
    case rows(SectionedDataProvider<Record>)

    /// How it was shaped, as `load` names the shapes.
    var shape: ProviderShape {
        switch self {
        case .array: .array
        case .sectioned(let field): .sectioned(by: field)
        case .file(_, let field): field.map { .sectioned(by: $0) } ?? .file
        case .paged(_, let size, let failing, _): .paged(size: size, failing: failing)
        case .composite: .composite
        case .registered: .registered
        case .rows: .rows
        }
    }
}
