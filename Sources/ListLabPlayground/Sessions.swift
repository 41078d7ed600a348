import ArgumentParser
import LineEditing
import ListLabShell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A command that cannot do what was asked, though its arguments were
/// right: `error: MESSAGE` on standard error, as the shell says it, and
/// exit status 1 (no usage line).
func failure(_ message: String) -> ExitCode {
    printError("error: " + message)
    return ExitCode(1)
}

/// `listlab sessions`: the journals of recent interactive sessions.
struct Sessions: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "sessions",
            abstract: "Lists recent interactive sessions from their journals, or saves one as a transcript.",
            discussion: """
                Every interactive session is journaled as it goes, each command with its output, in $LISTLAB_JOURNALS, \
                else $XDG_STATE_HOME/listlab, else ~/.local/state/listlab (the latest 20, 64 MB in all, are kept; each \
                command with the first 200 lines and 32 KB of its output). A session that ended without quit (a crash, \
                a closed window, kill -9) can be brought back with '\(ToolIdentity.current.name) recover'.
                """,
            subcommands: [ListSessions.self, SaveSession.self],
            defaultSubcommand: ListSessions.self)
    }

    /// The journals' summaries, newest first; an error when there is no
    /// folder for them.
    static func journals() throws -> [JournalSummary] {
        guard let folder = Journaling.folder else {
            throw failure("no folder for journals: set HOME or LISTLAB_JOURNALS")
        }
        return JournalFile.summaries(in: folder)
    }

    /// Journal `number` (from 1, as `listlab sessions` lists them), read whole.
    static func journal(_ number: Int) throws -> JournalFile {
        let journals = try journals()
        guard number >= 1, number <= journals.count else {
            throw failure(
                journals.isEmpty
                    ? "no sessions are journaled yet"
                    : "no session \(number): '\(ToolIdentity.current.name) sessions' lists 1 to \(journals.count)")
        }
        return try read(journals[number - 1])
    }

    /// The journal a summary is of, read whole.
    static func read(_ summary: JournalSummary) throws -> JournalFile {
        guard let journal = JournalFile(path: summary.path) else { throw failure("\(summary.path): cannot be read") }
        return journal
    }
}

/// `listlab sessions [list]`.
struct ListSessions: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(commandName: "list", abstract: "Lists the journaled sessions, newest first.")
    }

    func run() throws {
        let journals = try Sessions.journals()
        guard !journals.isEmpty else {
            printLine("no sessions are journaled yet")
            return
        }
        for (index, journal) in journals.enumerated() {
            let number = index + 1
            let commands = journal.commandCount.map { "\($0) \($0 == 1 ? "command" : "commands")" } ?? "commands"
            let state: String
            if journal.isClassroom, !journal.isRunning {
                let how = journal.ended ? "ended" : "unfinished"
                state =
                    "\(how) (classroom tab \(journal.tab.map(String.init) ?? "?"): a student's commands, never run again here; '\(ToolIdentity.current.name) sessions save \(number) FILE' writes them to read)"
            } else if journal.isRunning {
                state = "running (process \(journal.processID)\(journal.tab.map { ", browser tab \($0)" } ?? ""))"
            } else if journal.ended {
                state = journal.tab == nil ? "ended with quit" : "ended (browser tab \(journal.tab ?? 0) closed)"
            } else if journal.recovered {
                state = "unfinished, recovered"
            } else {
                let tab = journal.tab.map { " (browser tab \($0) of a server that stopped)" } ?? ""
                state = "unfinished\(tab): '\(ToolIdentity.current.name) recover \(number)' brings it back"
            }
            let files = journal.files.isEmpty ? "" : "; files: " + journal.files.joined(separator: ", ")
            let folder = journal.folder ?? "an unknown folder"
            let damage = journal.damage.map { "; damaged, \($0)" } ?? ""
            printLine(
                "\(String(repeating: " ", count: max(0, 3 - String(number).count)))\(number)  \(journal.started)  \(commands) in \(folder)\(files); \(state)\(damage)"
            )
        }
    }
}

