import ListLabCore
import ListLabFiles
import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabShell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

@Test func aNewUserSeesTheListChange() {
    #expect(
        run(["load contacts", "show", "select 2", #"update 2 name="X""#, "show 0.1-0.3"]) == [
            "loaded 8 items into an array provider (1 section)",
            "   0.0  Bruce Wayne — 555-0101  <ContactCell #1>",
            "   0.1  Clark Kent — 555-0102  <ContactCell #2>",
            "   0.2  Diana Prince — 555-0103  <ContactCell #3>",
            "   0.3  Barry Allen — 555-0104  <ContactCell #4>",
            "   0.4  Hal Jordan — 555-0105  <ContactCell #5>",
            "   0.5  Arthur Curry — 555-0106  <ContactCell #6>",
            "   0.6  Victor Stone — 555-0107  <ContactCell #7>",
            "   0.7  J'onn J'onzz — 555-0108  <ContactCell #8>",
            "selected 0.2: Diana Prince",
            #"updated 0.2: name = "X"; cell #3 reconfigured in place"#,
            "   0.1  Clark Kent — 555-0102  <ContactCell #2>",
            " * 0.2  X — 555-0103  <ContactCell #3>",
            "   0.3  Barry Allen — 555-0104  <ContactCell #4>",
        ])
}

@Test func samplesAndProvidersAreListedInAFixedOrder() {
    #expect(
        last(["samples"]) == [
            "tabs        3 items    FountainKit's tabs: News, Contributions, Settings (a flat array, one cell kind; "
                + "JSON)",
            "contacts    8 items    the Justice League with phone numbers (one cell kind; CSV)",
            "nearby      12 items   a home screen: top picks, categories, places by category (three cell kinds; JSON)",
            "photos      40 items   Prearo's PhotoList: 40 photos with titles and URLs (a flat list to page through; "
                + "JSON)",
            "tasks       7 items    Prearo's TaskList: tasks grouped by list, with headers (sectioned; CSV)",
            "expansions  12 items   card game expansions by series: a file provider with a section key path (NDJSON)",
            "menu        16 items   Apple's Modern Collection Views menu: items with a parent, for an outline (JSON)",
        ])
    #expect(
        last(["load contacts", "load tasks", "providers"]) == [
            "  contacts  array provider, 8 items in 1 section, key id, cells ContactCell",
            "* tasks     sectioned provider (by list), 7 items in 3 sections, key id, cells TaskCell",
        ])
    #expect(last(["providers"]) == ["no providers loaded: try 'load contacts'"])
}

@Test func loadShapesKeysAndNames() {
    #expect(last(["load tasks"]) == ["loaded 7 items into a sectioned provider (3 sections, by list)"])
    #expect(last(["load tasks as array"]) == ["loaded 7 items into an array provider (1 section)"])
    #expect(
        last(["load contacts as sectioned by city name cities"]) == [
            "loaded 8 items into a sectioned provider (8 sections, by city)"
        ])
    #expect(
        last(["load contacts key phone name phones", "providers"]) == [
            "* phones  array provider, 8 items in 1 section, key phone, cells ContactCell"
        ])
    #expect(
        last(["load tasks", "show"]) == [
            "== Work (3) ==",
            "   0.0  Write the brief  <TaskCell #1>",
            "   0.1  Review the diff  <TaskCell #2>",
            "   0.2  Plan the demo  <TaskCell #3>",
            "== Home (3) ==",
            "   1.0  Buy milk  <TaskCell #4>",
            "   1.1  Fix the tap  <TaskCell #5>",
            "   1.2  Water the plants  <TaskCell #6>",
            "== Travel (1) ==",
            "   2.0  Book flights  <TaskCell #7>",
        ])
}

