import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabShell

@Test func diffPreviewsAReloadWithoutApplyingIt() {
    let changed = ["load contacts", "delete 2", #"update 0 name="Bruce W""#, "move 0.0 0.3"]
    #expect(
        last(changed + ["diff"]) == [
            "a reload of contacts would make 3 changes in 2 stages", "  insert 0.2; move 0.3 -> 0.0",
            #"  reconfigure 0.0  name: "Bruce W" → "Bruce Wayne""#,
        ])
    #expect(last(changed + ["diff", "show 0.3"]) == ["   0.3  Bruce W — 555-0101  <ContactCell #1>"])
    #expect(last(["load contacts", "diff"]) == ["a reload of contacts would change nothing"])
}

/// A stage of content changes names each item once, with what changed in it (it was named
/// twice: the stage, then the item with its fields).
@Test func aStageOfContentChangesNamesEachItemOnceWithItsFields() {
    let edited = ["load contacts", #"update 0 name="Bruce W""#, #"update 1 phone="555-0199""#, "move 0.2 0.3"]
    #expect(
        last(edited + ["diff"]) == [
            "a reload of contacts would make 3 changes in 2 stages", "  move 0.3 -> 0.2",
            #"  reconfigure 0.0  name: "Bruce W" → "Bruce Wayne""#,
            #"  reconfigure 0.1  phone: "555-0199" → "555-0102""#,
        ])
    // With reloads for updates, the same, in UIKit's other word.
    #expect(
        last(["set updates reload"] + edited + ["reload --diff --force"]).suffix(2) == [
            #"  reload 0.0  name: "Bruce W" → "Bruce Wayne""#, #"  reload 0.1  phone: "555-0199" → "555-0102""#,
        ])
}

@Test func reloadWithDiffAppliesTheStagesAndKeepsCells() {
    let changed = ["load contacts", "delete 2", #"update 0 name="Bruce W""#, "move 0.0 0.3", "reload --diff --force"]
    #expect(
        last(changed) == [
            "reloaded contacts from its source: 3 changes in 2 stages", "  insert 0.2; move 0.3 -> 0.0",
            #"  reconfigure 0.0  name: "Bruce W" → "Bruce Wayne""#,
        ])
    // Bruce's cell moved back and was configured again in place: same cell #1.
    #expect(last(changed + ["show 0"]) == ["   0.0  Bruce Wayne — 555-0101  <ContactCell #1>"])
    #expect(
        last(changed + ["stats"])[1] == "cells: 8 created, 1 reused, 11 configured (2 in place), 0 replaced by reloads")
}

@Test func updatesCanBeReloadsInstead() {
    let changed = ["load contacts", "set updates reload", #"update 0 name="Bruce W""#]
    #expect(last(changed) == [#"updated 0.0: name = "Bruce W"; reloaded: cell #9 replaces the old one"#])
    // The old cell leaves during the update, so the reload takes a new one.
    #expect(
        last(changed + ["stats"])[1] == "cells: 9 created, 0 reused, 9 configured (0 in place), 1 replaced by reloads")
    #expect(
        last(["set"]) == ["updates reconfigure", "threshold 100", "list table", "badges on", "ios 16", "timer off"])
    #expect(
        last(["set ios 16.4"]) == [
            "ios 16.4: a refused update's counts are 'Invalid batch updates detected: ... before and/or after ...'"
        ])
    #expect(last(["set ios 17", "set"]).dropLast().last == "ios 17")
    #expect(last(["set ios 12"]) == ["error: ios 12: write an iOS version from 13 to 26, as 16 or 16.4"])
    #expect(
        last(["set ios 17", "help batch"]).contains(
            "  Its refusals are UIKit's words on iOS 17 ('set ios VERSION' changes the version)."))
}

