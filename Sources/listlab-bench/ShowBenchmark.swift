import ListLabCore
import ListLabFiles
import ListLabRecords

/// `show` on a 1,000,000-item list next to `show` on a 1,000-item one: the
/// same 20-row viewport jumps to a new place before each render, so both
/// configure 20 cells from the file provider's columns each time. Only
/// visible items have cells, so the two should cost the same.
enum ShowBenchmark {
    static func run(runs: Int) throws {
        print("show (release build; a 20-row viewport over a file provider, jumping before each render; medians of \(runs) runs)")
        var perShow: [Int: Double] = [:]
        for count in [1_000, 1_000_000] {
            let path = "/tmp/listlab-bench-show-\(count).csv"
            var csv = Array("id,name,email,score\n".utf8)
            csv.reserveCapacity(count * 40)
            for id in 1...count {
                csv += Array("\(id),Name \(id),user\(id)@mail.com,\(id % 100)\n".utf8)
            }
            try AtomicFile.write(csv, to: path)
            let provider = try FileDataProvider(path: path, name: "rows.csv")
            let list = HeadlessList(style: .table, viewportRows: 20)
            let presenter = TemplatePresenter(kind: "RowCell", text: try Template("{name}"), detail: try Template("{email}"))
            ListAdapter(provider: provider, presenter: presenter).attach(to: list)
            let shows = 2_000
            var random = DiffBenchmark.SplitMix64(state: 7)
            let timing = DiffBenchmark.median(runs: runs) { () -> Int in
                var lines = 0
                for _ in 0..<shows {
                    list.scroll(toRow: random.below(count))
                    lines += list.render().count
                }
                return lines
            }
            perShow[count] = timing.seconds / Double(shows)
            print("  \(DiffBenchmark.pad(count, 9)) items: \(DiffBenchmark.fixed(timing.seconds / Double(shows) * 1e6, 1)) us per show, \(list.statistics.cellsCreated) cells created")
        }
        if let small = perShow[1_000], let large = perShow[1_000_000] {
            // "The same cost": within 1.5x, the noise of timing microseconds on a shared machine.
            print("  ratio, 1,000,000 vs 1,000 items: \(DiffBenchmark.fixed(large / small, 2))x (target: the same cost, at most 1.5x) \(DiffBenchmark.mark(large / small <= 1.5))")
        }
    }
}