@Test func useSwitchesTheListToAnotherProvider() {
    #expect(
        last(["load contacts", "load tabs", "use contacts"]) == ["using contacts: array provider, 8 items in 1 section"]
    )
    #expect(
        last(["load contacts", "load tabs", "use contacts", "show 0"]) == [
            "   0.0  Bruce Wayne — 555-0101  <ContactCell #1 reused>"
        ])
}

@Test func bindChangesThePresenter() {
    #expect(
        last(["load contacts", #"bind "{name} ({city})" kind HeroCell"#, "show 0-1"]) == [
            "   0.0  Bruce Wayne (Gotham)  <HeroCell #9>",
            "   0.1  Clark Kent (Metropolis)  <HeroCell #10>",
        ])
    #expect(
        last(["load contacts", #"bind "{name}" detail "{city}""#]) == [#"bound ContactCell: "{name}" detail "{city}""#])
    #expect(last(["load tasks", #"bind header "{title}: {count} tasks""#, "show"]).first == "== Work: 3 tasks ==")
    #expect(last(["load tasks", "bind header off"]) == ["bound header off"])
    #expect(last(["load tasks", "bind header off", "show"]).first == "   0.0  Write the brief  <TaskCell #1 reused>")
    #expect(
        last(["load tasks", #"bind footer "{count} in {title}""#, "viewport 5", "show"]) == [
            "== Work (3) ==",
            "   0.0  Write the brief  <TaskCell #1 reused>",
            "   0.1  Review the diff  <TaskCell #2 reused>",
            "   0.2  Plan the demo  <TaskCell #3 reused>",
            "-- 3 in Work --",
            "   ... 8 rows below",
        ])
}

@Test func bindByAFieldChoosesACellKindPerItem() {
    #expect(
        last(["load tasks", #"bind by done true="[x] {title}" false="[ ] {title}""#]) == [
            "bound 2 cell kinds by done: true, false"
        ])
    #expect(
        last(["load tasks", #"bind by done true="[x] {title}" false="[ ] {title}""#, "show 0.0-0.1"]) == [
            "   0.0  [x] Write the brief  <true #8>",
            "   0.1  [ ] Review the diff  <false #9>",
        ])
    #expect(
        last(["load tasks", #"bind by done true="done: {title}""#, "show 0.1"]) == [
            "   0.1  (no cell kind 'false')  <ListLab.MissingItemCell #9>"
        ])
}

@Test func selectionGoesThroughTheDelegate() {
    #expect(last(["load contacts", "select 0.2", "select 4"]) == ["selected 0.4: Hal Jordan"])
    #expect(
        last(["load contacts", "select 4", "show 3-5"]) == [
            "   0.3  Barry Allen — 555-0104  <ContactCell #4>",
            " * 0.4  Hal Jordan — 555-0105  <ContactCell #5>",
            "   0.5  Arthur Curry — 555-0106  <ContactCell #6>",
        ])
    #expect(last(["load contacts", "select 4", "deselect"]) == ["deselected 0.4"])
    #expect(last(["load contacts", "deselect"]) == ["nothing is selected"])
    #expect(last(["load contacts", "deselect 3"]) == ["0.3 is not selected"])
    #expect(
        last(["load contacts", "select 3", "move 0.3 0.0", "show 0"]) == [
            " * 0.0  Barry Allen — 555-0104  <ContactCell #4>"
        ])
    #expect(last(["load contacts", "select 3", "delete 3", "deselect"]) == ["nothing is selected"])
}

