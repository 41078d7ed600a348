#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Inbox
public import ListLabPlayground

/// The inbox's playground: `InboxProvider` and `InboxPresenter`, the app's
/// own, registered as `inbox`, loading from a fixture mail server that
/// answers the inbox, then the same inbox with a new message and one read.
///
/// `inbox-lab` is this playground's tool; the tests replay its transcripts
/// through it.
public func inboxPlayground() -> Playground {
    var playground = Playground(name: "inbox-lab", version: "1.0.0", offersSamples: false)
    playground.register(
        "inbox", summary: "the inbox, from a fixture mail server",
        provider: { InboxProvider(source: FixtureMailServer()) },
        presenter: { InboxPresenter() },
        load: { provider in try await provider.load() })
    return playground
}

/// A mail server that answers from a script: each fetch the next answer,
/// the last one again once the script is done.
actor FixtureMailServer: MailboxSource {
    private var answers: [[FixtureMessage]] = [FixtureMailServer.morning, FixtureMailServer.later]

    func fetchInbox() async throws -> Data {
        let answer = answers.count > 1 ? answers.removeFirst() : answers[0]
        return Data(("[" + answer.map(\.json).joined(separator: ",") + "]").utf8)
    }

    /// A message as the server sends it, its date as ISO 8601 text.
    struct FixtureMessage {
        var id: String, subject: String, sender: String, received: String, isRead: Bool

        var json: String {
            #"{"id":"\#(id)","subject":"\#(subject)","sender":"\#(sender)","received":"\#(received)","isRead":\#(isRead)}"#
        }
    }

    static let morning: [FixtureMessage] = [
        FixtureMessage(id: "m1", subject: "Build failed on main", sender: "CI", received: "2026-11-24T09:30:00Z", isRead: false),
        FixtureMessage(id: "m2", subject: "Lunch?", sender: "Ada", received: "2026-11-24T08:15:00Z", isRead: true),
        FixtureMessage(id: "m3", subject: "Release notes draft", sender: "Grace", received: "2026-11-23T17:40:00Z", isRead: false),
        FixtureMessage(id: "m4", subject: "Design review moved", sender: "Alan", received: "2026-11-23T11:05:00Z", isRead: true),
        FixtureMessage(id: "m5", subject: "Welcome aboard", sender: "Katherine", received: "2026-11-22T10:00:00Z", isRead: true),
    ]

    /// A new message arrived, and the build failure was read.
    static let later: [FixtureMessage] = [
        FixtureMessage(id: "m6", subject: "Build fixed", sender: "CI", received: "2026-11-24T10:02:00Z", isRead: false),
        FixtureMessage(id: "m1", subject: "Build failed on main", sender: "CI", received: "2026-11-24T09:30:00Z", isRead: true),
        FixtureMessage(id: "m2", subject: "Lunch?", sender: "Ada", received: "2026-11-24T08:15:00Z", isRead: true),
        FixtureMessage(id: "m3", subject: "Release notes draft", sender: "Grace", received: "2026-11-23T17:40:00Z", isRead: false),
        FixtureMessage(id: "m4", subject: "Design review moved", sender: "Alan", received: "2026-11-23T11:05:00Z", isRead: true),
        FixtureMessage(id: "m5", subject: "Welcome aboard", sender: "Katherine", received: "2026-11-22T10:00:00Z", isRead: true),
    ]
}
