// swift-format-ignore-file
// Generated from the ```swift examples in the doc comments under Sources/
// by `swift run listlab-doc-examples` (Tests/ListLabTestSupport/DocExampleFile.swift):
// do not edit; run it again after changing an example. The names the examples
// take as given are in Fixtures.swift.

#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
@testable import Interruption
@testable import LineEditing
@testable import ListDiff
@testable import ListLabCore
@testable import ListLabFiles
@testable import ListLabPictures
@testable import ListLabPlayground
@testable import ListLabServer
@testable import ListLabRecords
@testable import ListLabShell
import ListLabSnapshotTesting
import SnapshotTesting
import Testing

@Test("Sources/Interruption/Interruption.swift:12")
func interruptionExample1() throws {
    Interruption.clear()
    var total = 0
    for (index, row) in [3, 4, 5].enumerated() {
        if index % 4096 == 0 { try Interruption.check() }
        total += row
    }
    Interruption.request()      // what a SIGINT handler does
    _ = Interruption.isRequested     // true: the next check throws Interrupted
    Interruption.clear()
    _ = total
}

@Test("Sources/LineEditing/Completion.swift:4")
func completionExample1() throws {
    let completion = Completion(word: "sel", candidates: ["select"])
    _ = completion
}

// Sources/LineEditing/LineEditor.swift:16: compiled only, it reads the terminal.
func lineEditorExample1() throws {
    if let editor = LineEditor(programName: "listlab", historyFile: "/home/me/.listlab_history") {
        editor.completer = { line in Completion(word: "", candidates: []) }
        while let line = editor.readLine(prompt: "listlab> ") { print(line) }
    }
}

@Test("Sources/ListDiff/Changeset.swift:6")
func changesetExample1() throws {
    let changes = try Changeset(from: [1, 2, 3, 4, 5], to: [2, 3, 4, 5, 1])
    _ = changes.moves   // [0 -> 4]
    _ = changes
}

@Test("Sources/ListDiff/ListDiff.docc/ListDiff.md:17")
func listDiffExample1() throws {
    let changes = try Changeset(from: ["a", "b", "c"], to: ["c", "a", "b", "d"])
    _ = changes.inserts   // [3]
    _ = changes.moves   // [2 -> 0]
    _ = changes
}

@Test("Sources/ListDiff/SectionedChangeset+Matching.swift:10")
func sectionedChangeset_MatchingExample1() throws {
    // Old items a, b, c; new items c, a, d: c moved, b deleted, d inserted.
    let changes = SectionedChangeset(matching: [2, 0, -1], oldCount: 3) { _, _ in true }
    _ = changes?.deletedItems   // [0.1]
    _ = changes?.insertedItems  // [0.2]
    _ = changes?.movedItems.map { "\($0.from) → \($0.to)" }   // ["0.2 → 0.0"]
    _ = changes
}

@Test("Sources/ListDiff/SectionedChangeset.swift:50")
func sectionedChangesetExample1() throws {
    let old = [DiffSection(id: "A", items: [1, 2, 3])]
    let new = [DiffSection(id: "A", items: [3, 1, 2])]
    let changes = try SectionedChangeset(from: old, to: new, identity: { $0 }, isContentEqual: ==)
    _ = changes.movedItems.count   // 1: from 0.2 to 0.0
    _ = old
    _ = new
    _ = changes
}

@Test("Sources/ListLabCore/Adapter/ListAdapter.swift:9")
func listAdapterExample1() throws {
    let list = HeadlessList()
    let adapter = ListAdapter(provider: contacts, presenter: SingleKindPresenter(ContactCell.self))
    adapter.onSelect = { contact, path in print("selected \(path): \(contact.name)") }
    adapter.attach(to: list)
    try list.selectItem(at: ItemPath(0, 2))
    _ = list
    _ = adapter
}

@Test("Sources/ListLabCore/Diffable/BridgedIdentifier.swift:8")
func bridgedIdentifierExample1() throws {
    print(BridgedIdentifier("Ada").inSet)            // Ada
    print(BridgedIdentifier("Ada Lovelace").inSet)   // "Ada Lovelace"
    print(BridgedIdentifier(42).plain)               // 42
}

@Test("Sources/ListLabCore/Diffable/DiffableDataSource.swift:14")
func diffableDataSourceExample1() throws {
    let list = HeadlessList()
    list.register(ContactCell.self)
    let dataSource = DiffableDataSource<String, String>(list: list) { list, path, name in
        let cell = list.dequeueReusableCell(ContactCell.self, for: path)
        cell.text = name
        return cell
    }
    var snapshot = DiffableSnapshot<String, String>()
    try snapshot.appendSections(["Favourites"])
    try snapshot.appendItems(["Ada", "Grace"])
    try dataSource.apply(snapshot, animatingDifferences: true)
    _ = dataSource.itemIdentifier(for: ItemPath(0, 1))   // "Grace"
    _ = list
    _ = dataSource
    _ = snapshot
}

@Test("Sources/ListLabCore/Diffable/DiffableSectionSnapshot.swift:11")
func diffableSectionSnapshotExample1() throws {
    var outline = DiffableSectionSnapshot<String>()
    try outline.append(["Fruit", "Vegetables"])
    try outline.append(["Apple", "Pear"], to: "Fruit")
    _ = outline.visibleItems                  // ["Fruit", "Vegetables"]
    outline.expand(["Fruit"])
    _ = outline.visibleItems                  // ["Fruit", "Apple", "Pear", "Vegetables"]
    _ = outline.level(of: "Pear")             // 1
    _ = outline
}