@Test func aListCanBeACollectionView() {
    let collection = ["load contacts", "set list collection 3"]
    #expect(last(collection) == ["list collection 3 (reloaded)"])
    #expect(last(collection + ["set"]).contains("list collection 3"))
    // Three items to a row, and UICollectionView's nouns in its refusals.
    #expect(last(collection + ["show"]).count == 3)
    #expect(
        last(collection + ["batch insert 0.99"]) == [
            "error: attempt to insert item 99 into section 0, but there are only 8 items in section 0 after the update"
        ])
    #expect(
        last(collection + ["append name=Oliver --data-only", "batch delete 0.1"]).first?.hasPrefix(
            "error: Invalid update: invalid number of items in section 0.") == true)
    #expect(
        last(collection + ["set ios 16.4", "append name=Oliver --data-only", "batch delete 0.1"]).first
            == "error: Invalid batch updates detected: the number of sections and/or items returned by the data "
            + "source before and/or after performing the batch updates are inconsistent with the updates."
    )
    #expect(
        last(collection + ["set ios 17", "append name=Oliver --data-only", "batch delete 0.1"]).first
            == "error: Invalid batch updates detected: the number of sections and/or items returned by the data "
            + "source before and after performing the batch updates are inconsistent with the updates."
    )
    #expect(
        last(collection + ["set list table", "batch insert 0.99"]) == [
            "error: attempt to insert row 99 into section 0, but there are only 8 rows in section 0 after the update"
        ])
    #expect(last(["set list collection 13"]) == ["error: column 21: COLUMNS must be 1 to 12, not 13"])
    #expect(last(["set list grid"]) == ["error: column 10: expected 'table' or 'collection', found 'grid'"])
}

@Test func aBigChangeFallsBackToReloadData() {
    #expect(
        last(["load contacts", "sort name"]) == [
            "sorted contacts by name: 3 changes in 1 stage", "  move 0.5 -> 0.0, 0.3 -> 0.1, 0.7 -> 0.6",
        ])
    #expect(
        last(["load contacts", "set threshold 2", "sort name"]) == [
            "sorted contacts by name: 3 changes in 1 stage, above the threshold of 2: reloadData instead of batch "
                + "updates"
        ])
    #expect(
        last(["load contacts", "set threshold 2", "sort name", "stats"])[3]
            == "list: 2 reloadData, 0 batch updates (0 refused), viewport 10 rows")
}

@Test func sortAndFilterReachTheirStatesThroughTheDiff() {
    #expect(
        last(["load contacts", "sort name desc", "show --all"]).prefix(2) == [
            "   0.0  Victor Stone — 555-0107", "   0.1  J'onn J'onzz — 555-0108",
        ])
    #expect(
        last(["load tasks", "filter done=true"]) == [
            #"filtered tasks to done=true: 2 of 7 items: 5 changes in 1 stage"#,
            "  delete section 2; delete 0.1, 0.2, 1.0, 1.2",
        ])
    #expect(
        last(["load tasks", "filter done=true", "filter off", "show --all"]) == last(["load tasks", "show --all"]))
    #expect(last(["load tasks", "filter off"]) == ["no filter is on"])
}

@Test func changesAreRefusedWhileFiltered() {
    let filtered = ["load contacts", "filter city=Gotham"]
    #expect(
        last(filtered + ["delete 0"]) == [
            #"error: delete is refused while a filter is on (city="Gotham"): 'filter off' first"#
        ])
    #expect(
        last(filtered + ["append name=X"]) == [
            #"error: append is refused while a filter is on (city="Gotham"): 'filter off' first"#
        ])
    #expect(
        last(filtered + ["sort name"]) == [
            #"error: sort is refused while a filter is on (city="Gotham"): 'filter off' first"#
        ])
    #expect(
        last(filtered + ["reload --diff"]) == [
            #"error: reload --diff is refused while a filter is on (city="Gotham"): 'filter off' first"#
        ])
}

