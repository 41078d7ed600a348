import ArgumentParser
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// `listlab serve`: starts `listlab-serve`, the program beside this one
/// that serves the playground to a browser, with the same arguments. The
/// server is a program of its own so that the prompt does not load it: its
/// HTTP stack brings Foundation's networking, which doubled the time
/// `listlab` takes to start.
struct ServeLauncher: ParsableCommand {
    static var configuration: CommandConfiguration { CommandConfiguration(
        commandName: "serve",
        abstract: "Serves the playground to a browser, a session per tab ('\(ToolIdentity.current.name)-serve --help' lists its options).",
        discussion: """
            Starts \(ToolIdentity.current.name)-serve, the program beside this one, with these arguments \
            (Scripts/listlab builds it on first use).
            """) }

    @Argument(parsing: .allUnrecognized, help: "The server's options: --port N, --host ADDR, --sample NAME, --empty, --no-token, --classroom, --budget SECONDS, --memory MB, --disk MB, --server-memory MB, --keep-folders.")
    var options: [String] = []

    func run() throws {
        let tool = ToolIdentity.current.name
        let server = Self.folderOfThisProgram() + "/\(tool)-serve"
        guard access(server, X_OK) == 0 else {
            throw ValidationError("'\(tool) serve' starts \(tool)-serve, which is not built beside \(tool): build it with 'swift build --product \(tool)-serve'")
        }
        let arguments = [server] + options
        var pointers = arguments.map { strdup($0) } + [nil]
        execv(server, &pointers)
        throw ValidationError("cannot start \(server): \(String(cString: strerror(errno)))")
    }

    /// The folder this executable is in (from /proc/self/exe where there is
    /// one, else from the first argument).
    static func folderOfThisProgram() -> String {
        var buffer = [CChar](repeating: 0, count: 4_096)
        let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        let path = length > 0 ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self) : CommandLine.arguments.first ?? "."
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
