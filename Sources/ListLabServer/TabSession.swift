import Dispatch
import Interruption
import ListLabPictures
package import ListLabShell
import Synchronization

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A session a tab runs commands in (the tab's own, or an open lesson's),
/// with what makes its steps and completes its lines.
struct TabPlayground {
    let session: Session
    let runner: StepRunner
    let completer: ShellCompleter
}

/// A lesson open in a tab: its transcript, the fresh session it runs in,
/// and how far it got.
struct OpenLesson {
    let lesson: Lesson
    let playground: TabPlayground
    /// Whether it is a teacher's (`--lessons`), whose files a reset copies again.
    var isTeachers = false
    /// Whether the student opened it from a file of their own: its exercises
    /// are theirs to write, so they are not counted for the teacher's page
    /// (one named as a teacher's lesson, checked against itself, would read "done").
    var isStudents = false
    /// Outside a classroom, the scratch copy of a teacher's lesson folder it
    /// runs confined in, as `listlab test` runs a transcript; removed when
    /// the lesson closes.
    var scratch: ConfinedFolder?
    /// The index of its next command.
    var next = 0
    /// The steps run so far that printed what the transcript recorded.
    var matched = 0
    /// The steps run so far that printed something else.
    var drifted = 0
    /// The hints shown of the exercise whose check is next.
    var hintsShown = 0

    /// The page's view of it.
    var state: ServerMessage {
        .lessonState(next: next, commands: lesson.commandCount, matched: matched, drifted: drifted)
    }
}

/// What a teacher's page (`/teacher`) says of a tab: read as the tab works,
/// without waiting for its command.
struct TabStatus: Sendable, Equatable, Codable {
    /// The tab's number (its journal's).
    var number: Int
    /// The commands the tab has run.
    var steps = 0
    /// The open lesson's name, its next command (from 1), its commands, and
    /// its steps that drifted; nil when none is open.
    var lesson: LessonProgress?
    /// The last error a command of the tab's printed.
    var lastError: String?
    /// The name the student gave (their browser keeps it for the server); nil until they give one.
    var student: String?
    /// The exercises the tab has checked, in the order first checked (the latest ``mostExercises``).
    var exercises: [ExerciseStatus] = []
    /// Whether the tab shows the presenter's view: not a student's, so not graded.
    var presenting = false

    /// The most exercises a tab's status keeps: a learner may open any number of lessons.
    static let mostExercises = 50

    /// Reads a status, each field absent taken as a new tab's: a class's
    /// record written by an earlier version holds fewer fields.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        number = try container.decode(Int.self, forKey: .number)
        steps = try container.decodeIfPresent(Int.self, forKey: .steps) ?? 0
        lesson = try container.decodeIfPresent(LessonProgress.self, forKey: .lesson)
        lastError = try container.decodeIfPresent(String.self, forKey: .lastError)
        student = try container.decodeIfPresent(String.self, forKey: .student)
        exercises = try container.decodeIfPresent([ExerciseStatus].self, forKey: .exercises) ?? []
        presenting = try container.decodeIfPresent(Bool.self, forKey: .presenting) ?? false
    }

    init(number: Int) {
        self.number = number
    }

    /// How far a tab is in its open lesson.
    struct LessonProgress: Sendable, Equatable, Codable {
        /// The lesson's name.
        var name: String
        /// Its next command, from 1.
        var next: Int
        /// Its commands.
        var commands: Int
        /// Its steps that drifted.
        var drifted: Int
    }

    /// Notes a change to exercise `number` of `lesson`, first checked now when it is new.
    mutating func noteExercise(_ lesson: String, _ number: Int, _ change: (inout ExerciseStatus) -> Void) {
        if let index = exercises.firstIndex(where: { $0.lesson == lesson && $0.number == number }) {
            change(&exercises[index])
            return
        }
        var new = ExerciseStatus(lesson: lesson, number: number)
        change(&new)
        exercises.append(new)
        if exercises.count > Self.mostExercises { exercises.removeFirst() }
    }
}

/// How a student is doing on one exercise of a lesson, as the teacher's page shows it.
struct ExerciseStatus: Sendable, Equatable, Codable {
    /// The lesson's name.
    var lesson: String
    /// The exercise's number in its lesson, from 1.
    var number: Int
    /// How many times the student pressed Check.
    var tries = 0
    /// Whether a Check passed.
    var done = false
    /// Whether the student ran the lesson's Solution.
    var usedSolution = false
    /// The most hints of it the student was shown.
    var hintsSeen = 0
}