@Test func badDiffCommandsSayWhy() throws {
    #expect(
        last(["load contacts", "sort nme"]) == [
            "error: column 6: no field 'nme' in contacts (fields: id, name, phone, city; did you mean 'name'?)"
        ])
    #expect(last(["load contacts", "filter city"]) == ["error: column 8: expected FIELD=VALUE, found 'city'"])
    // The first word of a name with spaces: written in quotes, the name is found.
    let folder = try TemporaryFolder()
    try folder.write("s.csv", "id,GICS Sector\n1,Energy\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.execute("load s.csv key GICS Sector")
    session.execute(#"load s.csv key "GICS Sector""#)
    #expect(
        output.lines == [
            #"error: column 16: no field 'GICS' in s.csv (fields: id, GICS Sector; a name with spaces is written in "#
                + #"quotes: "GICS Sector")"#,
            "loaded 1 item from s.csv into a file provider (1 section)",
        ])
    #expect(last(["load contacts", "set threshold -1"]) == ["error: column 15: N must be 0 to 1000000000, not -1"])
    #expect(
        last(["load contacts", "set colour red"]) == [
            "error: column 5: expected 'updates' or 'threshold' or 'list' or 'badges' or 'ios' or 'timer', found "
                + "'colour'"
        ])
    #expect(
        last(["load contacts as array key city", "append name=Y city=Gotham"]) == [
            "error: duplicate key city=\"Gotham\": 0.0 has it already"
        ])
}

@Test func aDuplicateKeyInTheSourceIsAnErrorNamingBothPaths() throws {
    let folder = try TemporaryFolder()
    try folder.write("p.csv", "id,name\n1,Ada\n2,Grace\n3,Alan\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.execute("load p.csv")
    try folder.write("p.csv", "id,name\n1,Ada\n2,Grace\n1,Alan\n")
    output.clear()
    session.execute("diff")
    session.execute("reload --diff")
    #expect(
        output.lines == [
            "error: duplicate key id=1 in the source, at 0.0 and 0.2: a diff needs unique keys",
            "error: duplicate key id=1 in the source, at 0.0 and 0.2: a diff needs unique keys",
        ])
    output.clear()
    session.execute("show --json")
    #expect(output.lines.count == 3)
}

/// A key repeated in the file as a load would find it (in CSV `1` and `"1"`, in JSON `1` and `1.0`) is
/// refused by a diff, and by a plain reload of a file provider: the data stays.
@Test func aKeyRepeatedAsALoadFindsItIsRefusedByEveryReload() throws {
    let folder = try TemporaryFolder()
    for (name, before, after) in [
        ("c.csv", "id,name\n1,Ada\n2,Grace\n", "id,name\n1,Ada\n2,Grace\n\"1\",Alan\n"),
        (
            "j.json", #"[{"id":1,"name":"Ada"},{"id":2,"name":"Grace"}]"#,
            #"[{"id":1,"name":"Ada"},{"id":2,"name":"Grace"},{"id":1.0,"name":"Alan"}]"#
        ),
    ] {
        for (load, reload) in [
            ("load \(name)", "reload --diff"), ("load \(name)", "reload"),
        ] {
            try folder.write(name, before)
            let output = RecordingOutput()
            let session = Session(output: output, workingDirectory: folder.path)
            session.execute(load)
            try folder.write(name, after)
            output.clear()
            session.execute(reload)
            session.execute("stats")
            #expect(output.lines.first?.hasPrefix("error: ") == true, "\(load), \(reload): \(output.lines)")
            #expect(output.lines.first?.contains("duplicate key id=1") == true, "\(load), \(reload): \(output.lines)")
            #expect(
                output.lines.contains { $0.hasPrefix("provider ") && $0.hasSuffix(": 2 items in 1 section") },
                "\(load), \(reload): \(output.lines)")
        }
    }
}

