#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ListLabCore
import ListLabFiles
import ListLabRecords

/// The file provider's column paths from Swift (issue 32), each next to a
/// plain `reload()` of the same provider in the same process, timed turn
/// about. A figure is a ratio of the same shape as the shell's
/// (`Scripts/bench-columns`, a whole process that loads the file and then
/// runs the command): opening the provider and the operation, against
/// opening it and `reload()`. The operation's own time beside `reload()`'s
/// is printed too.
///
/// - `listlab-bench columns RUNS`: files of small rows (`{"id":i,"v":i}`) as
///   CSV, JSON and NDJSON, 100,000 and 1,000,000 of them, changed as the
///   diff benchmark changes its arrays (10% deleted, 2% moved, 10%
///   inserted): `changesFromFile(identifiedBy:countingAbove:)` and
///   `adoptReading(of:)` (a `reload --diff`).
/// - `listlab-bench columns-files RUNS ORIGINAL.csv CHANGED.csv`: the files
///   `Scripts/bench-columns` generates: the changes from an unchanged file
///   (`diff`), from the changed file (`reload --diff`), `sort score`, `sort
///   score desc` and `filter group=group-03` and its removal.
///
/// Each counts above a threshold of 100 changes, as the shell does.
enum ColumnsBenchmark {
    /// The change threshold, the shell's default.
    static let threshold = 100

    static func run(runs: Int) throws {
        print("the file provider from Swift, small rows (release build; medians of \(runs) runs turn about with reload();")
        print("ratios of the shell's shape: opening the provider and the operation, against opening it and reload())")
        let folder = "/tmp/listlab-bench-columns-\(getpid())"
        mkdir(folder, 0o700)
        defer {
            for name in ["rows.csv", "rows.json", "rows.ndjson"] { unlink(folder + "/" + name) }
            rmdir(folder)
        }
        for rows in [100_000, 1_000_000] {
            let (original, changed, _) = DiffBenchmark.workload(rows)
            for format in ["csv", "json", "ndjson"] {
                let path = folder + "/rows." + format
                try write(text(original, format), to: path)
                let opening = try DiffBenchmark.median(runs: runs) { try FileDataProvider(path: path, name: "rows").numberOfItems }.seconds
                let provider = try FileDataProvider(path: path, name: "rows")
                try write(text(changed, format), to: path)
                let timing = HostileBenchmark.pairedMedians(runs: runs) {
                    (try? provider.changesFromFile(identifiedBy: "id", countingAbove: threshold))?.changes.count ?? -1
                } _: {
                    (try? FileDataProvider(path: path, name: "rows"))?.numberOfItems ?? -1
                }
                report("\(DiffBenchmark.pad(rows, 9)) rows of \(format): reload --diff", timing, opening: opening, target: 1.2)
            }
        }
    }