/// One browser tab's playground: its own `Session` and list, the steps it
/// has run, and its completer; and while a lesson is open, the lesson's
/// session, fresh as `listlab test` starts a transcript. Commands run one at
/// a time, in the order the tab sent them, on a thread of the tab's own
/// (``ThreadExecutor``); tabs never share state.
actor TabSession {
    /// The queue the classroom's budgets fire on: a serial one of their own,
    /// so that a budget never waits for dispatch's shared threads, which
    /// long commands may hold.
    private static let budgetTimers = DispatchQueue(label: "listlab.budgets")
    private let executor = ThreadExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    /// The tab's own session.
    private let own: TabPlayground
    /// The open lesson, whose session takes the tab's commands until it closes.
    /// In a classroom, the data files a teacher's lesson copied into the
    /// tab's folder: a Reset copies them again (the learner's changes go,
    /// as the lesson starts afresh); a file the learner uploaded is theirs.
    private var lessonCopies: Set<String> = []
    private var lesson: OpenLesson? {
        didSet {
            let shown = lesson.map {
                TabStatus.LessonProgress(
                    name: $0.lesson.name, next: $0.lesson.stepsShown(before: $0.next) + 1,
                    commands: $0.lesson.stepsShown(before: $0.lesson.commandCount), drifted: $0.drifted)
            }
            status.withLock { $0.lesson = shown }
        }
    }
    /// Where commands run now: the open lesson's session, else the tab's own.
    private var current: TabPlayground { lesson?.playground ?? own }
    /// Makes sessions: the tab's, and each lesson's.
    private let factory: SessionFactory
    /// The folder the tab's sessions work in.
    private let workingFolder: String
    private var stepCount = 0
    /// Whether ``end(serverStopping:)`` ran: a tab ends once.
    private var hasEnded = false
    /// Whether the session runs in a tab's own process, for a server that
    /// made its folder and collects and removes it itself.
    private let isHosted: Bool
    /// In a classroom, the transcripts of the lessons the tab closed (or
    /// reset, or left for another), for the teacher: the latest ``keptLessons``.
    private var closedLessons: [(name: String, text: String)] = []
    /// How many lessons the tab has closed (each run of one counts).
    private var lessonRuns = 0
    /// How many closed lessons a classroom tab keeps for the teacher.
    static let keptLessons = 4
    /// The tours this tab may open.
    private let tours: [String]
    /// The teacher's lessons this tab may open.
    private let lessons: LessonFolder?
    /// The session's journal, as a terminal session has one (`listlab
    /// sessions`, `listlab recover`); nil where none could be made.
    private let journal: SessionJournal?
    /// In a classroom: its rules, and the tab's own folder.
    private let classroom: (rules: Classroom, folder: ConfinedFolder)?
    /// The last steps sent, for a page that comes back after a reload, with their bytes.
    private var recentSteps: [(message: ServerMessage, bytes: Int)] = []
    private var recentBytes = 0
    /// How many steps a page that comes back gets again.
    static let keptSteps = 100
    /// The running command's flag, to stop it when the server stops.
    private nonisolated let running = Mutex<Interruption.Flag?>(nil)
    /// Whether the server is stopping: no command starts.
    private nonisolated let stopping = Mutex(false)
    /// What the teacher's page says of the tab, kept up to date after each command.
    nonisolated let status: Mutex<TabStatus>

    /// The longest command line a tab may send; a longer one is refused.
    static let longestLine = CommandLineRule.longestLine
    /// The longest name of a transcript a tab opens, in bytes, as the page and the teacher's page show it.
    static let longestLessonName = 100
    /// The longest last error the teacher's page shows, in bytes.
    static let longestShownError = 300
    /// The longest transcript a tab may open.
    static let longestTranscript = 1_024 * 1_024
    /// The longest message a tab may send: a file uploaded in a classroom.
    static let longestMessage = 16 * 1_024 * 1_024
    /// The longest line a tab may ask to complete: completion reads its
    /// line whole, and no command a person types is longer.
    static let longestCompletion = 4 * 1_024
    /// The door's checks this tab makes (``Door/Checks/oneLine``,
    /// ``Door/Checks/completionLimit``).
    private let checks: Door.Checks
    /// The address the tab's page speaks for (behind a proxy, the one it forwards).
    private let client: String
    /// The key of the student's browser, from the first name the page gave.
    private var studentKey: String?

    /// A tab's session, made by `factory` and journaled as tab `number`,
    /// with `sample` loaded first (then its first step is `show`).
    ///
    /// - Throws: ``ShellError`` in a classroom that could not make the tab a
    ///   folder of its own (a tab is never served without one there).
    ///
    /// In a tab's own process (``TabWorker``), `hostedFolder` is the folder
    /// the server made for the tab: the server collects it and removes it.
    init(
        factory: SessionFactory, number: Int, sample: String?, tours: [String], lessons: LessonFolder? = nil,
        checks: Door.Checks = .all, client: String = "", hostedFolder: ConfinedFolder? = nil
    ) throws(ShellError) {
        self.client = client
        self.tours = tours
        self.lessons = lessons
        status = Mutex(TabStatus(number: number))
        self.checks = checks
        isHosted = hostedFolder != nil
        // In a classroom, a folder of the tab's own; without one, the tab cannot work safely, and is refused.
        if let rules = factory.classroom {
            if let hostedFolder {
                classroom = (rules, hostedFolder)
            } else {
                classroom = (rules, try rules.makeTabFolder())
            }
        } else {
            classroom = nil
        }
        self.factory = factory
        workingFolder = classroom?.folder.scratch ?? factory.folder
        own = Self.playground(factory, in: workingFolder, classroom: classroom, dataLimit: classroom?.rules.tabMemory)
        journal = factory.startJournal(own.session, number, own.session.workingDirectory)
        if let sample {
            own.session.execute("load \(sample)")
        }
    }

    /// A session made by `factory`, working in `folder`, bounded as a
    /// classroom bounds a tab's (its data by `dataLimit`).
    private static func playground(
        _ factory: SessionFactory, in folder: String, classroom: (rules: Classroom, folder: ConfinedFolder)?,
        dataLimit: Int?
    ) -> TabPlayground {
        // A step is read from its command's record: the session's output goes nowhere.
        let session = factory.make(DiscardingOutput(), folder)
        if let classroom {
            session.bounds = Session.Bounds(
                confinement: classroom.folder, data: dataLimit, threshold: Classroom.highestThreshold,
                viewportRows: Classroom.highestViewport,
                diffableItems: Classroom.mostDiffableItems, record: classroom.rules.keptRecord,
                historyBytes: classroom.rules.keptHistory,
                keptOutputBytes: classroom.rules.stepOutputLimit)
        }
        return TabPlayground(
            session: session, runner: StepRunner(session: session), completer: ShellCompleter(session: session))
    }

    /// The steps that greet a new tab: `show` when something is loaded.
    func greeting() -> [ServerMessage] {
        guard own.session.currentName != nil else { return [] }
        return run("show")
    }

    /// The steps a page that comes back to this session gets again: the last
    /// ones run, in order, and the open lesson where it is.
    func stepsSoFar() -> [ServerMessage] {
        // The page asks for the exercise's hints again from the first (those seen stay counted).
        lesson?.hintsShown = 0
        return recentSteps.map(\.message) + (lesson.map { [.lesson($0.lesson), $0.state] } ?? [])
    }

    /// Forgets the exercises the tab's messages counted so far (they
    /// replayed a session that ended, whose grades the class kept then).
    func forgetExercises() {
        status.withLock { $0.exercises = [] }
    }

    /// What the tab gets for `message`, a JSON ``ClientMessage``: one
    /// message, or in a classroom a step and the files it wrote.
    func reply(to text: String) -> [ServerMessage] {
        guard text.utf8.count <= Self.longestMessage else {
            return [
                .refused(
                    "a message of \(text.utf8.count) bytes is more than a tab may send (\(Self.longestMessage) bytes)")
            ]
        }
        guard let message = try? JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8)) else {
            return [.refused("a message the playground does not understand")]
        }
        switch message {
        case .command(let line):
            guard line.utf8.count <= Self.longestLine else {
                return [.refused("a command line of \(line.utf8.count) bytes is more than \(Self.longestLine)")]
            }
            if checks.contains(.oneLine), let reason = CommandLineRule.lineBreak(in: line) {
                return [.refused(reason)]
            }
            return run(line)
        case .complete(let line):
            guard !checks.contains(.completionLimit) || line.utf8.count <= Self.longestCompletion else {
                return [
                    .refused("a line of \(line.utf8.count) bytes to complete is more than \(Self.longestCompletion)")
                ]
            }
            let candidates = current.completer.candidates(for: line)
            return [.completion(word: candidates.word, candidates: candidates.words)]
        case .save(let typed):
            // A download's name: the last part of what the page asked for, never a path.
            let name =
                typed.split(separator: "/").last.map(String.init).flatMap { $0 == ".." || $0 == "." ? nil : $0 }
                ?? "session.lab"
            do {
                return [.transcript(name: name, text: try current.session.transcript(named: name).text)]
            } catch {
                return [.refused("\(error)")]
            }
        case .open(let name, let text):
            guard text.utf8.count <= Self.longestTranscript else {
                return [
                    .refused(
                        "a transcript of \(text.utf8.count) bytes is more than one may open "
                            + "(\(Self.longestTranscript) bytes)"
                    )
                ]
            }
            // A name is for showing: its last part, and not a long one.
            let shown = (name.split(separator: "/").last.map(String.init) ?? "lesson.lab").cut(
                toBytes: Self.longestLessonName)
            return open(Lesson(name: shown.isEmpty ? "lesson.lab" : shown, text: text), fromStudent: true)
        case .tour(let name):
            if tours.contains(name), let text = Tours.text(of: name) { return open(Lesson(name: name, text: text)) }
            guard let lessons, let text = lessons.text(of: name) else {
                return [.refused("no tour or lesson named '\(name)'")]
            }
            return open(Lesson(name: name, text: text), from: lessons)
        case .lesson(let action):
            guard let open = lesson else { return [.refused("no lesson is open")] }
            switch action {
            case .step: return stepLesson()
            case .solve: return solveExercise()
            case .hint: return showHint()
            case .reset:
                return self.open(open.lesson, from: open.isTeachers ? lessons : nil, fromStudent: open.isStudents)
            case .close:
                dropLesson()
                return [.lessonClosed]
            }
        case .upload(let name, let text):
            return [upload(name, text)]
        case .name(let typed, let student):
            guard let classroom else {
                return [.refused("a name is for a classroom's teacher (listlab serve --classroom)")]
            }
            guard !Classroom.mixesLookalikeScripts(typed) else {
                return [
                    .refused(
                        "write your name in one alphabet, please: Latin, Greek and Cyrillic letters that look alike "
                            + "would pass for another name")
                ]
            }
            guard let name = Classroom.studentName(typed) else {
                return [
                    .refused(
                        "a name of 1 to \(Classroom.longestStudentName) letters, digits, spaces and punctuation, please"
                    )
                ]
            }
            // A page sends its browser's key with the name; the tab keeps the first it sends (a page
            // cannot take another student's key later), and a tab that sends none has one of its own.
            let key =
                studentKey ?? student.flatMap { ClassRoster.isKey($0) ? $0 : nil }
                ?? "\u{0}tab \(status.withLock(\.number))"
            studentKey = key
            if let refusal = classroom.rules.roster.claim(name, by: key, from: client) { return [.refused(refusal)] }
            status.withLock { $0.student = name }
            return [.named(name)]
        case .hello:
            return [.refused("a tab says hello once, first")]
        case .presenting(let on):
            status.withLock { $0.presenting = on }
            return []
        }
    }

    /// Keeps an uploaded file in a classroom tab's folder.
    private func upload(_ name: String, _ text: String) -> ServerMessage {
        guard classroom != nil else {
            return .refused(
                "files are uploaded in a classroom (listlab serve --classroom); here, load a file of the server's "
                    + "folder"
            )
        }
        guard let kept = Classroom.uploadName(name) else {
            return .refused("'\(name)': upload a .csv, .json, .ndjson, .lab or .txt file by its plain name")
        }
        // Counted in the folder's quota with what the tab saved and exported.
        do {
            try current.session.writeNewFile(text, to: kept, force: true)
        } catch {
            return .refused("\(error)")
        }
        lessonCopies.remove(kept)
        return .uploaded(name: kept, bytes: text.utf8.count)
    }

    /// Opens `opened` in a fresh session of its own, in the state `listlab
    /// test` starts a transcript in (the one open before is dropped); the
    /// tab's own session waits for it to close. In a classroom, the lesson
    /// may hold what the tab's own session leaves of the tab's data.
    ///
    /// A teacher's lesson (`folder`), which another teacher may have written,
    /// runs confined as `listlab test` runs a transcript: in a scratch copy
    /// of its folder, which it cannot read or write outside of; in a
    /// classroom, in the tab's folder, with the lesson folder's data files
    /// copied in (counted in the tab's quota).
    private func open(_ opened: Lesson, from folder: LessonFolder? = nil, fromStudent: Bool = false)
        -> [ServerMessage]
    {
        dropLesson()
        let dataLimit = classroom.map { max(0, $0.rules.tabMemory - own.session.estimatedDataBytes) }
        var scratch: ConfinedFolder?
        if let folder, classroom == nil {
            do {
                let confined = try ConfinedFolder(copying: folder.path)
                confined.outsideReason =
                    "outside the lesson's folder: a teacher's lesson reads and writes only a scratch copy of it, as a "
                    + "replay of 'test' does"
                scratch = confined
            } catch {
                return [.refused("the lesson \(opened.name) cannot be opened: \(error)")]
            }
        }
        let lessonFolder = scratch?.scratch ?? workingFolder
        let playground = Self.playground(factory, in: lessonFolder, classroom: classroom, dataLimit: dataLimit)
        if let scratch { playground.session.bounds.confinement = scratch }
        var notes: [ServerMessage] = []
        if let folder, classroom != nil {
            for name in folder.dataFiles {
                // A file of the student's own is never replaced (no --force): the lesson uses theirs, and says why.
                do {
                    guard let text = try folder.readChecked(name, limit: Self.longestMessage) else { continue }
                    try playground.session.writeNewFile(text, to: name, force: lessonCopies.contains(name))
                    lessonCopies.insert(name)
                } catch {
                    notes.append(.refused("\(name), a file of the lesson's, was not copied to your folder: \(error)"))
                }
            }
        }
        var fresh = OpenLesson(lesson: opened, playground: playground, isTeachers: folder != nil, scratch: scratch)
        fresh.isStudents = fromStudent
        lesson = fresh
        return notes + [.lesson(opened), fresh.state]
    }

    /// Closes the open lesson, if any: its session stops taking commands,
    /// and its scratch folder goes; in a classroom its transcript is kept
    /// for the teacher (``transcripts()``, the latest ``keptLessons``).
    private func dropLesson() {
        if let rules = classroom?.rules, let lesson {
            lessonRuns += 1
            let name = Self.transcriptName(lesson: lesson.lesson.name, run: lessonRuns)
            if let text = try? lesson.playground.session.transcript(named: name).text {
                closedLessons.append((name, text))
                // The latest few, within their share of the tab's memory.
                var bytes = closedLessons.reduce(0) { $0 + $1.text.utf8.count }
                while !closedLessons.isEmpty, closedLessons.count > Self.keptLessons || bytes > rules.keptClosedLessons
                {
                    bytes -= closedLessons.removeFirst().text.utf8.count
                }
            }
        }
        lesson?.playground.runner.detach()
        lesson?.scratch?.remove()
        lesson = nil
    }

    /// Runs the open lesson's next command in its session, and compares
    /// what it printed with what the transcript recorded, as `listlab test`
    /// does (its wildcards too).
    private func stepLesson() -> [ServerMessage] {
        guard var open = lesson else { return [.refused("no lesson is open")] }
        guard open.next < open.lesson.commandCount else {
            return [.refused("the lesson has no more steps: Reset starts it again")]
        }
        let index = open.next
        let roles = open.lesson.roles
        var printed: [String] = []
        let errorBefore = status.withLock(\.lastError)
        var replies = run(open.lesson.commands[index]) { printed = $0 }
        let expected = open.lesson.expected[index]
        let matches = OutputMatcher.matches(expected, printed)
        // An error the lesson shows on purpose (a refused update) is not the learner's.
        if matches { status.withLock { $0.lastError = errorBefore } }
        if matches {
            open.matched += 1
        } else if roles[index] != .check {
            open.drifted += 1
        }
        if roles[index] == .check, !open.isStudents {
            status.withLock {
                $0.noteExercise(open.lesson.name, open.lesson.exerciseNumber(atCheck: index)) { exercise in
                    exercise.tries += 1
                    if matches { exercise.done = true }
                }
            }
        }
        if !matches {
            let isCheck = roles[index] == .check
            let lines = isCheck ? Lesson.differences(expected: expected, printed: printed) : expected.map(\.text)
            replies.append(.drift(number: stepCount, expected: lines, isCheck: isCheck))
        }
        // An exercise's check is run again until the learner's list is the lesson's; a task skips
        // the lesson's own solution, which the learner writes instead.
        if roles[index] != .check || matches {
            open.next += 1
            open.hintsShown = 0
        }
        while open.next < roles.count, roles[open.next] == .solution || roles[open.next] == .hint { open.next += 1 }
        lesson = open
        replies.append(open.state)
        return replies
    }

    /// At an exercise's check, its next hint (the `exercise hint TEXT` lines
    /// between its task and its check, one at a time), counted as seen.
    private func showHint() -> [ServerMessage] {
        guard var open = lesson else { return [.refused("no lesson is open")] }
        guard let hidden = open.lesson.hiddenSteps(beforeCheck: open.next) else {
            return [.refused("a hint is for an exercise, at its Check")]
        }
        let hints = hidden.filter { open.lesson.roles[$0] == .hint }.map { open.lesson.commands[$0] }
        guard open.hintsShown < hints.count else {
            return [.refused(hints.isEmpty ? "this exercise has no hints" : "every hint of this exercise is shown")]
        }
        open.hintsShown += 1
        lesson = open
        let shown = open.hintsShown
        if !open.isStudents {
            status.withLock {
                $0.noteExercise(open.lesson.name, open.lesson.exerciseNumber(atCheck: open.next)) {
                    $0.hintsSeen = max($0.hintsSeen, shown)
                }
            }
        }
        let text = Lesson.hintText(of: hints[shown - 1])
        open.playground.session.noteInTranscript(LessonGrader.hintMark(shown, of: hints.count, text: text))
        return [.hint(number: shown, count: hints.count, text: text)]
    }

    /// At an exercise's check, runs the lesson's own solution (the commands
    /// between its task and its check) as steps, shown as the learner's own.
    private func solveExercise() -> [ServerMessage] {
        guard let open = lesson else { return [.refused("no lesson is open")] }
        guard let hidden = open.lesson.hiddenSteps(beforeCheck: open.next) else {
            return [.refused("Solution is for an exercise, at its Check")]
        }
        if !open.isStudents {
            status.withLock {
                $0.noteExercise(open.lesson.name, open.lesson.exerciseNumber(atCheck: open.next)) {
                    $0.usedSolution = true
                }
            }
        }
        var replies: [ServerMessage] = []
        // A collected transcript says which steps the student did not type.
        open.playground.session.noteInTranscript(LessonGrader.solutionMark + ", not typed by the student.")
        for index in hidden where open.lesson.roles[index] == .solution { replies += run(open.lesson.commands[index]) }
        return replies + [open.state]
    }

    /// Runs one command line as the tab's next step; in a classroom, within
    /// its time budget, and with the files it wrote as downloads after it.
    /// `printed` gets the step's output lines.
    private func run(_ line: String, printed: ([String]) -> Void = { _ in }) -> [ServerMessage] {
        let replies = runStep(line, printed: printed)
        for case let reply in replies {
            guard case .step(_, let html, _, _) = reply else { continue }
            recentSteps.append((reply, html.utf8.count))
            recentBytes += html.utf8.count
        }
        // Kept by count and by bytes: a page that comes back gets the latest steps that fit.
        let keptBytes = classroom?.rules.keptStepBytes ?? Int.max
        while recentSteps.count > Self.keptSteps || (recentBytes > keptBytes && !recentSteps.isEmpty) {
            recentBytes -= recentSteps.removeFirst().bytes
        }
        return replies
    }

    /// ``run(_:printed:)`` itself.
    private func runStep(_ line: String, printed: ([String]) -> Void) -> [ServerMessage] {
        let session = current.session
        let runner = current.runner
        guard !stopping.withLock({ $0 }) else { return [.refused("the server is stopping: nothing more runs")] }
        stepCount += 1
        let flag = Interruption.Flag()
        running.withLock { $0 = flag }
        defer { running.withLock { $0 = nil } }
        guard let classroom else {
            let (step, record) = Interruption.$current.withValue(flag) { runner.run(line, number: stepCount) }
            printed(step.output)
            noteStatus(record)
            return [
                .step(
                    number: stepCount, html: TranscriptPage.section(of: step), failed: record.failed,
                    ended: record.ended)
            ]
        }
        let limit = dataLimit(in: classroom.rules)
        let kept = classroom.rules.tabMemory - limit
        session.bounds.data = limit
        session.bounds.dataReason =
            kept < 100 * 1_024
            ? nil
            : "a tab's \(ByteCount.text(classroom.rules.tabMemory)), less \(ByteCount.text(kept)) its other data and "
                + "its kept commands hold"
        let timer = DispatchWorkItem { flag.request() }
        Self.budgetTimers.asyncAfter(deadline: .now() + classroom.rules.budget, execute: timer)
        // A command the budget stops says so in the words of its own stop line.
        let seconds =
            classroom.rules.budget == classroom.rules.budget.rounded()
            ? "\(Int(classroom.rules.budget))" : "\(classroom.rules.budget)"
        session.interruptionLine = { [weak self] in
            let isStopping = self?.stopping.withLock { $0 } ?? true
            let reason =
                isStopping ? ": the server is stopping" : " after \(seconds) s, a classroom's budget for one command"
            return "error: stopped\(reason); the command it stopped changed nothing"
        }
        var (step, record) = Interruption.$current.withValue(flag) { runner.run(line, number: stepCount) }
        timer.cancel()
        printed(step.output)
        noteStatus(record)
        var html = TranscriptPage.section(of: step)
        if html.utf8.count > classroom.rules.stepOutputLimit {
            // Pictures of long cells can weigh more than the output: past the limit, the step goes without them.
            let size = ByteCount.text(html.utf8.count)
            step.frames = []
            step.output.append(
                "(its pictures are left out: \(size), more than the "
                    + "\(ByteCount.text(classroom.rules.stepOutputLimit)) a classroom step shows)"
            )
            html = TranscriptPage.section(of: step)
        }
        var replies: [ServerMessage] = [
            .step(number: stepCount, html: html, failed: record.failed || record.stopped, ended: record.ended)
        ]
        // The files the command wrote, each once, offered as downloads: a name as typed (`sub/../d.csv`)
        // is read where it resolves, inside the tab's folder only.
        var offered: Set<String> = []
        for name in record.written {
            guard let path = classroom.folder.writtenPath(of: name), offered.insert(path).inserted,
                let data = FileManager.default.contents(atPath: path), data.count <= Self.longestTranscript * 16
            else { continue }
            replies.append(
                .download(
                    name: path.split(separator: "/").last.map(String.init) ?? name,
                    text: String(decoding: data, as: UTF8.self)))
        }
        return replies
    }

    /// The data the running session may hold: the tab's memory, less what
    /// the tab keeps of its commands (its steps for a reload, each
    /// session's history and record, the lessons it closed) and, in a
    /// lesson, the tab's own data.
    private func dataLimit(in rules: Classroom) -> Int {
        var held = recentBytes + own.session.heldRecordBytes + closedLessons.reduce(0) { $0 + $1.text.utf8.count }
        if let lesson { held += lesson.playground.session.heldRecordBytes + own.session.estimatedDataBytes }
        return max(0, rules.tabMemory - held)
    }

    /// Keeps what the teacher's page says of the tab up to date after a command.
    private func noteStatus(_ record: CommandRecord) {
        let count = stepCount
        status.withLock { status in
            status.steps = count
            if let error = record.errors.last {
                let cut = error.cut(toBytes: Self.longestShownError)
                status.lastError = cut.utf8.count < error.utf8.count ? cut + "…" : cut
            }
        }
    }

    /// What the teacher collects of the tab: a folder named for the tab and
    /// its student (`tab-3-Ada`) holding its sessions as transcripts that
    /// replay with `listlab test` there (`own.lab`, the tab's own session;
    /// `1-barry.lab`, the first lesson it ran; the latest it closed and the
    /// one open) and, in a classroom, the files of its folder that they
    /// load (uploads, saves), each once.
    func collection() -> (folder: String, files: [(name: String, bytes: [UInt8])]) {
        let (number, student) = status.withLock { ($0.number, $0.student) }
        let folder = CollectedNames.tabFolder(number: number, student: student)
        var files: [(name: String, bytes: [UInt8])] = []
        func add(_ name: String, _ bytes: [UInt8]) {
            // Each name once: a lesson may be named as another, or as a file of the tab's.
            var unique = name
            var suffix = 1
            while files.contains(where: { $0.name == unique }) {
                suffix += 1
                let dot = name.lastIndex(of: ".") ?? name.endIndex
                unique = String(name[..<dot]) + "-\(suffix)" + String(name[dot...])
            }
            files.append((unique, bytes))
        }
        if let text = try? own.session.transcript(named: "own.lab").text { add("own.lab", Array(text.utf8)) }
        for closed in closedLessons { add(closed.name, Array(closed.text.utf8)) }
        if let lesson {
            let name = Self.transcriptName(lesson: lesson.lesson.name, run: lessonRuns + 1)
            if let text = try? lesson.playground.session.transcript(named: name).text { add(name, Array(text.utf8)) }
        }
        // A name a tar holds whole (100 bytes), of the kinds a tab may upload.
        for (name, bytes) in classroom?.folder.plainFiles(most: classroom?.rules.diskLimit ?? 0) ?? []
        where Classroom.uploadName(name) == name && name.utf8.count <= 100 {
            add(name, bytes)
        }
        return (folder, files)
    }

    /// The file name of the transcript of the tab's `run`th lesson:
    /// `2-barry.lab`, at most 40 bytes.
    private static func transcriptName(lesson: String, run: Int) -> String {
        CollectedNames.runFile(lesson: lesson, run: run)
    }

    /// Stops the running command, if any, and every later one (the server
    /// is stopping); ``end()`` follows.
    nonisolated func stop() {
        stopping.withLock { $0 = true }
        running.withLock { $0?.request() }
    }

    /// Ends the session: the tab closed, or the server stopped. Its journal
    /// says the session ended, except when the server stopped on a session
    /// (not a classroom's) with unsaved edits: that journal stays unfinished,
    /// so that `listlab recover` brings the edits back. A classroom tab's
    /// folder goes with it unless the classroom keeps folders.
    ///
    /// - Returns: Whether the session was left for `listlab recover`.
    @discardableResult
    func end(serverStopping: Bool = false) -> Bool {
        guard !hasEnded else { return false }
        hasEnded = true
        if !isHosted, let rules = classroom?.rules, let folder = rules.collectFolder {
            rules.collect(
                collection(), of: status.withLock(\.student), key: studentKey, from: client, into: folder)
        }
        own.runner.detach()
        dropLesson()
        let recoverable =
            serverStopping && classroom == nil && journal != nil && !own.session.unsavedProviderNames.isEmpty
        if !recoverable { journal?.finish() }
        if !isHosted, let classroom { classroom.rules.endTabFolder(classroom.folder) }
        return recoverable
    }
}

