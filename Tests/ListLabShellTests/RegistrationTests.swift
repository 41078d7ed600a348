import ListDiff
import ListLabCore
import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabShell

// A user's own typed provider and presenter, registered and driven at the prompt.

struct Talk: Codable, Hashable, Identifiable {
    var id: String
    var title: String
    var minutes: Int
}

final class TalkCell: ListCell, ConfigurableCell {
    func configure(with talk: Talk, at path: ItemPath) {
        text = talk.title
        detail = "\(talk.minutes) min"
    }
}

/// A provider with a rule of its own: ids are unique, said in its own words.
final class TalkProvider: DataProvider {
    typealias Item = Talk
    private let talks = ArrayDataProvider<Talk>([])
    let server: Server

    struct Refusal: Error, CustomStringConvertible {
        var description: String
    }

    init(server: Server) {
        self.server = server
    }

    /// Fills the provider from `source`, as a server would, and returns the update.
    func load() async throws -> StagedUpdate {
        if server.failures > 0 {
            server.failures -= 1
            throw Refusal(description: "the server is unreachable")
        }
        let source = server.source
        let old = talks.items
        let changes = try SectionedChangeset(
            from: [DiffSection(id: 0, items: old)], to: [DiffSection(id: 0, items: source)],
            identity: { (talk: Talk) in talk.id }, isContentEqual: ==)
        talks.replaceItems(with: source)
        return StagedUpdate(changes, style: .reconfigure)
    }

    private func checkUnique(_ talk: Talk, except path: ItemPath?) throws {
        if let other = talks.firstPath(where: { $0.id == talk.id }), other != path {
            throw Refusal(description: "the talk \(talk.id) is on the schedule already")
        }
    }

    var numberOfSections: Int { talks.numberOfSections }
    func numberOfItems(inSection section: Int) -> Int { talks.numberOfItems(inSection: section) }
    func item(at path: ItemPath) -> Talk? { talks.item(at: path) }
    func title(ofSection section: Int) -> String? { nil }
    func append(_ item: Talk, toSection section: Int?) throws -> BatchUpdate {
        try checkUnique(item, except: nil)
        return try talks.append(item, toSection: section)
    }
    func insert(_ item: Talk, at path: ItemPath) throws -> BatchUpdate {
        try checkUnique(item, except: nil)
        return try talks.insert(item, at: path)
    }
    func update(_ item: Talk, at path: ItemPath) throws -> BatchUpdate {
        try checkUnique(item, except: path)
        return try talks.update(item, at: path)
    }
    func delete(at paths: [ItemPath]) throws -> BatchUpdate { try talks.delete(at: paths) }
    func move(from: ItemPath, to: ItemPath) throws -> BatchUpdate { try talks.move(from: from, to: to) }
    func reload() throws { throw Refusal(description: "call load()") }
    func replaceItems(with items: [Talk]) throws { talks.replaceItems(with: items) }
}

/// An item that is not Codable: only what reads works.
struct Sticker: CustomStringConvertible {
    var emoji: String
    var description: String { "Sticker(\(emoji))" }
}

final class StickerCell: ListCell, ConfigurableCell {
    func configure(with sticker: Sticker, at path: ItemPath) { text = sticker.emoji }
}

let schedule = [Talk(id: "t1", title: "Keynote", minutes: 45), Talk(id: "t2", title: "Diffing", minutes: 30)]

/// What the talks load from: it can change, and fail, between loads.
final class Server {
    var source: [Talk]
    var failures: Int
    init(source: [Talk], failures: Int) {
        self.source = source
        self.failures = failures
    }
}

/// A session with the talks (whose server can be changed and made to fail) and the stickers registered.
func registeredSession(source: [Talk] = schedule, failures: Int = 0) -> (Session, RecordingOutput, Server) {
    let output = RecordingOutput()
    let session = Session(output: output)
    let server = Server(source: source, failures: failures)
    session.registrations = [
        ProviderRegistration(
            "talks", summary: "the conference's talks",
            provider: { TalkProvider(server: server) },
            presenter: { SingleKindPresenter(TalkCell.self) },
            load: { try await $0.load() }),
        ProviderRegistration(
            "stickers", provider: { ArrayDataProvider([Sticker(emoji: "🙂"), Sticker(emoji: "🎉")]) },
            presenter: { SingleKindPresenter(StickerCell.self) }),
    ]
    return (session, output, server)
}