/// `listlab sessions save N FILE`.
struct SaveSession: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "save",
            abstract: "Saves a journaled session as a transcript that replays as a regression test.")
    }

    @Argument(help: "The session, as '\(ToolIdentity.current.name) sessions' numbers it.")
    var number: Int

    @Argument(help: "The transcript to write (.lab).", completion: .file(extensions: ["lab"]))
    var file: String

    @Flag(help: "Replace FILE when it exists.")
    var force = false

    func run() throws {
        let journal = try Sessions.journal(number)
        // A transcript with no command would fail its own replay.
        guard !journal.records.isEmpty else { throw failure("session \(number) has no commands to save") }
        let session = Session(output: StandardStreams(), workingDirectory: ".")
        do {
            try session.writeNewFile(journal.transcript, to: file, force: force)
        } catch {
            throw failure("\(error)")
        }
        printLine(
            "saved \(journal.records.count) \(journal.records.count == 1 ? "command" : "commands") of the session of \(journal.started) to \(file)"
        )
    }
}

/// `listlab recover [N]`: an unfinished session brought back, then the prompt.
struct Recover: PlaygroundCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "recover",
            abstract: "Brings back a session that ended without quit: its commands run again, then the prompt.",
            discussion: """
                The session's commands run again, quietly, in its folder: its unsaved edits are back, unsaved. Saves \
                and other writes are not run again (their files are on disk), nor the edits a later save wrote. With \
                no N, the latest unfinished session. A classroom tab's session (serve --classroom) is never run again: \
                its commands were a student's.
                """)
    }

    @Argument(
        help: "The session, as '\(ToolIdentity.current.name) sessions' numbers it (default: the latest unfinished one)."
    )
    var number: Int?

    func run(in playground: Playground) throws {
        let old: JournalFile
        if let number {
            old = try Sessions.journal(number)
        } else {
            let journals = try Sessions.journals()
            guard let latest = try journals.first(where: \.isUnfinished).map(Sessions.read) else {
                let running = journals.filter { !$0.ended && !$0.recovered && $0.isRunning }
                throw failure(
                    running.isEmpty
                        ? "no session ended without quit: '\(ToolIdentity.current.name) sessions' lists them"
                        : "no session ended without quit; \(running.count == 1 ? "one is" : "\(running.count) are") still running (process \(running.map { String($0.processID) }.joined(separator: ", "))): '\(ToolIdentity.current.name) sessions' lists them"
                )
            }
            old = latest
        }
        guard !old.isClassroom else {
            // A student's commands run only in a tab's folder, never as the one who recovers them.
            throw failure(
                "that session was a classroom tab's (a student's commands): it is never run again outside its tab; '\(ToolIdentity.current.name) sessions save \(number.map(String.init) ?? "N") FILE' writes it as a transcript to read"
            )
        }
        guard !old.isRunning else { throw failure("that session is still running (process \(old.processID))") }
        let output = StandardStreams()
        if let damage = old.damage {
            output.writeNote(
                "(the journal of that session is damaged: \(damage); the \(old.records.count) commands before it are "
                    + "recovered)"
            )
        }
        if !old.knowsFolder {
            output.writeNote("(the folder that session ran in is unknown: its commands run in this folder)")
        }
        let session = playground.makeSession(output: output, workingDirectory: old.folder)
        let editor = LineEditor(programName: playground.name, historyFile: Environment.historyFile)
        // At a terminal the recovered session is journaled in its turn (with the commands run
        // again); commands piped in after a recovery are not, as no script is.
        let journal = editor == nil ? nil : Journaling.start(for: session, workingFolder: old.folder)
        output.isMuted = true
        let recovery = session.recover(old)
        output.isMuted = false
        old.markRecovered()
        let unsaved =
            recovery.unsaved.isEmpty
            ? "no unsaved edits" : "unsaved edits in " + recovery.unsaved.joined(separator: ", ")
        printLine(
            "recovered the session of \(old.started) in \(old.folder): \(recovery.replayed) commands run again, "
                + "\(recovery.skipped) not (saved, or changed nothing); \(unsaved)"
        )
        guard let editor else {
            session.run(reader: StandardInputReader(), source: "-")
            return
        }
        InteractiveLoop.run(session, editor: editor, journal: journal)
    }
}