@Test("Sources/ListLabCore/Diffable/DiffableSnapshot.swift:17")
func diffableSnapshotExample1() throws {
    var snapshot = DiffableSnapshot<String, String>()
    try snapshot.appendSections(["Favourites", "Others"])
    try snapshot.appendItems(["Ada", "Grace"], toSection: "Favourites")
    try snapshot.appendItems(["Alan"])                    // to the last section
    try snapshot.moveItem("Alan", beforeItem: "Ada")
    _ = try snapshot.itemIdentifiers(inSection: "Favourites")   // ["Alan", "Ada", "Grace"]
    _ = snapshot
}

@Test("Sources/ListLabCore/List/BatchUpdate+Paths.swift:11")
func batchUpdate_PathsExample1() throws {
    let update = BatchUpdate(deletedItems: [ItemPath(0, 1)])
    let after = try update.pathsAfter(itemCountsBefore: [4], itemCountsAfter: [3])
    _ = after(ItemPath(0, 2))   // 0.1
    _ = after(ItemPath(0, 1))   // nil: deleted
    _ = update
    _ = after
}

@Test("Sources/ListLabCore/List/BatchUpdate.swift:10")
func batchUpdateExample1() throws {
    let tabs = ArrayDataProvider([Tab.news, .contributions])
    let list = HeadlessList()
    ListAdapter(provider: tabs, presenter: SingleKindPresenter(TabCell.self)).attach(to: list)
    _ = try tabs.append(.settings, toSection: 0)   // the data changes first
    var update = BatchUpdate()
    update.insertedItems = [ItemPath(0, 2)]
    try list.performBatchUpdates(update)
    _ = tabs
    _ = list
    _ = update
}

@Test("Sources/ListLabCore/List/HeadlessList+BatchUpdates.swift:12")
func headlessList_BatchUpdatesExample1() throws {
    let tabs = ArrayDataProvider([Tab.news, .contributions])
    let list = HeadlessList()
    ListAdapter(provider: tabs, presenter: SingleKindPresenter(TabCell.self)).attach(to: list)
    let update = try tabs.append(.settings, toSection: 0)
    try list.performBatchUpdates(update)
    _ = tabs
    _ = list
    _ = update
}

@Test("Sources/ListLabCore/List/HeadlessList+BatchUpdates.swift:128")
func headlessList_BatchUpdatesExample2() throws {
    let tabs = ArrayDataProvider([Tab.news, .contributions, .settings])
    let list = HeadlessList()
    ListAdapter(provider: tabs, presenter: SingleKindPresenter(TabCell.self)).attach(to: list)
    let new: [Tab] = [.settings, .news]
    let changes = try SectionedChangeset(
        from: [DiffSection(id: 0, items: tabs.items)], to: [DiffSection(id: 0, items: new)],
        identity: { $0 }, isContentEqual: ==)
    tabs.replaceItems(with: new)
    try list.apply(StagedUpdate(changes, style: .reconfigure), reloadingDataAbove: 100)
    _ = tabs
    _ = list
    _ = new
    _ = changes
}

@Test("Sources/ListLabCore/List/HeadlessList.swift:16")
func headlessListExample1() throws {
    let list = HeadlessList(style: .table, viewportRows: 5)
    let adapter = ListAdapter(provider: contacts, presenter: SingleKindPresenter(ContactCell.self))
    adapter.attach(to: list)            // registers cells, reloads
    try list.selectItem(at: ItemPath(0, 1))
    print(list.render().joined(separator: "\n"))
    _ = list
    _ = adapter
}

@Test("Sources/ListLabCore/List/IOSVersion.swift:14")
func iOSVersionExample1() throws {
    let list = HeadlessList()
    list.iOSVersion = IOSVersion(17)
    let written = IOSVersion("16.4")  // IOSVersion(16, 4)
    _ = IOSVersion("12")                  // nil: diffable data sources start at iOS 13
    _ = list
    _ = written
}

@Test("Sources/ListLabCore/List/ListCell.swift:8")
func listCellExample1() throws {
    final class ContactCell: ListCell, ConfigurableCell {
        func configure(with contact: Contact, at path: ItemPath) {
            text = contact.name
            detail = contact.phone
        }
    }
}

@Test("Sources/ListLabCore/List/StagedUpdate.swift:22")
func stagedUpdateExample1() throws {
    let old = [DiffSection(id: "Favourites", items: [Contact(id: 1, name: "Ada"), Contact(id: 2, name: "Grace")])]
    let new = [DiffSection(id: "Favourites", items: [Contact(id: 2, name: "Grace H."), Contact(id: 1, name: "Ada")])]
    let changes = try SectionedChangeset(from: old, to: new, identity: \.id, isContentEqual: ==)
    _ = StagedUpdate(changes, style: .reconfigure).stages.count   // 2: move 0.1 -> 0.0, then reconfigure 0.0
    _ = old
    _ = new
    _ = changes
}

@Test("Sources/ListLabCore/List/UIKitCapabilities.swift:6")
func uIKitCapabilitiesExample1() throws {
    let capabilities = IOSVersion(14).capabilities
    print(capabilities.reconfigures)          // false: reconfigureRows is an unrecognized selector
    print(capabilities.sectionSnapshots)      // true
    _ = capabilities
}

