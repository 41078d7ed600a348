import ListLabPictures
import ListLabShell
import Synchronization

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

/// A classroom tab whose session runs in a process of its own
/// (``TabWorker``), which the kernel bounds (``TabLimits``): the server
/// makes and removes its folder, passes the page's messages to it and its
/// answers back, and when the process ends before the tab does (past its
/// memory, its CPU time, or killed), says so to that tab alone. Requests go
/// one at a time, on a thread of the tab's own.
actor TabProcess: TabHost {
    /// How the server starts a tab's process: its own program, with its own
    /// arguments and `--tab-worker`.
    struct Launch: Sendable {
        var executable: String
        var arguments: [String]
    }

    private let executor = ThreadExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    private let pid: pid_t
    /// The process's standard input and output, from here.
    private let requests: Int32
    private let answers: Int32
    private var pending: [UInt8] = []
    private let rules: Classroom
    private let folder: ConfinedFolder
    /// Why the process ended, once it has.
    private var endedBecause: String?
    private var hasEnded = false
    private nonisolated let status: Mutex<TabStatus>
    /// The address the tab's page speaks for, and the key of its student's browser, for the class's roster.
    private let client: String
    private var studentKey: String?
    /// The most bytes of a message that gives a name (a name of 40 characters and a browser's key, escaped).
    private static var longestNameMessage: Int { 4_096 }
    /// The most bytes of one answer: a step's page section, or a collection of the tab's files.
    private static var longestAnswer: Int { 256 * 1_048_576 }

    /// Starts tab `number`'s process with `launch`, in a folder made for it.
    ///
    /// - Throws: ``ShellError`` when no folder can be made (the classroom's
    ///   tabs hold their total) or the process cannot start.
    init(
        _ launch: Launch, rules: Classroom, number: Int, sample: String?, checks: Door.Checks, client: String
    ) throws(ShellError) {
        self.rules = rules
        self.client = client
        folder = try rules.makeTabFolder()
        status = Mutex(TabStatus(number: number))
        var toChild: [Int32] = [0, 0]
        var fromChild: [Int32] = [0, 0]
        guard Self.pipeClosedOnExec(&toChild) else {
            rules.endTabFolder(folder)
            throw ShellError(.failed("the classroom could not start a process for this tab (no pipe)"))
        }
        guard Self.pipeClosedOnExec(&fromChild) else {
            close(toChild[0])
            close(toChild[1])
            rules.endTabFolder(folder)
            throw ShellError(.failed("the classroom could not start a process for this tab (no pipe)"))
        }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawn_file_actions_adddup2(&actions, toChild[0], STDIN_FILENO)
        posix_spawn_file_actions_adddup2(&actions, fromChild[1], STDOUT_FILENO)
        // What the process would print on its way out (a failed allocation's backtrace) is not the server's
        // log: the server says why a tab ended, in a line.
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        // Nothing else of the server's (its sockets, other tabs' pipes) stays open in the process: it closes
        // every descriptor past standard error first (TabWorker.closeInherited).
        defer { posix_spawn_file_actions_destroy(&actions) }
        let argv = ([launch.executable] + launch.arguments + [TabWorker.argument]).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        // A process past its memory is not held up writing a backtrace.
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        let envp = environment.keys.sorted().map { strdup($0 + "=" + (environment[$0] ?? "")) } + [nil]
        defer { for variable in envp { free(variable) } }
        var child: pid_t = 0
        let spawned = posix_spawn(&child, launch.executable, &actions, nil, argv, envp)
        close(toChild[0])
        close(fromChild[1])
        guard spawned == 0 else {
            close(toChild[1])
            close(fromChild[0])
            rules.endTabFolder(folder)
            throw ShellError(.failed("the classroom could not start a process for this tab (\(spawned))"))
        }
        pid = child
        Self.live.withLock { _ = $0.insert(child) }
        requests = toChild[1]
        answers = fromChild[0]
        let start = TabWorkerStart(
            number: number, sample: sample, client: client, checks: checks.rawValue, root: rules.root,
            scratch: folder.scratch, original: folder.original)
        if let data = try? JSONEncoder().encode(start) {
            FileDescriptor.writeAll(String(decoding: data, as: UTF8.self) + "\n", to: requests)
        }
    }

    /// The tabs' processes running now, by pid: their memory counts in the server's (`--server-memory`).
    private static let live = Mutex<Set<pid_t>>([])

    /// The pids of the tabs' processes running now, in order.
    static func running() -> [pid_t] { live.withLock { $0.sorted() } }

    /// This program, which a tab's process is started from: the kernel's
    /// name for it, which starts this very program even after its file was
    /// replaced (a build, an upgrade) while the server runs; nil where there is none.
    static func ownExecutable() -> String? {
        #if os(Linux)
            return "/proc/self/exe"
        #else
            return nil
        #endif
    }

    /// A pipe whose ends close when a process is started.
    private static func pipeClosedOnExec(_ ends: inout [Int32]) -> Bool {
        guard pipe(&ends) == 0 else { return false }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return true
    }

    deinit {
        close(requests)
        close(answers)
    }

    nonisolated var currentStatus: TabStatus { status.withLock { $0 } }

    func greeting() -> [ServerMessage] { messages(ask(TabRequest(op: .greeting))) }

    func stepsSoFar() -> [ServerMessage] { messages(ask(TabRequest(op: .stepsSoFar))) }

    func forgetExercises() { _ = ask(TabRequest(op: .forgetExercises)) }

    func reply(to text: String) -> [ServerMessage] {
        if let refusal = claimName(in: text) { return [.refused(refusal)] }
        return messages(ask(TabRequest(op: .reply, text: text)))
    }

    /// A name the page gives is claimed in the class's roster here, which
    /// every tab shares, before the tab's process takes it (its own roster
    /// knows its tab alone): why it may not be, or nil.
    private func claimName(in text: String) -> String? {
        // A name's message is a few hundred bytes: an upload or a command is not read here a second time.
        guard text.utf8.count <= Self.longestNameMessage,
            case .name(let typed, let student)? = try? JSONDecoder().decode(ClientMessage.self, from: Data(text.utf8)),
            let name = Classroom.studentName(typed)
        else { return nil }
        // As the tab's session keys it: the first key the page sends, or one of the tab's own.
        let key =
            studentKey ?? student.flatMap { ClassRoster.isKey($0) ? $0 : nil } ?? "\u{0}tab \(currentStatus.number)"
        studentKey = key
        return rules.roster.claim(name, by: key, from: client)
    }

    func collection() -> (folder: String, files: [(name: String, bytes: [UInt8])]) {
        if let answer = ask(TabRequest(op: .collection)), let name = answer.folder {
            return (name, (answer.files ?? []).map { ($0.name, [UInt8]($0.bytes)) })
        }
        // The process is gone: what it wrote in its folder is still there.
        let status = currentStatus
        let files = folder.plainFiles(most: rules.diskLimit).filter {
            Classroom.uploadName($0.name) == $0.name && $0.name.utf8.count <= 100
        }
        return (CollectedNames.tabFolder(number: status.number, student: status.student), files)
    }

    @discardableResult
    func end(serverStopping: Bool) -> Bool {
        guard !hasEnded else { return false }
        hasEnded = true
        if let collect = rules.collectFolder {
            rules.collect(collection(), of: currentStatus.student, key: studentKey, from: client, into: collect)
        }
        let recoverable = ask(TabRequest(op: .end, serverStopping: serverStopping))?.recoverable ?? false
        close(requests)
        reap(within: 5)
        rules.endTabFolder(folder)
        return recoverable
    }

    nonisolated func stop() {
        kill(pid, SIGUSR1)
    }

    // MARK: - The process

    /// The page's messages of `answer`, or, the process having ended, why, with the step that ends the page's session.
    private func messages(_ answer: TabAnswer?) -> [ServerMessage] {
        if let answer { return answer.messages.map { .encoded($0) } }
        let reason = endedBecause ?? "this tab's session ended"
        let html =
            "<section class=\"step\"><div class=\"io\"><p class=\"refused\">\(Markup.escape(reason)).</p></div></section>"
        return [.refused(reason), .step(number: 0, html: html, failed: true, ended: true)]
    }

    /// Sends `request` and reads the answer; nil once the process has ended.
    private func ask(_ request: TabRequest) -> TabAnswer? {
        guard endedBecause == nil, let data = try? JSONEncoder().encode(request) else { return nil }
        var line = [UInt8](data)
        line.append(UInt8(ascii: "\n"))
        guard FileDescriptor.writeAll(line[...], to: requests).failure == nil, let reply = readLine(),
            let answer = try? JSONDecoder().decode(TabAnswer.self, from: Data(reply))
        else {
            noteEnd()
            return nil
        }
        status.withLock { $0 = answer.status }
        return answer
    }

    /// The next line the process wrote, without its line break; nil at its end.
    /// Each part read is searched once for the line break (a step's answer
    /// is megabytes: searching it all again after each part read took seconds).
    private func readLine() -> [UInt8]? {
        var searched = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let found = pending.withUnsafeBufferPointer { bytes -> Int? in
                guard let base = bytes.baseAddress, searched < bytes.count else { return nil }
                let at = memchr(base + searched, Int32(UInt8(ascii: "\n")), bytes.count - searched)
                return at.map { UnsafeRawPointer($0) - UnsafeRawPointer(base) }
            }
            if let end = found {
                let line = Array(pending[..<end])
                pending.removeSubrange(...end)
                return line
            }
            searched = pending.count
            guard pending.count <= Self.longestAnswer else { return nil }
            let count = buffer.withUnsafeMutableBytes { read(answers, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count > 0 else { return nil }
            pending.append(contentsOf: buffer[..<count])
        }
    }

    /// The process ended (or stopped answering): it is waited for, and why it ended kept for the page.
    private func noteEnd() {
        guard endedBecause == nil else { return }
        let limits = TabLimits(rules)
        switch reap(within: 5) {
        case SIGXCPU?:
            endedBecause =
                "this tab's session ended: it used the \(limits.cpuSeconds) s of CPU time a tab may; "
                + "reload the page for a new one"
        case let signal? where [SIGTERM, SIGINT, SIGHUP, SIGQUIT].contains(signal):
            endedBecause = "this tab's session was ended by signal \(signal); reload the page for a new one"
        case let signal?:
            endedBecause =
                "this tab's session ended (signal \(signal)): most likely it went past the memory a tab may use "
                + "(\(limits.memory / 1_048_576) MB more than its session held when it began, held by the kernel); "
                + "the other tabs go on; reload the page for a new one"
        case nil:
            endedBecause = "this tab's session ended; reload the page for a new one"
        }
        rules.log("tab \(currentStatus.number): \(endedBecause ?? "")")
    }

    /// Waits up to `seconds` for the process to end, then kills it; the signal that ended it, if one did.
    @discardableResult
    private func reap(within seconds: Int) -> Int32? {
        var code: Int32 = 0
        defer { Self.live.withLock { _ = $0.remove(pid) } }
        for attempt in 0...(seconds * 20) {
            let done = waitpid(pid, &code, WNOHANG)
            if done == pid { return Self.signal(of: code) }
            if done < 0 { return nil }
            if attempt == seconds * 20 {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &code, 0)
                return Self.signal(of: code)
            }
            usleep(50_000)
        }
        return nil
    }

    /// The signal a wait status says ended the process, or nil when it exited.
    private static func signal(of code: Int32) -> Int32? {
        let signal = code & 0x7f
        return signal != 0 && signal != 0x7f ? signal : nil
    }
}