@Test func mutationsAreBatchUpdates() {
    #expect(last(["load contacts", #"append name="Oliver Queen" phone=555-0110"#]) == ["appended 0.8: Oliver Queen"])
    #expect(
        last(["load contacts", #"append {"name": "Oliver Queen", "city": "Star City"}"#, "inspect 8"]) == [
            "0.8 (key id = 9)", #"  id     9  (int)"#, #"  name   "Oliver Queen"  (string)"#, "  phone  null  (null)",
            #"  city   "Star City"  (string)"#,
        ])
    #expect(
        last(["load contacts", #"insert 0 name="Alfred""#, "show 0-1"]) == [
            "   0.0  Alfred  <ContactCell #9>",
            "   0.1  Bruce Wayne — 555-0101  <ContactCell #1>",
        ])
    #expect(last(["load contacts", "delete 0.2-0.4"]) == ["deleted 0.2-0.4 (3 items)"])
    #expect(last(["load contacts", "delete 2"]) == ["deleted 0.2: Diana Prince"])
    #expect(
        last(["load contacts", "delete 0.2-0.4", "stats"])[1]
            == "cells: 8 created, 0 reused, 8 configured (0 in place), 0 replaced by reloads")
    #expect(last(["load contacts", "move 0.0 0.7"]) == ["moved 0.0 -> 0.7: Bruce Wayne"])
    #expect(last(["load tasks", "append title=Pack list=Travel"]) == ["appended 2.1: Pack"])
    #expect(last(["load tasks", "append title=Run list=Gym"]) == ["appended 3.0: Run (a new section)"])
    #expect(
        last(["load tasks", "update 0.1 list=Home"]) == [
            #"updated 0.1: list = "Home"; moved to 1.3 (delete 0.1; insert 1.3)"#
        ])
}

@Test func reloadReadsTheSourceAgain() {
    #expect(last(["load contacts", "reload"]) == ["reloaded contacts: 8 items in 1 section (reloadData)"])
    #expect(
        last(["load contacts", "delete 0-3", "reload --force"]) == [
            "reloaded contacts: 8 items in 1 section (reloadData)"
        ])
    #expect(
        last(["load contacts", "delete 0-3", "reload --force", "show 0"]) == [
            "   0.0  Bruce Wayne — 555-0101  <ContactCell #1 reused>"
        ])
}

@Test func unsavedEditsAreMarkedAndAReloadDropsThemOnlyWithForce() throws {
    // Every change to the data is an edit; a filter is not.
    for edit in [
        "update 0 name=X", "append name=X", "insert 0 name=X", "delete 0", "move 0 1", "sort name",
        "update 0 name=X --data-only",
    ] {
        #expect(last(["load contacts", edit, "providers"]).first?.hasSuffix(", unsaved edits") == true, "\(edit)")
        #expect(
            last(["load contacts", edit, "reload"]) == [
                "error: contacts has unsaved edits that a reload would drop: reload --force drops them"
            ])
        #expect(
            last(["load contacts", edit, "reload", "show 0.0"]) == last(["load contacts", edit, "show 0.0"]),
            "a refused reload changes nothing")
    }
    #expect(
        last(["load contacts", "filter city=Gotham", "filter off", "providers"]).first?.hasSuffix("cells ContactCell")
            == true)
    // Loading the name again would drop them too.
    #expect(
        last(["load contacts", "update 0 name=X", "load contacts"]) == [
            "error: contacts has unsaved edits that loading it again would drop: save them first, or load with --force"
        ])
    #expect(
        last(["load contacts", "update 0 name=X", "load contacts --force", "show 0"]).first?.contains("Bruce Wayne")
            == true)
    #expect(
        last(["load contacts", "update 0 name=X", "reload --force", "providers"]).first?.hasSuffix("cells ContactCell")
            == true)
    // A composite's edits are its children's; a file provider saved to its own file has none.
    #expect(
        last(["load tabs", "load tasks", "compose tabs tasks name home", "delete 1.0", "reload --diff"]) == [
            "error: tasks has unsaved edits that a reload would drop: reload --force drops them"
        ])
    let folder = try TemporaryFolder()
    try folder.write("people.csv", "id,name\n1,Ada\n2,Bo\n")
    #expect(
        run(["load people.csv", "update 0 name=Al", "reload", "save", "providers"], workingDirectory: folder.path) == [
            "loaded 2 items from people.csv into a file provider (1 section)",
            "updated 0.0: name = \"Al\"; cell #1 reconfigured in place",
            "error: people has unsaved edits that a reload would drop: save them first, or reload --force",
            "saved 2 items to people.csv (18 bytes)",
            "* people  file provider (people.csv), 2 items in 1 section, key id, cells Cell",
        ])
}