@Test("Sources/ListLabCore/ListLabCore.docc/ListLabCore.md:30")
func listLabCoreExample1() throws {
    let provider = ArrayDataProvider(["News", "Contributions"])
    let list = HeadlessList(style: .table, viewportRows: 10)
    final class TitleCell: ListCell, ConfigurableCell {
        func configure(with title: String, at path: ItemPath) { text = title }
    }
    ListAdapter(provider: provider, presenter: SingleKindPresenter(TitleCell.self)).attach(to: list)
    try list.performBatchUpdates(try provider.append("Settings", toSection: nil))
    _ = list.render()   // ["   0.0  News  <TitleCell #1>", "   0.1  Contributions  <TitleCell #2>", "   0.2  Settings  <TitleCell #3>"]
    _ = provider
    _ = list
}

@Test("Sources/ListLabCore/ListLabCore.docc/TestingWithoutUIKit.md:20")
func testingWithoutUIKitExample1() throws {
    let provider = ArrayDataProvider([Contact(name: "Ada"), Contact(name: "Grace")])
    let adapter = ListAdapter(provider: provider, presenter: SingleKindPresenter(ContactCell.self))
    let list = HeadlessList(style: .table, viewportRows: 5)
    adapter.attach(to: list)
    #expect(list.render() == ["   0.0  Ada  <ContactCell #1>", "   0.1  Grace  <ContactCell #2>"])
    _ = provider
    _ = adapter
    _ = list
}

@Test("Sources/ListLabCore/ListLabCore.docc/TestingWithoutUIKit.md:46")
func testingWithoutUIKitExample2() throws {
    let provider = ArrayDataProvider([Contact(name: "Ada"), Contact(name: "Grace")])
    let list = HeadlessList()
    ListAdapter(provider: provider, presenter: SingleKindPresenter(ContactCell.self)).attach(to: list)
    _ = try provider.append(Contact(name: "Alan"), toSection: nil)
    #expect(throws: BatchUpdateError.self) {
        try list.performBatchUpdates(BatchUpdate())   // the list was not told of the insert
    }
    _ = list.statistics.refusedBatchUpdates   // 1
    _ = provider
    _ = list
}

@Test("Sources/ListLabCore/ListLabCore.docc/TestingWithoutUIKit.md:61")
func testingWithoutUIKitExample3() throws {
    let provider = ArrayDataProvider([Contact(name: "Ada"), Contact(name: "Grace")])
    let list = HeadlessList()
    ListAdapter(provider: provider, presenter: SingleKindPresenter(ContactCell.self)).attach(to: list)
    do throws(BatchUpdateError) {
        try list.performBatchUpdates(BatchUpdate(deletedItems: [ItemPath(0, 9)]))
    } catch {
        #expect(error.rule == .deleteMissingItem(ItemPath(0, 9), itemsBefore: 2))
    }
    _ = provider
    _ = list
}

@Test("Sources/ListLabCore/ListLabCore.docc/TestingWithoutUIKit.md:91")
func testingWithoutUIKitExample4() throws {
    let old = ["News", "Contributions", "Settings"]
    let new = ["Settings", "News"]
    let provider = ArrayDataProvider(old)
    let list = HeadlessList()
    final class TabCell: ListCell, ConfigurableCell {
        func configure(with tab: String, at path: ItemPath) { text = tab }
    }
    ListAdapter(provider: provider, presenter: SingleKindPresenter(TabCell.self)).attach(to: list)
    let changes = try SectionedChangeset(
        from: [DiffSection(id: 0, items: old)], to: [DiffSection(id: 0, items: new)],
        identity: { $0 }, isContentEqual: ==)
    provider.replaceItems(with: new)
    try list.apply(StagedUpdate(changes, style: .reconfigure))
    #expect(list.render(showsCells: false) == ["   0.0  Settings", "   0.1  News"])
    _ = old
    _ = new
    _ = provider
    _ = list
    _ = changes
}

@Test("Sources/ListLabCore/ListLabCore.docc/TheSplit.md:31")
func theSplitExample1() throws {
    struct Task: Hashable {
        var title: String
        var list: String
    }
    let tasks = SectionedDataProvider(
        [Task(title: "Write report", list: "Work"), Task(title: "Buy milk", list: "Home")],
        groupedBy: { $0.list })
    let update = try tasks.append(Task(title: "Call Bob", list: "Work"), toSection: nil)
    _ = update.insertedItems   // [0.1]: a grouped provider puts the task in its list's section
    _ = tasks
    _ = update
}

@Test("Sources/ListLabCore/ListLabCore.docc/TheSplit.md:57")
func theSplitExample2() throws {
    enum Row {
        case title(String)
        case count(Int)
    }
    final class TitleCell: ListCell, ConfigurableCell {
        func configure(with title: String, at path: ItemPath) { text = title }
    }
    final class CountCell: ListCell, ConfigurableCell {
        func configure(with count: Int, at path: ItemPath) { text = "\(count) items" }
    }
    let presenter = KindChoosingPresenter<Row>([
        CellRegistration(TitleCell.self) { if case .title(let title) = $0 { title } else { nil } },
        CellRegistration(CountCell.self) { if case .count(let count) = $0 { count } else { nil } },
    ])
    _ = presenter.reuseIdentifiers   // ["TitleCell", "CountCell"]
    _ = presenter
}