    /// `columns-files`: the commands of `Scripts/bench-columns`, from Swift.
    static func run(runs: Int, original: String, changed: String) throws {
        print("the file provider from Swift, \(original) (release build; medians of \(runs) runs turn about with reload();")
        print("ratios of the shell's shape: opening the provider and the operation, against opening it and reload())")
        let name = "rows.csv"
        let opening = try DiffBenchmark.median(runs: runs) { try FileDataProvider(path: original, name: name).numberOfItems }.seconds
        let reload = { (try? FileDataProvider(path: original, name: name))?.numberOfItems ?? -1 }
        let unchanged = try FileDataProvider(path: original, name: name)
        let diff = HostileBenchmark.pairedMedians(runs: runs, {
            (try? unchanged.changesFromFile(identifiedBy: "id", countingAbove: threshold))?.changes.count ?? -1
        }, reload)
        report("diff (file unchanged)", diff, opening: opening, target: 1.2)
        // A provider of the original rows whose file is the changed one: a file changed on disk.
        let work = original + ".changing.csv"
        defer { unlink(work) }
        try copy(original, to: work)
        let before = try FileDataProvider(path: work, name: name)
        try copy(changed, to: work)
        let reloadChanged = { (try? FileDataProvider(path: work, name: name))?.numberOfItems ?? -1 }
        let reloadDiff = HostileBenchmark.pairedMedians(runs: runs, {
            (try? before.changesFromFile(identifiedBy: "id", countingAbove: threshold))?.changes.count ?? -1
        }, reloadChanged)
        report("reload --diff (changed)", reloadDiff, opening: opening, target: 1.2)
        for descending in [false, true] {
            var copies = try (0..<max(1, runs)).map { _ in try FileDataProvider(path: original, name: name) }
            let sort = HostileBenchmark.pairedMedians(runs: runs, {
                (try? copies.removeLast().sort(by: "score", descending: descending, identifiedBy: "id", countingAbove: threshold))??.count ?? -1
            }, reload)
            report("sort score\(descending ? " desc" : "")", sort, opening: opening, target: 1.5)
        }
        let filtered = try FileDataProvider(path: original, name: name)
        let filter = HostileBenchmark.pairedMedians(runs: runs, {
            let on = (try? filtered.filter(by: "group", equalTo: "group-03", identifiedBy: "id", countingAbove: threshold))??.count ?? -1
            return on + (filtered.removeFilter(countingAbove: threshold)?.count ?? -1)
        }, reload)
        report("filter group=group-03 and off", filter, opening: opening, target: 1.2)
    }

    /// One figure: the ratio of the shell's shape, and the operation's own.
    static func report(_ what: String, _ timing: (ratio: Double, subject: Double, peer: Double), opening: Double, target: Double) {
        let shaped = (opening + timing.subject) / (opening + timing.peer)
        let ms = HostileBenchmark.milliseconds
        print(
            "  \(what): \(DiffBenchmark.fixed(shaped, 2))x (target <= \(DiffBenchmark.fixed(target, 1))x) \(DiffBenchmark.mark(shaped <= target));"
                + " \(ms(timing.subject)) vs reload() \(ms(timing.peer)), opening \(ms(opening)); alone \(DiffBenchmark.fixed(timing.ratio, 2))x")
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
                let sort = try DiffBenchmark.median(runs: 1) { try copy.sort(by: "v", descending: true, identifiedBy: "id", countingAbove: threshold)?.count ?? -1 }
                print("sort", HostileBenchmark.milliseconds(sort.seconds))
            } else {
                let diff = try DiffBenchmark.median(runs: 1) { try provider.changesFromFile(identifiedBy: "id", countingAbove: threshold)?.changes.count ?? -1 }
                print("changesFromFile", HostileBenchmark.milliseconds(diff.seconds))
            }
        }
    }

    /// The rows as a file of `format`.
    static func text(_ ids: [Int], _ format: String) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(ids.count * 20)
        switch format {
        case "csv":
            out += Array("id,v\n".utf8)
            for id in ids { out += Array("\(id),\(id)\n".utf8) }
        case "json":
            out += Array("[\n".utf8)
            for (index, id) in ids.enumerated() { out += Array("{\"id\":\(id),\"v\":\(id)}\(index == ids.count - 1 ? "" : ",")\n".utf8) }
            out += Array("]\n".utf8)
        default:
            for id in ids { out += Array("{\"id\":\(id),\"v\":\(id)}\n".utf8) }
        }
        return out
    }

    static func write(_ bytes: [UInt8], to path: String) throws {
        guard let file = fopen(path, "w") else { throw BenchError("cannot write \(path)") }
        defer { fclose(file) }
        guard fwrite(bytes, 1, bytes.count, file) == bytes.count else { throw BenchError("cannot write \(path)") }
    }

    static func copy(_ source: String, to target: String) throws {
        guard let file = fopen(source, "r") else { throw BenchError("cannot read \(source)") }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 1 << 20)
        while case let read = fread(&chunk, 1, chunk.count, file), read > 0 { bytes += chunk[..<read] }
        try write(bytes, to: target)
    }

    struct BenchError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
