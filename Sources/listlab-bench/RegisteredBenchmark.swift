import BenchRegistrations
import ListLabCore
import ListLabFiles
import ListLabShell

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Output that keeps only a count, so that writing costs the same on both sides.
final class CountingOutput: ShellOutput {
    var lines = 0
    var errors: [String] = []
    func write(_ line: String) { lines += 1 }
    func writeError(_ message: String) { errors.append(message) }
}

/// The user's own provider at the prompt next to the built-in one of the same
/// items: `show` over 100,000 typed items against `show` over the same
/// 100,000 records (an array provider, `load FILE as array`), in one process.
/// (`listlab-bench-lab` is the playground of those registrations, for the
/// start-up and replay figures of `Scripts/bench-registered`.)
enum RegisteredBenchmark {
    static func run(runs: Int) throws {
        Pairs.command = "Scripts/bench-registered"
        print("registered providers (release build; 2,000 scrolls, each followed by show, a timing)")
        let count = 100_000
        let path = "/tmp/listlab-bench-people.json"
        try AtomicFile.write(BenchRegistrations.json(BenchRegistrations.people(count)), to: path)
        defer { unlink(path) }

        func session(loading line: String) throws -> (Session, CountingOutput) {
            let output = CountingOutput()
            let session = Session(output: output, workingDirectory: "/tmp", viewportRows: 20)
            session.registrations = BenchRegistrations.registrations(1)
            session.execute(line)
            guard output.errors.isEmpty else { throw BenchmarkError(message: "\(line): \(output.errors)") }
            return (session, output)
        }
        let (typed, typedOutput) = try session(loading: "load people")
        let (records, recordsOutput) = try session(loading: "load listlab-bench-people.json as array key id")

        // The two sessions take turns, so that a busy moment of the machine weighs on both alike.
        let shows = 2_000
        var random = DiffBenchmark.SplitMix64(state: 11)
        func scrollAndShow(_ session: Session) {
            for _ in 0..<shows {
                session.execute("scroll 0.\(random.below(count))")
                session.execute("show")
            }
        }
        let figure = Pairs.measure(pairs: runs) {
            scrollAndShow(typed)
        } _: {
            scrollAndShow(records)
        }
        for (name, output) in [("registered", typedOutput), ("built-in", recordsOutput)] where !output.errors.isEmpty {
            throw BenchmarkError(message: "\(name): \(output.errors)")
        }
        Pairs.report(
            "registered-show", "scroll and show over your own provider of 100,000 typed items (registered)",
            vs: "the built-in array provider of the same items as records", figure, limit: 1.2,
            detail:
                "\(DiffBenchmark.fixed(figure.subject / Double(shows) * 1e6, 1)) us vs "
                + "\(DiffBenchmark.fixed(figure.peer / Double(shows) * 1e6, 1)) us a scroll and show"
        )
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