@Test("Sources/ListLabCore/ListLabCore.docc/TheSplit.md:81")
func theSplitExample3() throws {
    let provider = ArrayDataProvider(["News", "Contributions"])
    final class TabCell: ListCell, ConfigurableCell {
        func configure(with tab: String, at path: ItemPath) { text = tab }
    }
    let adapter = ListAdapter(provider: provider, presenter: SingleKindPresenter(TabCell.self))
    adapter.onSelect = { tab, path in print("open \(tab)") }
    let list = HeadlessList()
    adapter.attach(to: list)
    try list.performBatchUpdates(try provider.delete(at: [ItemPath(0, 0)]))
    try list.selectItem(at: ItemPath(0, 0))   // prints "open Contributions"
    _ = provider
    _ = adapter
    _ = list
}

@Test("Sources/ListLabCore/Paths/ItemPath.swift:7")
func itemPathExample1() throws {
    let path = ItemPath(section: 1, item: 4)
    print(path)                       // 1.4
    _ = ItemPath(0, 9) < ItemPath(1, 0)   // true
    _ = path
}

@Test("Sources/ListLabCore/Presenters/AnyCellPresenter.swift:4")
func anyCellPresenterExample1() throws {
    let presenter: AnyCellPresenter<Contact> = AnyCellPresenter(SingleKindPresenter(ContactCell.self))
    let adapter = ListAdapter(provider: contacts, presenter: presenter)
    _ = presenter
    _ = adapter
}

@Test("Sources/ListLabCore/Presenters/CellPresenter.swift:8")
func cellPresenterExample1() throws {
    struct TabPresenter: CellPresenter {
        func registerCells(in list: HeadlessList) { list.register(TabCell.self) }
        func cell(for tab: Tab, at path: ItemPath, in list: HeadlessList) -> ListCell {
            let cell = list.dequeueReusableCell(TabCell.self, for: path)
            cell.configure(with: tab, at: path)
            return cell
        }
    }
}

@Test("Sources/ListLabCore/Presenters/CellRegistration.swift:4")
func cellRegistrationExample1() throws {
    enum HomeRow { case topPicks([Place]), categories([String]), place(Place) }

    let topPicks = CellRegistration<HomeRow>(TopPicksCell.self) { row in
        if case .topPicks(let places) = row { places } else { nil }
    }
    _ = topPicks
}

@Test("Sources/ListLabCore/Presenters/KindChoosingPresenter.swift:14")
func kindChoosingPresenterExample1() throws {
    let presenter = KindChoosingPresenter<HomeRow>([
        CellRegistration(TopPicksCell.self) { if case .topPicks(let p) = $0 { p } else { nil } },
        CellRegistration(PlaceCell.self) { if case .place(let p) = $0 { p } else { nil } },
    ])
    _ = presenter
}

@Test("Sources/ListLabCore/Presenters/SingleKindPresenter.swift:4")
func singleKindPresenterExample1() throws {
    let presenter = SingleKindPresenter(PhotoCell.self)
    let adapter = ListAdapter(provider: photos, presenter: presenter)
    _ = presenter
    _ = adapter
}

@Test("Sources/ListLabCore/Providers/AnyDataProvider.swift:7")
func anyDataProviderExample1() throws {
    let any = AnyDataProvider(SectionedDataProvider(tasks, groupedBy: \.list))
    let adapter = ListAdapter(provider: any, presenter: presenter)
    _ = any
    _ = adapter
}

@Test("Sources/ListLabCore/Providers/ArrayDataProvider.swift:5")
func arrayDataProviderExample1() throws {
    let tabs = ArrayDataProvider([Tab.news, .contributions, .settings], title: "Tabs")
    _ = tabs.numberOfItems(inSection: 0)      // 3
    let update = try tabs.move(from: ItemPath(0, 2), to: ItemPath(0, 0))   // move 0.2 -> 0.0
    _ = tabs
    _ = update
}

@Test("Sources/ListLabCore/Providers/CompositeDataProvider.swift:6")
func compositeDataProviderExample1() throws {
    let home = CompositeDataProvider([AnyDataProvider(banner), AnyDataProvider(places)])
    _ = home.child(forSection: 1)    // (1, 0): places' section 0
    _ = home
}

@Test("Sources/ListLabCore/Providers/DataProvider.swift:14")
func dataProviderExample1() throws {
    let provider = ArrayDataProvider(["News", "Contributions"])
    let update = try provider.append("Settings", toSection: nil)
    _ = provider.item(at: ItemPath(0, 2))   // "Settings"
    _ = provider
    _ = update
}

@Test("Sources/ListLabCore/Providers/ForwardingDataProvider.swift:6")
func forwardingDataProviderExample1() throws {
    struct EmptyMessage: Error {}
    final class Inbox: ForwardingDataProvider {
        let base = SectionedDataProvider<String>([], groupedBy: { String($0.prefix(1)) })
        func append(_ item: String, toSection section: Int?) throws -> BatchUpdate {
            guard !item.isEmpty else { throw EmptyMessage() }
            return try base.append(item, toSection: section)
        }
    }
    let inbox = Inbox()
    _ = try inbox.append("Hello", toSection: nil)
    _ = inbox.numberOfItems   // 1
    _ = inbox
}

