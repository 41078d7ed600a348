import ListDiff
import ListLabCore
import ListLabShell

/// Providers of a user's own that the session fuzz target registers, so that
/// random commands meet typed items too: one whose load fails every other
/// time and whose provider refuses a repeated id, and one whose items are not
/// `Codable`.
enum FuzzRegistrations {
    struct Entry: Codable, Hashable {
        var id: Int
        var title: String
        var score: Double?
    }

    final class EntryCell: ListCell, ConfigurableCell {
        func configure(with entry: Entry, at path: ItemPath) {
            text = entry.title
            detail = entry.score.map { "\($0)" }
        }
    }

    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    /// Refuses an entry whose id another has, and fails every other load.
    final class EntryProvider: DataProvider {
        typealias Item = Entry
        private let entries = SectionedDataProvider<Entry>([], groupedBy: { $0.id % 2 == 0 ? "even" : "odd" })
        private var loads = 0

        func load() async throws -> StagedUpdate {
            loads += 1
            if loads % 2 == 0 { throw Refusal(description: "the fuzz server fails every other load") }
            entries.replaceItems(
                with: (1...(3 + loads % 4)).map {
                    Entry(id: $0, title: "entry \($0)", score: $0 == 2 ? nil : Double($0))
                })
            return StagedUpdate(SectionedChangeset(), style: .reconfigure)
        }

        private func check(_ entry: Entry, replacing path: ItemPath?) throws {
            if let other = entries.firstPath(where: { $0.id == entry.id }), other != path {
                throw Refusal(description: "entry \(entry.id) exists")
            }
        }

        var numberOfSections: Int { entries.numberOfSections }
        func numberOfItems(inSection section: Int) -> Int { entries.numberOfItems(inSection: section) }
        func item(at path: ItemPath) -> Entry? { entries.item(at: path) }
        func title(ofSection section: Int) -> String? { entries.title(ofSection: section) }
        func append(_ item: Entry, toSection section: Int?) throws -> BatchUpdate {
            try check(item, replacing: nil)
            return try entries.append(item, toSection: section)
        }
        func insert(_ item: Entry, at path: ItemPath) throws -> BatchUpdate {
            try check(item, replacing: nil)
            return try entries.insert(item, at: path)
        }
        func update(_ item: Entry, at path: ItemPath) throws -> BatchUpdate {
            try check(item, replacing: path)
            return try entries.update(item, at: path)
        }
        func delete(at paths: [ItemPath]) throws -> BatchUpdate { try entries.delete(at: paths) }
        func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate { try entries.move(from: from, to: to) }
        func reload() throws { throw Refusal(description: "load() fills this provider") }
        func replaceItems(with items: [Entry]) throws { entries.replaceItems(with: items) }
    }

    struct Mark { var symbol: Character }

    final class MarkCell: ListCell, ConfigurableCell {
        func configure(with mark: Mark, at path: ItemPath) { text = String(mark.symbol) }
    }

    static var all: [ProviderRegistration] {
        [
            ProviderRegistration(
                "entries", provider: { EntryProvider() }, presenter: { SingleKindPresenter(EntryCell.self) },
                load: { try await $0.load() }),
            ProviderRegistration(
                "marks", provider: { ArrayDataProvider([Mark(symbol: "*"), Mark(symbol: "+")]) },
                presenter: { SingleKindPresenter(MarkCell.self) }),
        ]
    }
}
