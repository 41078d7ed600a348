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
