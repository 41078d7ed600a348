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
        ProviderRegistration(
            "inbox", provider: { ArrayDataProvider(messages) }, presenter: { SingleKindPresenter(MessageCell.self) })
    ]
    for line in [
        "load inbox", "inspect id=m1", "update id=m1 received=2026-12-01T08:00:00Z", "inspect 0",
        "update 0 received=1795300000", "update 0 received=tomorrow",
    ] {
        session.execute(line)
    }
    #expect(output.lines.contains("  received  \"2026-11-21T22:26:40Z\"  (date)"), "\(output.lines)")
    #expect(output.lines.contains("  received  \"2026-12-01T08:00:00Z\"  (date)"), "\(output.lines)")
    let errors = output.lines.filter { $0.hasPrefix("error:") }
    #expect(
        errors == [
            "error: received: expected a date and time in ISO 8601 (2026-11-26T09:30:00Z, or with an offset: "
                + "2026-11-26T10:30:00+01:00), found int 1795300000",
            "error: received: expected a date and time in ISO 8601 (2026-11-26T09:30:00Z, or with an offset: "
                + "2026-11-26T10:30:00+01:00), found string \"tomorrow\"",
        ], "\(errors)")
    // Any ISO 8601 form of an instant is taken, kept in UTC: an offset, a fraction of any length.
    output.clear()
    for line in [
        "update 0 received=2026-12-01T10:00:00+02:00", "inspect 0", "update 0 received=2026-12-01T08:00:00.5Z",
        "inspect 0",
    ] {
        session.execute(line)
    }
    #expect(output.lines.contains("  received  \"2026-12-01T08:00:00Z\"  (date)"), "\(output.lines)")
    #expect(output.lines.contains("  received  \"2026-12-01T08:00:00.500Z\"  (date)"), "\(output.lines)")
    // A day or time that does not exist is refused, not rolled into another; so is a day without a time.
    output.clear()
    for line in [
        "update 0 received=2026-02-30T10:00:00Z", "update 0 received=2026-11-26T25:00:00Z",
        "update 0 received=2026-11-26",
    ] {
        session.execute(line)
    }
    #expect(
        output.lines.count == 3
            && output.lines.allSatisfy { $0.hasPrefix("error: received: expected a date and time in ISO 8601") },
        "\(output.lines)")
}

struct Mail: Codable, Hashable, Identifiable {
    var id: String
    var subject: String
    var unread: Bool
}

final class ReadCell: ListCell, ReusableCell {}
final class UnreadCell: ListCell, ReusableCell {}

/// Read and unread mail in cells of two kinds, as a mail app's list has them.
struct MailPresenter: CellPresenter {
    func registerCells(in list: HeadlessList) {
        list.register(ReadCell.self)
        list.register(UnreadCell.self)
    }

    func cell(for mail: Mail, at path: ItemPath, in list: HeadlessList) -> ListCell {
        let cell: ListCell =
            mail.unread
            ? list.dequeueReusableCell(UnreadCell.self, for: path) : list.dequeueReusableCell(ReadCell.self, for: path)
        cell.text = (mail.unread ? "● " : "") + mail.subject
        return cell
    }
}

@Test func anUpdateThatChangesTheCellsKindSaysANewCellWasMade() {
    let output = RecordingOutput()
    let session = Session(output: output)
    let mail = [Mail(id: "a", subject: "Hello", unread: true), Mail(id: "b", subject: "Agenda", unread: false)]
    session.registrations = [
        ProviderRegistration("mail", provider: { ArrayDataProvider(mail) }, presenter: { MailPresenter() })
    ]
    for line in ["load mail", "update id=a unread=false", "update id=a subject=Hi"] { session.execute(line) }
    #expect(
        output.lines[1]
            == "updated 0.0 (id=\"a\"): unread = false; its cell is of another kind now: new cell #3 (ReadCell) for "
            + "#1 (UnreadCell)",
        "\(output.lines)")
    #expect(
        output.lines[2] == "updated 0.0 (id=\"a\"): subject = \"Hi\"; cell #3 reconfigured in place", "\(output.lines)")
}

@Test func anUpdateThatMovesAnItemIntoANewSectionSaysWhere() {
    let output = RecordingOutput()
    let session = Session(output: output)
    // Not Identifiable: no key to find it by; found by its fields in the section it moved to.
    struct Entry: Codable, Hashable {
        var title: String
        var day: String
    }
    final class EntryCell: ListCell, ConfigurableCell {
        func configure(with entry: Entry, at path: ItemPath) { text = entry.title }
    }
    let entries = [Entry(title: "Keynote", day: "Monday"), Entry(title: "Lunch", day: "Monday")]
    session.registrations = [
        ProviderRegistration(
            "days", provider: { SectionedDataProvider(entries, groupedBy: \.day) },
            presenter: { SingleKindPresenter(EntryCell.self) })
    ]
    for line in ["load days", "update 0.1 day=Tuesday"] { session.execute(line) }
    #expect(output.lines.last?.hasPrefix("updated 0.1: day = \"Tuesday\"; moved to 1.0 (") == true, "\(output.lines)")
}