@Test func aRegisteredProviderIsShownThroughItsOwnPresenterAndCells() {
    let (session, output, _) = registeredSession()
    for line in ["load talks", "show", "select 1", "trace on", "scroll top", "stats"] { session.execute(line) }
    #expect(
        Array(output.lines.prefix(5)) == [
            "loaded 2 items into TalkProvider (1 section), shown by SingleKindPresenter<TalkCell>",
            "   0.0  Keynote — 45 min  <TalkCell #1>",
            "   0.1  Diffing — 30 min  <TalkCell #2>",
            "selected 0.1: Diffing",
            "trace on",
        ])
    #expect(
        output.lines.contains("provider TalkProvider: 2 items in 1 section")
            || output.lines.contains { $0.hasPrefix("provider talks:") })
}

@Test func recordCommandsReadAndWriteTypedItemsThroughTheirProvider() {
    let (session, output, _) = registeredSession()
    let lines = [
        "load talks", "inspect 0", "fields", "update 1 minutes=35", "update 1 minutes=abc", "update 0 id=t2",
        "append id=t3 title=Outlines minutes=20", "append id=t3 title=Again minutes=1", "update 0 speaker=Tim",
        "delete 0", "show",
    ]
    for line in lines { session.execute(line) }
    #expect(output.lines.contains("  id       \"t1\"  (string)"))
    #expect(output.lines.contains("  minutes  int 2"))
    #expect(output.lines.contains("updated 0.1: minutes = 35; cell #2 reconfigured in place"))
    #expect(output.lines.contains(#"error: minutes: expected a whole number, found string "abc""#))
    #expect(output.lines.contains("error: the talk t2 is on the schedule already"))
    #expect(output.lines.contains("appended 0.2: Outlines"))
    #expect(output.lines.contains("error: the talk t3 is on the schedule already"))
    #expect(output.lines.contains("error: column 10: no field 'speaker' in talks (fields: id, title, minutes)"))
    #expect(
        output.lines.suffix(2) == [
            "   0.0  Diffing — 35 min  <TalkCell #2>", "   0.1  Outlines — 20 min  <TalkCell #3>",
        ])
}

@Test func aLoadThatFailsSaysSoInTheProvidersWordsAndWhatWasShownStays() {
    let (session, output, server) = registeredSession(failures: 1)
    session.execute("load talks")
    #expect(output.lines == ["error: talks: TalkProvider failed to load: the server is unreachable"])
    session.execute("load talks")
    #expect(output.lines.last == "loaded 2 items into TalkProvider (1 section), shown by SingleKindPresenter<TalkCell>")
    server.source = [
        Talk(id: "t2", title: "Diffing at scale", minutes: 30), Talk(id: "t1", title: "Keynote", minutes: 45),
    ]
    server.failures = 1
    output.clear()
    session.execute("reload --diff")
    session.execute("show")
    #expect(
        output.lines == [
            "error: talks: TalkProvider failed to load: the server is unreachable",
            "   0.0  Keynote — 45 min  <TalkCell #1>",
            "   0.1  Diffing — 30 min  <TalkCell #2>",
        ])
    output.clear()
    session.execute("diff")
    session.execute("reload --diff")
    #expect(
        output.lines == [
            "a reload of talks would make 2 changes in 2 stages", "  move 0.1 -> 0.0", "  reconfigure 0.0",
            "reloaded talks from its source: 2 changes in 2 stages", "  move 0.1 -> 0.0", "  reconfigure 0.0",
        ])
}

@Test func anItemThatIsNotCodableIsReadButNotWritten() {
    let (session, output, _) = registeredSession()
    for line in [
        "load stickers", "show", "inspect 1", "update 0 emoji=x", "delete 0", "save", "bind \"{x}\"", "export swift",
        "reload --force",
    ] {
        session.execute(line)
    }
    #expect(
        output.lines == [
            "loaded 2 items into ArrayDataProvider<Sticker> (1 section), shown by SingleKindPresenter<StickerCell>",
            "   0.0  🙂  <StickerCell #1>",
            "   0.1  🎉  <StickerCell #2>",
            "0.1",
            "  description  \"Sticker(🎉)\"  (string)",
            "error: update needs Sticker to be Codable",
            "deleted 0.0: 🙂",
            "error: save writes a file provider back to its file; stickers is ArrayDataProvider<Sticker>, shown by "
                + "SingleKindPresenter<StickerCell>",
            "error: bind binds ListLab's template presenters to its datasets; stickers is ArrayDataProvider<Sticker>, "
                + "shown by SingleKindPresenter<StickerCell>",
            "error: export swift writes ListLab's datasets as Swift, and this one is Swift already; stickers is "
                + "ArrayDataProvider<Sticker>, shown by SingleKindPresenter<StickerCell>",
            "error: this provider has no source to reload from",
        ])
}

