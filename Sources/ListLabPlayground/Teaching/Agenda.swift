import ListLabCore
import ListLabShell

/// An event of the `agenda` sample: a provider with a planted bug, for
/// `explore` (and a class) to find.
struct AgendaEvent: Codable, Hashable, Identifiable, Sendable {
    /// The event's number.
    var id: Int
    /// The day it is on, its section.
    var day: String
    /// What it is.
    var title: String
}

/// The agenda's provider: events in a section per day. Its change tracking
/// has a bug planted in it, the kind crash reports are made of: when a
/// delete takes the last event of a day, the day's section goes from the
/// data but the update names only the deleted rows, and the list refuses
/// it. It is reached only after several steps (every event of one day
/// deleted), which is what `explore` is for.
final class AgendaProvider: DataProvider {
    typealias Item = AgendaEvent

    private let events = SectionedDataProvider<AgendaEvent>(AgendaProvider.week, groupedBy: \.day)

    static let week = [
        AgendaEvent(id: 1, day: "Monday", title: "Stand-up"),
        AgendaEvent(id: 2, day: "Monday", title: "Design review"),
        AgendaEvent(id: 3, day: "Tuesday", title: "Lunch with Ada"),
        AgendaEvent(id: 4, day: "Tuesday", title: "Code review"),
        AgendaEvent(id: 5, day: "Wednesday", title: "Release"),
        AgendaEvent(id: 6, day: "Wednesday", title: "Retrospective"),
        AgendaEvent(id: 7, day: "Wednesday", title: "Drinks"),
    ]

    var numberOfSections: Int { events.numberOfSections }
    func numberOfItems(inSection section: Int) -> Int { events.numberOfItems(inSection: section) }
    func item(at path: ItemPath) -> AgendaEvent? { events.item(at: path) }
    func title(ofSection section: Int) -> String? { events.title(ofSection: section) }

    func append(_ event: AgendaEvent, toSection section: Int?) throws -> BatchUpdate {
        try checkUnique(event, replacing: nil)
        return try events.append(event, toSection: section)
    }

    func insert(_ event: AgendaEvent, at path: ItemPath) throws -> BatchUpdate {
        try checkUnique(event, replacing: nil)
        return try events.insert(event, at: path)
    }

    func update(_ event: AgendaEvent, at path: ItemPath) throws -> BatchUpdate {
        try checkUnique(event, replacing: path)
        return try events.update(event, at: path)
    }

    func delete(at paths: [ItemPath]) throws -> BatchUpdate {
        _ = try events.delete(at: paths)
        // The planted bug: the rows deleted, and not the day they emptied.
        return BatchUpdate(deletedItems: paths)
    }

    func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate { try events.move(from: from, to: to) }
    func reload() throws { events.replaceItems(with: Self.week) }
    func replaceItems(with items: [AgendaEvent]) { events.replaceItems(with: items) }

    /// An event's id is its own.
    private func checkUnique(_ event: AgendaEvent, replacing path: ItemPath?) throws(DuplicateEvent) {
        if let other = events.firstPath(where: { $0.id == event.id }), other != path {
            throw DuplicateEvent(id: event.id, path: other)
        }
    }
}

/// An edit that would give two events one id.
struct DuplicateEvent: Error, CustomStringConvertible {
    let id: Int
    let path: ItemPath
    var description: String { "an event with id \(id) is at \(path) already" }
}

/// A row of the agenda: the event's title.
final class AgendaCell: ListCell, ConfigurableCell {
    func configure(with event: AgendaEvent, at path: ItemPath) {
        text = event.title
    }
}

extension Playground {
    /// The teaching samples that are providers of ListLab's own, registered beside the data samples. Each
    /// session makes its own provider, which shares nothing with another's: a server runs their tabs at once.
    static var teachingRegistrations: [ProviderRegistration] {
        [
            ProviderRegistration(
                "agenda", summary: "a week's events by day; its provider has a bug planted for 'explore' to find",
                provider: { AgendaProvider() }, presenter: { SingleKindPresenter(AgendaCell.self) }
            ).sharingNothingBetweenSessions()
        ]
    }
}
