import ListLabCore
import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

private let contactsCSV =
    "id,name,city\n1,\"Wayne, Bruce\",Gotham\n2,Clark Kent,\n3,\"Diana \"\"Wonder\"\" Prince\",Themyscira\n"
private let contactsNDJSON =
    #"{"id":1,"name":"Wayne, Bruce","city":"Gotham","tags":["bat"]}"# + "\n" + #"{"id":2,"name":"Clark Kent"}"# + "\n"
private let contactsJSON =
    "[\n" + #"{"id":1,"name":"Bruce","nested":{"a":[1,2]}}"# + ",\n" + #"{"id":2,"name":"Clark \u00e9"}"# + "\n]\n"

@Test(arguments: [("contacts.csv", contactsCSV), ("contacts.ndjson", contactsNDJSON), ("contacts.json", contactsJSON)])
func aSaveRoundTripKeepsRecordsAndFieldOrder(name: String, text: String) throws {
    let folder = try TemporaryFolder()
    try folder.write(name, text)
    let provider = try FileDataProvider(path: folder.path + "/" + name, name: name)
    let fields = provider.table.fieldNames
    // (JSON has no header: a key that no object has any more is gone after a
    // save, so the change keeps the first record, which has every key.)
    _ = try provider.update(
        try provider.checkedItem(at: ItemPath(0, 0)).setting("name", to: "Kal-El, \"Superman\""), at: ItemPath(0, 0))
    _ = try provider.append(Record(fields: [("id", 9), ("name", "Oliver\nQueen")]), toSection: nil)
    _ = try provider.delete(at: [ItemPath(0, 1)])
    let before = (0..<provider.table.count).map { provider.table.record(at: $0) }
    try provider.save()
    let again = try FileDataProvider(path: folder.path + "/" + name, name: name)
    #expect(again.table.fieldNames == fields)
    #expect((0..<again.table.count).map { again.table.record(at: $0) } == before)
}

@Test func anUnchangedSaveWritesTheSameRecordsAndAbsentKeysStayAbsent() throws {
    let folder = try TemporaryFolder()
    try folder.write("c.ndjson", contactsNDJSON)
    let provider = try FileDataProvider(path: folder.path + "/c.ndjson", name: "c.ndjson")
    try provider.save()
    #expect(folder.read("c.ndjson") == contactsNDJSON)
}

@Test func aFileChangedOnDiskIsNotOverwrittenWithoutForce() throws {
    let folder = try TemporaryFolder()
    try folder.write("c.csv", contactsCSV)
    let provider = try FileDataProvider(path: folder.path + "/c.csv", name: "c.csv")
    try folder.write("c.csv", contactsCSV + "4,Barry Allen,Central City\n")
    #expect(provider.fileChangedOnDisk)
    #expect(throws: FileError.self) { try provider.save() }
    do {
        try provider.save()
    } catch {
        #expect(
            error.description
                == "c.csv: changed on disk since it was read (its size went from 90 to 117 bytes); reload to see it, "
                + "or save --force to overwrite it"
        )
    }
    #expect(folder.read("c.csv").hasSuffix("Central City\n"))
    try provider.save(force: true)
    #expect(!folder.read("c.csv").contains("Barry"))
    #expect(!provider.fileChangedOnDisk)
    try provider.save()
}

@Test func aFailedReloadKeepsTheRecords() throws {
    let folder = try TemporaryFolder()
    try folder.write("c.csv", contactsCSV)
    let provider = try FileDataProvider(path: folder.path + "/c.csv", name: "c.csv")
    try folder.write("c.csv", "id,name\n1,\"open\n")
    #expect(throws: LoadError.self) { try provider.reload() }
    #expect(provider.table.count == 3)
    try folder.write("c.csv", "id,name\n7,New\n")
    try provider.reload()
    #expect(provider.item(at: ItemPath(0, 0))?["name"] == "New")
}

@Test func loadErrorsNameTheFile() throws {
    let folder = try TemporaryFolder()
    func failure(_ name: String) -> String {
        do {
            _ = try FileDataProvider(path: folder.path + "/" + name, name: name)
            return "no error"
        } catch {
            return error.description
        }
    }
    try FileManager.default.createDirectory(atPath: folder.path + "/dir.csv", withIntermediateDirectories: true)
    try folder.write("locked.csv", "id\n1\n")
    chmodNoAccess(folder.path + "/locked.csv")
    try folder.write("empty.json", "")
    #expect(failure("missing.csv") == "missing.csv: no such file")
    #expect(failure("dir.csv") == "dir.csv: is a folder, not a file")
    #expect(failure("empty.json") == "empty.json: empty file (expected a JSON array of objects)")
    #expect(failure("notes.txt") == "notes.txt: unknown format: name a .csv, .json or .ndjson file")
    if getuid() != 0 {  // root reads anything
        #expect(failure("locked.csv") == "locked.csv: permission denied")
    }
}