@Test func batchUpdatesAreCheckedAgainstTheDataAndDataOnlyChangesAreNotTold() {
    let dataOnly = ["load contacts", "append name=Oliver --data-only"]
    #expect(
        last(dataOnly) == [
            "(--data-only: the data changed, the list was not told: it still has 8 rows in section 0)",
            "appended 0.8: Oliver",
        ])
    #expect(
        last(dataOnly + ["batch delete 0.1"]).first?.hasPrefix(
            "error: Invalid update: invalid number of rows in section 0.") == true)
    #expect(last(dataOnly + ["batch insert 0.8"]) == ["the list accepted: insert 0.8"])
    #expect(last(dataOnly + ["batch insert 0.8", "show 8"]) == ["   0.8  Oliver  <ContactCell #9>"])
    #expect(
        last(["load tasks", "batch delete section 2 insert section 2"]) == [
            "the list accepted: delete section 2; insert section 2"
        ])
    #expect(last(["load contacts", "batch"]).first?.hasPrefix("error: column 6: batch needs a change") == true)
    #expect(
        last(["load contacts", "batch move 0.1 section"]) == [
            "error: column 16: 'section' is not a path: write S.I (like 1.4), or I for section 0"
        ])
    // The note counts the section the change was in, or the sections when one went away.
    #expect(
        last(["load tasks", "delete 1.0 --data-only"]).first
            == "(--data-only: the data changed, the list was not told: it still has 3 rows in section 1)")
    #expect(
        last(["load tasks", "delete 2.0 --data-only"]).first
            == "(--data-only: the data changed, the list was not told: it still has 3 sections)")
    // Section moves, so that the section-move rules can be tried.
    #expect(
        last(["load tasks", "batch delete section 1 move section 1 2"]) == [
            "error: attempt to perform a delete and a move from the same section (1)"
        ])
    #expect(
        last(["load tasks", "batch move section 0 5"]) == [
            "error: attempt to to move section 0 to section 5, but there are only 3 sections after the update"
        ])
    // A reload is a delete and an insert to UIKit, and a section that is not there says so.
    #expect(
        last(["load tasks", "batch reload 5.0"]) == [
            "error: attempt to delete row 0 from section 5, but there are only 3 sections before the update"
        ])
    #expect(
        last(["load contacts", "batch frobnicate 0.1"]) == [
            "error: column 7: expected 'insert' or 'delete' or 'move' or 'reload' or 'reconfigure', found 'frobnicate'"
        ])
}

@Test func reloadListOnlyKeepsTheData() {
    #expect(
        last(["load contacts", "append name=Oliver --data-only", "reload --list"]) == [
            "the list reloaded its data from contacts (reloadData): 9 items in 1 section"
        ])
    #expect(
        last(["load contacts", "append name=Oliver --data-only", "reload --list", "show 8"]) == [
            "   0.8  Oliver  <ContactCell #9>"
        ])
}

@Test func bindLikeJoinsOnlyPresentersOfTheSameItemType() {
    #expect(
        last(["load contacts", "load tabs", "bind like contacts"]) == [
            "error: cannot join 'tabs' (Item = Record{id, title, icon}) with the presenter of 'contacts' (Item = "
                + "Record{id, name, phone, city}): ListAdapter requires Provider.Item == Presenter.Item, which Swift "
                + "checks at compile time"
        ])
    #expect(
        last(["load contacts", "load contacts name b", #"bind "{city}""#, "use contacts", "bind like b", "show 0"]) == [
            "   0.0  Gotham  <ContactCell #1 reused>"
        ])
}

@Test func aFileDiffNamesTheFieldsThatChangedInEachItem() throws {
    let folder = try TemporaryFolder()
    try folder.write("p.csv", "id,name,city,score\n1,Ada,Gotham,1.10\n2,Bo,Metropolis,2\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.execute("load p.csv")
    try folder.write("p.csv", "id,name,city,score\n1,Ada,Gotham,1.1\n2,Bo,Smallville,3\n")
    output.clear()
    session.execute("set updates reload")
    session.execute("reload --diff")
    // 1.10 and 1.1 are one value: no change; Bo's two fields are named.
    #expect(
        output.lines.suffix(2) == [
            "reloaded p from its source: 1 change in 1 stage",
            #"  reload 0.1  city: "Metropolis" → "Smallville", score: 2 → 3"#,
        ])
}

