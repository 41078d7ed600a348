import Dispatch
import ListLabPlayground
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

// A classroom tab's own process: the server starts its program again with --tab-worker, one process a
// tab, and talks to it over its standard input and output, a line of JSON each way a request. The
// process lowers its kernel limits before it reads a student's first message, so a tab that allocates,
// computes or writes past them ends alone, and the server's memory stays its own.

/// What the server tells a tab's process when it starts it: the tab, and
/// the folder the server made for it.
struct TabWorkerStart: Codable {
    var number: Int
    var sample: String?
    var client: String
    var checks: Int
    /// The classroom's folder, the tab's copy in it, and what it was copied from.
    var root: String
    var scratch: String
    var original: String
}

/// A request of the server to a tab's process.
struct TabRequest: Codable {
    enum Operation: String, Codable {
        case greeting, stepsSoFar, reply, forgetExercises, collection, end
    }
    var op: Operation
    /// The page's message, for `reply`.
    var text: String?
    /// For `end`: whether the server is stopping.
    var serverStopping: Bool?
}

/// A tab's process's answer to a request.
struct TabAnswer: Codable {
    /// The messages for the page, as their JSON.
    var messages: [String] = []
    /// The reasons of the refusals among them, for the server's log.
    var refused: [String] = []
    /// What the teacher's page says of the tab after the request.
    var status: TabStatus
    /// For `collection`: the folder's name and its files.
    var folder: String?
    var files: [CollectedFile]?
    /// For `end`: whether the session was left for `listlab recover`.
    var recoverable: Bool?

    struct CollectedFile: Codable {
        var name: String
        var bytes: Data
    }
}

/// The kernel's limits on a tab's process: what it may allocate, the CPU
/// time it may use, the size of a file it writes, the files it holds open.
struct TabLimits: Equatable {
    /// Bytes of data (heap, anonymous memory, stacks) past what the process holds when it starts.
    var memory: Int
    /// Seconds of CPU time, in all.
    var cpuSeconds: Int
    /// Bytes of one file written.
    var fileBytes: Int
    /// Files open at once.
    var openFiles: Int

    /// A classroom's limits for a tab: twice its data (`--memory`), for what a
    /// load reads before its rows are kept, and 128 MB beside, for the copies
    /// of the largest message a page may send (an upload of 16 MB) on its way
    /// through; a hundred commands' budget of CPU time (at least 10 minutes);
    /// a file as large as the tab's folder may hold (`--disk`); 64 open files.
    init(_ rules: Classroom) {
        memory = 2 * rules.tabMemory + 128 * 1_048_576
        cpuSeconds = max(600, Int(rules.budget * 100))
        fileBytes = rules.diskLimit
        openFiles = 64
    }

    init(memory: Int, cpuSeconds: Int, fileBytes: Int, openFiles: Int) {
        self.memory = memory
        self.cpuSeconds = cpuSeconds
        self.fileBytes = fileBytes
        self.openFiles = openFiles
    }

    /// Lowers this process's limits (soft and hard: it cannot raise them
    /// again); a file written past its size fails rather than end the
    /// process. Returns the data limit set, or nil where the kernel has none.
    @discardableResult
    func apply() -> Int? {
        signal(SIGXFSZ, SIG_IGN)
        var data: Int?
        #if os(Linux)
            if let held = Self.dataHeld() {
                data = held + memory
                Self.set(RLIMIT_DATA, data ?? 0)
            }
            Self.set(RLIMIT_CPU, cpuSeconds, hard: cpuSeconds + 5)
            Self.set(RLIMIT_FSIZE, fileBytes)
            Self.set(RLIMIT_NOFILE, openFiles)
            Self.set(RLIMIT_CORE, 0)
        #endif
        return data
    }

    #if os(Linux)
        private static func set(_ resource: __rlimit_resource, _ soft: Int, hard: Int? = nil) {
            var limit = rlimit(rlim_cur: rlim_t(soft), rlim_max: rlim_t(hard ?? soft))
            _ = setrlimit(__rlimit_resource_t(resource.rawValue), &limit)
        }

        /// The data this process holds now (`VmData` of /proc/self/status), in bytes.
        static func dataHeld() -> Int? {
            guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return nil }
            for line in text.split(separator: "\n") where line.hasPrefix("VmData:") {
                let digits = line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first
                return digits.flatMap { Int($0) }.map { $0 * 1_024 }
            }
            return nil
        }
    #endif
}

/// The loop of a tab's own process: reads the server's start and requests
/// on standard input, answers each on a line of standard output.
enum TabWorker {
    /// The argument that starts a tab's process rather than a server.
    static let argument = "--tab-worker"

