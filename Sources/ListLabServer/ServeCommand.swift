import ArgumentParser
import Dispatch
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
import ListLabCore
public import ListLabPlayground
import ListLabShell

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
    /// var playground = Playground(name: "tabs-lab")
    /// playground.register(
    ///     "tabs", summary: "the app's tabs",
    ///     provider: { ArrayDataProvider([Tab.news, .contributions, .settings]) },
    ///     presenter: { SingleKindPresenter(TabCell.self) })
    /// playground.serveMain()
    /// ```
    public func serveMain() -> Never {
        exit(ToolIdentity.$current.withValue(ToolIdentity(name: name, version: version)) {
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
    /// The playground served; set before ``run()``.
    var playground = Playground.listlab

    private enum CodingKeys: String, CodingKey { case port, host, sample, empty, classroom, budget, memory, noToken }

    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "\(ToolIdentity.current.name) serve",
        abstract: "Serves the playground to a browser: open the address it prints; each tab is a session of its own.",
        discussion: """
            The page has a command line (↑ and ↓ for the commands run, TAB to complete, 'help') and shows each \
            command's output and pictures of the list, each batch update animated as '\(ToolIdentity.current.name) render' \
            draws it. Each tab's session starts with --sample loaded (by default the playground's first) and ends when the tab \
            closes. It listens on 127.0.0.1 unless --host names another address. It prints the address to open, with a \
            token: the page trades the token for a cookie, and nothing without it gets in. Only the server's own page may \
            open its socket (its Origin and Host are checked), as Jupyter's server does. Ctrl-C stops it.
            """) }

    @Option(help: "The port to listen on (0: any free port).")
    var port: UInt16 = 8_765

    @Option(help: "The address to listen on; by default loopback only.")
    var host: String = "127.0.0.1"

    @Option(help: "What each tab's session loads first (by default the playground's first provider).", completion: .list(Session.sampleNames))
    var sample: String?

    @Flag(help: "Start each tab's session with nothing loaded.")
    var empty = false

    @Flag(name: .customLong("no-token"), help: ArgumentHelp(
        "Open the page without a token (loopback only).",
        discussion: "Pages of other sites are still refused (Origin and Host are checked), but any program or user of this machine can run commands as you."))
    var noToken = false

    @Flag(help: ArgumentHelp(
        "For a class: each tab works in a folder of its own, on the samples and the files uploaded to it; what it writes comes back as a download.",
        discussion: "Each command is stopped after --budget seconds, or when the server grows by --memory megabytes while it runs."))
    var classroom = false

    @Option(help: "In a classroom, the seconds a command may run.")
    var budget: Double = 10

    @Option(help: "In a classroom, the megabytes the server may grow by while one command runs (on Linux).")
    var memory: Int = 512

    func run() throws {
        let folder = FileManager.default.currentDirectoryPath
        guard budget > 0, budget <= 3_600 else { throw ValidationError("--budget takes seconds from 0 to 3600") }
        guard memory > 0, memory <= 1_048_576 else { throw ValidationError("--memory takes megabytes from 1 to 1048576") }
        let rules: Classroom?
        do {
            rules = classroom ? try Classroom(budget: budget, memoryBudget: memory * 1_048_576, uploadLimit: 32 * 1_048_576) : nil
        } catch {
            throw ValidationError("\(error)")
        }
        let factory = SessionFactory(
            isSerial: !playground.registrations.isEmpty, folder: folder, classroom: rules,
            make: { output, folder in playground.makeSession(output: output, workingDirectory: folder) },
            startJournal: { session, tab, folder in Journaling.start(for: session, workingFolder: folder, tab: tab) })
        let start = empty ? nil : sample ?? playground.startName
        if let start {
            // A name that does not load is said once, here, rather than in every tab.
            let probe = playground.makeSession(output: RecordingOutput(), workingDirectory: folder)
            probe.execute("load \(start)")
            guard probe.errorCount == 0 else { throw ValidationError("no sample or provider named '\(start)'; try --empty and 'samples'") }
        }
        guard !noToken || Door.isLoopback(host) else {
            throw ValidationError("--no-token is for a server on loopback only: on \(host), the token is what keeps others out")
        }
        let tool = ToolIdentity.current.name
        let server: PlaygroundServer
        do {
            server = try PlaygroundServer(
                host: host, port: port, tool: playground.name, banner: playground.banner, sample: start,
                tours: playground.offersSamples ? Tours.names : [], factory: factory, token: noToken ? nil : Door.makeToken(),
                log: { line in printError("\(tool) serve: \(line)") })
        } catch {
            throw ValidationError("cannot listen on \(host): \(error)")
        }
        // Written at once, unbuffered: a script waits for this line to learn the address.
        FileDescriptor.writeAll(VisibleText.escaped("\(tool) serve: \(server.address(host: host)) (Ctrl-C stops it)") + "\n", to: STDOUT_FILENO)
        if noToken {
            printError("\(tool) serve: --no-token: other sites' pages are refused, but any program or user of this machine can run commands here as you")
        }
        if !Door.isLoopback(host) {
            printError(classroom
                ? "\(tool) serve: listening on \(host): anyone who can reach this address and has its token gets a classroom session (a folder of its own, the samples, its uploads)"
                : "\(tool) serve: listening on \(host): anyone who can reach this address and has its token can run commands in \(folder) as you")
            if server.door.hosts == nil {
                printError("\(tool) serve: on a wildcard address the Host of a request is not checked (its names are not known): the token keeps other sites' pages out")
            }
        }
        server.start()
        server.waitUntilStopped()
    }
}
