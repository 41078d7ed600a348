#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListDiff
public import ListLabCore

/// The schedule's provider: entries in one section per day, loaded from a
/// ``ScheduleSource`` asynchronously, and a load can fail.
///
/// It is a ``DataProvider`` of its own (what the list asks of it) that keeps
/// its entries in a `SectionedDataProvider` grouped by day, so edits follow
/// the grouping as ListLab's providers do. What it adds is the load: each
/// load diffs the new schedule against the one shown and returns the update
/// that takes the list there, so a refresh animates instead of reloading.
///
/// ```swift
/// let provider = ScheduleProvider(source: server)
/// ListAdapter(provider: provider, presenter: SchedulePresenter()).attach(to: list)
/// try list.apply(try await provider.load())
/// ```
public final class ScheduleProvider: DataProvider {
    public typealias Item = ScheduleEntry

    /// Where the provider stands: what a screen shows besides the list
    /// (a spinner, an error with a retry button).
    public enum State: Equatable, Sendable {
        /// Nothing loaded yet.
        case empty
        /// The last load succeeded.
        case loaded
        /// The last load failed; the entries are those of the load before it.
        case failed(ScheduleLoadError)
    }

    private let source: any ScheduleSource
    private let entries = SectionedDataProvider<ScheduleEntry>([], groupedBy: \.day)

    /// Where the provider stands.
    public private(set) var state = State.empty

    /// Creates an empty provider that loads from `source`.
    public init(source: any ScheduleSource) {
        self.source = source
    }

    /// Fetches the schedule and makes it the provider's entries.
    ///
    /// - Returns: The update from the entries before to the new ones, in
    ///   UIKit's stages: deletes, inserts and moves, then a reconfigure of
    ///   each entry whose content changed. Apply it to the list.
    /// - Throws: ``ScheduleLoadError``; the entries are then as they were,
    ///   and ``state`` says why.
    public func load() async throws(ScheduleLoadError) -> StagedUpdate {
        do throws(ScheduleLoadError) {
            let loaded = try await fetch()
            let changes: SectionedChangeset
            do {
                changes = try SectionedChangeset(
                    from: Self.sections(of: entries.sections), to: Self.sections(of: Self.grouped(loaded)),
                    identity: \.id, isContentEqual: ==)
            } catch {
                throw ScheduleLoadError.duplicateEntry(error.identity)
            }
            entries.replaceItems(with: loaded)
            state = .loaded
            return StagedUpdate(changes, style: .reconfigure)
        } catch {
            state = .failed(error)
            throw error
        }
    }

    private func fetch() async throws(ScheduleLoadError) -> [ScheduleEntry] {
        let data: Data
        do {
            data = try await source.fetchSchedule()
        } catch {
            throw .unreachable("\(error)")
        }
        do {
            return try JSONDecoder().decode([ScheduleEntry].self, from: data)
        } catch {
            throw .unreadable("\(error)")
        }
    }

    /// The sections a list of entries makes: the days, in order of first appearance.
    private static func grouped(_ entries: [ScheduleEntry]) -> [SectionedDataProvider<ScheduleEntry>.Section] {
        SectionedDataProvider(entries, groupedBy: \.day).sections
    }

    private static func sections(of sections: [SectionedDataProvider<ScheduleEntry>.Section]) -> [DiffSection<String, ScheduleEntry>] {
        sections.map { DiffSection(id: $0.title ?? "", items: $0.items) }
    }

    // MARK: DataProvider: what the list asks, and edits, as the grouped entries answer them.

    public var numberOfSections: Int { entries.numberOfSections }
    public func numberOfItems(inSection section: Int) -> Int { entries.numberOfItems(inSection: section) }
    public func item(at path: ItemPath) -> ScheduleEntry? { entries.item(at: path) }
    public func title(ofSection section: Int) -> String? { entries.title(ofSection: section) }
    public func append(_ item: ScheduleEntry, toSection section: Int?) throws -> BatchUpdate {
        try checkNew(item, replacing: nil)
        return try entries.append(item, toSection: section)
    }
    public func insert(_ item: ScheduleEntry, at path: ItemPath) throws -> BatchUpdate {
        try checkNew(item, replacing: nil)
        return try entries.insert(item, at: path)
    }
    public func update(_ item: ScheduleEntry, at path: ItemPath) throws -> BatchUpdate {
        try checkNew(item, replacing: path)
        return try entries.update(item, at: path)
    }

    /// The schedule's rule for an edit: an entry's id is its own (a diff
    /// could not tell two entries with one id apart).
    private func checkNew(_ entry: ScheduleEntry, replacing path: ItemPath?) throws(ScheduleEditError) {
        if let other = entries.firstPath(where: { $0.id == entry.id }), other != path {
            throw .duplicate(entry.id)
        }
    }
    public func delete(at paths: [ItemPath]) throws -> BatchUpdate { try entries.delete(at: paths) }
    public func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate { try entries.move(from: from, to: to) }
    public func replaceItems(with items: [ScheduleEntry]) { entries.replaceItems(with: items) }

    /// A schedule loads asynchronously: call ``load()``.
    ///
    /// - Throws: Always, `ProviderError.loadFailed`, and changes nothing.
    public func reload() throws {
        throw ProviderError.loadFailed("the schedule loads asynchronously: call load()")
    }
}