@Test("Sources/ListLabCore/Providers/PagedDataProvider.swift:6")
func pagedDataProviderExample1() throws {
    let photos = PagedDataProvider<Photo>(pageSize: 10) { page, size in try api.photos(page: page, size: size) }
    let list = HeadlessList()
    ListAdapter(provider: photos, presenter: SingleKindPresenter(PhotoCell.self)).attach(to: list)
    try list.performBatchUpdates(try photos.loadNextPage())   // inserts the first 10 photos
    _ = photos
    _ = list
}

@Test("Sources/ListLabCore/Providers/SectionedDataProvider.swift:15")
func sectionedDataProviderExample1() throws {
    let lists = SectionedDataProvider(tasks, groupedBy: { $0.list })
    _ = lists.title(ofSection: 0)     // "Work"
    _ = lists
}

@Test("Sources/ListLabCore/Providers/SectionedDataProvider.swift:256")
func sectionedDataProviderExample2() throws {
    let days = SectionedDataProvider(["Mon: talk", "Tue: lab"], groupedBy: { String($0.prefix(3)) })
    let update = try days.replaceItems(with: ["Tue: lab", "Wed: quiz"], identity: { $0 }, isContentEqual: ==)
    _ = update.stages.count   // 1: Mon deleted, Wed inserted
    _ = days
    _ = update
}

@Test("Sources/ListLabCore/Random/SeededRandom.swift:5")
func seededRandomExample1() throws {
    var random = SeededRandom(seed: 7)
    let first = random.next(upTo: 10)
    var again = SeededRandom(seed: 7)
    _ = again.next(upTo: 10) == first   // true
    _ = random
    _ = first
    _ = again
}

@Test("Sources/ListLabCore/Rules/UIKitRule.swift:10")
func uIKitRuleExample1() throws {
    let rule = UIKitRule.deleteMissingItem(ItemPath(0, 9), itemsBefore: 8)
    print(rule.reason(in: .table, on: .standard))
    // attempt to delete row 9 from section 0 which only contains 8 rows before the update
    _ = rule
}

@Test("Sources/ListLabCore/Text/UTF8Text.swift:5")
func uTF8TextExample1() throws {
    var text = UTF8Text()
    text.append("move ")
    text.append(12)
    text.append(" -> ")
    text.append(-3)
    print(text.string)   // "move 12 -> -3"
    _ = text
}

@Test("Sources/ListLabCore/Text/VisibleText.swift:11")
func visibleTextExample1() throws {
    _ = VisibleText.escaped("a\u{1B}[2Jb")   // "a\\u001b[2Jb"
}

@Test("Sources/ListLabCore/Trace/Tracer.swift:7")
func tracerExample1() throws {
    let tracer = Tracer()
    var lines: [String] = []
    tracer.sink = { lines.append($0.description) }
    let list = HeadlessList(tracer: tracer)
    _ = tracer
    _ = lines
    _ = list
}

@Test("Sources/ListLabFiles/Columns/ItemChanges.swift:12")
func itemChangesExample1() throws {
    let contacts = try FileDataProvider(path: contactsFile, name: "contacts.csv")
    switch try contacts.sort(by: "name", descending: true, identifiedBy: "id", countingAbove: 1) {
    case .changes(let changes)?: print(changes.movedItems)   // at most one move: a batch update
    case .counted(let count, _)?: print(count)               // 2: the list reloads its data instead
    case nil: print("sort the records instead")
    }
    _ = contacts
}

@Test("Sources/ListLabFiles/Columns/RadixOrder.swift:11")
func radixOrderExample1() throws {
    let keys = [3.5, -1, 0, 3.5, -0.0].map(RadixOrder.key)
    let order = try RadixOrder.stableOrder(of: keys)   // [1, 2, 4, 0, 3]
    _ = keys
    _ = order
}

@Test("Sources/ListLabFiles/Columns/ValueSort.swift:13")
func valueSortExample1() throws {
    let order = try ValueSort.order(of: [.int(3), .null, .string("a"), .int(1)], descending: false)   // [1, 3, 0, 2]
    _ = order
}

@Test("Sources/ListLabFiles/ListLabFiles.docc/AMillionRowsFromSwift.md:28")
func aMillionRowsFromSwiftExample1() throws {
    // Open a million rows.
    let path = FileManager.default.temporaryDirectory.appendingPathComponent("a-million-people.csv").path
    var rows = "id,name,score\n"
    for id in 0..<1_000_000 { rows += "\(id),person \(id),\(id * 7919 % 1000)\n" }
    try rows.write(toFile: path, atomically: true, encoding: .utf8)
    let people = try FileDataProvider(path: path, name: "people.csv")
    #expect(people.numberOfItems == 1_000_000)

    // Someone else changes the file: the first ten rows go, five scores change, three rows come.
    var changed = "id,name,score\n"
    for id in 10..<1_000_003 { changed += "\(id),person \(id),\(id < 15 ? 1_000 : id * 7919 % 1000)\n" }
    try changed.write(toFile: path, atomically: true, encoding: .utf8)

    // What a `reload --diff` would do, by the key, before anything changes; then take the new rows.
    let found = try #require(try people.changesFromFile(identifiedBy: "id"))
    guard case .changes(let changes) = found.changes, let reading = found.reading else { return }
    #expect(changes.deletedItems.count == 10 && changes.updatedItems.count == 5 && changes.insertedItems.count == 3)
    people.adoptReading(of: reading)

    // A sort moves rows and changes none; above the threshold only the fewest moves are counted.
    guard case .counted(let moves, stages: 1)? = try people.sort(by: "score", identifiedBy: "id", countingAbove: 100) else { return }
    #expect(moves > 990_000)
    #expect(people.item(at: ItemPath(0, 0))?["score"] == 0)

    // A filter, and back; while it is on, edits and saves are refused.
    let filtered = try people.filter(by: "score", equalTo: 7, identifiedBy: "id", countingAbove: 100)
    #expect(people.numberOfItems == 1_000 && filtered?.count == 998_993)
    #expect(throws: FilterIsOn.self) { try people.delete(at: [ItemPath(0, 0)]) }
    #expect(people.removeFilter(countingAbove: 100)?.count == 998_993)
    _ = path
    _ = rows
    _ = people
    _ = changed
    _ = found
    _ = filtered
}

