#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A message in the inbox.
///
/// It is `Identifiable`: ListLab names it by its `id` at the prompt
/// (`inspect id=m5`), and a diff matches it by its `id` across loads.
public struct Message: Codable, Hashable, Identifiable, Sendable {
    /// The message's identifier, as the mail server sends it.
    public var id: String
    /// The subject line.
    public var subject: String
    /// Who sent it.
    public var sender: String
    /// When it arrived.
    public var received: Date
    /// Whether the user has opened it.
    public var isRead: Bool

    /// Creates a message.
    public init(id: String, subject: String, sender: String, received: Date, isRead: Bool = false) {
        self.id = id
        self.subject = subject
        self.sender = sender
        self.received = received
        self.isRead = isRead
    }

    /// The day it arrived, in UTC (`2026-11-24`): the section it is listed under.
    public var day: String {
        received.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
    }
}
