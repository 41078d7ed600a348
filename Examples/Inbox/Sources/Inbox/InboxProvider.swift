#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListDiff
public import ListLabCore

/// The inbox's provider: messages in one section per day, in the order the
/// server sends them (newest first), loaded from a ``MailboxSource``
/// asynchronously.
///
/// It keeps its messages in a `SectionedDataProvider` grouped by
/// ``Message/day``, so an edit of a message's date moves it to its day's
/// section (a day it did not have comes last, as the grouping makes it). Its rules are the app's: an id is a message's own, and a
/// message has a subject.
public final class InboxProvider: DataProvider {
    public typealias Item = Message

    private let source: any MailboxSource
    private let messages = SectionedDataProvider<Message>([], groupedBy: \.day)

    /// Creates an empty provider that loads from `source`.
    public init(source: any MailboxSource) {
        self.source = source
    }

    /// Fetches the inbox and makes it the provider's messages.
    ///
    /// - Returns: The update that takes the list from the messages before to
    ///   the new ones, computed by ListLab's sectioned diff.
    public func load() async throws(InboxLoadError) -> StagedUpdate {
        let loaded = try await fetch()
        let before = sections(messages.sections)
        messages.replaceItems(with: loaded)
        let after = sections(messages.sections)
        guard let changes = try? SectionedChangeset(from: before, to: after, identity: \.id, isContentEqual: ==) else {
            throw .unreadable("two messages share an id")
        }
        return StagedUpdate(changes, style: .reconfigure)
    }

    private func fetch() async throws(InboxLoadError) -> [Message] {
        let data: Data
        do {
            data = try await source.fetchInbox()
        } catch {
            throw .unreachable("\(error)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        do {
            return try decoder.decode([Message].self, from: data)
        } catch {
            throw .unreadable("\(error)")
        }
    }

    private func sections(_ sections: [SectionedDataProvider<Message>.Section]) -> [DiffSection<String, Message>] {
        sections.map { DiffSection(id: $0.title ?? "", items: $0.items) }
    }

    // MARK: DataProvider: what the list asks, and edits, as the grouped messages answer them.

    public var numberOfSections: Int { messages.numberOfSections }
    public func numberOfItems(inSection section: Int) -> Int { messages.numberOfItems(inSection: section) }
    public func item(at path: ItemPath) -> Message? { messages.item(at: path) }
    public func title(ofSection section: Int) -> String? { messages.title(ofSection: section) }

    public func append(_ message: Message, toSection section: Int?) throws -> BatchUpdate {
        try check(message, replacing: nil)
        return try messages.append(message, toSection: section)
    }

    public func insert(_ message: Message, at path: ItemPath) throws -> BatchUpdate {
        try check(message, replacing: nil)
        return try messages.insert(message, at: path)
    }

    public func update(_ message: Message, at path: ItemPath) throws -> BatchUpdate {
        try check(message, replacing: path)
        return try messages.update(message, at: path)
    }

    public func delete(at paths: [ItemPath]) throws -> BatchUpdate { try messages.delete(at: paths) }
    public func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate { try messages.move(from: from, to: to) }
    public func replaceItems(with items: [Message]) { messages.replaceItems(with: items) }

    /// An inbox loads asynchronously: call ``load()``.
    ///
    /// - Throws: Always, `ProviderError.loadFailed`, and changes nothing.
    public func reload() throws {
        throw ProviderError.loadFailed("the inbox loads asynchronously: call load()")
    }

    /// The inbox's rules for a new or changed message.
    private func check(_ message: Message, replacing path: ItemPath?) throws(InboxEditError) {
        if message.subject.allSatisfy(\.isWhitespace) { throw .emptySubject }
        if let other = messages.firstPath(where: { $0.id == message.id }), other != path {
            throw .duplicate(message.id)
        }
    }
}