@Test func duplicateKeysAreFoundWithBothRows() throws {
    let ascending = try CSVReader.read(Array("id\n1\n2\n3\n".utf8), file: "a")
    #expect(ascending.firstDuplicate(of: "id") == nil)
    #expect(try CSVReader.read(Array("id\n3\n1\n2\n".utf8), file: "a").firstDuplicate(of: "id") == nil)
    let repeated = try CSVReader.read(Array("id\n5\n2\n9\n2\n".utf8), file: "a")
    let found = repeated.firstDuplicate(of: "id")
    #expect(found?.value == .int(2) && found?.first == 1 && found?.second == 3)
    // The first repeat in row order, not the smallest repeated key: ids close together, then far apart.
    let close = try CSVReader.read(Array("id\n5\n2\n9\n9\n2\n".utf8), file: "a").firstDuplicate(of: "id")
    #expect(close?.value == .int(9) && close?.first == 2 && close?.second == 3)
    let far = try CSVReader.read(
        Array("id\n1000000000\n5\n-7000000000\n5000\n1000000000\n-7000000000\n".utf8), file: "a"
    ).firstDuplicate(of: "id")
    #expect(far?.value == .int(1_000_000_000) && far?.first == 0 && far?.second == 4)
    let farDistinct = try CSVReader.read(Array("id\n1000000000\n5\n-7000000000\n".utf8), file: "a")
    #expect(farDistinct.firstDuplicate(of: "id") == nil)
    let text = try CSVReader.read(Array("code\nb\na\nb\n".utf8), file: "a")
    #expect(text.firstDuplicate(of: "code")?.first == 0)
    #expect(text.firstDuplicate(of: "code")?.second == 2)
}

@Test func atomicWritesKeepThePermissionsAndRefuseSpecialFiles() throws {
    let folder = try TemporaryFolder()
    try folder.write("secret.csv", "id\n1\n")
    chmod(folder.path + "/secret.csv", 0o600)
    try AtomicFile.write(Array("id\n2\n".utf8), to: folder.path + "/secret.csv")
    var status = stat()
    stat(folder.path + "/secret.csv", &status)
    #expect(status.st_mode & 0o777 == 0o600)
    #expect(folder.read("secret.csv") == "id\n2\n")
    #expect(throws: FileError.self) { try AtomicFile.write([1], to: "/dev/null") }
    #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path))?.count == 1)
}

private func chmodNoAccess(_ path: String) { chmod(path, 0) }

@Test func aKeyedFileProviderReadsItsKeysFromTheColumnFlatOrGrouped() throws {
    let folder = try TemporaryFolder()
    try folder.write("c.csv", "id,name,city\n4,Ada,Oslo\n9,Grace,Rome\n2,Alan,Oslo\n")
    let file = try FileDataProvider(path: folder.path + "/c.csv", name: "c.csv")
    #expect(file.values(ofField: "id") == [4, 9, 2])
    #expect(file.integerSummary(ofField: "id") == (9, true))
    let keyed = KeyedRecordProvider(file, fieldNames: file.table.fieldNames, keyField: "id")
    _ = try keyed.append(Record(fields: [("name", "Edsger")]), toSection: nil)
    #expect(keyed.item(at: ItemPath(0, 3))?["id"] == 10)
    // CSV has no types: "9" is the key 9.
    #expect(throws: RecordRuleError.self) { try keyed.append(Record(fields: [("id", "9")]), toSection: nil) }

    file.group(by: "city")
    keyed.baseDidChange()
    _ = try keyed.append(Record(fields: [("name", "Barbara"), ("city", "Rome")]), toSection: nil)
    // In the provider's order, section by section: Oslo (4, 2), Rome (9, 11), then the one with no city.
    #expect(keyed.values(ofField: "id") == [4, 2, 9, 11, 10])
    // A deleted item is no key any more, though its row stays until a save: 11 is free again.
    _ = try keyed.delete(at: [ItemPath(1, 1)])
    #expect(keyed.values(ofField: "id") == [4, 2, 9, 10])
    _ = try keyed.append(Record(fields: [("name", "Ken"), ("city", "Oslo")]), toSection: nil)
    #expect(keyed.item(at: ItemPath(0, 2))?["id"] == 11)
}

