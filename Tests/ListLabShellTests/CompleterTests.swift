import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabShell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

private func complete(_ line: String, setup: [String] = ["load contacts"]) -> ShellCompleter.Candidates {
    let session = Session(output: RecordingOutput())
    for command in setup { session.execute(command) }
    return ShellCompleter(session: session).candidates(for: line)
}

@Test func commandNamesComplete() {
    #expect(complete("sel").words == ["select"])
    #expect(
        complete("s").words == [
            "samples", "save", "scroll", "select", "session", "set", "show", "snapshot", "sort", "stats",
        ])
    #expect(complete("").words.count == Command.names.count)
}

@Test func argumentsComplete() {
    #expect(Set(["contacts", "tabs", "tasks"]).isSubset(of: complete("load ").words))
    #expect(complete("load contacts as s").words == ["sectioned"])
    #expect(complete("update 2 na") == ShellCompleter.Candidates(word: "na", words: ["name="]))
    #expect(complete("bind by ").words == ["city", "id", "name", "phone"])
    #expect(complete("trace o").words == ["off", "on"])
    #expect(complete("help sh").words == ["show"])
    #expect(complete("use c").words == ["contacts"])
    #expect(complete("show --").words == ["--all", "--json", "--svg"])
}

@Test func filePathsComplete() throws {
    let folder = try TemporaryFolder()
    try folder.write("tour.lab", "  > show\n")
    try folder.write("tours/a.lab", "")
    try folder.write("notes.txt", "")
    let session = Session(output: RecordingOutput(), workingDirectory: folder.path)
    let completer = ShellCompleter(session: session)
    #expect(completer.candidates(for: "run tou").words == ["tour.lab", "tours/"])
    #expect(completer.candidates(for: "run tours/").words == ["tours/a.lab"])
}

@Test func everyCommandCompletesFromItsOwnSpec() {
    #expect(complete("sort n").words == ["name"])
    #expect(complete("sort name ").words == ["desc"])
    #expect(complete("sort name desc ").words.isEmpty)
    #expect(complete("filter ci").words == ["city="])
    #expect(complete("filter o").words == ["off"])
    #expect(complete("set ").words == ["badges", "ios", "list", "threshold", "timer", "updates"])
    #expect(complete("set ios ").words == ["16", "16.4", "17"])
    #expect(complete("set list ").words == ["collection", "table"])
    #expect(complete("set updates ").words == ["reconfigure", "reload"])
    // The shapes `load ... as` parses are the ones it completes.
    #expect(complete("load tasks as ").words == Command.shapeKeywords.sorted())
    #expect(complete("load tasks as sectioned ").words == ["by"])
    #expect(complete("load tasks as sectioned by ").words == ["done", "id", "list", "title"])
    #expect(complete("bind like c").words == ["contacts"])
    #expect(complete("delete 0.1 --").words == ["--data-only"])
    #expect(complete("update 0.1 --").words == ["--data-only"])
    #expect(complete("session ").words == ["save"])
    #expect(complete("compose ").words == ["contacts", "name"])
    #expect(complete("nosuchcommand ").words.isEmpty)
}

@Test func onlyCommandsThatChangeDataTakeDataOnly() {
    let changing = Set(Command.all.filter(\.takesDataOnly).map(\.name))
    #expect(changing == ["update", "append", "insert", "delete", "move"])
    #expect(last(["load contacts", "select 0.1 --data-only"]).first?.hasPrefix("error:") == true)
}

@Test func diffableCommandsComplete() {
    #expect(complete("diffable ").words == ["off", "on"])
    #expect(complete("diffable on by ").words == ["key", "value"])
    let diffable = ["load contacts", "diffable on"]
    #expect(complete("snapshot append", setup: diffable).words == ["appendItems", "appendSections"])
    #expect(complete("snapshot new from ", setup: diffable).words == ["applied", "data"])
    #expect(complete("snapshot moveItem 1 ", setup: diffable).words.prefix(3) == ["1", "2", "3"])
    #expect(complete("snapshot moveItem 1 a", setup: diffable).words == ["afterItem"])
    #expect(complete("snapshot appendItems 9 toSection ", setup: diffable).words == ["main"])
    #expect(complete("snapshot insertSections X beforeSection ", setup: diffable).words == ["main"])
    #expect(complete("apply ", setup: diffable).words == ["--no-animation", "--reload-data"])
}

