import ArgumentParser
import Dispatch
import ListLabCore
import ListLabFiles
import ListLabHTTP
public import ListLabPlayground
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

/// A playground in a browser: ``ListLabPlayground/Playground/serveMain()``.
extension Playground {
    /// Serves the playground to a browser (`listlab serve`): a page with a
    /// command line, a WebSocket and a session of its own per tab, with the
    /// process's arguments (`--port`, `--host`, `--sample`, `--empty`,
    /// `--no-token`, `--classroom`);
    /// exits when the server stops.
    ///
    /// Call it from the `main.swift` of an executable named after your
    /// playground with `-serve` (`schedule-lab-serve` beside
    /// `schedule-lab`): `schedule-lab serve` starts it. The server is a
    /// program of its own so that your playground's prompt does not load
    /// the HTTP stack.
    ///
    /// ```swift
    /// var playground = Playground(name: "tabs-lab", offersSamples: false)
    /// playground.register(
    ///     "tabs", summary: "the app's tabs",
    ///     provider: { ArrayDataProvider([Tab.news, .contributions, .settings]) },
    ///     presenter: { SingleKindPresenter(TabCell.self) })
    /// playground.serveMain()
    /// ```
    public func serveMain() -> Never {
        if CommandLine.arguments.contains(TabWorker.argument) { TabWorker.closeInherited() }
        exit(
            ToolIdentity.$current.withValue(ToolIdentity(name: name, version: version)) {
                do {
                    var command = try ServeCommand.parse(Array(CommandLine.arguments.dropFirst()))
                    command.playground = self
                    try command.run()
                    return 0
                } catch {
                    ServeCommand.exit(withError: error)
                }
            })
    }
}

/// `listlab-serve` (what `listlab serve` starts): the playground in a
/// browser, a session per tab.
struct ServeCommand: ParsableCommand {
    /// The most tabs one client holds: ``PlaygroundServer/mostTabsPerClient``.
    static let mostTabsPerClient = PlaygroundServer.mostTabsPerClient
    /// The playground served; set before ``run()``.
    var playground = Playground.listlab

