public import ListLabCore

/// A presenter of records described by templates, as the shell's `bind`
/// makes it: one cell kind for every record, or a kind chosen by the value
/// of one field; headers and footers from templates of the section's
/// `{title}`, `{count}` and `{section}`.
///
/// ```swift
/// let contacts = TemplatePresenter(kind: "ContactCell", text: try Template("{name}"),
///                                  detail: try Template("{phone}"))
/// let home = TemplatePresenter(choosingBy: "type", kinds: [
///     .init(name: "place", text: try Template("{name}")),
///     .init(name: "category", text: try Template("{title}")),
/// ])
/// ```
public struct TemplatePresenter: CellPresenter {
    public typealias Item = Record

    /// One cell kind: its reuse identifier and templates.
    public struct Kind: Hashable, Sendable {
        /// The reuse identifier, and (when chosen by field) the field's value.
        public var name: String
        /// The cell's main text.
        public var text: Template
        /// The cell's secondary text, if any.
        public var detail: Template?

        /// Creates a kind.
        public init(name: String, text: Template, detail: Template? = nil) {
            self.name = name
            self.text = text
            self.detail = detail
        }
    }

    /// The kinds, in the order they were given.
    public let kinds: [Kind]
    /// The field whose value names an item's kind, or nil for one kind.
    public let choosingField: String?
    /// The header template, if any.
    public var header: Template?
    /// The footer template, if any.
    public var footer: Template?
    /// When true, sections have no headers, not even the provider's titles.
    public var hidesHeaders = false

    /// Creates a presenter of one kind for every record.
    public init(kind: String, text: Template, detail: Template? = nil) {
        kinds = [Kind(name: kind, text: text, detail: detail)]
        choosingField = nil
    }

    /// Creates a presenter that shows a record with the kind named by its
    /// `field`'s value.
    public init(choosingBy field: String, kinds: [Kind]) {
        self.kinds = kinds
        choosingField = field
    }

    /// The kind that shows `record`, or nil when none does.
    public func kind(for record: Record) -> Kind? {
        guard let choosingField else { return kinds.first }
        let value = record[choosingField]?.description ?? ""
        return kinds.first { $0.name == value }
    }

    /// What a row shows whose record no kind takes: `(no cell kind 'A')`.
    private func noKindText(for record: Record) -> String {
        "(no cell kind '\(choosingField.flatMap { record[$0] }?.description ?? "")')"
    }

    public func registerCells(in list: HeadlessList) {
        for kind in kinds {
            list.register(ListCell.self, forCellReuseIdentifier: kind.name)
        }
    }

    public func cell(for record: Record, at path: ItemPath, in list: HeadlessList) -> ListCell {
        guard let kind = kind(for: record) else {
            let cell = list.dequeueReusableCell(withIdentifier: HeadlessList.missingItemIdentifier, for: path)
            cell.text = noKindText(for: record)
            return cell
        }
        let cell = list.dequeueReusableCell(withIdentifier: kind.name, for: path)
        list.tracer.call(.presenter, .cell(cell.serial), "configure(with: \(traceSummary(record)), at: \(path))") {
            cell.text = kind.text.render(record)
            cell.detail = kind.detail?.render(record)
        }
        return cell
    }

    /// The text `record` would show, without a list (for listing items
    /// that have no cell).
    public func text(for record: Record) -> String {
        guard let kind = kind(for: record) else { return noKindText(for: record) }
        let detail = kind.detail?.render(record) ?? ""
        return detail.isEmpty ? kind.text.render(record) : kind.text.render(record) + " — " + detail
    }

    public func headerTitle(for section: SectionInfo) -> String? {
        guard !hidesHeaders else { return nil }
        guard let header else { return section.title }
        return header.render { Self.sectionValue($0, of: section) }
    }

    public func footerTitle(for section: SectionInfo) -> String? {
        footer?.render { Self.sectionValue($0, of: section) }
    }

    /// The names a header or footer template may use.
    public static let sectionFields = ["title", "count", "section"]

    private static func sectionValue(_ name: String, of section: SectionInfo) -> Value? {
        switch name {
        case "title": section.title.map(Value.string)
        case "count": .int(section.itemCount)
        case "section": .int(section.index)
        default: nil
        }
    }
}
