import ListLabCore
import ListLabRecords

extension SwiftExport {
    /// The model: a struct with a property per field Swift can type, its identity and coding keys.
    func modelSource(_ properties: [Property], skipped: [(field: String, reason: String)]) -> String {
        let model = modelName
        var out = ""
        let conformances =
            properties.contains { $0.name == "id" || $0.field == keyField }
            ? "Codable, Hashable, Identifiable, Sendable" : "Codable, Hashable, Sendable"
        out += "struct \(model): \(conformances) {\n"
        for property in properties {
            out += "    var \(property.declaration)\n"
        }
        for (field, reason) in skipped {
            out += "    // '\(Self.comment(field))' is left out: \(Self.comment(reason)).\n"
        }
        // `id` from the key, unless a field already has the name (it is then the identity).
        if let keyField, let key = properties.first(where: { $0.field == keyField }),
            !properties.contains(where: { $0.name == "id" })
        {
            out += "\n    /// The item's identity: its key, `\(Self.comment(keyField))`.\n"
            out += "    var id: \(key.type)\(key.isOptional ? "?" : "") { \(Self.escaped(key.name)) }\n"
        }
        if properties.contains(where: { $0.name != $0.field }) {
            out += "\n    enum CodingKeys: String, CodingKey {\n"
            for property in properties {
                out +=
                    property.name == property.field
                    ? "        case \(Self.escaped(property.name))\n"
                    : "        case \(Self.escaped(property.name)) = \(Self.literal(property.field))\n"
            }
            out += "    }\n"
        }
        out += "}\n"
        return out
    }
}
