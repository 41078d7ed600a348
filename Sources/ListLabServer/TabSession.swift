#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListLabPictures
package import ListLabShell

/// One browser tab's playground: its own `Session` and list, the steps it
/// has run, and its completer. Commands run one at a time, in the order the
/// tab sent them, on a queue of the tab's own (``QueueExecutor``); tabs
/// never share state.
actor TabSession {
    private let executor = QueueExecutor(label: "listlab.tab")
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private let session: Session
    private let output = RecordingOutput()
    private let runner: StepRunner
    private let completer: ShellCompleter
    private var stepCount = 0
    /// The tours this tab may open.
    private let tours: [String]
    /// The session's journal, as a terminal session has one (`listlab
    /// sessions`, `listlab recover`); nil where none could be made.
    private let journal: SessionJournal?

    /// The longest command line a tab may send; a longer one is refused.
    static let longestLine = 64 * 1_024
    /// The longest transcript a tab may open.
    static let longestTranscript = 1_024 * 1_024

    /// A tab's session, made by `factory` and journaled as tab `number`,
    /// with `sample` loaded first (then its first step is `show`).
    init(factory: SessionFactory, number: Int, sample: String?, tours: [String]) {
        self.tours = tours
        let session = factory.make(output)
        self.session = session
        journal = factory.startJournal(session, number)
        runner = StepRunner(session: session, output: output)
        completer = ShellCompleter(session: session)
        if let sample {
            session.execute("load \(sample)")
            output.clear()
        }
    }

    /// The steps that greet a new tab: `show` when something is loaded.
    func greeting() -> [ServerMessage] {
        guard session.currentName != nil else { return [] }
        return [run("show")]
    }

    /// What the tab gets for `message`, a JSON ``ClientMessage``.
    func reply(to text: String) -> ServerMessage {
        guard text.utf8.count <= Self.longestTranscript + 1_024 else {
            return .refused("a message of \(text.utf8.count) bytes is more than a transcript may be (\(Self.longestTranscript) bytes)")
        }
        guard let message = try? JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8)) else {
            return .refused("a message the playground does not understand")
        }
        switch message {
        case .command(let line):
            guard line.utf8.count <= Self.longestLine else {
                return .refused("a command line of \(line.utf8.count) bytes is more than \(Self.longestLine)")
            }
            return run(line)
        case .complete(let line):
            let candidates = completer.candidates(for: line)
            return .completion(word: candidates.word, candidates: candidates.words)
        case .save(let name):
            do {
                return .transcript(name: name, text: try session.transcript(named: name).text)
            } catch {
                return .refused("\(error)")
            }
        case .open(let name, let text):
            return .lesson(Lesson(name: name, text: text))
        case .tour(let name):
            guard tours.contains(name), let text = Tours.text(of: name) else { return .refused("no tour named '\(name)'") }
            return .lesson(Lesson(name: name, text: text))
        }
    }

    /// Runs one command line as the tab's next step.
    private func run(_ line: String) -> ServerMessage {
        stepCount += 1
        let errors = session.errorCount
        let step = runner.run(line, number: stepCount)
        return .step(number: stepCount, html: TranscriptPage.section(of: step), failed: session.errorCount > errors, ended: session.isFinished)
    }

    /// Ends the session: the tab closed (its journal says the session ended).
    func end() {
        runner.detach()
        journal?.finish()
    }
}

/// Makes a tab's session: a playground's registrations and samples, its
/// working folder. `@unchecked Sendable`: the registrations' closures are
/// not, and the server calls them one tab at a time when there are any
/// (``PlaygroundServer``'s turnstile), as replays of a playground run.
package struct SessionFactory: @unchecked Sendable {
    let make: (RecordingOutput) -> Session
    /// Starts a tab's journal: its session and its number.
    let startJournal: (Session, Int) -> SessionJournal?
    /// Whether sessions must run one at a time (the playground registers
    /// providers of its own, whose code need not be thread-safe).
    let isSerial: Bool

    /// A factory calling `make`; `isSerial` when its sessions run code of
    /// the user's that need not be thread-safe.
    package init(
        isSerial: Bool, make: @escaping (RecordingOutput) -> Session,
        startJournal: @escaping (Session, Int) -> SessionJournal? = { _, _ in nil }
    ) {
        self.make = make
        self.isSerial = isSerial
        self.startJournal = startJournal
    }
}