@Test func viewportAndScrolling() {
    #expect(last(["load contacts", "viewport 3"]) == ["viewport 3 rows: rows 0-2 of 8"])
    #expect(last(["load contacts", "viewport 3", "scroll bottom"]) == ["scrolled: rows 5-7 of 8"])
    #expect(last(["load contacts", "viewport 3", "scroll +2"]) == ["scrolled: rows 2-4 of 8"])
    #expect(last(["load contacts", "viewport 3", "scroll 0.4", "scroll -1"]) == ["scrolled: rows 3-5 of 8"])
    #expect(
        last(["load contacts", "viewport 3", "scroll +2", "show"]) == [
            "   ... 2 rows above",
            "   0.2  Diana Prince — 555-0103  <ContactCell #3>",
            "   0.3  Barry Allen — 555-0104  <ContactCell #4 reused>",
            "   0.4  Hal Jordan — 555-0105  <ContactCell #5 reused>",
            "   ... 3 rows below",
        ])
    #expect(
        last(["load contacts", "viewport 3", "show 6"]) == ["   0.6  Victor Stone — 555-0107  (off screen: no cell)"])
}

@Test func showCanListEveryItemOrTheirJSON() {
    #expect(last(["load tabs", "show --all"]) == ["   0.0  News", "   0.1  Contributions", "   0.2  Settings"])
    #expect(last(["load tabs", "show 1 --json"]) == [#"{"id":2,"title":"Contributions","icon":"hands"}"#])
    #expect(last(["load tasks", "viewport 2", "show --all"]).count == 10)
}

@Test func traceReadsLikeAConversation() {
    let lines = last(["load tabs", "viewport 1", "trace on", "scroll +1"])
    #expect(
        lines == [
            "controller → list: scroll(toRow: 1)",
            "  list → adapter: cellForItem(at: 0.1)",
            "    adapter → provider: item(at: 0.1) → Contributions",
            "    adapter → presenter: cell(for: Contributions, at: 0.1)",
            #"      presenter → list: dequeueReusableCell("TabCell", for: 0.1) → reused cell #2"#,
            "      presenter → cell #2: configure(with: Contributions, at: 0.1)",
            "  list → adapter: willDisplay(cell #2, forItemAt: 0.1)",
            "scrolled: rows 1-1 of 3",
        ])
    #expect(last(["load tabs", "trace on", "trace off", "select 1"]) == ["selected 0.1: Contributions"])
}

@Test func helpExplainsEveryCommandWithAnExample() {
    let list = last(["help"])
    #expect(list.first == "commands (help COMMAND for more):")
    #expect(list.count == Command.all.count + 1)
    for command in Command.all {
        let help = last(["help \(command.name)"])
        #expect(help.first == command.usage)
        #expect(help.contains { $0.hasPrefix("  example: \(command.name)") }, "help \(command.name) has no example")
    }
}

@Test func historyAndQuit() {
    #expect(
        run(["load tabs", "  ", "# a comment", "show 0", "history", "quit", "show"]) == [
            "loaded 3 items into an array provider (1 section)",
            "   0.0  News  <TabCell #1>",
            "  1  load tabs", "  2  show 0", "  3  history",
        ])
    #expect(run(["exit", "samples"]).isEmpty)
}

