import ListLabRecords
import Testing

private struct Person: Codable, Equatable {
    var id: Int
    var name: String
    var email: String?
    var score: Double
    var tags: [String]
    var small: Int8
    var big: UInt64
}

/// An enum that writes its kind and then its payload's fields into one object, as apps often do.
private enum Entry: Codable, Equatable {
    case talk(id: String, speaker: String)
    case pause(id: String, minutes: Int)

    private enum Keys: String, CodingKey { case kind, id, speaker, minutes }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Keys.self)
        let id = try container.decode(String.self, forKey: .id)
        switch try container.decode(String.self, forKey: .kind) {
        case "talk": self = .talk(id: id, speaker: try container.decode(String.self, forKey: .speaker))
        default: self = .pause(id: id, minutes: try container.decode(Int.self, forKey: .minutes))
        }
    }

    func encode(to encoder: any Encoder) throws {
        var kind = encoder.container(keyedBy: Keys.self)
        switch self {
        case .talk(let id, let speaker):
            try kind.encode("talk", forKey: .kind)
            var fields = encoder.container(keyedBy: Keys.self)
            try fields.encode(id, forKey: .id)
            try fields.encode(speaker, forKey: .speaker)
        case .pause(let id, let minutes):
            try kind.encode("pause", forKey: .kind)
            var fields = encoder.container(keyedBy: Keys.self)
            try fields.encode(id, forKey: .id)
            try fields.encode(minutes, forKey: .minutes)
        }
    }
}

@Test func aTypedValueEncodesAsARecordInDeclarationOrderAndDecodesBack() throws {
    let ada = Person(id: 1, name: "Ada", email: nil, score: 9.5, tags: ["math"], small: -3, big: UInt64.max)
    let record = try RecordEncoder().encode(ada)
    #expect(
        record.jsonText
            == #"{"id":1,"name":"Ada","email":null,"score":9.5,"tags":["math"],"small":-3,"big":18446744073709551615}"#)
    #expect(record["big"] == .number("18446744073709551615"))
    #expect(try RecordDecoder().decode(Person.self, from: record) == ada)
    let simple = Person(id: 2, name: "Grace", email: "g@x", score: 1, tags: [], small: 0, big: 7)
    #expect(try RecordDecoder().decode(Person.self, from: try RecordEncoder().encode(simple)) == simple)
}

@Test func aKeyedContainerAskedForTwiceIsOneRecord() throws {
    let record = try RecordEncoder().encode(Entry.talk(id: "t1", speaker: "Tim"))
    #expect(record.jsonText == #"{"kind":"talk","id":"t1","speaker":"Tim"}"#)
    #expect(try RecordDecoder().decode(Entry.self, from: record) == .talk(id: "t1", speaker: "Tim"))
}

@Test func whatJSONCannotCarryIsAnError() {
    #expect(throws: EncodingError.self) {
        try RecordEncoder().encode(Person(id: 1, name: "", email: nil, score: .nan, tags: [], small: 0, big: 0))
    }
    #expect(throws: EncodingError.self) { try RecordEncoder().encode(42) }
}
