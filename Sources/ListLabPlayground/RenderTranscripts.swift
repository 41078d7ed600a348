import ArgumentParser
import ListLabShell

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

/// `listlab render PATH... [--output DIR]`: transcripts as pages with the list drawn.
struct RenderTranscripts: PlaygroundCommand {
    static var configuration: CommandConfiguration {
        CommandConfiguration(
            commandName: "render",
            abstract:
                "Renders transcripts (files, or folders searched for *.lab) as self-contained HTML pages with the list drawn.",
            discussion: """
                Each transcript replays in a fresh session in a scratch copy of its folder, as \
                '\(ToolIdentity.current.name) test' replays it (--in-place: in the folder itself). Its page keeps the \
                prose and every command with its output, and beside each step that changes what the list shows, a \
                picture of the list drawn from its state: batch updates animate (play, step, replay); with script \
                disabled the page is a sequence of pictures; traced steps get a sequence diagram. A page is named \
                after its transcript (tour.lab: tour.html); a page that exists is replaced only with --force. A step \
                whose output differs from the transcript is marked on the page, and the exit status is then 1.
                """)
    }

    @Argument(help: "Transcripts, or folders of them.", completion: .file())
    var paths: [String]

    @Option(name: .shortAndLong, help: "The folder to write the pages in (made when missing).", completion: .directory)
    var output: String = "."

    @Flag(help: "Replace pages that exist (without it, an existing page is an error and nothing is written).")
    var force = false

    @Flag(
        help: ArgumentHelp(
            "Replay in each transcript's own folder, on its real files, with nothing confined.",
            discussion: "As '\(ToolIdentity.current.name) test --in-place': only for transcripts you trust."))
    var inPlace = false

    func run(in playground: Playground) throws {
        let named: [(path: String, name: String)]
        do {
            named = try TranscriptRunner.namedTranscripts(in: paths)
        } catch {
            printLine("error: \(error)")
            throw ExitCode(1)
        }
        let files = named.map(\.path)
        var names: [String: String] = [:]
        for file in files {
            let name = TranscriptRenderer.pageName(for: file)
            if let other = names[name] {
                printLine("error: \(other) and \(file) would both be \(name): render them into different folders")
                throw ExitCode(1)
            }
            names[name] = file
        }
        var isFolder = false
        if FileManager.default.fileExists(atPath: output, isDirectory: &isFolder), !isFolder {
            printLine("error: \(output): is a file, not a folder")
            throw ExitCode(1)
        }
        do {
            try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        } catch {
            printLine("error: \(output): cannot make the folder (\(Self.reason(error)))")
            throw ExitCode(1)
        }
        let folder = output.hasSuffix("/") ? output : output + "/"
        if !force,
            let existing = files.map({ folder + TranscriptRenderer.pageName(for: $0) }).first(where: {
                FileManager.default.fileExists(atPath: $0)
            })
        {
            // As every command that writes: an existing file is replaced only when asked.
            printLine("error: \(ShellError(.fileExists(existing)))")
            throw ExitCode(1)
        }
        var failed = 0
        for (file, name) in named {
            let result = TranscriptRenderer.render(file, name: name, inPlace: inPlace, prepare: playground.prepare)
            guard let html = result.html else {
                for failure in result.failures { printLine("FAIL \(failure)") }
                failed += 1
                continue
            }
            let page = folder + TranscriptRenderer.pageName(for: file)
            do {
                try Data(html.utf8).write(to: URL(fileURLWithPath: page), options: .atomic)
            } catch {
                printLine("error: \(page): cannot write the page (\(Self.reason(error)))")
                throw ExitCode(1)
            }
            for failure in result.failures { printLine("FAIL \(failure)") }
            if !result.failures.isEmpty { failed += 1 }
            let steps = result.stepCount == 1 ? "1 step" : "\(result.stepCount) steps"
            printLine("rendered \(file) -> \(page): \(steps), \(result.pictureCount) with pictures")
        }
        if failed > 0 { throw ExitCode(1) }
    }

    /// The operating system's words for a failed file operation: "Permission denied".
    private static func reason(_ error: any Error) -> String {
        if let posix = (error as? CocoaError)?.underlying as? POSIXError, let words = strerror(posix.code.rawValue) {
            return String(cString: words)
        }
        return "\(error)"
    }
}