@Test func runExecutesAScriptOrATranscript() throws {
    let folder = try TemporaryFolder()
    try folder.write("script.txt", "load tabs\n# comment\nshow 0\r\n")
    try folder.write(
        "tour.lab", "Prose is skipped.\n\n  > load tabs\n  loaded 3 items\n  > select 2\n  selected 0.2: Settings\n")
    try folder.write("loop.txt", "run loop.txt\n")
    #expect(
        run(["run script.txt"], workingDirectory: folder.path) == [
            "loaded 3 items into an array provider (1 section)", "   0.0  News  <TabCell #1>",
        ])
    #expect(
        run(["run tour.lab"], workingDirectory: folder.path) == [
            "loaded 3 items into an array provider (1 section)", "selected 0.2: Settings",
        ])
    #expect(run(["run missing.txt"], workingDirectory: folder.path) == ["error: missing.txt: no such file"])
    #expect(run(["run ."], workingDirectory: folder.path) == ["error: .: is a folder, not a file"])
    #expect(
        run(["run loop.txt"], workingDirectory: folder.path) == [
            "error: loop.txt:1: run: scripts nested more than 8 deep (does 'loop.txt' run itself?)"
        ])
}

@Test func scriptErrorsNameTheFileAndLine() throws {
    let folder = try TemporaryFolder()
    try folder.write("inner.txt", "\nselect 0.99\n")
    try folder.write("outer.txt", "load tabs\nupdate 0 titel=x\nrun inner.txt\nshow 0\n")
    #expect(
        run(["run outer.txt", "select 7"], workingDirectory: folder.path) == [
            "loaded 3 items into an array provider (1 section)",
            "error: outer.txt:2:10: no field 'titel' in tabs (fields: id, title, icon; did you mean 'title'?)",
            "error: inner.txt:2: no item at 0.99 (section 0 has 3 items)",
            "   0.0  News  <TabCell #1>",
            // Typed at the prompt: no location.
            "error: no item at 0.7 (section 0 has 3 items)",
        ])
    // Piped input names itself: `-:LINE:`.
    let output = RecordingOutput()
    let session = Session(output: output)
    session.run(reader: ScriptReader(["load tabs", "", "select 9"]), source: "-")
    #expect(output.lines.last == "error: -:3: no item at 0.9 (section 0 has 3 items)")
    #expect(session.errorCount == 1)
}

@Test func bailStopsAtTheFirstErrorAndEchoShowsCommandsAndProse() throws {
    let folder = try TemporaryFolder()
    try folder.write(
        "tour.lab",
        "A tour.\n\n  > load tabs\n  loaded 3 items[..]\n\nThen:\n\n  > select 1\n  selected 0.1: "
            + "Contributions\n\nThe end.\n"
    )
    try folder.write("script.txt", "# start\nload tabs\nselect 9\nselect 1\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.echoesCommands = true
    session.stopsAtFirstError = true
    session.execute("run tour.lab")
    #expect(
        output.lines == [
            "A tour.", "", "listlab> load tabs", "loaded 3 items into an array provider (1 section)",
            "", "Then:", "", "listlab> select 1", "selected 0.1: Contributions", "", "The end.",
        ])
    output.clear()
    session.execute("run script.txt")
    #expect(
        output.lines == [
            "# start", "listlab> load tabs", "loaded 3 items into an array provider (1 section)",
            "listlab> select 9", "error: script.txt:3: no item at 0.9 (section 0 has 3 items)",
        ])
    #expect(session.isFinished)
    // Echoed lines are not output: a saved session has none of them.
    #expect(
        session.recordedCommands.map(\.output) == [
            ["loaded 3 items into an array provider (1 section)", "selected 0.1: Contributions"],
            [
                "loaded 3 items into an array provider (1 section)",
                "error: script.txt:3: no item at 0.9 (section 0 has 3 items)",
            ],
        ])
}

