/// A talk on a conference's schedule.
public struct Talk: Codable, Hashable, Sendable {
    /// The talk's stable identifier, as the server sends it.
    public var id: String
    /// The talk's title.
    public var title: String
    /// Who gives it.
    public var speaker: String
    /// The day it is on, as the schedule names it ("Monday").
    public var day: String

    /// Creates a talk.
    public init(id: String, title: String, speaker: String, day: String) {
        self.id = id
        self.title = title
        self.speaker = speaker
        self.day = day
    }
}

/// A break between talks: lunch, coffee.
public struct Break: Codable, Hashable, Sendable {
    /// The break's stable identifier.
    public var id: String
    /// What the break is ("Lunch").
    public var title: String
    /// How long it lasts.
    public var minutes: Int
    /// The day it is on.
    public var day: String

    /// Creates a break.
    public init(id: String, title: String, minutes: Int, day: String) {
        self.id = id
        self.title = title
        self.minutes = minutes
        self.day = day
    }
}

/// One row of the schedule: a talk or a break, each shown by its own cell kind.
///
/// In JSON, an entry is an object whose `kind` says which:
/// `{"kind": "talk", "id": "t1", "title": "...", "speaker": "...", "day": "Monday"}`.
public enum ScheduleEntry: Codable, Hashable, Sendable {
    case talk(Talk)
    case `break`(Break)

    /// The entry's identity: the same talk keeps it when its title changes.
    public var id: String {
        switch self {
        case .talk(let talk): talk.id
        case .break(let pause): pause.id
        }
    }

    /// The day the entry is on: the section it belongs to.
    public var day: String {
        switch self {
        case .talk(let talk): talk.day
        case .break(let pause): pause.day
        }
    }

    private enum CodingKeys: String, CodingKey { case kind }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        switch try container.decode(String.self, forKey: .kind) {
        case "talk": self = .talk(try Talk(from: decoder))
        case "break": self = .break(try Break(from: decoder))
        case let other:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown kind '\(other)' (talk or break)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        switch self {
        case .talk(let talk):
            try container.encode("talk", forKey: .kind)
            try talk.encode(to: encoder)
        case .break(let pause):
            try container.encode("break", forKey: .kind)
            try pause.encode(to: encoder)
        }
    }
}