struct Reading: Codable {
    var id: Int
    var value: Double
}

final class ReadingCell: ListCell, ConfigurableCell {
    func configure(with reading: Reading, at path: ItemPath) { text = "\(reading.value)" }
}

@Test func anItemThatCannotBeEncodedIsOneErrorLine() {
    let output = RecordingOutput()
    let session = Session(output: output)
    session.registrations = [
        ProviderRegistration(
            "readings", provider: { ArrayDataProvider([Reading(id: 1, value: 2.5), Reading(id: 2, value: .nan)]) },
            presenter: { SingleKindPresenter(ReadingCell.self) })
    ]
    for line in ["load readings", "inspect 0", "inspect 1", "help load"] { session.execute(line) }
    #expect(output.lines.contains("error: value: nan is not a number JSON can carry"))
    #expect(output.lines.contains("  value  2.5  (double)"))
    #expect(output.lines.contains("  Registered with this playground: readings (ArrayDataProvider<Reading>)."))
}

@Test func showAllAndOffScreenItemsReadAsTheirCellsWouldShowThem() {
    let talks = (0..<30).map { Talk(id: "t\($0)", title: "Talk \($0)", minutes: $0) }
    let (session, output, _) = registeredSession(source: talks)
    for line in ["load talks", "show --all"] { session.execute(line) }
    let all = Array(output.lines.suffix(30))
    #expect(
        all.first == "   0.0  Talk 0 — 0 min" && all.last == "   0.29  Talk 29 — 29 min",
        "\(all.prefix(2)) ... \(all.suffix(1))")
    #expect(!all.contains { $0.contains("Talk(") }, "no Swift description")
    // An item off screen, deleted: named as its cell would show it; the list's own cells are untouched.
    let created = session.list.statistics.cellsCreated
    session.execute("delete 25")
    #expect(output.lines.last?.hasPrefix("deleted 0.25: Talk 25") == true, "\(output.lines.last ?? "")")
    session.execute("show 0.20-0.21")
    #expect(
        output.lines.suffix(2) == [
            "   0.20  Talk 20 — 20 min  (off screen: no cell)", "   0.21  Talk 21 — 21 min  (off screen: no cell)",
        ], "\(output.lines.suffix(2))")
    #expect(session.list.statistics.cellsCreated == created)
}

/// Under a diffable data source an identifier's item is read back as the user's type for its
/// text (each outline line read the item at 0.0 before); `bind like` checks the item types as
/// the compiler would.
@Test func aRegisteredProvidersIdentifiersReadAsTheirOwnItemsAndBindLikeChecksTheTypes() {
    let talks = (0..<3).map { Talk(id: "t\($0)", title: "Talk \($0)", minutes: $0) }
    let (session, output, _) = registeredSession(source: talks)
    for line in ["load talks", "load talks name more", "use talks", "diffable on", "outline"] { session.execute(line) }
    #expect(
        output.lines.suffix(3) == [#"  "t0"  Talk 0"#, #"  "t1"  Talk 1"#, #"  "t2"  Talk 2"#],
        "\(output.lines.suffix(3))")
    session.execute("diffable off")
    session.execute("bind like more")
    #expect(
        output.lines.last
            == "bound the presenter of 'more' to 'talks' (both Item = Talk, shown by SingleKindPresenter<TalkCell>)")
    session.execute("load contacts")
    session.execute("use talks")
    session.execute("bind like contacts")
    #expect(
        output.lines.last?.hasPrefix(
            "error: cannot join 'talks' (Item = Talk) with the presenter of 'contacts' (Item = Record{id, name")
            == true, "\(output.lines.last ?? "")")
}

@Test func identifiableItemsAreNamedByTheirIdAndARegistrationMayNameAnotherKey() {
    let (session, output, _) = registeredSession()
    for line in ["load talks", "inspect id=t2", "select id=t2", "update id=t1 minutes=50"] { session.execute(line) }
    #expect(output.lines.contains("  id       \"t2\"  (string)"), "\(output.lines)")
    #expect(output.lines.contains("selected 0.1: Diffing"))
    #expect(output.lines.contains { $0.hasPrefix("updated 0.0 (id=\"t1\"): minutes = 50") }, "\(output.lines)")
    #expect(session.errorCount == 0)
    // Another key, named by the registration; one that is not a field is said at the load.
    let said = RecordingOutput()
    let titled = Session(output: said)
    let server = Server(source: schedule, failures: 0)
    titled.registrations = [
        ProviderRegistration(
            "talks", provider: { TalkProvider(server: server) }, presenter: { SingleKindPresenter(TalkCell.self) },
            load: { try await $0.load() }, key: "title"),
        ProviderRegistration(
            "wrong", provider: { ArrayDataProvider(schedule) }, presenter: { SingleKindPresenter(TalkCell.self) },
            key: "speaker"),
    ]
    titled.execute("load talks")
    titled.execute("select title=Diffing")
    #expect(said.lines.last == "selected 0.1: Diffing")
    titled.execute("load wrong")
    #expect(said.lines.last == "error: wrong: its key 'speaker' is not a field of Talk (fields: id, title, minutes)")
    // Items that are not Identifiable have no key unless one is named.
    let (plain, plainOutput, _) = registeredSession()
    plain.execute("load stickers")
    plain.execute("inspect id=x")
    #expect(plainOutput.lines.last?.hasPrefix("error:") == true)
}

