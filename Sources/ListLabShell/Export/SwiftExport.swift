package import ListLabCore
package import ListLabRecords

/// Swift source that recreates an experiment with the library's types
/// (`export swift`): a model struct from the data's fields, a cell class per
/// cell kind from the bound templates, the provider with its sectioning, the
/// presenter with its headers, the adapter wiring, and a Swift Testing test
/// that loads the same data file and checks the first screen.
///
/// The file is meant for a test target that depends on ListLabCore,
/// ListLabRecords and ListLabFiles (as `Examples/Exported` does); the model,
/// cells and presenter move into the app's module as they are.
package struct SwiftExport {
    /// The dataset's name at the prompt (`contacts`).
    var datasetName: String
    /// The data file's name (`contacts.csv`).
    var dataFileName: String
    /// The records, as the file holds them.
    var records: [Record]
    /// The dataset's fields, in order.
    var fieldNames: [String]
    /// The field that identifies an item, if any.
    var keyField: String?
    /// The field the sections are grouped by, if any.
    var groupField: String?
    /// The bound presenter.
    var presenter: TemplatePresenter
    /// The list's style and height.
    var style: ListStyle
    var viewportRows: Int
    /// What a fresh list of these records shows: the test's expectation.
    var expectedLines: [String]

    /// An export of `records`; see the properties for what each part is.
    package init(
        datasetName: String, dataFileName: String, records: [Record], fieldNames: [String], keyField: String?,
        groupField: String?, presenter: TemplatePresenter, style: ListStyle, viewportRows: Int, expectedLines: [String]
    ) {
        self.datasetName = datasetName
        self.dataFileName = dataFileName
        self.records = records
        self.fieldNames = fieldNames
        self.keyField = keyField
        self.groupField = groupField
        self.presenter = presenter
        self.style = style
        self.viewportRows = viewportRows
        self.expectedLines = expectedLines
    }

    /// A field of the model: its property name and Swift type.
    struct Property: Equatable {
        var field: String
        var name: String
        var type: String
        var isOptional: Bool
        /// `name: Type?`, the name in backticks when it is a keyword.
        var declaration: String { "\(SwiftExport.escaped(name)): \(type)\(isOptional ? "?" : "")" }
    }

    /// Up to this many items are written into the file, so that it needs
    /// nothing beside it; a larger dataset is read from a copy of its file,
    /// which `export swift FILE` writes beside the exported file.
    package static let inlineLimit = 100

    /// Whether the items are written into the file (else read from a copy
    /// of the data file beside it).
    package var itemsAreInline: Bool { records.count <= Self.inlineLimit }

    /// Why the data cannot be exported.
    package struct Refusal: Error, CustomStringConvertible {
        package var description: String
    }

    /// The model's type name: the dataset's name in the singular, in UpperCamelCase
    /// (`contacts` → `Contact`), with `Item` after a name the standard library or
    /// ListLab already takes (`tasks` → `TaskItem`).
    package var modelName: String {
        var name = Self.upperCamel(datasetName)
        if name.hasSuffix("ies"), name.count > 3 {
            name = String(name.dropLast(3)) + "y"
        } else if name.hasSuffix("sses") || name.hasSuffix("ches") || name.hasSuffix("shes") || name.hasSuffix("xes") {
            name = String(name.dropLast(2))
        } else if name.hasSuffix("s"), !name.hasSuffix("ss"), name.count > 1 {
            name = String(name.dropLast())
        }
        // No word, or one that may not start a name (`2024` → `_2024`): `Item2024`.
        if name.isEmpty || name.first == "_" { name = "Item" + name.drop { $0 == "_" } }
        return Self.takenTypeNames.contains(name) ? name + "Item" : name
    }

    /// Names a model must not take: they would shadow a type the file uses.
    static let takenTypeNames: Set<String> = [
        "Any", "Array", "Bool", "Character", "Codable", "Data", "Date", "Decodable", "Dictionary", "Double",
        "Encodable",
        "Error", "Float", "Hashable", "Identifiable", "Int", "Item", "ItemPath", "Never", "Optional", "Record",
        "Result",
        "Section", "Self", "Sendable", "Set", "String", "Task", "Template", "Test", "Type", "URL", "Value", "Void",
        // The library's types that the file names.
        "ArrayDataProvider", "CellRegistration", "ConfigurableCell", "FileDataProvider", "HeadlessList",
        "KindChoosingPresenter",
        "ListAdapter", "ListCell", "ListLabCore", "ListLabFiles", "ListLabRecords", "RecordDecoder",
        "SectionedDataProvider",
        "SingleKindPresenter", "Testing",
    ]

    /// The model's properties, one per field whose values Swift can type.
    func properties() -> (properties: [Property], skipped: [(field: String, reason: String)]) {
        var properties: [Property] = []
        var skipped: [(String, String)] = []
        var usedNames: Set<String> = []
        for field in fieldNames {
            var kinds: Set<String> = []
            var isOptional = false
            for record in records {
                switch record[field] {
                case nil, .null?: isOptional = true
                case .bool?: kinds.insert("Bool")
                case .int?: kinds.insert("Int")
                case .double?, .number?: kinds.insert("Double")
                case .string?: kinds.insert("String")
                case .array?, .object?: kinds.insert("nested")
                }
            }
            let type: String
            switch kinds {
            case ["Bool"]: type = "Bool"
            case ["Int"]: type = "Int"
            case ["Double"], ["Int", "Double"]: type = "Double"
            case []: type = "String"
            case _ where kinds.contains("nested"):
                skipped.append((field, "its values are nested arrays or objects: give it a Codable type of its own"))
                continue
            default: type = "String"  // mixed kinds: RecordDecoder reads numbers and booleans as text
            }
            var name = Self.lowerCamel(field)
            // `item.self` is the item and `item.Type` its type, even in backticks: such a field takes another name.
            if Self.memberNamesTaken.contains(name) { name += "_" }
            while usedNames.contains(name) { name += "_" }
            usedNames.insert(name)
            properties.append(Property(field: field, name: name, type: type, isOptional: isOptional || kinds.isEmpty))
        }
        return (properties, skipped)
    }

    /// The exported file's text.
    package func source() throws(Refusal) -> String {
        let (properties, skipped) = properties()
        let data =
            itemsAreInline
            ? """
            // that checks what the list shows first. Its items are written below, so the
            // file needs nothing beside it: put it in a test target that depends on
            // ListLab's ListLabCore. The model, cells and presenter move into your app's
            // module as they are.
            """
            : """
            // that checks what the list shows first. It reads \(Self.comment(dataFileName)), which must be
            // beside it: put both in a test target that depends on ListLab's ListLabCore,
            // ListLabRecords and ListLabFiles. The model, cells and presenter move into
            // your app's module as they are.
            """
        var out = """
            // Exported by ListLab (`export swift`) from the dataset '\(Self.comment(datasetName))' \
            (\(Self.comment(dataFileName))):
            // the model, its cells and presenter, the provider and the adapter, and a test
            \(data)

            import ListLabCore\(itemsAreInline ? "" : "\nimport ListLabFiles\nimport ListLabRecords")
            import Testing

            // MARK: The model

            /// One item of \(Self.comment(dataFileName)), with a property per field.

            """
        out += modelSource(properties, skipped: skipped)
        out += try presenterSource(properties)
        out += try providerSource(properties)
        out += testSource()
        return out
    }

    /// The stem of the exported names: `Contacts` in `makeContactsProvider()`.
    var plural: String { Self.upperCamel(datasetName) }

    /// The name of the constant holding the data file's path, beside the exported file.
    var dataFileConstant: String { Self.lowerCamel(plural) + "DataFile" }

    var styleCode: String {
        switch style {
        case .table: ".table"
        case .collection(let columns): ".collection(columns: \(columns))"
        }
    }

    /// `value` as a Swift literal of `property`'s type, as `RecordDecoder`
    /// would decode it: `nil` for none, text for a String property whatever
    /// the value's kind, a number Swift's literal cannot hold as the double
    /// it reads as.
    func literal(of value: Value?, as property: Property) -> String {
        switch value {
        case nil, .null?: return "nil"
        case let value?:
            switch property.type {
            case "String": return Self.literal(value.description)
            case "Bool": return value == .bool(true) ? "true" : "false"
            case "Int":
                if case .int(let number) = value { return String(number) }
                return "0"
            default:
                switch value {
                case .int(let number): return String(number)
                case .double(let number): return Self.doubleLiteral(number)
                case .number(let text): return Self.doubleLiteral(Double(text) ?? 0)
                default: return "0"
                }
            }
        }
    }

    /// A double as a Swift literal (`.infinity` for one past the largest).
    private static func doubleLiteral(_ number: Double) -> String {
        if number.isNaN { return ".nan" }
        if number.isInfinite { return number < 0 ? "-.infinity" : ".infinity" }
        return String(number)
    }

    /// `item.name`, as the text a template shows for it (nothing for nil).
    func valueText(of property: Property, item: String) -> String {
        let access = "\(item).\(Self.escaped(property.name))"
        switch (property.type, property.isOptional) {
        case ("String", false): return access
        case ("String", true): return "\(access) ?? \"\""
        case (_, false): return "String(\(access))"
        case (_, true): return "\(access).map { String($0) } ?? \"\""
        }
    }

    /// A template as a Swift string literal with interpolations.
    func interpolation(of template: Template, item: String, properties: [Property]) throws(Refusal) -> String {
        // One text field alone is the property itself.
        if case .field(let field)? = template.parts.first, template.parts.count == 1,
            let property = properties.first(where: { $0.field == field }), property.type == "String"
        {
            return valueText(of: property, item: item)
        }
        var literal = "\""
        for part in template.parts {
            switch part {
            case .text(let text): literal += Self.escapedForLiteral(text)
            case .field(let field):
                guard let property = properties.first(where: { $0.field == field }) else {
                    // A template may name a field no record has: it shows as nothing.
                    guard !fieldNames.contains(field) else {
                        throw Refusal(
                            description:
                                "the template \(template) shows '\(field)', which is not a field Swift can type")
                    }
                    continue
                }
                let access = "\(item).\(Self.escaped(property.name))"
                literal += property.isOptional ? "\\(\(access).map { \"\\($0)\" } ?? \"\")" : "\\(\(access))"
            }
        }
        return literal + "\""
    }

    /// `header: { section in ... }` for a section template, or nil for the default.
    func sectionClosure(_ label: String, _ template: Template?, hidden: Bool) throws(Refusal) -> String? {
        if hidden { return "\(label): { _ in nil }" }
        guard let template else { return nil }
        var literal = "\""
        for part in template.parts {
            switch part {
            case .text(let text): literal += Self.escapedForLiteral(text)
            case .field("title"): literal += "\\(section.title ?? \"\")"
            case .field("count"): literal += "\\(section.itemCount)"
            case .field("section"): literal += "\\(section.index)"
            case .field: break  // any other name shows as nothing
            }
        }
        return "\(label): { section in \(literal)\" }"
    }

    // MARK: Names and literals

    /// `first name` → `FirstName`: the words of `text` (runs of letters and
    /// digits that Swift takes in a name) capitalized and joined, with `_`
    /// before a first character that may not start a name (`2nd` → `_2nd`);
    /// empty when `text` has no such word.
    static func upperCamel(_ text: String) -> String {
        let words = text.split { !isNameCharacter($0) }
        return startingAsAName(words.map { $0.prefix(1).uppercased() + $0.dropFirst() }.joined())
    }

    /// `first name` → `firstName`; `ID` → `id`; `2nd` → `_2nd`; `field` when
    /// `text` has no word Swift can take.
    static func lowerCamel(_ text: String) -> String {
        let upper = upperCamel(text).drop { $0 == "_" }
        guard let first = upper.first else { return upperCamel(text).isEmpty ? "field" : upperCamel(text) }
        let leadingCapitals = upper.prefix { $0.isUppercase }.count
        var name: String
        if leadingCapitals == upper.count {
            name = upper.lowercased()
        } else if leadingCapitals > 1 {
            // `URLPath` → `urlPath`.
            name = upper.prefix(leadingCapitals - 1).lowercased() + upper.dropFirst(leadingCapitals - 1)
        } else {
            name = first.lowercased() + upper.dropFirst()
        }
        return startingAsAName(name)
    }

    /// `name` with `_` before it when its first character may not start a Swift name.
    private static func startingAsAName(_ name: String) -> String {
        guard let first = name.unicodeScalars.first, !isNameHead(first) else { return name }
        return "_" + name
    }

    /// Whether `character` is a letter or digit whose every scalar Swift
    /// takes inside a name (The Swift Programming Language, "Identifiers").
    private static func isNameCharacter(_ character: Character) -> Bool {
        (character.isLetter || character.isNumber)
            && character.unicodeScalars.allSatisfy { isNameHead($0) || isNameContinuation($0) }
    }

    /// Whether a Swift name may start with `scalar` (the grammar's identifier-head,
    /// without the bidirectional and invisible characters it also allows).
    private static func isNameHead(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x41...0x5A, 0x61...0x7A, 0x5F, 0xA8, 0xAA, 0xAD, 0xAF, 0xB2...0xB5, 0xB7...0xBA, 0xBC...0xBE, 0xC0...0xD6,
            0xD8...0xF6, 0xF8...0xFF, 0x100...0x2FF, 0x370...0x167F, 0x1681...0x180D, 0x180F...0x1DBF, 0x1E00...0x1FFF,
            0x2070...0x20CF, 0x2100...0x218F, 0x2460...0x24FF, 0x2776...0x2793, 0x2C00...0x2DFF, 0x2E80...0x2FFF,
            0x3004...0x3007, 0x3021...0x302F, 0x3031...0x303F, 0x3040...0xD7FF, 0xF900...0xFD3D, 0xFD40...0xFDCF,
            0xFDF0...0xFE1F, 0xFE30...0xFE44, 0xFE47...0xFFFC, 0x10000...0x1FFFD, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            true
        default:
            false
        }
    }

    /// Whether `scalar` may follow the first character of a Swift name
    /// (digits and combining marks, beside every name head).
    private static func isNameContinuation(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x30...0x39, 0x300...0x36F, 0x1DC0...0x1DFF, 0x20D0...0x20FF, 0xFE20...0xFE2F: true
        default: false
        }
    }

    /// Names a property must not take, backticks or not: after a dot they
    /// mean the value itself, its type, or an initializer.
    static let memberNamesTaken: Set<String> = ["self", "Self", "Type", "Protocol", "init", "deinit", "subscript"]

    /// Swift's keywords, which a name takes in backticks.
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "protocol", "public", "rethrows", "static", "struct",
        "subscript", "typealias", "var", "break", "case", "continue", "default", "defer", "do", "else", "fallthrough",
        "for", "guard", "if", "in", "repeat", "return", "switch", "where", "while", "as", "catch", "false", "is", "nil",
        "super", "self", "Self", "throw", "throws", "true", "try", "Any", "Type",
    ]

    /// `name`, in backticks when it is a keyword.
    static func escaped(_ name: String) -> String { keywords.contains(name) ? "`\(name)`" : name }

    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String { "\"" + escapedForLiteral(text) + "\"" }

    /// `text` escaped for the inside of a Swift string literal: quotes and
    /// backslashes, and every character that ``VisibleText`` escapes (line
    /// breaks, controls, bidirectional overrides, which could make the code
    /// read otherwise than it compiles) as `\u{...}`.
    static func escapedForLiteral(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where VisibleText.mustEscape(scalar): out += "\\u{\(String(scalar.value, radix: 16))}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// `text` (a name or value from the data) made safe for a `//` or `///`
    /// comment: a line break would end the comment and put the rest on a code
    /// line, so it and every other control or bidirectional character is
    /// written as its escape (``VisibleText``).
    static func comment(_ text: String) -> String {
        VisibleText.escaped(text)
    }
}
