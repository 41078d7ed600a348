import ListLabCore
import ListLabRecords

extension SwiftExport {
    /// The cells, a class per kind configured by its templates, and the presenter with its headers and footers.
    func presenterSource(_ properties: [Property]) throws(Refusal) -> String {
        let model = modelName
        let variable = Self.lowerCamel(model)
        var out = ""
        // The cells: one class per kind, configured by the kind's templates.
        out += "\n// MARK: The cells and the presenter\n"
        var cellClasses: [(kind: String, className: String)] = []
        for kind in presenter.kinds {
            let base = Self.upperCamel(kind.name)
            let className =
                base.isEmpty
                ? model + "Cell"
                : presenter.choosingField == nil && !Self.takenTypeNames.contains(base) ? base : base + "Cell"
            var unique = className
            while cellClasses.contains(where: { $0.className == unique }) || unique == model { unique += "_" }
            cellClasses.append((kind.name, unique))
            out +=
                "\n/// A `\(Self.comment(kind.name))` cell: \(Self.comment(kind.text.description))\(kind.detail.map { ", detail \(Self.comment($0.description))" } ?? "").\n"
            out += "final class \(unique): ListCell, ConfigurableCell {\n"
            if unique != kind.name {
                out += "    static var reuseIdentifier: String { \(Self.literal(kind.name)) }\n\n"
            }
            out += "    func configure(with \(variable): \(model), at path: ItemPath) {\n"
            out += "        text = \(try interpolation(of: kind.text, item: variable, properties: properties))\n"
            if let detail = kind.detail {
                out += "        detail = \(try interpolation(of: detail, item: variable, properties: properties))\n"
            }
            out += "    }\n}\n"
        }
        let headerArgument = try sectionClosure(
            "header", presenter.hidesHeaders ? nil : presenter.header, hidden: presenter.hidesHeaders)
        let footerArgument = try sectionClosure("footer", presenter.footer, hidden: false)
        let sectionArguments = [headerArgument, footerArgument].compactMap { $0 }
        let presenterType: String
        let presenterValue: String
        if let choosingField = presenter.choosingField {
            guard let property = properties.first(where: { $0.field == choosingField }) else {
                throw Refusal(
                    description: "the cell kind is chosen by '\(choosingField)', which is not a field Swift can type")
            }
            presenterType = "KindChoosingPresenter<\(model)>"
            var value = "KindChoosingPresenter<\(model)>(\n        [\n"
            for cell in cellClasses {
                value += "            CellRegistration(\(cell.className).self),\n"
            }
            value += "        ],\n        kind: { \(valueText(of: property, item: "$0")) }"
            for argument in sectionArguments { value += ",\n        " + argument }
            presenterValue = value + ")"
        } else {
            guard let cell = cellClasses.first else { throw Refusal(description: "the presenter has no cell kind") }
            presenterType = "SingleKindPresenter<\(cell.className)>"
            presenterValue =
                sectionArguments.isEmpty
                ? "SingleKindPresenter(\(cell.className).self)"
                : "SingleKindPresenter(\n        \(cell.className).self,\n        "
                    + sectionArguments.joined(separator: ",\n        ") + ")"
        }
        out +=
            "\n/// The presenter: \(presenter.choosingField.map { "a cell kind per item, named by its '\(Self.comment($0))'" } ?? "one cell kind")"
        switch (headerArgument, footerArgument) {
        case (nil, nil): out += ".\n"
        case (_?, nil): out += ", and the section headers.\n"
        case (nil, _?): out += ", and the section footers.\n"
        case (_?, _?): out += ", and the section headers and footers.\n"
        }
        out += "func make\(plural)Presenter() -> \(presenterType) {\n    \(presenterValue)\n}\n"
        return out
    }
}