/// Makes a tab's session: a playground's registrations and samples, its
/// working folder. `@unchecked Sendable`: the registrations' closures are
/// not, and the server calls them one tab at a time when there are any
/// (``PlaygroundServer``'s turnstile), as replays of a playground run.
package struct SessionFactory: @unchecked Sendable {
    /// Makes a session writing to an output, working in a folder.
    let make: (any ShellOutput, String) -> Session
    /// Starts a tab's journal: its session, its number and its folder.
    let startJournal: (Session, Int, String) -> SessionJournal?
    /// Whether sessions must run one at a time (the playground registers
    /// providers of its own, whose code need not be thread-safe).
    let isSerial: Bool
    /// The server's folder, where a tab's session works (outside a classroom).
    let folder: String
    /// In a classroom: its rules.
    let classroom: Classroom?
    /// In a classroom served by a program that can start itself again: how
    /// it starts a tab's own process (``TabProcess``); nil runs tabs in the server's process.
    var tabLaunch: TabProcess.Launch?

    /// A factory calling `make`; `isSerial` when its sessions run code of
    /// the user's that need not be thread-safe.
    package init(
        isSerial: Bool, folder: String = ".", classroom: Classroom? = nil,
        make: @escaping (any ShellOutput, String) -> Session,
        startJournal: @escaping (Session, Int, String) -> SessionJournal? = { _, _, _ in nil }
    ) {
        self.make = make
        self.isSerial = isSerial
        self.folder = folder
        self.classroom = classroom
        self.startJournal = startJournal
    }
}

extension String {
    /// The string's first Unicode scalars that fit in `bytes` of UTF-8: a
    /// bound on what a stranger's text may weigh, however it is made (one
    /// character of a million combining marks is one character).
    func cut(toBytes bytes: Int) -> String {
        guard utf8.count > bytes else { return self }
        var kept = String.UnicodeScalarView()
        var used = 0
        for scalar in unicodeScalars {
            used += String(scalar).utf8.count
            guard used <= bytes else { break }
            kept.append(scalar)
        }
        return String(kept)
    }
}
