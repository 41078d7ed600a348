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
import ListLabCore
import ListLabFiles
import BenchRegistrations
import ListLabShell

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
        print("registered providers (release build; medians of \(runs) runs of 2,000 scrolls, each followed by show)")
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

        // The two sessions take turns, run after run, so that a busy moment of the machine
        // weighs on both alike.
        let sides = [("registered (typed)", typed, typedOutput), ("built-in (records)", records, recordsOutput)]
        let shows = 2_000
        var random = DiffBenchmark.SplitMix64(state: 11)
        var times = Array(repeating: [Double](), count: sides.count)
        var linesPerShow = Array(repeating: 0, count: sides.count)
        for _ in 0..<max(1, runs) {
            for (index, (_, session, output)) in sides.enumerated() {
                let before = output.lines
                let timing = DiffBenchmark.median(runs: 1) {
                    for _ in 0..<shows {
                        session.execute("scroll 0.\(random.below(count))")
                        session.execute("show")
                    }
                }
                times[index].append(timing.seconds)
                linesPerShow[index] = (output.lines - before) / shows
            }
        }
        var perShow: [Double] = []
        for (index, (name, _, output)) in sides.enumerated() {
            guard output.errors.isEmpty else { throw BenchmarkError(message: "\(name): \(output.errors)") }
            let median = times[index].sorted()[times[index].count / 2] / Double(shows)
            perShow.append(median)
            print("  \(name): \(DiffBenchmark.fixed(median * 1e6, 1)) us per scroll and show of 100,000 items (\(linesPerShow[index]) lines each)")
        }
        let ratio = perShow[0] / perShow[1]
        print("  ratio, registered vs built-in: \(DiffBenchmark.fixed(ratio, 2))x (target: at most 1.2x) \(DiffBenchmark.mark(ratio <= 1.2))")
    }
}

struct BenchmarkError: Error, CustomStringConvertible {
    var message: String
    var description: String { message }
}
