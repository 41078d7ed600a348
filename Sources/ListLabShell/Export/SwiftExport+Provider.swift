import ListLabCore
import ListLabRecords

extension SwiftExport {
    /// The provider: its items written inline, or read from the data file beside the export; its sections.
    func providerSource(_ properties: [Property]) throws(Refusal) -> String {
        let model = modelName
        var out = ""
        // The provider.
        let itemsName = itemsAreInline ? Self.lowerCamel(plural) + "Items" : "items"
        let providerType: String
        let providerValue: String
        if let groupField {
            guard let property = properties.first(where: { $0.field == groupField }) else {
                throw Refusal(
                    description: "the sections are grouped by '\(groupField)', which is not a field Swift can type")
            }
            providerType = "SectionedDataProvider<\(model)>"
            providerValue = "SectionedDataProvider(\(itemsName), groupedBy: { \(valueText(of: property, item: "$0")) })"
        } else {
            providerType = "ArrayDataProvider<\(model)>"
            providerValue = "ArrayDataProvider(\(itemsName))"
        }
        let dataFile = dataFileConstant
        let grouping =
            groupField.map { "in a section per '\(Self.comment($0))', in order of first appearance" }
            ?? "in one section"
        if itemsAreInline {
            let items = itemsName
            out += """

                // MARK: The provider

                /// \(Self.comment(dataFileName))'s \(records.count) \(records.count == 1 ? "item" : "items"), as the \
                file held them (`export swift` writes up to
                /// \(Self.inlineLimit) items here; a larger file is read from a copy beside this one).
                let \(items): [\(model)] = [

                """
            for record in records {
                out +=
                    "    \(model)(\(properties.map { "\(Self.escaped($0.name)): \(literal(of: record[$0.field], as: $0))" }.joined(separator: ", "))),\n"
            }
            out += """
                ]

                /// The provider of \(items), \(grouping).
                func make\(plural)Provider() -> \(providerType) {
                    \(providerValue)
                }

                """
        } else {
            out += """

                // MARK: The provider

                /// \(Self.comment(dataFileName))'s items, read by ListLab's file reader and decoded into `\(model)` \
                values,
                /// \(grouping).
                func make\(plural)Provider(file path: String) throws -> \(providerType) {
                    let items = try FileDataProvider(path: path, name: \(Self.literal(dataFileName))).records.map {
                        try RecordDecoder().decode(\(model).self, from: $0)
                    }
                    return \(providerValue)
                }

                /// \(Self.comment(dataFileName)), beside this file (`export swift` copied it there).
                private let \(dataFile): String = {
                    let folder = #filePath.split(separator: "/", omittingEmptySubsequences: \
                false).dropLast().joined(separator: "/")
                    return folder + \(Self.literal("/" + dataFileName))
                }()

                """
        }
        return out
    }
}