@Test("Sources/ListLabFiles/ListLabFiles.docc/ListLabFiles.md:17")
func listLabFilesExample1() throws {
    let contacts = try FileDataProvider(path: contactsFile, name: "contacts.csv")
    let diana = try contacts.checkedItem(at: ItemPath(0, 2))
    _ = try contacts.update(diana.setting("phone", to: "555-0199"), at: ItemPath(0, 2))
    try contacts.save()   // only Diana's row is written anew
    _ = contacts
    _ = diana
}

@Test("Sources/ListLabFiles/Providers/FileDataProvider+FileChanges.swift:42")
func fileDataProvider_FileChangesExample1() throws {
    let contacts = try FileDataProvider(path: contactsFile, name: "contacts.csv")
    try "id,name,phone\n2,Clark Kent,555-0199\n4,Oliver Queen,555-0104\n".write(toFile: contacts.path, atomically: true, encoding: .utf8)
    if let found = try contacts.changesFromFile(identifiedBy: "id"), case .changes(let changes) = found.changes,
        let reading = found.reading {
        print(changes.deletedItems, changes.insertedItems)   // [0.0, 0.2] [0.1]
        print(changes.updatedItems.count)                     // 1: Clark's phone
        contacts.adoptReading(of: reading)              // now the provider holds what the file holds
    }
    _ = contacts
}

@Test("Sources/ListLabFiles/Providers/FileDataProvider+FileChanges.swift:168")
func fileDataProvider_FileChangesExample2() throws {
    let contacts = try FileDataProvider(path: contactsFile, name: "contacts.csv")
    try "id,name,phone\n1,Bruce Wayne,555-0199\n".write(toFile: contacts.path, atomically: true, encoding: .utf8)
    let reading = try FileDataProvider(path: contacts.path, name: "contacts.csv")
    let changed = contacts.changedValues(of: [(ItemPath(0, 0), ItemPath(0, 0))], in: reading)
    print(changed.first??.map(\.field) ?? [])   // ["phone"]: 555-0100 became 555-0199
    _ = contacts
    _ = reading
    _ = changed
}

@Test("Sources/ListLabFiles/Providers/FileDataProvider+Filter.swift:52")
func fileDataProvider_FilterExample1() throws {
    let contacts = try FileDataProvider(path: contactsFile, name: "contacts.csv")
    if case .changes(let changes)? = try contacts.filter(by: "id", equalTo: 2, identifiedBy: "id") {
        print(changes.deletedItems)   // [0.0, 0.2]
    }
    print(contacts.numberOfItems)      // 1
    if case .changes(let changes)? = contacts.removeFilter() {
        print(changes.insertedItems)  // [0.0, 0.2]
    }
    _ = contacts
}

@Test("Sources/ListLabFiles/Providers/FileDataProvider+Sort.swift:18")
func fileDataProvider_SortExample1() throws {
    let contacts = try FileDataProvider(path: contactsFile, name: "contacts.csv")
    if case .changes(let changes)? = try contacts.sort(by: "name", descending: true, identifiedBy: "id") {
        print(changes.movedItems.count)   // 2: only moves, as a sort keeps every item and its content
    }
    print(contacts.records.map { $0["name"] ?? .null })   // Diana Prince, Clark Kent, Bruce Wayne
    _ = contacts
}

@Test("Sources/ListLabFiles/Providers/FileDataProvider.swift:13")
func fileDataProviderExample1() throws {
    let contacts = try FileDataProvider(path: contactsFile, name: "contacts.csv")
    let diana = try contacts.checkedItem(at: ItemPath(0, 2))
    _ = try contacts.update(diana.setting("phone", to: "555-0199"), at: ItemPath(0, 2))
    try contacts.save()   // only Diana's phone is written anew
    _ = contacts
    _ = diana
}

@Test("Sources/ListLabFiles/Table/RecordTable.swift:21")
func recordTableExample1() throws {
    var table = RecordTable(fieldNames: ["id", "name"])
    table.append(Record(fields: [("id", 1), ("name", "Ada")]))
    _ = table.record(at: 0)["name"]    // "Ada"
    _ = table
}

@Test("Sources/ListLabFiles/Writing/AtomicFile.swift:29")
func atomicFileExample1() throws {
    let notes = FileManager.default.temporaryDirectory.appendingPathComponent("notes.txt").path
    try AtomicFile.write(Array("hello\n".utf8), to: notes)
    _ = notes
}

@Test("Sources/ListLabPictures/ListScreen.swift:12")
func listScreenExample1() throws {
    let list = HeadlessList(viewportRows: 2)
    ListAdapter(provider: contacts, presenter: SingleKindPresenter(ContactCell.self)).attach(to: list)
    let screen = ListScreen(list)
    _ = screen.items.map(\.text)   // ["Bruce Wayne", "Clark Kent"]
    _ = screen.rowsBelow          // 1
    _ = list
    _ = screen
}