    /// Closes every descriptor the process was started with past standard
    /// error: a server's socket or another tab's pipe, open in a process
    /// started while it was made, would keep it from closing.
    static func closeInherited() {
        #if os(Linux)
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd") else { return }
            for name in names {
                if let descriptor = Int32(name), descriptor > STDERR_FILENO { close(descriptor) }
            }
        #endif
    }

    /// Serves one tab, then returns the process's exit status: 0 when the
    /// server ended the tab, 1 when what it sent could not be read.
    static func serve(
        options: ServeOptions, tours: [String], lessons: LessonFolder?,
        makeFactory: (Classroom) -> SessionFactory
    ) -> Int32 {
        // The answers go to a descriptor of their own; anything else written to standard output goes to
        // standard error, so that no stray line is read as an answer.
        // The server routes every tab's messages: its threads go first when tabs compute. Set first, on
        // Linux a thread's own, so that every thread the process makes after it has it too.
        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, 5)
        let answers = dup(STDOUT_FILENO)
        dup2(STDERR_FILENO, STDOUT_FILENO)
        // Ctrl-C at a terminal reaches every process of the group: the server ends its tabs itself.
        // and a SIGTERM to the group as well (the server's own handler ends each tab, its journal finished).
        signal(SIGINT, SIG_IGN)
        signal(SIGTERM, SIG_IGN)
        signal(SIGPIPE, SIG_IGN)
        guard let line = readLine(), let start = try? JSONDecoder().decode(TabWorkerStart.self, from: Data(line.utf8))
        else { return 1 }
        let rules = Classroom(
            hosting: start.root, budget: options.budget, tabMemory: options.memory * 1_048_576,
            diskLimit: options.disk * 1_048_576)
        let factory = makeFactory(rules)
        let folder = rules.adoptTabFolder(scratch: start.scratch, original: start.original)
        let tab: TabSession
        do {
            tab = try TabSession(
                factory: factory, number: start.number, sample: start.sample, tours: tours, lessons: lessons,
                checks: Door.Checks(rawValue: start.checks), client: start.client, hostedFolder: folder)
        } catch {
            return 1
        }
        TabLimits(rules).apply()
        // The process works in its tab's folder, the one it may read, whatever its commands name.
        _ = chdir(start.scratch)
        // The server stops the running command with SIGUSR1.
        signal(SIGUSR1, SIG_IGN)
        let stopping = DispatchSource.makeSignalSource(signal: SIGUSR1, queue: .global())
        stopping.setEventHandler { tab.stop() }
        stopping.resume()
        let encoder = JSONEncoder()
        while let line = readLine() {
            guard let request = try? JSONDecoder().decode(TabRequest.self, from: Data(line.utf8)) else { return 1 }
            let answer = waiting { await respond(to: request, tab) }
            guard let data = try? encoder.encode(answer) else { return 1 }
            FileDescriptor.writeAll(String(decoding: data, as: UTF8.self) + "\n", to: answers)
            if request.op == .end { return 0 }
        }
        // The server went away without ending the tab (it was killed): the journal stays unfinished, as the
        // server's own would have, and the next server removes the folder.
        return 0
    }

    /// What `tab` answers to `request`.
    private static func respond(to request: TabRequest, _ tab: TabSession) async -> TabAnswer {
        var messages: [ServerMessage] = []
        var answer = TabAnswer(status: tab.currentStatus)
        switch request.op {
        case .greeting: messages = await tab.greeting()
        case .stepsSoFar: messages = await tab.stepsSoFar()
        case .reply: messages = await tab.reply(to: request.text ?? "")
        case .forgetExercises: await tab.forgetExercises()
        case .collection:
            let collection = await tab.collection()
            answer.folder = collection.folder
            answer.files = collection.files.map { TabAnswer.CollectedFile(name: $0.name, bytes: Data($0.bytes)) }
        case .end: answer.recoverable = await tab.end(serverStopping: request.serverStopping ?? false)
        }
        answer.messages = messages.map(\.json)
        answer.refused = messages.compactMap { if case .refused(let reason) = $0 { reason } else { nil } }
        answer.status = tab.currentStatus
        return answer
    }

    /// The result of `body`, run as a task while this thread waits for it.
    private static func waiting<Result: Sendable>(_ body: @escaping @Sendable () async -> Result) -> Result {
        let done = DispatchSemaphore(value: 0)
        let result = Mutex<Result?>(nil)
        Task {
            let value = await body()
            result.withLock { $0 = value }
            done.signal()
        }
        done.wait()
        return result.withLock { $0! }
    }
}
