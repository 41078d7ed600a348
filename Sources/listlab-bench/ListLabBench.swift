import ListDiff

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
        case "diff-profile"?:
            // ListDiff alone, RUNS times at each size (or at SIZE only): for perf and quick looks, not for figures.
            let only = arguments.dropFirst(2).first.flatMap { Int($0) }
            for n in only.map({ [$0] }) ?? [10_000, 100_000, 1_000_000] {
                let (source, target, _) = DiffBenchmark.workload(n)
                let timing = try DiffBenchmark.median(runs: runs) { () throws(DuplicateIdentityError) in
                    try Changeset(from: source, to: target)
                }
                print(n, DiffBenchmark.fixed(timing.seconds * 1000, 2), "ms")
            }
            for size in [1_000, 10_000] where only == nil {
                let (source, target, _) = DiffBenchmark.sectionedWorkload(size: size)
                let timing = try DiffBenchmark.median(runs: runs) {
                    try SectionedChangeset(from: source, to: target, identity: { $0 }, isContentEqual: ==)
                }
                print("100 x", size, DiffBenchmark.fixed(timing.seconds * 1000, 2), "ms")
            }
        case "diff-linearity"?:
            // 100,000 and 1,000,000 items timed turn about, RUNS times: a quick look at the ratio, not a figure.
            let (small, large) = (DiffBenchmark.workload(100_000), DiffBenchmark.workload(1_000_000))
            let timed = try Pairs.measure(pairs: runs) { () throws(DuplicateIdentityError) in
                _ = try Changeset(from: large.source, to: large.target)
            } _: { () throws(DuplicateIdentityError) in
                _ = try Changeset(from: small.source, to: small.target)
            }
            print(
                Pairs.milliseconds(timed.peer), Pairs.milliseconds(timed.subject), DiffBenchmark.fixed(timed.ratio, 2),
                "x")
        case "load"?:
            // One load of FILE (as `load FILE` reads it), timed inside this process: Scripts/bench-load pairs it with
            // DuckDB's.
            guard let path = arguments.dropFirst().first else {
                print("usage: listlab-bench load FILE")
                return
            }
            print(try ColumnsBenchmark.timedLoad(path))
        case "show"?:
            try ShowBenchmark.run(runs: runs)
        case "hostile"?:
            try HostileBenchmark.run(runs: runs)
        case "registered"?:
            try RegisteredBenchmark.run(runs: runs)
        case "columns"?:
            try ColumnsBenchmark.run(runs: runs)
        case "columns-files"?:
            let files = Array(arguments.dropFirst(2))
            guard files.count == 2 else {
                print("usage: listlab-bench columns-files RUNS ORIGINAL.csv CHANGED.csv")
                return
            }
            try ColumnsBenchmark.run(runs: runs, original: files[0], changed: files[1])
        case "staged-profile"?:
            // reload --diff of 1,000,000 small rows (or ROWS, or ORIGINAL CHANGED) with every change staged and
            // applied, RUNS times: for perf, not for figures.
            try ColumnsBenchmark.stagedProfile(runs: runs, files: Array(arguments.dropFirst(2)))
        case "columns-profile"?:
            // changesFromFile (or with 'sort', a sort) of 1,000,000 rows, RUNS times: for perf, not for figures.
            try ColumnsBenchmark.profile(
                runs: runs, format: arguments.dropFirst(2).first ?? "csv",
                sorting: arguments.dropFirst(3).first == "sort")
        case "own-keys-profile"?:
            // A load of NDJSON whose 100,000 records each have a key of their own (or with 'shared', one key), RUNS
            // times: for perf, not for figures.
            try HostileBenchmark.ownKeysProfile(runs: runs, shared: arguments.dropFirst(2).first == "shared")
        default:
            print("usage: listlab-bench diff|show|hostile|registered|columns|columns-files [RUNS]")
        }
    }
}
