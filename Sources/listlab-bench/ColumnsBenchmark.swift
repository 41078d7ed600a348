import ListLabCore
import ListLabFiles
import ListLabRecords
import ListLabShell

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file provider's commands at the prompt, timed inside the process (the
/// process's start-up is not the figure): each timing is a session of its
/// own that loads the file and, for a changed file, has the file changed on
/// disk (neither timed), then runs the command, timed, its output written to
/// a file as `listlab > FILE` would. Each command is timed in turn with a
/// plain `reload` of the same file in the same state (`Pairs`).
///
/// - `listlab-bench columns RUNS`: files of small rows (`{"id":i,"v":i}`) as
///   CSV, JSON and NDJSON, 100,000 and 1,000,000 of them, changed as the
///   diff benchmark changes its arrays (10% deleted, 2% moved, 10%
///   inserted) with 5% of the rows kept edited (a new `v`): `reload --diff`,
///   and at 1,000,000 rows of CSV every change staged and applied (the
///   threshold raised past the changes).
/// - `listlab-bench columns-files RUNS ORIGINAL.csv CHANGED.csv`: the files
///   `Scripts/bench-columns` generates: `diff` of an unchanged file,
///   `reload --diff` of the changed one (and every change staged and
///   applied), `sort score`, `sort score desc` and `filter group=group-03`.
enum ColumnsBenchmark {
    /// The change threshold, the shell's default (for `columns-profile`).
    static let threshold = 100
    /// A threshold past any change count here: every change staged and applied.
    static let everyChange = "set threshold 1000000000"

    static func run(runs: Int) throws {
        Pairs.command = "Scripts/bench-columns"
        print(
            "reload --diff of small rows at the prompt, timed in the process, in turn with a plain reload of the "
                + "changed file"
        )
        let folder = "/tmp/listlab-bench-columns-\(getpid())"
        mkdir(folder, 0o700)
        defer {
            for name in ["rows.csv", "rows.json", "rows.ndjson", "output.txt"] { unlink(folder + "/" + name) }
            rmdir(folder)
        }
        for rows in [100_000, 1_000_000] {
            let (original, changed, _) = DiffBenchmark.workload(rows)
            let edited = editedRows(changed, originals: Set(original))
            for format in ["csv", "json", "ndjson"] {
                let before = text(original, format, edited: [])
                let after = text(changed, format, edited: edited)
                let bench = Bench(folder: folder, file: "rows." + format, original: before, changed: after)
                let size = rows == 100_000 ? "100k" : "1m"
                let figure = try bench.pair("reload --diff", vs: "reload", changed: true, runs: runs)
                Pairs.report(
                    "small-reload-diff-\(format)-\(size)",
                    "reload --diff of \(Pairs.grouped(rows)) small rows of \(format.uppercased()), 5% edited",
                    vs: "a plain reload", figure, limit: 1.2)
                if rows == 1_000_000 && format == "csv" {
                    let staged = try bench.pair(
                        "reload --diff", vs: "reload", changed: true, runs: runs, setUp: [everyChange])
                    Pairs.report(
                        "small-staged-csv-1m", "every change of that reload --diff staged and applied (CSV)",
                        vs: "a plain reload",
                        staged, limit: 2, detail: "\(Pairs.grouped(bench.lastSubjectLines)) lines of output")
                }
            }
        }
    }

