import ListLabRecords
import Testing

private struct Expansion: Decodable, Equatable {
    var id: Int
    var name: String
    var year: Int?
    var rating: Double
    var legal: Bool
    var code: String
}

private struct Card: Decodable, Equatable {
    struct Art: Decodable, Equatable {
        var artist: String
    }
    var tags: [String]
    var art: Art
    var scores: [Int?]
}

@Test func aRecordDecodesIntoAModelWithOptionalsForMissingAndNullFields() throws {
    let schema = Record.Schema(["id", "name", "year", "rating", "legal", "code"])
    let decoded = try RecordDecoder().decode(
        Expansion.self, from: Record(schema: schema, values: [7, "Base Set", .null, 4, true, 42]))
    // An integer decodes into a Double; a number into a String as it reads.
    #expect(decoded == Expansion(id: 7, name: "Base Set", year: nil, rating: 4.0, legal: true, code: "42"))
    let missing = try RecordDecoder().decode(
        Expansion.self,
        from: Record(fields: [("id", 8), ("name", "Jungle"), ("rating", 3.5), ("legal", false), ("code", "0042")]))
    #expect(missing.year == nil)
    #expect(missing.code == "0042")
}

@Test func nestedArraysAndObjectsDecodeIntoNestedTypes() throws {
    let record = Record(fields: [
        ("tags", .array(["rare", "holo"])),
        ("art", .object(Record(fields: [("artist", "Ken Sugimori")]))),
        ("scores", .array([3, .null])),
    ])
    let card = try RecordDecoder().decode(Card.self, from: record)
    #expect(card == Card(tags: ["rare", "holo"], art: .init(artist: "Ken Sugimori"), scores: [3, nil]))
}

@Test func aFieldOfTheWrongKindIsAnErrorThatNamesTheField() {
    let record = Record(fields: [("id", "seven"), ("name", "Base Set"), ("rating", 4), ("legal", true), ("code", "x")])
    #expect {
        try RecordDecoder().decode(Expansion.self, from: record)
    } throws: { error in
        guard case DecodingError.typeMismatch(_, let context) = error else { return false }
        return context.codingPath.map(\.stringValue) == ["id"]
            && context.debugDescription == #"expected a whole number, found string "seven""#
    }
}

@Test func aMissingRequiredFieldOrANullIsAnErrorAndAFractionIsNotAnInteger() {
    #expect {
        try RecordDecoder().decode(Expansion.self, from: Record(fields: [("id", 1)]))
    } throws: { error in
        guard case DecodingError.keyNotFound(let key, _) = error else { return false }
        return key.stringValue == "name"
    }
    let nullName = Record(fields: [("id", 1), ("name", .null), ("rating", 1), ("legal", true), ("code", "c")])
    #expect {
        try RecordDecoder().decode(Expansion.self, from: nullName)
    } throws: { error in
        guard case DecodingError.valueNotFound = error else { return false }
        return true
    }
    let fraction = Record(fields: [("id", 1.5), ("name", "a"), ("rating", 1), ("legal", true), ("code", "c")])
    #expect(throws: DecodingError.self) { try RecordDecoder().decode(Expansion.self, from: fraction) }
}
