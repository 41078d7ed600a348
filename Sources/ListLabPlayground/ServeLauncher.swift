import ArgumentParser

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `listlab serve`: starts `listlab-serve`, the program beside this one
/// that serves the playground to a browser, with the same arguments. The
/// server is a program of its own because its module builds on this one
/// (which cannot import it), and so that a playground of the user's carries
/// no server unless it adds its `-serve` program; starting it apart costs
/// little (`Scripts/bench-start --serve` pairs the two programs' start).
struct ServeLauncher: ParsableCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "serve",
            abstract: "Serves the playground to a browser, a session per tab.",
            discussion: """
                Starts \(ToolIdentity.current.name)-serve, the program beside this one, with these options \
                (Scripts/listlab builds it on first use).
                """)
    }

    /// The server's options: parsed here (a typo is one error before anything starts) and passed on.
    @OptionGroup var options: ServeOptions

    func run() throws {
        let tool = ToolIdentity.current.name
        let server = Self.folderOfThisProgram() + "/\(tool)-serve"
        guard access(server, X_OK) == 0 else {
            throw ValidationError(
                "'\(tool) serve' starts \(tool)-serve, which is not built beside \(tool): build it with 'swift build "
                    + "--product \(tool)-serve'"
            )
        }
        let arguments = [server] + options.arguments
        var pointers = arguments.map { strdup($0) } + [nil]
        execv(server, &pointers)
        throw ValidationError("cannot start \(server): \(String(cString: strerror(errno)))")
    }

    /// The folder this executable is in: from /proc/self/exe on Linux, from
    /// `_NSGetExecutablePath` on macOS (the first argument is a bare name
    /// when the program was found on the PATH), else from the first argument.
    static func folderOfThisProgram() -> String {
        var buffer = [CChar](repeating: 0, count: 4_096)
        #if canImport(Darwin)
            var size = UInt32(buffer.count)
            let length = _NSGetExecutablePath(&buffer, &size) == 0 ? strlen(buffer) : -1
        #else
            let length = readlink("/proc/self/exe", &buffer, buffer.count - 1)
        #endif
        let path =
            length > 0
            ? String(decoding: buffer[..<length].map { UInt8(bitPattern: $0) }, as: UTF8.self)
            : CommandLine.arguments.first ?? "."
        guard let slash = path.lastIndex(of: "/") else { return "." }
        return String(path[..<slash])
    }
}
