import ListLabCore
import ListLabFiles
import ListLabShell

/// Inputs shaped to cost more than their size (issue 19's red-team cases),
/// each next to a peer of the same size from the same run, with the target
/// and a mark when it is missed:
///
/// - one JSON object with 100,000 keys vs the same columns as CSV;
/// - NDJSON whose 100,000 records each have a key of their own vs the same
///   bytes with one shared key (and 50,000 vs 100,000 own keys: linear);
/// - `listlab test` of a 10,000-line output block vs a 1,000-line one x 10;
/// - 1,000 `append`s to a 1,000,000-row file provider vs to a 1,000-row one.
enum HostileBenchmark {
    static func run(runs: Int) throws {
        print("hostile inputs (release build; medians of \(runs) runs; each against a peer of the same size)")
        try wideObjects(runs: runs)
        try sparseKeys(runs: runs)
        try longBlocks(runs: runs)
        try appends(runs: runs)
    }

    /// Prints `what: ratio (target)`, with `MISSED` when over the target.
    static func report(_ what: String, _ ratio: Double, target: Double, _ detail: String) {
        let mark = DiffBenchmark.mark(ratio <= target)
        print("  \(what): \(DiffBenchmark.fixed(ratio, 2))x (target <= \(DiffBenchmark.fixed(target, 1))x) \(mark); \(detail)")
    }

    static func milliseconds(_ seconds: Double) -> String { DiffBenchmark.fixed(seconds * 1000, 1) + " ms" }

    /// Times `subject` and `peer` in turns, `runs` times each, and returns
    /// the median of the per-turn ratios with each side's median time:
    /// taking turns keeps a drift of the machine's speed (a shared host)
    /// out of the ratio.
    static func pairedMedians(runs: Int, _ subject: () throws -> Int, _ peer: () throws -> Int) rethrows -> (ratio: Double, subject: Double, peer: Double) {
        var ratios: [Double] = []
        var subjects: [Double] = []
        var peers: [Double] = []
        for _ in 0..<max(1, runs) {
            let one = try DiffBenchmark.median(runs: 1, subject).seconds
            let other = try DiffBenchmark.median(runs: 1, peer).seconds
            subjects.append(one)
            peers.append(other)
            ratios.append(one / other)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return (median(ratios), median(subjects), median(peers))
    }

    static func wideObjects(runs: Int) throws {
        let keys = 100_000
        let json = Array(("[{" + (0..<keys).map { "\"k\($0)\":\($0)" }.joined(separator: ",") + "}]\n").utf8)
        let csv = Array(((0..<keys).map { "k\($0)" }.joined(separator: ",") + "\n" + (0..<keys).map { String($0) }.joined(separator: ",") + "\n").utf8)
        let timing = try pairedMedians(runs: runs) {
            try JSONTableReader.read(json, file: "wide.json", format: .array).fieldNames.count
        } _: {
            try CSVReader.read(csv, file: "wide.csv").fieldNames.count
        }
        report("one object with 100,000 keys vs the same columns as CSV", timing.ratio, target: 2,
               "\(milliseconds(timing.subject)) vs \(milliseconds(timing.peer))")
    }

    static func sparseKeys(runs: Int) throws {
        func lines(_ count: Int, ownKeys: Bool) -> [UInt8] {
            var text = ""
            for row in 0..<count {
                let key = ownKeys ? "k" + String(repeating: "0", count: 6 - String(row).count) + String(row) : "kkkkkkk"
                text += "{\"id\":\(row),\"\(key)\":1}\n"
            }
            return Array(text.utf8)
        }
        let own = lines(100_000, ownKeys: true)
        let shared = lines(100_000, ownKeys: false)
        let half = lines(50_000, ownKeys: true)
        func read(_ bytes: [UInt8]) throws -> Int { try JSONTableReader.read(bytes, file: "keys.ndjson", format: .lines).count }
        let sparse = try pairedMedians(runs: runs) { try read(own) } _: { try read(shared) }
        let linear = try pairedMedians(runs: runs) { try read(own) } _: { try read(half) }
        report("NDJSON, 100,000 records with a key each vs one shared key", sparse.ratio, target: 2,
               "\(milliseconds(sparse.subject)) vs \(milliseconds(sparse.peer)) for \(own.count) bytes each")
        report("NDJSON with a key each: 100,000 vs 50,000 records / 2", linear.ratio / 2, target: 1.2,
               "\(milliseconds(linear.subject)) vs \(milliseconds(linear.peer))")
    }

    static func longBlocks(runs: Int) throws {
        let folder = "/tmp/listlab-bench-blocks"
        var perBlock: [Int: Double] = [:]
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
            let text = Transcript.text(of: [("load \(folder)-\(count).csv", loaded), ("show --all", output.lines)], prose: ["A long block."])
            let path = "\(folder)-\(count).lab"
            try AtomicFile.write(Array(text.utf8), to: path)
            let timing = DiffBenchmark.median(runs: runs) { TranscriptRunner.run(path).passed }
            guard timing.result else { print("  the \(count)-line transcript did not pass"); return }
            perBlock[count] = timing.seconds
        }
        if let small = perBlock[1_000], let large = perBlock[10_000] {
            report("listlab test, a 10,000-line block vs a 1,000-line one x 10", large / (small * 10), target: 1.5,
                   "\(milliseconds(large)) vs \(milliseconds(small))")
        }
    }

    static func appends(runs: Int) throws {
        var perRun: [Int: Double] = [:]
        for count in [1_000, 1_000_000] {
            let path = "/tmp/listlab-bench-appends-\(count).csv"
            var csv = Array("id,name,score\n".utf8)
            csv.reserveCapacity(count * 24)
            for id in 1...count { csv += Array("\(id),Name \(id),\(id % 100)\n".utf8) }
            try AtomicFile.write(csv, to: path)
            var times: [Double] = []
            for _ in 0..<max(1, runs) {
                let session = Session(output: RecordingOutput())
                session.execute("load \(path)")
                let clock = ContinuousClock()
                let start = clock.now
                for index in 0..<1_000 { session.execute("append name=\"New \(index)\" score=1") }
                let elapsed = clock.now - start
                times.append(Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
            }
            perRun[count] = times.sorted()[times.count / 2]
        }
        if let small = perRun[1_000], let large = perRun[1_000_000] {
            report("1,000 appends at 1,000,000 rows vs at 1,000 rows", large / small, target: 1.2,
                   "\(milliseconds(large)) vs \(milliseconds(small))")
        }
    }
}
