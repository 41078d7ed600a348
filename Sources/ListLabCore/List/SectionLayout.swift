/// What the list caches about one section, and where its rows fall.
///
/// A section takes a row for its header (when it has one), one row per
/// `columns` items, and a row for its footer.
struct SectionLayout: Hashable {
    var itemCount: Int
    var headerTitle: String?
    var footerTitle: String?
    /// The index of the section's first row in the whole list.
    var firstRow = 0
    /// The rows the section takes.
    var rowCount = 0

    /// The rows its items take.
    func itemRowCount(columns: Int) -> Int { (itemCount + columns - 1) / columns }

    /// The row just after the section.
    var endRow: Int { firstRow + rowCount }

    /// The row of the section's first item.
    var firstItemRow: Int { firstRow + (headerTitle == nil ? 0 : 1) }

    /// Sets every section's `firstRow` and `rowCount`.
    ///
    /// - Complexity: O(*s*) for *s* sections.
    static func placeRows(_ sections: inout [SectionLayout], columns: Int) {
        var row = 0
        for index in sections.indices {
            sections[index].firstRow = row
            sections[index].rowCount =
                (sections[index].headerTitle == nil ? 0 : 1)
                + sections[index].itemRowCount(columns: columns)
                + (sections[index].footerTitle == nil ? 0 : 1)
            row += sections[index].rowCount
        }
    }
}

/// One visible row of a ``HeadlessList``.
public enum ListRow: Hashable, Sendable {
    /// A section's header.
    case header(section: Int, title: String)
    /// One row of items: one item in a table, up to `columns` in a collection.
    case items([ItemPath])
    /// A section's footer.
    case footer(section: Int, title: String)
}