/// A file read again with a field added or moved on disk gives the data
/// its new fields: `fields` lists them and commands take them (they were
/// refused as unknown, the list of fields kept from the load); an item
/// whose values did not change says that the fields did, for a file and
/// for its records as an array, after `reload --diff` and after `reload`.
@Test(arguments: ["", " as array"])
func aReloadTakesTheFieldsTheFileHasNow(shape: String) throws {
    let folder = try TemporaryFolder()
    try folder.write("c.ndjson", "{\"id\":1,\"a\":1}\n{\"id\":2,\"a\":2}\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.execute("load c.ndjson\(shape)")
    try folder.write("c.ndjson", "{\"id\":1,\"a\":1}\n{\"id\":2,\"a\":2,\"extra\":1}\n")
    output.clear()
    session.execute("reload --diff")
    #expect(
        output.lines == [
            "reloaded c from its source: 2 changes in 1 stage",
            "  reconfigure 0.0  (the data's fields changed; its values did not)",
            "  reconfigure 0.1  extra: null → 1",
        ])
    output.clear()
    let records = ["update 0.0 extra=5", "sort extra"].map { session.execute($0) }
    #expect(output.lines.first?.hasPrefix("updated 0.0: extra = 5") == true, "\(output.lines)")
    #expect(records.allSatisfy { !$0.failed && $0.edited == ["c"] }, "\(output.lines)")
    try folder.write("c.ndjson", "{\"b\":true,\"id\":1}\n")
    output.clear()
    session.execute("reload --force")
    session.execute("fields")
    #expect(output.lines.contains("c: 2 fields, 1 item, key id"), "\(output.lines)")
    #expect(output.lines.last == "  id  int 1")
}

/// A file read again without its key field: the reload says its items
/// have no key now, and `fields` and an update by path agree (an update
/// was refused for a key field no item had, and an append gave it one).
@Test func aReloadOfAFileWithoutItsKeySaysTheItemsHaveNoKey() throws {
    let folder = try TemporaryFolder()
    try folder.write("k.csv", "id,name\n1,Ada\n2,Bob\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.execute("load k.csv")
    try folder.write("k.csv", "name\nAda\nBob\n")
    output.clear()
    let records = ["reload", "fields", "update 0.0 name=Al", "append name=Cy"].map { session.execute($0) }
    #expect(
        output.lines.prefix(4) == [
            "reloaded k: 2 items in 1 section (reloadData)",
            "k has no field 'id' now: its items have no key (load it with 'key FIELD' to give them one)",
            "k: 1 fields, 2 items",
            "  name  string 2",
        ])
    #expect(records.map(\.failed) == [false, false, false, false], "\(output.lines)")
    #expect(records.map(\.edited) == [[], [], ["k"], ["k"]])
    session.execute("save")
    #expect(folder.read("k.csv") == "name\nAl\nBob\nCy\n")
}

/// A paged provider's reload reads its file again, as a server answers
/// now: the first page and the count of items are the file's as it is,
/// where it served the records read at the load.
@Test func aPagedReloadReadsTheFileAgain() throws {
    let folder = try TemporaryFolder()
    try folder.write("p.csv", "id,name\n1,Ada\n2,Bob\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.execute("load p.csv as paged 1")
    try folder.write("p.csv", "id,name,x\n1,Al,1\n2,Bo,2\n3,Cy,3\n")
    output.clear()
    for command in ["reload", "more", "more", "fields"] { session.execute(command) }
    #expect(output.lines.contains("reloaded p: 1 item in 1 section (reloadData)"), "\(output.lines)")
    #expect(output.lines.contains { $0.hasSuffix("(3 of 3 items)") }, "\(output.lines)")
    #expect(
        output.lines.suffix(4) == [
            "p: 3 fields, 3 items, key id", "  id    int 3", "  name  string 3", "  x     int 3",
        ])
}