    private enum CodingKeys: String, CodingKey { case options, tabWorker }

    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "\(ToolIdentity.current.name) serve",
            abstract:
                "Serves the playground to a browser: open the address it prints; each tab is a session of its own.",
            discussion: """
                The page has a command line (↑ and ↓ for the commands run, TAB to complete, 'help') and shows each \
                command's output and pictures of the list, each batch update animated as '\(ToolIdentity.current.name) \
                render' draws it. Each tab's session starts with --sample loaded (by default the playground's first) \
                and ends when the tab closes. It listens on 127.0.0.1 unless --host names another address. It prints \
                the address to open, with a token in its fragment (#token=…), which the browser never sends to a \
                server: the page keeps it for its own tab and proves it on its socket, and nothing without it gets in. \
                No cookie holds it (a browser sends those to every port of a host). Only the server's own page may \
                open its socket (its Origin and Host are checked). Ctrl-C or SIGTERM stops it: each tab is told, its \
                session ended and its journal closed.
                """)
    }

    /// The server's options, which `listlab serve` (``ServeLauncher``) checks and lists too.
    @OptionGroup var options: ServeOptions

    /// Serves one classroom tab on standard input and output (``TabWorker``):
    /// the server starts its own program so, a process a tab.
    @Flag(name: .customLong("tab-worker"), help: .hidden) var tabWorker = false

    func run() throws {
        let (port, host, sample, empty, noToken) = (
            options.port, options.host, options.sample, options.empty, options.noToken
        )
        let (classroom, budget, memory, disk) = (options.classroom, options.budget, options.memory, options.disk)
        let (serverMemory, keepFolders) = (options.serverMemory, options.keepFolders)
        let folder = FileManager.default.currentDirectoryPath
        guard budget > 0, budget <= 3_600 else { throw ValidationError("--budget takes seconds from 0 to 3600") }
        for (name, value) in [
            ("--memory", memory), ("--disk", disk), ("--disk-total", options.diskTotal),
            ("--server-memory", serverMemory),
        ]
        where value < 1 || value > 1_048_576 {
            throw ValidationError("\(name) takes megabytes from 1 to 1048576, not \(value)")
        }
        guard options.diskTotal >= disk else {
            throw ValidationError(
                "--disk-total (\(options.diskTotal) MB) is less than one tab's --disk (\(disk) MB): no tab could open")
        }
        guard (1...Self.mostTabsPerClient).contains(options.tabsPerStudent) else {
            throw ValidationError(
                "--tabs-per-student takes 1 to \(Self.mostTabsPerClient), not \(options.tabsPerStudent)")
        }
        if let tabsPerAddress = options.tabsPerAddress {
            guard classroom else {
                throw ValidationError(
                    "--tabs-per-address is for a classroom (--classroom), whose pages say which student they are")
            }
            guard (1...Classroom.mostTabsPerAddress).contains(tabsPerAddress) else {
                throw ValidationError(
                    "--tabs-per-address takes 1 to \(Classroom.mostTabsPerAddress), not \(tabsPerAddress)")
            }
        }
        var proxies: [String] = []
        for text in options.proxy {
            guard let address = HTTPListener.address(text) else {
                throw ValidationError(
                    "--proxy takes the address a reverse proxy connects from (127.0.0.1, ::1), not '\(text)'")
            }
            proxies.append(address)
        }
        // A tab's process that ended leaves its pipe broken: writing to it is an error to handle, not a signal
        // that ends the server.
        signal(SIGPIPE, SIG_IGN)
        if tabWorker {
            let lessons = options.lessons.map { LessonFolder(path: $0) }
            Self.exitProcess(
                TabWorker.serve(
                    options: options, tours: playground.offersSamples ? Tours.names : [], lessons: lessons,
                    makeFactory: { makeFactory(rules: $0, folder: folder) }))
        }
        var rules: Classroom?
        do {
            rules =
                classroom
                ? try Classroom(
                    budget: budget, tabMemory: memory * 1_048_576, diskLimit: disk * 1_048_576,
                    diskTotal: options.diskTotal * 1_048_576,
                    serverMemory: serverMemory * 1_048_576)
                : nil
        } catch {
            throw ValidationError("\(error)")
        }
        rules?.keepsFolders = keepFolders
        rules?.tabsPerStudent = options.tabsPerStudent
        if let tabsPerAddress = options.tabsPerAddress { rules?.tabsPerAddress = tabsPerAddress }
        let tool = ToolIdentity.current.name
        rules?.log = { line in printError("\(tool) serve: \(line)") }
        if let collect = options.collect {
            guard classroom else {
                throw ValidationError("--collect is for a classroom (--classroom): it writes each student's sessions")
            }
            do {
                try FileManager.default.createDirectory(atPath: collect, withIntermediateDirectories: true)
            } catch {
                throw ValidationError(
                    "--collect \(collect): cannot make the folder (is it a file, or its parent not writable?)")
            }
            guard FileManager.default.isWritableFile(atPath: collect) else {
                throw ValidationError("--collect \(collect): the folder is not writable")
            }
            rules?.collectFolder = collect
        }
        // Whatever ends the server, the tabs' folders go with it (unless kept).
        defer { rules?.removeFolders() }
        var factory = makeFactory(rules: rules, folder: folder)
        // A classroom's tabs each run in a process of their own, bounded by the kernel.
        if rules != nil, let executable = TabProcess.ownExecutable() {
            factory.tabLaunch = TabProcess.Launch(
                executable: executable, arguments: Array(CommandLine.arguments.dropFirst()))
        }
        let start = empty ? nil : sample ?? playground.startName
        if let start {
            // A name that does not load is said once, here, rather than in every tab.
            let probe = playground.makeSession(output: RecordingOutput(), workingDirectory: folder)
            guard !probe.execute("load \(start)").failed else {
                throw ValidationError("no sample or provider named '\(start)'; try --empty and 'samples'")
            }
        }
        var lessons: LessonFolder?
        if let path = options.lessons {
            guard (try? FileManager.default.contentsOfDirectory(atPath: path)) != nil else {
                throw ValidationError("--lessons \(path): no such folder")
            }
            lessons = LessonFolder(path: path)
        }
        guard !noToken || Door.isLoopback(host) else {
            throw ValidationError(
                "--no-token is for a server on loopback only: on \(host), the token is what keeps others out")
        }
        var tokens: TokenFile?
        if let path = options.tokenFile {
            guard !noToken else {
                throw ValidationError("--token-file keeps the tokens and --no-token has none: give one or the other")
            }
            do {
                tokens = try TokenFile.tokens(at: path, needsTeacher: factory.classroom != nil)
            } catch {
                throw ValidationError("--token-file \(path): \(error)")
            }
        }
        // A classroom with a token file keeps its record beside it: names and grades survive a restart,
        // and so does each student's latest session (its messages, replayed in their next tab).
        var classRecord: (path: String, record: ClassRecord?)?
        var sessionLogs: SessionLogs?
        if let path = options.tokenFile, let classroom = factory.classroom {
            let recordPath = ClassRecord.path(besideTokenFile: path)
            do throws(TokenFile.Problem) {
                classRecord = (recordPath, try ClassRecord.load(from: recordPath))
                sessionLogs = try SessionLogs(
                    folder: SessionLogs.folder(besideTokenFile: path), mostBytes: classroom.diskLimit,
                    mostTotal: classroom.diskTotal, mostPerAddress: classroom.diskPerAddress)
            } catch {
                throw ValidationError("--token-file \(path): \(error)")
            }
        }
        // An upload's copies are the server's largest blocks: each a mapping of its own, gone when freed.
        Allocator.mapAllocations(from: LargeMessages.mappedFrom)
        let server: PlaygroundServer
        do {
            server = try PlaygroundServer(
                host: host, port: port, tool: playground.name, banner: playground.banner, sample: start,
                tours: playground.offersSamples ? Tours.names : [], lessons: lessons, factory: factory,
                token: noToken ? nil : tokens?.token ?? Door.makeToken(), teacherToken: tokens?.teacher,
                allowedHosts: options.allowHost, proxies: proxies, classRecord: classRecord,
                sessionLogs: sessionLogs, log: { line in printError("\(tool) serve: \(line)") })
        } catch {
            throw ValidationError("cannot listen on \(host): \(error)")
        }
        // Written at once, unbuffered: a script waits for this line to learn the address.
        FileDescriptor.writeAll(
            VisibleText.escaped("\(tool) serve: \(server.address(host: host)) (Ctrl-C stops it)") + "\n",
            to: STDOUT_FILENO)
        if let teacher = server.teacherAddress(host: host) {
            printError(
                "\(tool) serve: the teacher's page, for you alone (each tab's lesson, step and last error): \(teacher)")
        }
        if let classRecord {
            let names = classRecord.record?.holders.count ?? 0
            printError(
                "\(tool) serve: the class's names and grades are kept in \(classRecord.path)"
                    + (classRecord.record == nil ? "" : " (\(names) name\(names == 1 ? "" : "s") taken back)")
                    + (sessionLogs.map { ", each student's latest session in \($0.folder)" } ?? ""))
        }
        if let collect = rules?.collectFolder {
            printError("\(tool) serve: each tab's sessions are written to \(collect) as transcripts when it ends")
        }
        if let lessons {
            printError(
                "\(tool) serve: \(lessons.names.count) lesson\(lessons.names.count == 1 ? "" : "s") in \(lessons.path), offered beside the tours; a link opens one for the learner to step: \(server.lessonAddress(host: host))"
            )
        }
        if noToken {
            printError(
                "\(tool) serve: --no-token: other sites' pages are refused, but any program or user of this machine "
                    + "can run commands here as you"
            )
        }
        if !Door.isLoopback(host) {
            printError(
                classroom
                    ? "\(tool) serve: listening on \(host): anyone who can reach this address and has its token gets "
                        + "a classroom session (a folder of its own, the samples, its uploads)"
                    : "\(tool) serve: listening on \(host): anyone who can reach this address and has its token can "
                        + "run commands in \(folder) as you"
            )
            printError(
                "\(tool) serve: the token crosses the network in clear text here: anyone who can watch the network "
                    + "can read it; serve it over TLS behind a reverse proxy (see Docs/server.md, 'On a network')"
            )
            if ["0.0.0.0", "::", "[::]"].contains(host) {
                printError(
                    "\(tool) serve: requests must name this machine by one of its names or addresses: \(server.door.ownNames.sorted().joined(separator: ", "))\(options.allowHost.isEmpty ? "" : ", or " + options.allowHost.joined(separator: ", ")) (--allow-host adds one)"
                )
            }
        }
        let classroomRules = rules
        let stopping = StopOnSignals { name in
            let (count, recoverable) = server.shutDown(saying: "the server stopped")
            classroomRules?.removeFolders()
            let kept = classroomRules.map { $0.keepsFolders ? "; the tabs' folders are kept in \($0.root)" : "" } ?? ""
            let running = server.tabsLeftRunning
            let ended =
                count == 0 && running == 0
                ? "no tab was open"
                : count == 0
                    ? "no tab ended"
                    : "\(count) tab \(count == 1 ? "session" : "sessions") ended, \(count == 1 ? "its journal" : "their journals") closed"
            var left =
                recoverable == 0
                ? ""
                : "; \(recoverable) with unsaved edits \(recoverable == 1 ? "is" : "are") left for '\(tool) recover'"
            if running > 0 {
                left +=
                    "; \(running) still running a command did not end within 5 s: \(running == 1 ? "its journal stays" : "their journals stay") unfinished"
            }
            printError("\(tool) serve: stopped (\(name)): \(ended)\(left)\(kept)")
        }
        server.start()
        server.waitUntilStopped()
        stopping.waitIfStopping()
    }
}

