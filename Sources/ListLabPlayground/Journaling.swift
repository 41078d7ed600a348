import Dispatch
package import ListLabShell
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The journal of interactive sessions: where it is kept, starting one, and
/// the one line at start-up that says a session can be recovered.
package enum Journaling {
    /// Where journals are kept (see `SessionJournal.folder(environment:)`).
    static var folder: String? {
        SessionJournal.folder(environment: ProcessInfo.processInfo.environment, tool: ToolIdentity.current.name)
    }

    /// Starts journaling `session`: every command from now on is written as
    /// it ends. A journal that cannot be made is one line, and no journal.
    /// A classroom tab's journal (`classroom`) says so, and is never recovered.
    /// The oldest journals are pruned first unless `prunes` is false (a server
    /// prunes now and then, off the tabs' threads: ``pruneInBackground()``).
    package static func start(
        for session: Session, workingFolder: String, tab: Int? = nil, classroom: Bool = false, prunes: Bool = true
    ) -> SessionJournal? {
        guard let folder else { return nil }
        if prunes { SessionJournal.prune(folder) }
        do {
            let journal = try SessionJournal(
                folder: folder, workingFolder: workingFolder, tab: tab, classroom: classroom)
            journal.onProblem = { StandardStreams().writeNote($0) }
            session.addStepObserver(journal)
            if !journal.isWhole { journal.retry() }
            return journal
        } catch {
            printLine("(this session is not journaled: \(error))")
            return nil
        }
    }

    /// Prunes the journals on a queue of its own, at most once a minute: a
    /// server opening tabs asks at each one, and no tab waits for it.
    package static func pruneInBackground() {
        let due = lastPrune.withLock { last in
            let now = DispatchTime.now().uptimeNanoseconds
            guard last == 0 || now - last > 60_000_000_000 else { return false }
            last = now
            return true
        }
        guard due, let folder else { return }
        pruning.async { SessionJournal.prune(folder) }
    }

    private static let lastPrune = Mutex<UInt64>(0)
    private static let pruning = DispatchQueue(label: "listlab.journal-pruning", qos: .utility)

    /// At start-up: one line when an earlier session ended without quit.
    static func mentionRecoverableSession(besides current: SessionJournal?) {
        guard let folder else { return }
        // Summaries only: a start-up costs the same however long the journals are.
        let unfinished = JournalFile.summaries(in: folder).filter { $0.isUnfinished && $0.path != current?.path }
        guard let latest = unfinished.first else { return }
        let commands = latest.commandCount.map { ", \($0) \($0 == 1 ? "command" : "commands")" } ?? ""
        printLine(
            "A session ended without quit (\(latest.started)\(commands)): '\(ToolIdentity.current.name) recover' "
                + "brings it back, '\(ToolIdentity.current.name) sessions' lists sessions."
        )
    }
}