    /// `columns-files`: the commands of `Scripts/bench-columns` on its files.
    static func run(runs: Int, original: String, changed: String) throws {
        Pairs.command = "Scripts/bench-columns"
        let before = try read(original)
        let after = try read(changed)
        let rows = before.reduce(0) { $0 + ($1 == 10 ? 1 : 0) } - 1
        let size = rows >= 1_000_000 ? "1m" : rows >= 100_000 ? "100k" : String(rows)
        let folder = "/tmp/listlab-bench-files-\(getpid())"
        mkdir(folder, 0o700)
        defer {
            for name in ["rows.csv", "output.txt"] { unlink(folder + "/" + name) }
            rmdir(folder)
        }
        let bench = Bench(folder: folder, file: "rows.csv", original: before, changed: after)
        let count = Pairs.grouped(rows)
        // The sort and the filter are of the generated files' columns: a file of other data (one of your own,
        // a public dataset's two versions) gives the first three figures, its changes its own.
        let header = before.prefix { $0 != 10 }.split(separator: UInt8(ascii: ",")).map {
            String(decoding: $0, as: UTF8.self)
        }
        let isGenerated = header.contains("score") && header.contains("group")
        let changes =
            isGenerated ? "10% deleted, 10% inserted, 2% moved, 5% changed" : "as \(changed) changes \(original)"
        print(
            "commands on a file provider of \(count) rows at the prompt, timed in the process, in turn with a plain "
                + "reload"
        )
        Pairs.report(
            "columns-diff-\(size)", "diff of \(count) rows, the file unchanged", vs: "a plain reload",
            try bench.pair("diff", vs: "reload", changed: false, runs: runs), limit: 1.2)
        Pairs.report(
            "columns-reload-diff-\(size)",
            "reload --diff of \(count) rows (\(changes))",
            vs: "a plain reload of the changed file",
            try bench.pair("reload --diff", vs: "reload", changed: true, runs: runs), limit: 1.2)
        let staged = try bench.pair("reload --diff", vs: "reload", changed: true, runs: runs, setUp: [everyChange])
        Pairs.report(
            "columns-staged-\(size)", "the same with every change staged and applied",
            vs: "a plain reload of the changed file",
            staged, limit: 2, detail: "\(Pairs.grouped(bench.lastSubjectLines)) lines of output")
        guard isGenerated else { return }
        for (key, command) in [("sort", "sort score"), ("sort-desc", "sort score desc")] {
            Pairs.report(
                "columns-\(key)-\(size)", "\(command) of \(count) rows", vs: "a plain reload",
                try bench.pair(command, vs: "reload", changed: false, runs: runs), limit: 1.5)
        }
        Pairs.report(
            "columns-filter-\(size)", "filter group=group-03 of \(count) rows", vs: "a plain reload",
            try bench.pair("filter group=group-03", vs: "reload", changed: false, runs: runs), limit: 1.2)
    }

    /// The files and folder of one figure's sessions.
    final class Bench {
        let folder: String
        let file: String
        let original: [UInt8]
        let changed: [UInt8]
        /// The lines the last timed subject command wrote.
        var lastSubjectLines = 0

        init(folder: String, file: String, original: [UInt8], changed: [UInt8]) {
            (self.folder, self.file, self.original, self.changed) = (folder, file, original, changed)
        }

        /// `command` and `peer` timed in turn, `runs` pairs, each in a session of its own.
        func pair(_ command: String, vs peer: String, changed: Bool, runs: Int, setUp: [String] = []) throws
            -> PairedFigure
        {
            try Pairs.timed(pairs: runs) {
                let (seconds, lines) = try timing(command, changed: changed, setUp: setUp)
                lastSubjectLines = lines
                return seconds
            } _: {
                try timing(peer, changed: changed, setUp: []).seconds
            }
        }

        /// One session: the file loaded, changed on disk when `changed`, `setUp` run, then `command` timed.
        func timing(_ command: String, changed: Bool, setUp: [String]) throws -> (seconds: Double, lines: Int) {
            try ColumnsBenchmark.write(original, to: folder + "/" + file)
            let output = try FileOutput(path: folder + "/output.txt")
            let session = Session(output: output, workingDirectory: folder, viewportRows: 20)
            session.execute("load " + file)
            if changed {
                // A file changed on disk: other bytes, and a time of its own.
                try ColumnsBenchmark.write(self.changed, to: folder + "/" + file)
            }
            for line in setUp { session.execute(line) }
            let before = output.lines
            let seconds = Pairs.time { session.execute(command) }.seconds
            output.close()
            guard output.errors.isEmpty else { throw BenchError("\(command): \(output.errors)") }
            return (seconds, output.lines - before)
        }
    }

    /// Output written to a file, as `listlab > FILE` writes it: each line's
    /// bytes as they are, then a line break.
    final class FileOutput: ShellOutput {
        private var file: UnsafeMutablePointer<FILE>?
        private(set) var lines = 0
        private(set) var errors: [String] = []

        init(path: String) throws {
            guard let file = fopen(path, "w") else { throw BenchError("cannot write \(path)") }
            // The buffer the tool gives its standard output when that is a file (ToolOutput.bufferProcessOutput).
            setvbuf(file, nil, _IOFBF, 1 << 16)
            self.file = file
        }

        func write(_ line: String) {
            lines += 1
            guard let file else { return }
            var line = line
            line.withUTF8 { bytes in _ = fwrite(bytes.baseAddress, 1, bytes.count, file) }
            fputc(10, file)
        }

        func writeError(_ message: String) { errors.append(message) }

        func close() {
            if let file { fclose(file) }
            file = nil
        }

        deinit { close() }
    }