/// A grouped file provider holds its sections as rows of its table; it
/// makes exactly the sections, batch updates and errors that a sectioned
/// provider of the same records makes (as it did when it held records),
/// edit after random edit; and a save writes its sections' rows in order,
/// the unedited ones as the file had them.
@Test func aGroupedFileProviderEditsAsASectionedProviderOfItsRecords() throws {
    var random = SplitMix64(seed: 4_242)
    let folder = try TemporaryFolder()
    let cities: [Value] = ["Oslo", "Rome", "Lima", .null]
    for round in 0..<150 {
        let count = random.below(8)
        var csv = "id,name,city\n"
        for id in 0..<count { csv += "\(id),n\(id),\(cities[random.below(3)].description)\n" }
        let name = "g\(round).csv"
        try folder.write(name, csv)
        let file = try FileDataProvider(path: folder.path + "/" + name, name: name, groupedBy: "city")
        let records = (0..<file.table.count).map(file.table.record(at:))
        let sectioned = SectionedDataProvider(records, groupedBy: { $0["city"]?.description ?? "" })
        let schema = file.table.schema
        var next = 100
        func record() -> Record {
            next += 1
            return Record(
                schema: schema, values: [.int(next), .string("m\(next)"), cities[random.below(cities.count)]])
        }
        func path() -> ItemPath { ItemPath(random.below(4) - (random.below(9) == 0 ? 1 : 0), random.below(4)) }
        for _ in 0..<12 {
            let change: (any DataProvider<Record>) throws -> BatchUpdate
            let made = record()
            switch random.below(5) {
            case 0:
                let section = random.below(3) == 0 ? nil : random.below(4)
                change = { try $0.append(made, toSection: section) }
            case 1:
                let at = path()
                change = { try $0.insert(made, at: at) }
            case 2:
                let at = path()
                change = { try $0.update(made, at: at) }
            case 3:
                let paths = (0..<random.below(3)).map { _ in path() }
                change = { try $0.delete(at: paths) }
            default:
                let (from, to) = (path(), path())
                change = { try $0.move(from: from, to: to) }
            }
            let expected = Result { try change(sectioned) }
            let got = Result { try change(file) }
            switch (expected, got) {
            case (.success(let a), .success(let b)): #expect(a == b, "round \(round)")
            case (.failure(let a), .failure(let b)): #expect("\(a)" == "\(b)", "round \(round)")
            default: Issue.record("round \(round): \(expected) but \(got)")
            }
            #expect(file.numberOfSections == sectioned.numberOfSections)
            for section in 0..<sectioned.numberOfSections {
                #expect(file.title(ofSection: section) == sectioned.title(ofSection: section))
                #expect(
                    (0..<file.numberOfItems(inSection: section)).map { file.item(at: ItemPath(section, $0)) }
                        == (0..<sectioned.numberOfItems(inSection: section)).map {
                            sectioned.item(at: ItemPath(section, $0))
                        })
            }
        }
        try file.save()
        let saved = try FileDataProvider(path: folder.path + "/" + name, name: name, groupedBy: "city")
        #expect(saved.records == sectioned.sections.flatMap(\.items), "round \(round)")
        // The rows nobody edited keep their text.
        let savedText = folder.read(name)
        for line in csv.split(separator: "\n").dropFirst()
        where sectioned.sections.flatMap(\.items).contains(where: {
            "\($0["id"] ?? .null)" == line.split(separator: ",").first.map(String.init)
        }) {
            #expect(savedText.contains(line))
        }
    }
}

/// A save into CSV writes only what a CSV file loads back: data with a
/// field named `""` (a JSON key) or with no fields at all is refused in one
/// error and no file is written; JSON takes both.
@Test func aSaveIntoCSVRefusesFieldsACSVHeaderCannotHold() throws {
    let folder = try TemporaryFolder()
    for (file, text, reason) in [
        ("e.ndjson", "{\"\":1}\n", "has a field named \"\", which a CSV header cannot hold"),
        ("n.ndjson", "{}\n{}\n", "has no fields, and a CSV file needs a header"),
    ] {
        try folder.write(file, text)
        let provider = try FileDataProvider(path: folder.path + "/" + file, name: file)
        let target = (path: folder.path + "/out.csv", name: "out.csv")
        #expect(throws: FileError(path: "out.csv", message: "the data \(reason): save to a .json or .ndjson file")) {
            try provider.save(to: target)
        }
        #expect(!FileManager.default.fileExists(atPath: target.path))
        #expect(try provider.save(to: (folder.path + "/out.json", "out.json")) > 0)
    }
}

/// A name or a value that begins with U+FEFF is quoted in CSV: unquoted at
/// the start of the file, a reader takes it for a byte order mark.
@Test func aLeadingByteOrderMarkCharacterIsQuotedInCSV() throws {
    let folder = try TemporaryFolder()
    try folder.write("b.ndjson", "{\"\\ufeffa\":\"\\ufeffv\",\"a\":2}\n")
    let provider = try FileDataProvider(path: folder.path + "/b.ndjson", name: "b.ndjson")
    try provider.save(to: (folder.path + "/b.csv", "b.csv"))
    let again = try FileDataProvider(path: folder.path + "/b.csv", name: "b.csv")
    #expect(again.fieldNames == ["\u{FEFF}a", "a"])
    #expect(again.item(at: ItemPath(0, 0))?["\u{FEFF}a"] == .string("\u{FEFF}v"))
}