@Test func aTranscriptsExpectedErrorsDoNotCountAsFailures() throws {
    let folder = try TemporaryFolder()
    try folder.write(
        "expected.lab", "  > load tabs\n  loaded[..]\n  > update 0 titel=x\n  error: column 10: no field 'titel'[..]\n")
    try folder.write("unexpected.lab", "  > load tabs\n  loaded[..]\n  > select 9\n  selected 0.9: nothing\n")
    let session = Session(output: RecordingOutput(), workingDirectory: folder.path)
    session.stopsAtFirstError = true
    session.execute("run expected.lab")
    #expect(session.errorCount == 0)
    #expect(!session.isFinished)
    session.execute("run unexpected.lab")
    #expect(session.errorCount == 1)
    #expect(session.isFinished)
}

@Test(arguments: [
    ("selct 1", "error: unknown command 'selct' (did you mean 'select'?); type 'help' for the list"),
    ("frobnicate", "error: unknown command 'frobnicate'; type 'help' for the list"),
    ("select", "error: column 7: select needs a PATH (usage: select PATH | KEY=VALUE)"),
    ("select 1 2", "error: column 10: unexpected '2' (usage: select PATH | KEY=VALUE)"),
    (#"update 2 name="open"#, "error: column 15: unterminated quoted string"),
    ("select 99999999999999999999", "error: column 8: '99999999999999999999' is too large for a path"),
    ("select -1", "error: column 8: '-1' is not a path: paths are not negative"),
    (
        "show --xml",
        "error: column 6: show has no option '--xml' (usage: show [PATH | RANGE] [--all] [--json] | show --svg FILE [--force])"
    ),
    (
        "load tasks as sectioned by list as array",
        "error: column 33: 'as' is given twice (usage: load SOURCE [as array | as sectioned by FIELD | as file | as "
            + "paged SIZE [failing N]] [key FIELD] [name NAME] [--force])"
    ),
    ("select 3.9", "error: no item at 3.9 (the list has 1 section)"),
    ("select 9", "error: no item at 0.9 (section 0 has 8 items)"),
    ("delete 0.5-0.2", "error: column 8: the range 0.5-0.2 runs backwards: write 0.2-0.5"),
    ("delete 0.6-0.9", "error: no item at 0.9 (section 0 has 8 items)"),
    (
        "update 2 nme=X",
        "error: column 10: no field 'nme' in contacts (fields: id, name, phone, city; did you mean 'name'?)"
    ),
    ("update 2", "error: column 9: update needs FIELD=VALUE (usage: update PATH|KEY=VALUE FIELD=VALUE ...)"),
    ("update 2 name=a name=b", "error: column 17: the field 'name' is set twice"),
    ("update 2 id=1", "error: duplicate key id=1: 0.0 has it already"),
    ("move 0.2 0.2", "error: 0.2 is already at 0.2: nothing to move"),
    ("move 0.2 0.9", "error: cannot move 0.2 to 0.9: the last place in section 0 is 0.7"),
    ("viewport 0", "error: a viewport of 0 rows is not possible: choose 1 to 1000"),
    ("viewport 1000000000", "error: a viewport of 1000000000 rows is not possible: choose 1 to 1000"),
    (
        "viewport 99999999999999999999",
        "error: column 10: a viewport of 99999999999999999999 rows is not possible: choose 1 to 1000"
    ),
    (#"session save """#, "error: the file name is empty"),
    (#"load """#, "error: column 6: the SOURCE is empty: name a sample, or a .csv, .json or .ndjson file"),
    (#"run """#, "error: the file name is empty"),
    (#"export swift """#, "error: the file name is empty"),
    ("viewport many", "error: column 10: expected ROWS (a whole number), found 'many'"),
    ("scroll sideways", "error: column 8: expected top, bottom, a PATH, +N or -N, found 'sideways'"),
    (#"append {"name": "Oliver""#, "error: bad JSON object: column 25: unexpected end of input: unterminated object"),
    ("append [1,2]", "error: column 8: append takes a JSON object, not an array"),
    ("append 5 name=X", "error: no section 5 (the list has 1 section)"),
    ("append id=3 name=Dup", "error: duplicate key id=3: 0.2 has it already"),
    ("insert 0.9 name=X", "error: cannot insert at 0.9: section 0 has 8 items, so the last place is 0.8"),
    (
        "load nothing",
        "error: column 6: no sample named 'nothing' (samples: tabs, contacts, nearby, photos, tasks, expansions, menu)"
    ),
    (
        "load contcts",
        "error: column 6: no sample named 'contcts' (samples: tabs, contacts, nearby, photos, tasks, expansions, "
            + "menu; did you mean 'contacts'?)"
    ),
    (
        "load contacts as sectioned",
        "error: column 27: load needs 'by FIELD' after 'as sectioned' (usage: load SOURCE [as array | as sectioned by "
            + "FIELD | as file | as paged SIZE [failing N]] [key FIELD] [name NAME] [--force])"
    ),
    ("load contacts as tree", "error: column 18: expected 'array' or 'sectioned' or 'file' or 'paged', found 'tree'"),
    ("load data.csv", "error: data.csv: no such file"),
    ("load notes.txt", "error: column 6: 'notes.txt' is neither a sample nor a .csv, .json or .ndjson file"),
    (
        "load contacts as file",
        "error: column 15: 'as file' needs a .csv, .json or .ndjson file, and 'contacts' is a sample"
    ),
    (
        "save",
        "error: save works on file providers, and 'contacts' is an array provider: load a .csv, .json or .ndjson file "
            + "to save"
    ),
    ("use nobody", "error: no provider named 'nobody' (loaded: contacts)"),
    (#"bind "{name""#, "error: column 6: template column 1: unclosed '{'"),
    (
        #"bind header "{name}""#,
        "error: column 13: a header or footer can use {title}, {count} and {section}, not {name}"
    ),
    ("help selct", "error: no command 'selct' (did you mean 'select'?); type 'help' for the list"),
    ("trace maybe", "error: column 7: expected 'on' or 'off', found 'maybe'"),
    (#""quoted" command"#, #"error: column 1: expected a command, found '"quoted"'"#),
])
func badInputIsOneErrorLineAndChangesNothing(line: String, message: String) {
    let output = RecordingOutput()
    let session = Session(output: output)
    session.execute("load contacts")
    session.execute("select 1")
    session.execute("show --json")
    session.execute("show")
    let before = output.lines
    output.clear()
    session.execute(line)
    #expect(output.lines == [message])
    output.clear()
    session.execute("show --json")
    session.execute("show")
    #expect(output.lines == Array(before.dropFirst(2)), "'\(line)' changed the data or the list")
}

@Test func commandsBeforeAnyLoadSaySo() {
    #expect(last(["show"]) == ["error: no provider is loaded: try 'load contacts' (or 'samples')"])
    #expect(last(["select 1"]) == ["error: no provider is loaded: try 'load contacts' (or 'samples')"])
}

@Test func aReadOnlySessionParsesButDoesNotWrite() throws {
    let folder = try TemporaryFolder()
    try folder.write("p.csv", "id,name\n1,Ada\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path, canWriteFiles: false)
    for line in [
        "load p.csv", "update 0 name=Grace", "save --force", "save copy.csv", "session save s.lab", "session save",
    ] {
        session.execute(line)
    }
    #expect(
        output.lines.suffix(4) == [
            "error: save: this session does not write files", "error: save: this session does not write files",
            "error: session save: this session does not write files",
            "error: column 13: session needs a FILE (usage: session save FILE [--force])",
        ])
    #expect((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) == ["p.csv"])
}

@Test func theBuiltInContactsAreTheShippedFile() throws {
    let sample = BuiltInSamples.contacts
    let path = try #require(BuiltInSamples.path(of: sample))
    let file = try FileDataProvider(path: path, name: sample.file).records
    #expect(file == sample.embedded)
}

@Test func everySampleLoadsWithItsOwnLook() {
    for sample in BuiltInSamples.all {
        let output = RecordingOutput()
        let session = Session(output: output)
        session.execute("load \(sample.name)")
        #expect(output.errorCount == 0, "load \(sample.name): \(output.lines)")
        #expect(session.list.numberOfSections > 0)
        #expect(((try? BuiltInSamples.records(of: sample)) ?? []).allSatisfy { $0["id"] != nil && $0["id"] != .null })
    }
}

@Test func fieldsCountsEachFieldsValuesByKind() {
    #expect(
        last(["load tasks", "update 0.1 done=null", "update 0.2 title=7", "fields"]) == [
            "tasks: 4 fields, 7 items, key id",
            "  id     int 7",
            "  title  int 1, string 6",
            "  list   string 7",
            "  done   null 1, bool 6",
        ])
}

/// Text in ISO 8601 is a date to `fields` and `inspect` (a Swift `Date` of a registered type is
/// held so); other text stays a string, and an impossible day is not a date.
@Test func datesAreTypedAsDates() {
    let lines = [
        "load tasks", #"update 0.0 title="2026-11-28""#, #"update 0.1 title="2026-11-28T09:30:00Z""#,
        #"update 0.2 title="2026-13-01""#,
    ]
    #expect(last(lines + ["fields"]).contains("  title  string 5, date 2"))
    #expect(last(lines + ["inspect 0.1"]).contains(#"  title  "2026-11-28T09:30:00Z"  (date)"#))
    #expect(last(lines + ["inspect 0.2"]).contains(#"  title  "2026-13-01"  (string)"#))
    #expect(Value.isDateText("2026-11-28 09:30") && !Value.isDateText("2026-11-2") && !Value.isDateText("20261128"))
}

/// `set timer on` prints each later command's times after its output, at the prompt and in a pipe,
/// and never in what `session save` keeps.
@Test func theTimerPrintsEachCommandsTimeAfterItsOutputAndIsNotRecorded() throws {
    let output = RecordingOutput()
    let session = Session(output: output)
    session.run(reader: ScriptReader(["set timer on", "load contacts", "set timer off", "show 0"]))
    #expect(output.lines.count == 5)
    #expect(output.lines[0] == "timer on")
    #expect(output.lines[1] == "loaded 8 items into an array provider (1 section)")
    let timing = output.lines[2]
    #expect(timing.wholeMatch(of: /Run Time: real \d+\.\d{3} user \d+\.\d{6} sys \d+\.\d{6}/) != nil, "\(timing)")
    #expect(output.lines[3] == "timer off")
    #expect(!output.lines[4...].contains { $0.hasPrefix("Run Time:") })
    let saved = try session.transcript(named: "timed.lab").text
    #expect(!saved.contains("Run Time"))
}

/// A file deleted on disk after it was loaded: `save` refuses it, as a file changed since it was
/// read, and `save --force` writes it again with the session's edits.
@Test func aFileDeletedAfterItWasLoadedIsSavedOnlyWithForce() throws {
    let folder = try TemporaryFolder()
    try folder.write("gone.csv", "id,name\n1,Ada\n")
    let output = RecordingOutput()
    let session = Session(output: output, workingDirectory: folder.path)
    session.execute("load gone.csv")
    session.execute("update 0 name=Al")
    try FileManager.default.removeItem(atPath: folder.path + "/gone.csv")
    output.clear()
    session.execute("save")
    #expect(
        output.lines == [
            "error: gone.csv: was deleted (or cannot be read) since it was read; save --force writes it again"
        ])
    #expect(!FileManager.default.fileExists(atPath: folder.path + "/gone.csv"))
    output.clear()
    session.execute("save --force")
    #expect(output.lines == ["saved 1 item to gone.csv (13 bytes)"])
    #expect(try String(contentsOfFile: folder.path + "/gone.csv", encoding: .utf8) == "id,name\n1,Al\n")
}
