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
/// It is a ``ForwardingDataProvider`` (a ``DataProvider`` of its own, which
/// forwards what the list asks to its `base`) that keeps its entries in a
/// `SectionedDataProvider` grouped by day, so edits follow the grouping as
/// ListLab's providers do. What it adds is the load: each load replaces the
/// entries and returns the update that takes the list there (the provider's
/// `replaceItems(with:)` diffs the old sections against the new), so a
/// refresh animates instead of reloading; and its rule: an entry's id is its
/// own.
///
/// ```swift
/// let provider = ScheduleProvider(source: server)
/// ListAdapter(provider: provider, presenter: SchedulePresenter()).attach(to: list)
/// try list.apply(try await provider.load())
/// ```
public final class ScheduleProvider: ForwardingDataProvider {
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
    /// The entries, grouped by day: what the list asks is answered by them.
    public let base = SectionedDataProvider<ScheduleEntry>([], groupedBy: \.day)

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
            let update: StagedUpdate
            do {
                update = try base.replaceItems(with: loaded, identity: \.id, isContentEqual: ==)
            } catch {
                throw ScheduleLoadError.duplicateEntry(error.identity)
            }
            state = .loaded
            return update
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

    // MARK: What the schedule changes of its base's DataProvider: its rule for an edit, and its reload.

    public func append(_ item: ScheduleEntry, toSection section: Int?) throws -> BatchUpdate {
        try checkNew(item, replacing: nil)
        return try base.append(item, toSection: section)
    }
    public func insert(_ item: ScheduleEntry, at path: ItemPath) throws -> BatchUpdate {
        try checkNew(item, replacing: nil)
        return try base.insert(item, at: path)
    }
    public func update(_ item: ScheduleEntry, at path: ItemPath) throws -> BatchUpdate {
        try checkNew(item, replacing: path)
        return try base.update(item, at: path)
    }

    /// The schedule's rule for an edit: an entry's id is its own (a diff
    /// could not tell two entries with one id apart).
    private func checkNew(_ entry: ScheduleEntry, replacing path: ItemPath?) throws(ScheduleEditError) {
        if let other = base.firstPath(where: { $0.id == entry.id }), other != path {
            throw .duplicate(entry.id)
        }
    }

    /// A schedule loads asynchronously: call ``load()``.
    ///
    /// - Throws: Always, `ProviderError.loadFailed`, and changes nothing.
    public func reload() throws {
        throw ProviderError.loadFailed("the schedule loads asynchronously: call load()")
    }
}
