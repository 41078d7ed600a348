import ListLabTestSupport
import Testing

@testable import ListLabShell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The table of commands in Docs/commands.md ("At the prompt") is the command reference: every
/// command the shell has is in it, and every command it names is one the shell has.
@Test func theCommandTableNamesEveryCommandAndNoOther() throws {
    let page = try String(contentsOfFile: DocExampleFile.packageRoot + "/Docs/commands.md", encoding: .utf8)
    let lines = page.split(separator: "\n", omittingEmptySubsequences: false)
    let start = try #require(lines.firstIndex(of: "## At the prompt"))
    let tableStart = try #require(lines[start...].firstIndex { $0.hasPrefix("| command |") })
    let rows = lines[(tableStart + 2)...].prefix { $0.hasPrefix("| ") }
    var named: Set<String> = []
    for row in rows {
        // The first column: code spans, each starting with a command's name (or an option of the row's).
        // (`\|` is a bar inside a cell, not the column's end.)
        let cells = String(row.dropFirst(2)).replacing("\\|", with: "\u{1}").split(
            separator: "|", omittingEmptySubsequences: false)
        guard let column = cells.first else { continue }
        let spans = column.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter {
            $0.offset % 2 == 1
        }.map(\.element)
        for span in spans {
            guard let word = span.split(separator: " ").first, !word.hasPrefix("-") else { continue }
            named.insert(String(word))
        }
    }
    let commands = Set(Command.all.map(\.name))
    #expect(rows.count > 20)
    #expect(
        commands.subtracting(named).isEmpty,
        "commands the table of Docs/commands.md leaves out: \(commands.subtracting(named).sorted())")
    let aliases = Set(Command.all.flatMap(\.aliases))
    #expect(
        named.subtracting(commands).subtracting(aliases).isEmpty,
        "names in the table of Docs/commands.md that are no command: \(named.subtracting(commands).sorted())")
}
