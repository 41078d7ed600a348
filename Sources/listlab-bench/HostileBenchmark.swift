import ListLabCore
import ListLabFiles
import ListLabShell

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Inputs shaped to cost more than their size (issue 19's red-team cases),
/// each next to a peer of the same size from the same run, with the target
/// and a mark when it is missed:
///
/// - one JSON object with 100,000 keys vs the same columns as CSV;
/// - `load` of NDJSON whose 100,000 records each have a key of their own vs
///   the same bytes with one shared key (and 50,000 vs 100,000 own keys:
///   linear);
/// - `listlab test` of a 10,000-line output block vs a 1,000-line one x 10;
/// - 1,000 `append`s to a 1,000,000-row file provider vs to a 1,000-row one.
enum HostileBenchmark {
    static func run(runs: Int) throws {
        Pairs.command = "listlab-bench hostile"
        print("hostile inputs (release build; each against a peer of the same size, timed in turn)")
        try wideObjects(runs: runs)
        try sparseKeys(runs: runs)
        try longBlocks(runs: runs)
        try appends(runs: runs)
    }

    static func wideObjects(runs: Int) throws {
        let keys = 100_000
        let json = Array(("[{" + (0..<keys).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}]\n").utf8)
        let csv = Array(
            ((0..<keys).map { "k\($0)" }.joined(separator: ",") + "\n"
                + (0..<keys).map { String($0) }.joined(separator: ",") + "\n").utf8)
        let figure = try Pairs.measure(pairs: runs) {
            _ = try JSONTableReader.read(json, file: "wide.json", format: .array).fieldNames.count
        } _: {
            _ = try CSVReader.read(csv, file: "wide.csv").fieldNames.count
        }
        Pairs.report(
            "hostile-wide-object", "load one JSON object of 100,000 keys", vs: "the same columns as CSV", figure,
            limit: 2)
    }

    /// NDJSON of `count` records, each with an id and either a key of its own or one shared key.
    static func lines(_ count: Int, ownKeys: Bool) -> [UInt8] {
        var text = ""
        for row in 0..<count {
            let key = ownKeys ? "k" + String(repeating: "0", count: 6 - String(row).count) + String(row) : "kkkkkkk"
            text += "{\"id\":\(row),\"\(key)\":1}\n"
        }
        return Array(text.utf8)
    }

    /// Loads that NDJSON (100,000 records) `runs` times, as `hostile-own-keys` times it (the `load`
    /// command in a fresh session), and prints the median: for perf, not for figures.
    static func ownKeysProfile(runs: Int, shared: Bool) throws {
        let path = "/tmp/listlab-bench-keys-\(shared ? "shared" : "own").ndjson"
        try AtomicFile.write(lines(100_000, ownKeys: !shared), to: path)
        defer { removeFiles([path]) }
        var times: [Double] = []
        for _ in 0..<runs { times.append(loadCommand(path)) }
        times.sort()
        print(
            shared ? "one shared key:" : "a key per record:", Pairs.milliseconds(times[times.count / 2]), "median of",
            runs)
    }

    /// Removes the files a figure wrote into /tmp, once it is measured.
    static func removeFiles(_ paths: [String]) {
        for path in paths { unlink(path) }
    }

    /// The seconds of a `load` of `path` in a fresh session (made and dropped untimed).
    static func loadCommand(_ path: String) -> Double {
        let session = Session(output: RecordingOutput())
        return withExtendedLifetime(session) { Pairs.time { session.execute("load \(path)") }.seconds }
    }

    /// The `load` command a user types, timed from the command in a fresh
    /// session (made and dropped untimed): the reader, the provider and the
    /// first rows shown, where timing the reader alone missed the shell
    /// building the table of names again (a load took 4x its peer).
    static func sparseKeys(runs: Int) throws {
        var paths: [String: String] = [:]
        for (name, count, ownKeys) in [("own", 100_000, true), ("shared", 100_000, false), ("half", 50_000, true)] {
            let path = "/tmp/listlab-bench-keys-\(name).ndjson"
            try AtomicFile.write(lines(count, ownKeys: ownKeys), to: path)
            paths[name] = path
        }
        defer { removeFiles(Array(paths.values)) }
        guard let own = paths["own"], let shared = paths["shared"], let half = paths["half"] else { return }
        let sparse = Pairs.timed(pairs: runs) {
            loadCommand(own)
        } _: {
            loadCommand(shared)
        }
        let linear = Pairs.timed(pairs: runs) {
            loadCommand(own)
        } _: {
            loadCommand(half)
        }
        // The reader alone, its table dropped in the timing too: said beside the figure, not a figure.
        let bytes = (own: lines(100_000, ownKeys: true), shared: lines(100_000, ownKeys: false))
        func read(_ bytes: [UInt8]) throws {
            _ = try JSONTableReader.read(bytes, file: "keys.ndjson", format: .lines).count
        }
        let reader = try Pairs.measure(pairs: runs) {
            try read(bytes.own)
        } _: {
            try read(bytes.shared)
        }
        Pairs.report(
            "hostile-own-keys", "load NDJSON whose 100,000 records each have a key of their own",
            vs: "the same bytes with one shared key",
            sparse, limit: 2,
            detail: "\(Pairs.grouped(bytes.own.count)) bytes each; the reader alone, its table dropped in the timing, "
                + "\(Pairs.fixed(reader.ratio, 2))x (\(Pairs.fixed(reader.low, 2))x to \(Pairs.fixed(reader.high, 2))x)"
        )
        Pairs.report(
            "hostile-own-keys-linear", "the same at 100,000 records, a record",
            vs: "the same at 50,000 records, a record",
            linear.scaled(by: 0.5), limit: 1.2)
    }

    static func longBlocks(runs: Int) throws {
        let folder = "/tmp/listlab-bench-blocks"
        var paths: [Int: String] = [:]
        defer { removeFiles([1_000, 10_000].flatMap { ["\(folder)-\($0).csv", "\(folder)-\($0).lab"] }) }
        for count in [1_000, 10_000] {
            var csv = "id,name\n"
            for id in 1...count { csv += "\(id),Name \(id)\n" }
            try AtomicFile.write(Array(csv.utf8), to: "\(folder)-\(count).csv")
            // The transcript's expected output is what the session prints now.
            let output = RecordingOutput()
            let session = Session(output: output)
            session.execute("load \(folder)-\(count).csv")
            let loaded = output.lines
            output.clear()
            session.execute("show --all")
            let text = Transcript.text(
                of: [("load \(folder)-\(count).csv", loaded), ("show --all", output.lines)], prose: ["A long block."])
            let path = "\(folder)-\(count).lab"
            try AtomicFile.write(Array(text.utf8), to: path)
            guard TranscriptRunner.run(path).passed else {
                print("  the \(count)-line transcript did not pass")
                return
            }
            paths[count] = path
        }
        guard let small = paths[1_000], let large = paths[10_000] else { return }
        // Each run timed on its own (the peer's ten summed), so that each starts as the others do.
        let figure = Pairs.timed(pairs: runs) {
            Pairs.time { TranscriptRunner.run(large).passed }.seconds
        } _: {
            (0..<10).reduce(0) { total, _ in total + Pairs.time { TranscriptRunner.run(small).passed }.seconds }
        }
        Pairs.report(
            "hostile-long-block", "listlab test of a 10,000-line output block", vs: "a 1,000-line block x 10", figure,
            limit: 1.5)
    }

    static func appends(runs: Int) throws {
        var paths: [Int: String] = [:]
        for count in [1_000, 1_000_000] {
            let path = "/tmp/listlab-bench-appends-\(count).csv"
            var csv = Array("id,name,score\n".utf8)
            csv.reserveCapacity(count * 24)
            for id in 1...count { csv += Array("\(id),Name \(id),\(id % 100)\n".utf8) }
            try AtomicFile.write(csv, to: path)
            paths[count] = path
        }
        defer { removeFiles(Array(paths.values)) }
        guard let small = paths[1_000], let large = paths[1_000_000] else { return }
        // Each side loads its file untimed, then times its 1,000 appends.
        func appending(to path: String) -> Double {
            let session = Session(output: RecordingOutput())
            session.execute("load \(path)")
            return Pairs.time { for index in 0..<1_000 { session.execute("append name=\"New \(index)\" score=1") } }
                .seconds
        }
        let figure = Pairs.timed(pairs: runs) {
            appending(to: large)
        } _: {
            appending(to: small)
        }
        Pairs.report(
            "hostile-appends", "1,000 appends to a 1,000,000-row file provider", vs: "the same at 1,000 rows", figure,
            limit: 1.2)
    }
}
