/// `listlab-bench`: in-process benchmarks that print each figure next to its
/// peer from the same run. Build it in release: `swift run -c release listlab-bench diff`.
@main
struct ListLabBench {
    static func main() throws {
        let arguments = CommandLine.arguments.dropFirst()
        let runs = arguments.dropFirst().first.flatMap { Int($0) } ?? 5
        switch arguments.first {
        case "diff"?:
            try DiffBenchmark.run(runs: runs)
        case "show"?:
            try ShowBenchmark.run(runs: runs)
        case "hostile"?:
            try HostileBenchmark.run(runs: runs)
        case "registered"?:
            try RegisteredBenchmark.run(runs: runs)
        default:
            print("usage: listlab-bench diff|show|hostile|registered [RUNS]")
        }
    }
}
