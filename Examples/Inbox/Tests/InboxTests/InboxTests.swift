#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Inbox
import InboxLab
import ListLabCore
import ListLabPlayground
import Testing

/// Examples/Inbox/Transcripts, found from this file.
private let transcripts: String = {
    let package = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
    return package + "/Transcripts"
}()

/// The sessions recorded at inbox-lab's prompt replay against the app's own provider and presenter.
@Test func theInboxLabTranscriptsReplayAgainstTheAppsOwnCode() {
    let replay = inboxPlayground().replayTranscripts([transcripts])
    #expect(replay.failed == 0, "\(replay)")
    #expect(replay.passed == 4)
}

/// A source that answers with the given JSON, or fails.
struct StubMailbox: MailboxSource {
    var json: String?
    struct Down: Error {}
    func fetchInbox() async throws -> Data {
        guard let json else { throw Down() }
        return Data(json.utf8)
    }
}

private let twoDays = """
    [{"id": "a", "subject": "Late", "sender": "Ada", "received": "2026-11-24T18:00:00Z", "isRead": false},
     {"id": "b", "subject": "Early", "sender": "Tim", "received": "2026-11-24T06:00:00Z", "isRead": true},
     {"id": "c", "subject": "Before", "sender": "Grace", "received": "2026-11-23T23:59:59Z", "isRead": false}]
    """

private func inboxScreen(_ json: String?) -> (InboxProvider, HeadlessList) {
    let provider = InboxProvider(source: StubMailbox(json: json))
    let list = HeadlessList(viewportRows: 10)
    ListAdapter(provider: provider, presenter: InboxPresenter()).attach(to: list)
    return (provider, list)
}

@Test func messagesAreListedBySectionsOfTheirDayInUTCEachReadOrUnreadInItsOwnCell() async throws {
    let (provider, list) = inboxScreen(twoDays)
    try list.apply(try await provider.load())
    #expect(list.render() == [
        "== 2026-11-24 ==",
        "   0.0  ● Late — Ada, 18:00  <UnreadCell #1>",
        "   0.1  Early — Tim, 06:00  <ReadCell #2>",
        "== 2026-11-23 ==",
        "   1.0  ● Before — Grace, 23:59  <UnreadCell #3>",
    ])
}

@Test func theAppsRulesRefuseADuplicateIdAndAnEmptySubjectAndChangeNothing() async throws {
    let (provider, list) = inboxScreen(twoDays)
    try list.apply(try await provider.load())
    let before = list.render()
    let copy = Message(id: "a", subject: "Again", sender: "Tim", received: Date(timeIntervalSince1970: 0))
    #expect(throws: InboxEditError.duplicate("a")) { try provider.append(copy, toSection: nil) }
    var blank = try #require(provider.item(at: ItemPath(0, 0)))
    blank.subject = "  "
    #expect(throws: InboxEditError.emptySubject) { try provider.update(blank, at: ItemPath(0, 0)) }
    #expect(list.render() == before)
}

@Test func aNewDateMovesTheMessageToItsDaysSection() async throws {
    let (provider, list) = inboxScreen(twoDays)
    try list.apply(try await provider.load())
    var early = try #require(provider.item(at: ItemPath(0, 1)))
    early.received = Date(timeIntervalSince1970: 1_795_400_000)  // 2026-11-23T02:13:20Z
    try list.performBatchUpdates(try provider.update(early, at: ItemPath(0, 1)))
    #expect(early.day == "2026-11-23")
    #expect(list.render(showsCells: false) == [
        "== 2026-11-24 ==", "   0.0  ● Late — Ada, 18:00",
        "== 2026-11-23 ==", "   1.0  ● Before — Grace, 23:59", "   1.1  Early — Tim, 02:13",
    ])
}

@Test func aFailedOrUnreadableLoadSaysWhyAndChangesNothing() async throws {
    let (provider, list) = inboxScreen(nil)
    await #expect(throws: InboxLoadError.self) { try await provider.load() }
    #expect(provider.numberOfSections == 0)
    let (garbled, _) = inboxScreen(#"[{"id": "a", "subject": "x", "sender": "y", "received": 12, "isRead": false}]"#)
    await #expect { try await garbled.load() } throws: { error in
        guard case InboxLoadError.unreadable = error else { return false }
        return true
    }
    _ = list
}