/// Two rows alike in a file without a key are one item to a diff: `sort`
/// and `filter` say so from the columns in the words the records' path
/// uses, naming the same two items (rows alike by value: a null and an
/// absent key are one), without a record of every row.
@Test(arguments: [
    ("d.csv", "a,b\n1,2\n3,4\n1,2\n5,6\n3,4\n"),
    ("d.ndjson", "{\"a\":3}\n{\"a\":1,\"b\":null}\n{\"a\":2}\n{\"a\":1}\n"),
    ("d.json", "[{\"a\":\"x\"},{\"b\":\"x\"},{\"a\":\"x\"}]\n"),
])
func rowsAlikeWithoutAKeyAreRefusedFromTheColumns(file: String, text: String) throws {
    let folder = try TemporaryFolder()
    try folder.write(file, text)
    var lines: [[String]] = []
    for columns in [true, false] {
        let output = RecordingOutput()
        let session = Session(output: output, workingDirectory: folder.path)
        session.usesColumnPaths = columns
        session.execute("load \(file)")
        output.clear()
        session.execute("sort a desc")
        session.execute("filter a=1")
        session.execute("show")
        lines.append(output.lines)
    }
    #expect(lines[0] == lines[1])
    #expect(
        lines[0].prefix(2).allSatisfy {
            $0.hasPrefix("error: duplicate item ") && $0.hasSuffix(": a diff needs unique keys")
        }, "\(lines[0])")
}

/// A sort or a filter refused before the data changed (two items alike,
/// without a key) changes nothing: no filter is left on, and no edit is
/// marked, for records as an array as for a file (the filter used to stay
/// on, and 'filter off' was refused in turn).
@Test(arguments: ["", " as array"])
func aRefusedSortOrFilterLeavesNoFilterAndNoEdit(shape: String) throws {
    let folder = try TemporaryFolder()
    try folder.write("d.csv", "a,b\n1,2\n3,4\n1,2\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.execute("load d.csv\(shape)")
    output.clear()
    let records = ["sort a desc", "filter a=1", "filter off", "reload"].map { session.execute($0) }
    #expect(records.map(\.failed) == [true, true, false, false], "\(output.lines)")
    #expect(records.allSatisfy { $0.edited.isEmpty }, "a refused sort or filter edits nothing")
    #expect(output.lines.suffix(2).first == "no filter is on", "\(output.lines)")
    #expect(output.lines.last?.hasPrefix("reloaded d: 3 items") == true, "no unsaved edits to drop: \(output.lines)")
}

/// A composite takes its children's fields after a reload of one, and a
/// paged provider's reload checks its keys as its load does (it took
/// duplicate keys, which a load refuses).
@Test func aCompositeTakesItsChildrensFieldsAndAPagedReloadChecksItsKeys() throws {
    let folder = try TemporaryFolder()
    try folder.write("a.csv", "id,name\n1,Ada\n")
    try folder.write("b.csv", "id,name\n3,Cy\n")
    try folder.write("p.csv", "id,name\n1,a\n2,b\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    for command in ["load a.csv", "load b.csv", "compose a b"] { session.execute(command) }
    try folder.write("a.csv", "name,x\nAda,1\n")
    output.clear()
    let records = ["reload", "update 0.0 x=5", "fields"].map { session.execute($0) }
    #expect(!records.contains { $0.failed }, "\(output.lines)")
    #expect(records[1].edited == ["a"], "the composite's update edits its child")
    #expect(output.lines.contains { $0.hasPrefix("a+b: 3 fields") }, "\(output.lines)")
    session.execute("load p.csv as paged 2")
    try folder.write("p.csv", "id,name\n1,a\n1,b\n")
    output.clear()
    session.execute("reload")
    #expect(
        output.lines == ["error: reload failed, the data is as it was: p.csv: duplicate key id=1 in records 1 and 2"])
}

/// An array or sectioned provider loaded from a file refuses, on a plain
/// reload, a file whose key repeats, as its load does, and keeps its items
/// (it took the file, and its items then shared a key).
@Test func arrayAndSectionedReloadsRefuseARepeatedKeyAsTheirLoadDoes() throws {
    let folder = try TemporaryFolder()
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    for (file, load) in [("a.json", "load a.json as array"), ("s.csv", "load s.csv as sectioned by team")] {
        let text =
            file.hasSuffix(".json") ? "[{\"id\":1,\"team\":\"x\"},{\"id\":2,\"team\":\"y\"}]\n" : "id,team\n1,x\n2,y\n"
        try folder.write(file, text)
        session.execute(load)
        let repeated =
            file.hasSuffix(".json") ? "[{\"id\":1,\"team\":\"x\"},{\"id\":1,\"team\":\"y\"}]\n" : "id,team\n1,x\n1,y\n"
        try folder.write(file, repeated)
        output.clear()
        #expect(session.execute("reload").failed)
        #expect(
            output.lines == [
                "error: reload failed, the data is as it was: \(file): duplicate key id=1 in records 1 and 2"
            ])
        output.clear()
        session.execute("show 0.0")
        session.execute(file.hasSuffix(".json") ? "show 0.1" : "show 1.0")
        #expect(output.lines.allSatisfy { !$0.hasPrefix("error") }, "both items are still there: \(output.lines)")
        // A file with no repeat reloads as before.
        try folder.write(file, text)
        #expect(!session.execute("reload").failed)
    }
}

