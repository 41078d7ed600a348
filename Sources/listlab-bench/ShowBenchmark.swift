import ListLabCore
import ListLabFiles
import ListLabRecords

/// `show` on a 1,000,000-item list next to `show` on a 1,000-item one: the
/// same 20-row viewport jumps to a new place before each render, so both
/// configure 20 cells from the file provider's columns each time. Only
/// visible items have cells, so the two should cost the same.
enum ShowBenchmark {
    static func run(runs: Int) throws {
        Pairs.command = "listlab-bench show"
        print(
            "show (release build; a 20-row viewport over a file provider, jumping before each render; 2,000 shows a "
                + "timing)"
        )
        var lists: [Int: HeadlessList] = [:]
        var providers: [FileDataProvider] = []
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
            let presenter = TemplatePresenter(
                kind: "RowCell", text: try Template("{name}"), detail: try Template("{email}"))
            ListAdapter(provider: provider, presenter: presenter).attach(to: list)
            providers.append(provider)
            lists[count] = list
        }
        guard let small = lists[1_000], let large = lists[1_000_000] else { return }
        var random = DiffBenchmark.SplitMix64(state: 7)
        func shows(_ list: HeadlessList, rows: Int) {
            var lines = 0
            for _ in 0..<2_000 {
                list.scroll(toRow: random.below(rows))
                lines += list.render().count
            }
            precondition(lines > 0)
        }
        let figure = Pairs.measure(pairs: runs) {
            shows(large, rows: 1_000_000)
        } _: {
            shows(small, rows: 1_000)
        }
        // "The same cost": within 1.5x, the noise of timing microseconds on a shared machine.
        Pairs.report(
            "show-1m", "show on a 1,000,000-item list", vs: "show on a 1,000-item list", figure, limit: 1.5,
            target: "the same cost, at most 1.5x",
            detail:
                "\(DiffBenchmark.fixed(figure.subject / 2_000 * 1e6, 1)) us a show; \(large.statistics.cellsCreated) "
                + "and \(small.statistics.cellsCreated) cells created"
        )
    }
}