@Test("Sources/ListLabPictures/ScreenDrawing.swift:15")
func screenDrawingExample1() throws {
    let list = HeadlessList(viewportRows: 2)
    ListAdapter(provider: contacts, presenter: SingleKindPresenter(ContactCell.self)).attach(to: list)
    let svg = ScreenDrawing(title: "contacts").document(ListScreen(list))
    _ = svg.hasPrefix("<svg")   // true
    _ = list
    _ = svg
}

@Test("Sources/ListLabPictures/ScreenTransition.swift:13")
func screenTransitionExample1() throws {
    let list = HeadlessList(viewportRows: 5)
    let provider = contacts
    ListAdapter(provider: provider, presenter: SingleKindPresenter(ContactCell.self)).attach(to: list)
    var transition: ScreenTransition?
    var before: ListScreen?
    list.addBatchUpdateObserver { event in
        if case .willPerform = event { before = ListScreen(list) }
        if case .didPerform(let update) = event, let before { transition = ScreenTransition(before: before, after: ListScreen(list), update: update) }
    }
    try list.performBatchUpdates(try provider.delete(at: [ItemPath(0, 0)]))
    _ = transition?.sprites.map(\.motion)   // [.collapses, .slides, .slides]
    _ = list
    _ = provider
    _ = transition
    _ = before
}

@Test("Sources/ListLabPictures/SequenceDiagram.swift:9")
func sequenceDiagramExample1() throws {
    let diagram = SequenceDiagram(events: [
        TraceEvent(caller: .list, callee: .adapter, call: "numberOfSections → 1", depth: 0),
        TraceEvent(caller: .adapter, callee: .provider, call: "numberOfSections → 1", depth: 1),
    ])
    _ = diagram.lifelines   // ["list", "adapter", "provider"]
    _ = diagram
}

@Test("Sources/ListLabPictures/TranscriptPage.swift:13")
func transcriptPageExample1() throws {
    let list = HeadlessList(viewportRows: 3)
    ListAdapter(provider: contacts, presenter: SingleKindPresenter(ContactCell.self)).attach(to: list)
    let step = TranscriptPage.Step(number: 1, line: 3, command: "show", output: ["..."], frames: [.screen(ListScreen(list))])
    let page = TranscriptPage(title: "Contacts", source: "contacts.lab", elements: [.paragraph("The first screen."), .step(step)])
    _ = page.html().contains("<figure")   // true
    _ = list
    _ = step
    _ = page
}

@Test("Sources/ListLabPlayground/ListLabPlayground.docc/YourOwnDataSource.md:13")
func yourOwnDataSourceExample1() throws {
    var playground = Playground(name: "tabs-lab", offersSamples: false)
    playground.register(
        "tabs", summary: "the app's tabs",
        provider: { ArrayDataProvider([Tab.news, .contributions, .settings]) },
        presenter: { SingleKindPresenter(TabCell.self) })
    _ = playground
}

@Test("Sources/ListLabPlayground/ListLabPlayground.docc/YourOwnDataSource.md:40")
func yourOwnDataSourceExample2() throws {
    let transcripts = #filePath.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/") + "/Transcripts"
    let replay = tabsPlayground().replayTranscripts([transcripts])
    #expect(replay.failed == 0, "\(replay)")   // each failure's path, line and diff
    _ = transcripts
    _ = replay
}

@Test("Sources/ListLabPlayground/Playground+Transcripts.swift:9")
func playground_TranscriptsExample1() throws {
    let replay = Playground.listlab.replayTranscripts(["Samples/tests/basics.lab"])
    _ = replay.failed   // 0; in a test: #expect(replay.failed == 0, "\(replay)")
    _ = replay
}

@Test("Sources/ListLabPlayground/Playground.swift:20")
func playgroundExample1() throws {
    var playground = Playground(name: "tabs-lab", offersSamples: false)
    playground.register(
        "tabs", summary: "the app's tabs",
        provider: { ArrayDataProvider([Tab.news, .contributions, .settings]) },
        presenter: { SingleKindPresenter(TabCell.self) })
    try DocExamplePlayground.start(playground)
    _ = playground
}

@Test("Sources/ListLabPlayground/Playground.swift:117")
func playgroundExample2() throws {
    let output = ToolOutput()
    let status = Playground.listlab.run(arguments: ["--version"], output: output)
    _ = output.standardOutput   // "0.1.0\n"
    _ = output
    _ = status
}

@Test("Sources/ListLabRecords/Providers/KeyedRecordProvider.swift:14")
func keyedRecordProviderExample1() throws {
    let schema = Record.Schema(["id", "name"])
    let people = KeyedRecordProvider(
        ArrayDataProvider([Record(schema: schema, values: [1, "Ada"])]),
        fieldNames: schema.names, keyField: "id")
    _ = try people.append(Record(schema: schema, values: [nil, "Grace"]), toSection: nil)
    _ = people.item(at: ItemPath(0, 1))?["id"]   // .int(2): the next free key
    _ = schema
    _ = people
}