/// Under a diffable data source, `reload --diff` reads the source with no
/// diff (the data source applies its own snapshots): a file whose key
/// repeats is refused there too, and the data kept (a file provider took it,
/// and its next snapshot trapped on the repeated identifiers).
@Test func aDiffableReloadWithDiffRefusesARepeatedKey() throws {
    for shape in ["", " as array", " as sectioned by name"] {
        let folder = try TemporaryFolder()
        try folder.write("f.csv", "id,name\n1,a\n2,b\n")
        let output = RecordingOutput()
        let session = Session(output: output, workingDirectory: folder.path)
        for command in ["load f.csv" + shape, "diffable on"] { session.execute(command) }
        try folder.write("f.csv", "id,name\n1,x\n1,y\n2,c\n")
        output.clear()
        #expect(session.execute("reload --diff").failed, "\(shape)")
        #expect(
            output.lines == [
                "error: reload failed, the data is as it was: f.csv: duplicate key id=1 in records 1 and 2"
            ],
            "\(shape)")
        output.clear()
        session.execute("snapshot new from data")
        #expect(
            output.lines.allSatisfy { !$0.hasPrefix("error") && !$0.contains("Fatal") }, "\(shape): \(output.lines)")
        #expect(session.execute("providers").failed == false)
    }
}

/// A reload that takes away the field the items were identified by under
/// a diffable data source turns it off (its snapshots named keys no item
/// has), and one that takes away the field the sections came from says so.
@Test func aReloadSaysWhatTheFieldsItLostWereFor() throws {
    let folder = try TemporaryFolder()
    try folder.write("k.csv", "id,name\n1,Ada\n2,Bo\n")
    try folder.write("t.csv", "id,title,list\n1,a,W\n2,b,H\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    for command in ["load k.csv", "diffable on"] { session.execute(command) }
    try folder.write("k.csv", "name\nAda\nBo\n")
    output.clear()
    session.execute("reload --diff")
    #expect(
        output.lines.suffix(2) == [
            "k has no field 'id' now: its items have no key (load it with 'key FIELD' to give them one)",
            "diffable off: its identifiers were keys; the adapter shows k again (reloadData): 2 items in 1 section",
        ])
    session.execute("load t.csv as sectioned by list")
    try folder.write("t.csv", "id,title\n1,a\n2,b\n")
    output.clear()
    session.execute("reload")
    #expect(
        output.lines.last
            == "t has no field 'list' now: its items are in one section with no title (load it again 'as sectioned "
            + "by' a field)"
    )
}

/// While a filter is on, a paged provider loads no page: `more` is refused
/// and a scroll's request is dropped, where a page appended under the
/// filter was shown unfiltered and lost when the filter went.
@Test func aPagedProviderLoadsNoPageWhileFiltered() throws {
    let folder = try TemporaryFolder()
    try folder.write("p.csv", "id,name,h\n1,a,1\n2,b,2\n3,c,1\n4,d,1\n5,e,2\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    for command in ["load p.csv as paged 2", "filter h=1", "more", "filter off", "more", "more"] {
        session.execute(command)
    }
    #expect(
        output.lines.contains("error: more is refused while a filter is on (h=1): 'filter off' first"),
        "\(output.lines)")
    #expect(output.lines.last == "all 5 items are loaded", "\(output.lines)")
}
