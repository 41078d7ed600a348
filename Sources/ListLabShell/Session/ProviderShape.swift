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

    /// The field the sections are grouped by, if any.
    var groupField: String? {
        if case .sectioned(let field) = self { return field }
        return nil
    }

    /// Whether it is a flat file provider.
    var isFile: Bool { self == .file }
}