@Test("Sources/ListLabRecords/Reading/JSONReader.swift:9")
func jSONReaderExample1() throws {
    var reader = JSONReader(#"{"id": 1, "tags": ["a", "b"]}"#)
    let value = try reader.readDocument()
    _ = reader
    _ = value
}

@Test("Sources/ListLabRecords/Templates/Template.swift:10")
func templateExample1() throws {
    let template = try Template("{name} — {phone}")
    _ = template.fields                 // ["name", "phone"]
    _ = template.render(diana)          // "Diana Prince — 555-0103"
    _ = template
}

@Test("Sources/ListLabRecords/Templates/Template.swift:93")
func templateExample2() throws {
    _ = Template.placeholder(for: "name")   // "{name}"
    _ = Template.placeholder(for: "}")      // "{\"}\"}"
}

@Test("Sources/ListLabRecords/Templates/TemplatePresenter.swift:8")
func templatePresenterExample1() throws {
    let contacts = TemplatePresenter(kind: "ContactCell", text: try Template("{name}"),
                                     detail: try Template("{phone}"))
    let home = TemplatePresenter(choosingBy: "type", kinds: [
        .init(name: "place", text: try Template("{name}")),
        .init(name: "category", text: try Template("{title}")),
    ])
    _ = contacts
    _ = home
}

@Test("Sources/ListLabRecords/Values/Record.swift:10")
func recordExample1() throws {
    let schema = Record.Schema(["id", "name"])
    var ada = Record(schema: schema, values: [1, "Ada"])
    _ = ada["name"]                       // .string("Ada")
    ada = ada.setting("email", to: "ada@example.com")
    _ = ada.jsonText  // {"id":1,"name":"Ada","email":"ada@example.com"}
    _ = schema
    _ = ada
}

@Test("Sources/ListLabRecords/Values/RecordDecoder.swift:19")
func recordDecoderExample1() throws {
    struct Person: Decodable {
        var id: Int
        var name: String
        var email: String?
    }
    let record = Record(fields: [("id", 1), ("name", "Ada")])
    let ada = try RecordDecoder().decode(Person.self, from: record)
    _ = ada.email   // nil
    _ = record
    _ = ada
}

@Test("Sources/ListLabRecords/Values/RecordEncoder.swift:22")
func recordEncoderExample1() throws {
    struct Person: Encodable {
        var id: Int
        var name: String
        var email: String?
    }
    let record = try RecordEncoder().encode(Person(id: 1, name: "Ada", email: nil))
    _ = record.jsonText   // {"id":1,"name":"Ada","email":null}
    _ = record
}

@Test("Sources/ListLabRecords/Values/Value.swift:9")
func valueExample1() throws {
    let score: Value = 42
    _ = score.description      // "42"
    _ = Value.string("Ada").jsonText   // "\"Ada\""
    _ = score
}

@Test("Sources/ListLabServer/ServeCommand.swift:35")
func serveCommandExample1() throws {
    var playground = Playground(name: "tabs-lab", offersSamples: false)
    playground.register(
        "tabs", summary: "the app's tabs",
        provider: { ArrayDataProvider([Tab.news, .contributions, .settings]) },
        presenter: { SingleKindPresenter(TabCell.self) })
    try DocExamplePlayground.serve(playground)
    _ = playground
}

@Test("Sources/ListLabShell/Parsing/Tokenizer.swift:8")
func tokenizerExample1() throws {
    let tokens = try Tokenizer.tokens(in: #"update 0.2 name="Diana Prince" age=30"#)
    // word "update", word "0.2", name = .string("Diana Prince"), age = .int(30)
    _ = tokens
}

@Test("Sources/ListLabShell/Registrations/ProviderRegistration.swift:16")
func providerRegistrationExample1() throws {
    let registration = ProviderRegistration(
        "tabs", summary: "the app's tabs",
        provider: { ArrayDataProvider([Tab.news, .settings]) },
        presenter: { SingleKindPresenter(TabCell.self) })
    _ = registration.name   // "tabs"
    _ = registration
}

@Test("Sources/ListLabShell/Session/CommandLineRule.swift:12")
func commandLineRuleExample1() throws {
    _ = CommandLineRule.lineBreak(in: "load contacts")      // nil
    _ = CommandLineRule.lineBreak(in: "load a\n  > quit")  // "column 7: a command is one line, and this one holds U+000A ..."
}

@Test("Sources/ListLabShell/Session/Session.swift:14")
func sessionExample1() throws {
    let output = RecordingOutput()
    let session = Session(output: output)
    session.execute("load contacts")
    session.execute("select 0.2")
    _ = output.lines   // ["loaded 8 items into an array provider (1 section)", "selected 0.2: Diana Prince"]
    _ = output
    _ = session
}

@Test("Sources/ListLabShell/Transcripts/JUnitReport.swift:12")
func jUnitReportExample1() throws {
    let xml = JUnitReport(suite: "listlab test", results: []).xml
    _ = xml.hasPrefix("<?xml")   // true
    _ = xml
}

@Test("Sources/ListLabSnapshotTesting/HeadlessListSnapshots.swift:12")
func headlessListSnapshotsExample1() throws {
    let list = HeadlessList(viewportRows: 2)
    ListAdapter(provider: contacts, presenter: SingleKindPresenter(ContactCell.self)).attach(to: list)
    assertSnapshot(of: list, as: .lines)                    // __Snapshots__/<file>/<test>.1.txt
    assertSnapshot(of: list, as: .svg(title: "contacts"))   // __Snapshots__/<file>/<test>.2.svg
    _ = list
}