    /// `staged-profile`: reload --diff of 1,000,000 small rows of CSV (or of `files`, the
    /// original and the changed, or one argument: that many small rows) with every change staged
    /// and applied, `runs` times, for perf, not for figures.
    static func stagedProfile(runs: Int, files: [String] = []) throws {
        let folder = "/tmp/listlab-bench-staged-\(getpid())"
        mkdir(folder, 0o700)
        defer {
            for name in ["rows.csv", "output.txt"] { unlink(folder + "/" + name) }
            rmdir(folder)
        }
        let bench: Bench
        if files.count == 2 {
            bench = Bench(folder: folder, file: "rows.csv", original: try read(files[0]), changed: try read(files[1]))
        } else {
            let (original, changed, _) = DiffBenchmark.workload(files.first.flatMap { Int($0) } ?? 1_000_000)
            bench = Bench(
                folder: folder, file: "rows.csv", original: text(original, "csv"),
                changed: text(changed, "csv", edited: editedRows(changed, originals: Set(original))))
        }
        // LISTLAB_BENCH_COMMAND: another command (a plain "reload", or "reload --diff" at the default threshold).
        let command = getenv("LISTLAB_BENCH_COMMAND").map { String(cString: $0) }
        for _ in 0..<runs {
            let (seconds, lines) = try bench.timing(
                command ?? "reload --diff", changed: true, setUp: command == nil ? [everyChange] : [])
            print(command ?? "staged", Pairs.milliseconds(seconds), lines, "lines")
        }
    }

    /// 5% of the ids in `changed` that were in the original, seeded, to be written with a new `v`.
    /// The seconds one load of the file at `path` takes, as `load FILE` reads it.
    static func timedLoad(_ path: String) throws -> Double {
        let clock = ContinuousClock()
        let start = clock.now
        let provider = try FileDataProvider(path: path, name: "rows")
        let elapsed = clock.now - start
        guard provider.numberOfItems(inSection: 0) > 0 else { throw BenchError("\(path) loaded no rows") }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    static func editedRows(_ changed: [Int], originals: Set<Int>) -> Set<Int> {
        var random = DiffBenchmark.SplitMix64(state: 5)
        return Set(changed.filter { originals.contains($0) && random.below(100) < 5 })
    }

    /// `columns-profile`: changesFromFile (or a sort) of 1,000,000 rows of `format`, `runs`
    /// times, for perf, not for figures.
    static func profile(runs: Int, format: String, sorting: Bool) throws {
        let path = "/tmp/listlab-bench-profile-\(getpid()).\(format)"
        defer { unlink(path) }
        let (original, changed, _) = DiffBenchmark.workload(1_000_000)
        try write(text(original, format), to: path)
        let provider = try FileDataProvider(path: path, name: "rows")
        try write(text(changed, format), to: path)
        for _ in 0..<runs {
            if sorting {
                let copy = try FileDataProvider(path: path, name: "rows")
                let sort = try DiffBenchmark.median(runs: 1) {
                    try copy.sort(by: "v", descending: true, identifiedBy: "id", countingAbove: threshold)?.count ?? -1
                }
                print("sort", Pairs.milliseconds(sort.seconds))
            } else {
                let diff = try DiffBenchmark.median(runs: 1) {
                    try provider.changesFromFile(identifiedBy: "id", countingAbove: threshold)?.changes.count ?? -1
                }
                print("changesFromFile", Pairs.milliseconds(diff.seconds))
            }
        }
    }

    /// The rows as a file of `format`.
    static func text(_ ids: [Int], _ format: String, edited: Set<Int> = []) -> [UInt8] {
        func v(_ id: Int) -> Int { edited.contains(id) ? id + 1 : id }
        var out: [UInt8] = []
        out.reserveCapacity(ids.count * 20)
        switch format {
        case "csv":
            out += Array("id,v\n".utf8)
            for id in ids { out += Array("\(id),\(v(id))\n".utf8) }
        case "json":
            out += Array("[\n".utf8)
            for (index, id) in ids.enumerated() {
                out += Array("{\"id\":\(id),\"v\":\(v(id))}\(index == ids.count - 1 ? "" : ",")\n".utf8)
            }
            out += Array("]\n".utf8)
        default:
            for id in ids { out += Array("{\"id\":\(id),\"v\":\(v(id))}\n".utf8) }
        }
        return out
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        guard let file = fopen(path, "w") else { throw BenchError("cannot write \(path)") }
        defer { fclose(file) }
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw BenchError("cannot write \(path)") }
    }

    static func read(_ path: String) throws -> [UInt8] {
        guard let file = fopen(path, "r") else { throw BenchError("cannot read \(path)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while case let read = fread(&chunk, 1, chunk.count, file), read > 0 { bytes += chunk[..<read] }
        return bytes
    }

    struct BenchError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