@Test func namesThatNeedQuotesCompleteQuoted() throws {
    let folder = try TemporaryFolder()
    try folder.write("my rows.csv", "id\n1\n")
    try folder.write("my data/a.csv", "id\n1\n")
    try folder.write(#"it's.json"#, "[]")
    let completer = ShellCompleter(session: Session(output: RecordingOutput(), workingDirectory: folder.path))
    #expect(
        completer.candidates(for: "load my")
            == ShellCompleter.Candidates(word: "my", words: [#""my data/"#, #""my rows.csv""#]))
    #expect(
        completer.candidates(for: #"load "my r"#)
            == ShellCompleter.Candidates(word: #""my r"#, words: [#""my rows.csv""#]))
    #expect(completer.candidates(for: #"load 'my d"#).words == [#"'my data/"#])
    #expect(completer.candidates(for: #"load "my data/"#).words == [#""my data/a.csv""#])
    #expect(completer.candidates(for: "load it").words == [#""it's.json""#])
    // A quoted word earlier on the line is one word.
    #expect(
        ShellCompleter.words(of: #"update 0 name="Diana Prince" ci"#).previous == ["update", "0", "name=Diana Prince"])
    #expect(ShellCompleter.words(of: #"update 0 name="Diana Prince" ci"#).last.text == "ci")
}

@Test func everyCommandThatTakesArgumentsOffersSomethingForThem() {
    for command in Command.all where command.usage != command.name {
        let setup =
            ["load contacts", "viewport 3", "select 1"]
            + (["snapshot", "apply", "outline"].contains(command.name) ? ["diffable on"] : [])
        #expect(!complete(command.name + " ", setup: setup).words.isEmpty, "\(command.usage)")
    }
    // Paths: the rows on screen, and for deselect the selected ones.
    #expect(complete("select ", setup: ["load contacts", "viewport 3"]).words == ["0.0", "0.1", "0.2", "id="])
    // An item by key: the key field, then the keys that start with what is typed.
    #expect(complete("update id=", setup: ["load contacts"]).words == (1...8).map { "id=\($0)" })
    #expect(complete("delete id=", setup: ["load tasks", "sort title"]).words.first == "id=1")
    #expect(complete("update 2 ", setup: ["load contacts"]).words.contains("city="))
    #expect(complete("inspect 0.", setup: ["load contacts", "viewport 2", "scroll +3"]).words == ["0.3", "0.4"])
    #expect(complete("deselect ", setup: ["load contacts", "select 5"]).words == ["0.5"])
    #expect(complete("viewport ", setup: ["load contacts", "viewport 4"]).words == ["4"])
}

/// Each snapshot operation is declared once: help lists its usage, TAB offers its name and then
/// what its operands take, and a typo names every operation.
@Test func eachSnapshotOperationIsListedCompletedAndSuggestedFromItsOneDeclaration() {
    let output = RecordingOutput()
    let session = Session(output: output)
    for line in ["load tasks", "diffable on", "help snapshot", "snapshot apendItems 1"] { session.execute(line) }
    let names = SnapshotOperation.all.map(\.name)
    #expect(names.count == 14 && Set(names).count == 14)
    for operation in SnapshotOperation.all {
        #expect(output.lines.contains { $0.contains(operation.usage) }, "help snapshot lists \(operation.usage)")
    }
    #expect(
        output.lines.last
            == "error: column 10: no snapshot operation 'apendItems' (did you mean 'appendItems'?): show, new, "
            + names.joined(separator: ", "))
    let setup = ["load tasks", "diffable on"]
    #expect(
        complete("snapshot ", setup: setup).words == [
            "appendItems", "appendSections", "deleteAllItems", "deleteItems", "deleteSections", "insertItems",
            "insertSections", "itemIdentifiers", "moveItem", "moveSection", "new", "numberOfItems", "reconfigureItems",
            "reloadItems", "reloadSections", "show",
        ])
    #expect(complete("snapshot itemIdentifiers ", setup: setup).words == ["inSection"])
    #expect(complete("snapshot itemIdentifiers inSection ", setup: setup).words == ["Home", "Travel", "Work"])
    #expect(
        complete("snapshot moveSection Work ", setup: setup).words == [
            "Home", "Travel", "Work", "afterSection", "beforeSection",
        ])
    #expect(complete("snapshot appendItems 9 ", setup: setup).words == ["toSection"])
    #expect(complete("snapshot appendItems 9 toSection ", setup: setup).words.contains("Work"))
}

/// A field whose name is not a bare word is completed as `"NAME"=`, and
/// the line with a value after it sets that field: typed bare, `a=b=7` set
/// the field `a`, and `1st=9` or a name that starts with a mark was no
/// assignment at all.
@Test func aFieldThatIsNotABareWordIsCompletedInQuotesAndSetsThatField() throws {
    let folder = try TemporaryFolder()
    try folder.write("odd.ndjson", "{\"id\":1,\"a\":0,\"a=b\":2,\"1st\":3,\"\\u0301x\":4,\"plain\":5}\n")
    let setup = ["load \(folder.path)/odd.ndjson"]
    for (typed, completed, field) in [
        ("a=b", #""a=b"="#, "a=b"), ("1", #""1st"="#, "1st"), ("\u{301}", "\"\u{301}x\"=", "\u{301}x"),
        ("pl", "plain=", "plain"), ("\"pl", #""plain"="#, "plain"),
    ] {
        let words = complete("update 0 " + typed, setup: setup).words
        #expect(words == [completed], "\(typed)")
        #expect(
            try Tokenizer.tokens(in: "update 0 " + completed + "7").last?.kind
                == .assignment(field: field, value: .int(7)), "\(typed)")
    }
}