@Test func aPlaygroundWithoutSamplesSpeaksOfItsOwnProviders() throws {
    let (session, output, _) = registeredSession()
    session.offersSamples = false
    session.toolName = "inbox-lab"
    #expect(session.prompt == "inbox-lab> ")
    for line in ["providers", "show", "help load"] { session.execute(line) }
    #expect(output.lines[0] == "no providers loaded: try 'load talks'")
    #expect(output.lines[1] == "error: no provider is loaded: try 'load talks'")
    let examples = output.lines.filter { $0.hasPrefix("  example: ") }
    #expect(examples.first == "  example: load talks" && examples.contains("  example: load stickers"), "\(examples)")
    #expect(
        !examples.contains { $0.contains("contacts") || $0.contains("photos") || $0.contains("tasks") }, "\(examples)")
    #expect(examples.contains("  example: load people.csv"))
    // With the samples, as listlab has them.
    let plain = Session(output: RecordingOutput())
    let load = try #require(Command.command(named: "load"))
    #expect(plain.prompt == "listlab> " && plain.commandContext.examples(of: load).first == "load contacts")
}

/// A visit on a day: sectioned by its day by the user's own provider.
private struct Visit: Codable, Hashable, Identifiable {
    var id: String
    var day: String
}

private final class VisitCell: ListCell, ConfigurableCell {
    func configure(with visit: Visit, at path: ItemPath) { text = visit.id }
}

/// A diffable data source keeps a registered provider's own sections, named by their titles (it
/// put every item in one `main` section), and a trace names an Identifiable item by its id.
@Test func aDiffableDataSourceKeepsARegisteredProvidersSections() {
    let output = RecordingOutput()
    let session = Session(output: output)
    let visits = [Visit(id: "v1", day: "Mon"), Visit(id: "v2", day: "Tue"), Visit(id: "v3", day: "Mon")]
    session.registrations = [
        ProviderRegistration(
            "visits", provider: { SectionedDataProvider(visits, groupedBy: \.day) },
            presenter: { SingleKindPresenter(VisitCell.self) })
    ]
    for line in ["load visits", "diffable on", "snapshot"] { session.execute(line) }
    #expect(output.lines.contains("applied with reloadData: 2 sections, 3 items"), "\(output.lines)")
    #expect(
        output.lines.suffix(3) == [#"  Mon: "v1", "v3""#, #"  Tue: "v2""#, "pending: the same"],
        "\(output.lines.suffix(3))")
    session.execute("show")
    #expect(output.lines.contains("== Tue =="))
    session.execute("outline")
    #expect(output.lines.last == "error: an outline is one section of items, and visits is grouped into sections")
    session.execute("diffable off")
    session.execute("trace on")
    session.execute("select 0.0")
    #expect(output.lines.contains { $0.contains(#"item(at: 0.0) → Visit(id: "v1")"#) }, "\(output.lines.suffix(6))")
}

/// `session save` says which files the session wrote in the transcript's folder: a replay finds
/// them there, and a command that writes one again without --force fails.
@Test func sessionSaveNamesTheFilesTheSessionWroteBesideTheTranscript() throws {
    let folder = try TemporaryFolder()
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    for line in ["load contacts", "show --svg a.svg", "session save s.lab"] { session.execute(line) }
    #expect(
        output.lines.last?.hasPrefix("note: this session wrote a.svg in the transcript's folder") == true,
        "\(output.lines.last ?? "")")
    output.clear()
    try folder.write("other/x.txt", "")
    session.execute("session save other/s.lab")
    #expect(output.lines.first == "saved 2 commands to other/s.lab", "\(output.lines)")
    #expect(!output.lines.contains { $0.hasPrefix("note:") })
}