extension ServeCommand {
    /// Ends the process with `status` (a tab's process, whose loop has ended).
    fileprivate static func exitProcess(_ status: Int32) -> Never {
        #if canImport(Glibc)
            Glibc.exit(status)
        #else
            Darwin.exit(status)
        #endif
    }

    /// What makes a tab's session: the playground's, working in `folder`, journaled; in a classroom, by `rules`.
    fileprivate func makeFactory(rules: Classroom?, folder: String) -> SessionFactory {
        let playground = playground
        return SessionFactory(
            isSerial: playground.sessionsRunOneAtATime, folder: folder, classroom: rules,
            make: { output, folder in playground.makeSession(output: output, workingDirectory: folder) },
            startJournal: { session, tab, folder in
                Journaling.pruneInBackground()
                return Journaling.start(
                    for: session, workingFolder: folder, tab: tab, classroom: rules != nil, prunes: false)
            })
    }
}

/// Ctrl-C and SIGTERM stop the server cleanly: the first runs `stop` on a
/// queue (not in a signal handler), naming the signal; a second one ends
/// the process at once.
final class StopOnSignals: @unchecked Sendable {  // its sources are set once, in init
    private var sources: [any DispatchSourceSignal] = []
    private let started = Mutex(false)
    private let finished = DispatchSemaphore(value: 0)

    init(_ stop: @escaping @Sendable (String) -> Void) {
        for (number, name) in [(SIGINT, "Ctrl-C"), (SIGTERM, "SIGTERM")] {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { [self] in
                let again = started.withLock { started in
                    defer { started = true }
                    return started
                }
                if again { _exit(128 + number) }
                stop(name)
                finished.signal()
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Waits for the stop a signal started, if one did.
    func waitIfStopping() {
        guard started.withLock({ $0 }) else { return }
        finished.wait()
        for source in sources { source.cancel() }
    }
}
