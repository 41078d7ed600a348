import ListLabCore

/// A provider the session has loaded, with what the session knows of it:
/// its name, how it was shaped, its key and its presenter.
final class LoadedProvider {
    /// The name `use` knows it by.
    let name: String
    /// The provider.
    let provider: AnyDataProvider<Record>
    /// How it was shaped: `array`, or `sectioned by FIELD`.
    let shape: String
    /// The field that gives items their identity, if any.
    let keyField: String?
    /// The dataset's field names, in order.
    var fieldNames: [String]
    /// The schema new records are made with.
    let schema: Record.Schema
    /// The presenter bound to it.
    var presenter: TemplatePresenter
    /// The file provider behind it, when it is one (for `save`).
    var file: FileDataProvider?
    /// Reads the records from the source again, without changing the
    /// provider (for `diff` and `reload --diff`).
    var readSource: () throws -> [Record] = { [] }
    /// While a filter is on: the filter, and every record in order.
    var filter: (field: String, value: Value, all: [Record])?

    init(
        name: String, provider: AnyDataProvider<Record>, shape: String, keyField: String?, fieldNames: [String],
        schema: Record.Schema, presenter: TemplatePresenter
    ) {
        self.schema = schema
        self.name = name
        self.provider = provider
        self.shape = shape
        self.keyField = keyField
        self.fieldNames = fieldNames
        self.presenter = presenter
    }

    /// "array provider" or "sectioned provider (by list)".
    var kindDescription: String {
        switch shape {
        case "array": "array provider"
        case "file": "file provider (\(file?.name ?? ""))"
        default: "sectioned provider (\(shape.replacingPrefix("sectioned ", with: "")))"
        }
    }

    /// Every record, in path order.
    var allPaths: [ItemPath] {
        (0..<provider.numberOfSections).flatMap { section in
            (0..<provider.numberOfItems(inSection: section)).map { ItemPath(section, $0) }
        }
    }

    /// The field the sections are grouped by, if any.
    var groupField: String? {
        shape.hasPrefix("sectioned by ") ? String(shape.dropFirst("sectioned by ".count)) : nil
    }

    /// The records as sections (a title and items), as the provider holds them.
    var currentSections: [(title: String, items: [Record])] {
        (0..<provider.numberOfSections).map { section in
            (provider.title(ofSection: section) ?? "",
             (0..<provider.numberOfItems(inSection: section)).compactMap { provider.item(at: ItemPath(section, $0)) })
        }
    }

    /// `records` as the sections this provider would make of them.
    func sections(of records: [Record]) -> [(title: String, items: [Record])] {
        guard let groupField else { return [("", records)] }
        var order: [String] = []
        var groups: [String: [Record]] = [:]
        for record in records {
            let key = record[groupField]?.description ?? ""
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(record)
        }
        return order.map { ($0, groups[$0] ?? []) }
    }

    /// Makes the provider hold `records` (in this order; grouped again when sectioned).
    func replaceRecords(with records: [Record]) {
        switch provider.base {
        case let array as ArrayDataProvider<Record>: array.replaceItems(with: records)
        case let sectioned as SectionedDataProvider<Record>: sectioned.replaceItems(with: records)
        case let file as FileDataProvider: file.replaceRecords(with: records)
        default: preconditionFailure("a provider of a kind the shell does not make")
        }
    }

    /// The path of the record whose key is `value`, other than `excluding`.
    func path(ofKey value: Value, excluding: ItemPath? = nil) -> ItemPath? {
        guard let keyField else { return nil }
        return provider.firstPath { $0[keyField] == value }.flatMap { found in
            found == excluding ? allPaths.first { $0 != excluding && provider.item(at: $0)?[keyField] == value } : found
        }
    }
}

extension String {
    func replacingPrefix(_ prefix: String, with replacement: String) -> String {
        hasPrefix(prefix) ? replacement + dropFirst(prefix.count) : self
    }
}
