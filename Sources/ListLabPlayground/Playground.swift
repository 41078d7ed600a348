import ArgumentParser
public import ListLabCore
public import ListLabShell

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The ListLab command line, for a tool of your own: the interactive prompt
/// (libedit: history, TAB completion, Ctrl-C), `run`, `test`, `render`,
/// `sessions`, `recover`, `--help` and `--version`, with your own providers
/// and presenters registered under names beside (or instead of) ListLab's
/// samples. `listlab` itself is `Playground.listlab.main()`.
///
/// Start one from the `main.swift` of an executable target of yours that
/// depends on `ListLabPlayground` and on your app's module:
///
/// ```swift
/// var playground = Playground(name: "tabs-lab", offersSamples: false)
/// playground.register(
///     "tabs", summary: "the app's tabs",
///     provider: { ArrayDataProvider([Tab.news, .contributions, .settings]) },
///     presenter: { SingleKindPresenter(TabCell.self) })
/// playground.main()
/// ```
///
/// `Examples/Schedule` has a whole one, `schedule-lab`, whose provider loads
/// asynchronously and can fail.
///
/// A registration that cannot be made (two under one name, a name a sample
/// has) is reported by ``main()`` as one `error:` line, with exit status 1.
public struct Playground {
    /// The tool's name, as its help, messages and journals use it.
    public var name: String
    /// What `--version` prints.
    public var version: String
    /// Whether ListLab's samples can be loaded beside the registrations.
    public var offersSamples: Bool
    /// What the interactive shell starts with: a registration's or a sample's
    /// name (by default the first registration, else `contacts` when the
    /// samples are offered); nil starts empty.
    public var startsWith: String?
    /// The providers and presenters registered so far, in order.
    public private(set) var registrations: [ProviderRegistration] = []
    /// Whether a server must run its tabs' commands one at a time: a
    /// registration's code need not be thread-safe, unless it is ListLab's own.
    package var sessionsRunOneAtATime: Bool {
        registrations.contains { !$0.sharesNothingBetweenSessions }
    }
    /// What cannot be registered, said when the tool starts.
    private(set) var problems: [String] = []

    /// A playground named `name` (its executable's name, say), with no
    /// registrations yet.
    ///
    /// - Parameters:
    ///   - name: The tool's name in help and messages.
    ///   - version: What `--version` prints.
    ///   - offersSamples: Whether ListLab's samples can be loaded too.
    public init(name: String, version: String = "0.1.0", offersSamples: Bool = true) {
        self.name = name
        self.version = version
        self.offersSamples = offersSamples
    }

    /// ListLab's own tool: the samples, and the teaching providers of
    /// ListLab's own (`agenda`), starting on `contacts`.
    public static var listlab: Playground {
        var playground = Playground(name: "listlab", version: "0.1.0")
        playground.startsWith = "contacts"
        for registration in teachingRegistrations { playground.register(registration) }
        return playground
    }

    /// Registers `registration`; a name taken already (by another
    /// registration or, when they are offered, a sample) is noted and
    /// reported when the tool starts.
    public mutating func register(_ registration: ProviderRegistration) {
        if registrations.contains(where: { $0.name == registration.name }) {
            problems.append("two providers are registered as '\(registration.name)': give each its own name")
        } else if offersSamples, BuiltInSamples.names.contains(registration.name) {
            problems.append(
                "'\(registration.name)' is the name of a ListLab sample: register the provider under another name, or "
                    + "make the playground with offersSamples: false"
            )
        } else if registration.name.isEmpty || registration.name.contains(where: { $0.isWhitespace }) {
            problems.append("'\(registration.name)' cannot name a provider at the prompt: use a word without spaces")
        } else {
            registrations.append(registration)
        }
    }

    /// Registers `provider` and `presenter` under `name` (see
    /// `ProviderRegistration.init(_:summary:provider:presenter:load:key:)` (ListLabShell)).
    public mutating func register<Provider: DataProvider, Presenter: CellPresenter>(
        _ name: String, summary: String = "",
        provider: @escaping () -> Provider, presenter: @escaping () -> Presenter,
        load: ((Provider) async throws -> StagedUpdate)? = nil, key: String? = nil
    ) where Provider.Item == Presenter.Item {
        register(
            ProviderRegistration(name, summary: summary, provider: provider, presenter: presenter, load: load, key: key)
        )
    }

    /// Runs the tool with the process's arguments and exits with its status.
    public func main() -> Never {
        ToolOutput.bufferProcessOutput()
        exit(run(arguments: Array(CommandLine.arguments.dropFirst())))
    }

    /// Runs the tool with `arguments` (without the program's name), writing
    /// to `output`, and returns its exit status: what ``main()`` does, for
    /// tests (`ToolOutput()` keeps what it writes).
    ///
    /// ```swift
    /// let output = ToolOutput()
    /// let status = Playground.listlab.run(arguments: ["--version"], output: output)
    /// output.standardOutput   // "0.1.0\n"
    /// ```
    public func run(arguments: [String], output: ToolOutput) -> Int32 {
        ToolOutput.$current.withValue(output) { run(arguments: arguments) }
    }

    /// Runs the tool with `arguments` (without the program's name) and
    /// returns its exit status: what ``main()`` does.
    public func run(arguments: [String]) -> Int32 {
        if let problem = problems.first {
            printError("error: " + problem)
            return 1
        }
        return ToolIdentity.$current.withValue(ToolIdentity(name: name, version: version)) {
            do {
                var command = try ListLabCommand.parseAsRoot(arguments)
                if let playgroundCommand = command as? any PlaygroundCommand {
                    try playgroundCommand.run(in: self)
                } else {
                    try command.run()
                }
                return 0
            } catch {
                let code = ListLabCommand.exitCode(for: error)
                let message = ListLabCommand.fullMessage(for: error)
                if !message.isEmpty {
                    if code == .success {
                        ToolOutput.current.write(StandardStreams.safeLines(message))
                    } else {
                        StandardStreams().writeLines(message)
                    }
                }
                return code.rawValue
            }
        }
    }

    /// A new session with this playground's registrations.
    package func makeSession(output: any ShellOutput, workingDirectory: String = ".") -> Session {
        let session = Session(output: output, workingDirectory: workingDirectory)
        prepare(session)
        return session
    }

    /// Gives `session` this playground's registrations and samples.
    package func prepare(_ session: Session) {
        session.registrations = registrations
        session.offersSamples = offersSamples
        session.toolName = name
    }

    /// The first words of the interactive shell's greeting.
    package var banner: String {
        name == "listlab" ? "ListLab \(versionWithoutPatch)" : "\(name) \(version) (ListLab)"
    }

    /// `0.1` for `0.1.0`.
    private var versionWithoutPatch: String {
        version.hasSuffix(".0") ? String(version.dropLast(2)) : version
    }

    /// What the interactive shell loads first.
    package var startName: String? {
        startsWith ?? registrations.first?.name ?? (offersSamples ? "contacts" : nil)
    }
}

/// A command that needs the playground it runs in (its registrations).
protocol PlaygroundCommand: ParsableCommand {
    func run(in playground: Playground) throws
}

/// The running tool's name and version, which the commands' help reads
/// (ArgumentParser reads a command's configuration from a static property).
package struct ToolIdentity: Sendable {
    package var name: String
    package var version: String

    package init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    @TaskLocal package static var current = ToolIdentity(name: "listlab", version: "0.1.0")
}
