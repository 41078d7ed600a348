import Foundation
import ListLabCore
import ListLabRecords
import Testing
@testable import ListLabShell

// A user's model with a Date: shown and typed as ISO 8601, never as seconds since 2001.

struct Message: Codable, Hashable, Identifiable {
    var id: String
    var subject: String
    var received: Date
}

final class MessageCell: ListCell, ConfigurableCell {
    func configure(with message: Message, at path: ItemPath) {
        text = message.subject
    }
}

@Test func aDateIsISO8601TextBothWays() throws {
    let noon = Date(timeIntervalSince1970: 1_795_300_000)
    let record = try RecordEncoder().encode(Message(id: "m1", subject: "Hi", received: noon))
    #expect(record["received"] == .string("2026-11-21T22:26:40Z"))
    #expect(try RecordDecoder().decode(Message.self, from: record).received == noon)
    // A fraction of a second is kept (to the millisecond).
    let later = Date(timeIntervalSince1970: 1_795_300_000.25)
    let precise = try RecordEncoder().encode(Message(id: "m1", subject: "Hi", received: later))
    #expect(precise["received"] == .string("2026-11-21T22:26:40.250Z"))
    #expect(try RecordDecoder().decode(Message.self, from: precise).received == later)
    // A number is refused: whose seconds would it count?
    let seconds = record.setting("received", to: .int(1_795_300_000))
    #expect(throws: DecodingError.self) { try RecordDecoder().decode(Message.self, from: seconds) }
}

@Test func aDateFieldIsShownAndUpdatedAsADate() {
    let output = RecordingOutput()
    let session = Session(output: output)
    let messages = [
        Message(id: "m1", subject: "Welcome", received: Date(timeIntervalSince1970: 1_795_300_000)),
        Message(id: "m2", subject: "Agenda", received: Date(timeIntervalSince1970: 1_795_303_600)),
    ]
    session.registrations = [
        ProviderRegistration("inbox", provider: { ArrayDataProvider(messages) }, presenter: { SingleKindPresenter(MessageCell.self) })
    ]
    for line in ["load inbox", "inspect id=m1", "update id=m1 received=2026-12-01T08:00:00Z", "inspect 0", "update 0 received=1795300000", "update 0 received=tomorrow"] {
        session.execute(line)
    }
    #expect(output.lines.contains("  received  \"2026-11-21T22:26:40Z\"  (string)"), "\(output.lines)")
    #expect(output.lines.contains("  received  \"2026-12-01T08:00:00Z\"  (string)"), "\(output.lines)")
    let errors = output.lines.filter { $0.hasPrefix("error:") }
    #expect(errors == [
        "error: received: expected a date in ISO 8601 (2026-11-26T09:30:00Z), found int 1795300000",
        "error: received: expected a date in ISO 8601 (2026-11-26T09:30:00Z), found string \"tomorrow\"",
    ], "\(errors)")
}
