#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where the inbox comes from: a mail server in the app, a script in the tests.
public protocol MailboxSource: Sendable {
    /// The inbox as JSON: an array of messages, newest first, each `received`
    /// an ISO 8601 date (`"2026-11-24T09:30:00Z"`).
    func fetchInbox() async throws -> Data
}

/// Why a load failed.
public enum InboxLoadError: Error, Equatable, CustomStringConvertible {
    /// The server did not answer; its words.
    case unreachable(String)
    /// The server answered with something that is not an inbox.
    case unreadable(String)

    public var description: String {
        switch self {
        case .unreachable(let reason): "the inbox could not be fetched: \(reason)"
        case .unreadable(let reason): "the inbox could not be read: \(reason)"
        }
    }
}

/// Why the inbox refused an edit: the app's own rules.
public enum InboxEditError: Error, Equatable, CustomStringConvertible {
    /// Another message has this id.
    case duplicate(String)
    /// A message must have a subject.
    case emptySubject

    public var description: String {
        switch self {
        case .duplicate(let id): "the inbox has a message '\(id)' already"
        case .emptySubject: "a message needs a subject"
        }
    }
}
