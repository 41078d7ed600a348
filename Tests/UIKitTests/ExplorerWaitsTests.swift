import Testing
import UIKit
import UIKitTranscripts

// A feed that loads its next page in a Task of its own, as apps do: the crash is in an order of the
// task and the user's taps that no test wrote down (a row deleted while the page was on its way).

/// The app's service, stubbed: a page is a wait the exploration lets go.
@MainActor
final class StubFeedService {
    let waits: ExplorerWaits
    private var next = 100

    init(_ waits: ExplorerWaits) { self.waits = waits }

    func nextPage() async throws -> [String] {
        try await waits.wait("the next page")
        defer { next += 2 }
        return ["Post \(next)", "Post \(next + 1)"]
    }
}

final class FeedViewController: UIViewController, UITableViewDataSource {
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 440), style: .plain)
    var posts = ["Post 1", "Post 2", "Post 3"]
    let service: StubFeedService
    /// Whether the screen has its bug: it counts the rows before the page arrives, not after.
    let isBuggy: Bool

    init(service: StubFeedService, buggy: Bool) {
        self.service = service
        isBuggy = buggy
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "post")
        tableView.dataSource = self
        view.addSubview(tableView)
        _ = tableView.visibleCells
    }

    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { posts.count }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "post", for: indexPath)
        cell.textLabel?.text = posts[indexPath.row]
        return cell
    }

    func loadMore() {
        let start = posts.count
        Task {
            guard let page = try? await service.nextPage() else { return }
            let first = isBuggy ? start : posts.count
            posts += page
            tableView.insertRows(
                at: (first..<first + page.count).map { IndexPath(row: $0, section: 0) }, with: .automatic)
        }
    }

    func deleteFirst() {
        guard !posts.isEmpty else { return }
        posts.removeFirst()
        tableView.deleteRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
    }
}

@MainActor
func feedExplorer(buggy: Bool, seed: UInt64 = 5, steps: Int = 300) -> ScreenExplorer<FeedViewController> {
    let waits = ExplorerWaits()
    return ScreenExplorer(
        seed: seed, steps: steps, waits: waits,
        screen: {
            let screen = FeedViewController(service: StubFeedService(waits), buggy: buggy)
            screen.loadViewIfNeeded()
            return screen
        }, list: { $0.tableView },
        actions: [
            .init("load more") { screen, _ in
                screen.loadMore()
                return "screen.loadMore()"
            },
            .init("delete") { screen, _ in
                screen.deleteFirst()
                return "screen.deleteFirst()"
            },
        ])
}

@MainActor
@Test func aPageThatArrivesAfterADeleteIsFoundAndShrunkToTheRace() async throws {
    let failure = try #require(await feedExplorer(buggy: true).runWithWaits())
    #expect(
        failure.reason.hasSuffix(
            "reason: 'attempt to insert row 4 into section 0, but there are only 4 rows in section 0 after the update'"),
        "\(failure)")
    // The fewest steps: a page asked for, a row deleted, the page let in.
    #expect(
        failure.calls == ["screen.loadMore()", "screen.deleteFirst()", "await waits.letGo(\"the next page\")"],
        "\(failure)")
    // As pasted: the screen laid out, its tasks let run after each of the user's actions.
    #expect(
        failure.regressionTest == [
            "let exception = await UIKitException.catching {",
            "    screen.view.layoutIfNeeded()", "    screen.loadMore()", "    await waits.settle()",
            "    screen.view.layoutIfNeeded()", "    screen.deleteFirst()", "    await waits.settle()",
            "    screen.view.layoutIfNeeded()", "    await waits.letGo(\"the next page\")",
            "    screen.view.layoutIfNeeded()", "}", "#expect(exception == nil)",
        ])
    #expect(try await pastedFeed(failure.regressionTest)?.description == failure.reason)
    // The synchronous transcript cannot let the screen's tasks run, and says so rather than replay half the steps.
    let transcript = feedExplorer(buggy: true).transcript(of: failure)
    #expect(transcript.contains("transcriptWithWaits(of:) writes their transcript"))
    #expect(!transcript.contains("  > "))
    #expect(await feedExplorer(buggy: true).runWithWaits() == failure, "the same seed finds the same failure")
    // Without the waits let go, the same screen never fails: the race is the bug.
    #expect(feedExplorer(buggy: true).run() == nil)
}

@MainActor
@Test func theFixedFeedGoesThroughItsRacesRight() async {
    #expect(await feedExplorer(buggy: false, steps: 3_000).runWithWaits() == nil)
}

/// Runs a feed's regression test as pasted (the lines its failure printed, read back).
@MainActor
private func pastedFeed(_ lines: [String]) async throws -> UIKitException? {
    let waits = ExplorerWaits()
    let screen = FeedViewController(service: StubFeedService(waits), buggy: true)
    screen.loadViewIfNeeded()
    return await UIKitException.catching {
        for line in lines.map({ $0.hasPrefix("    ") ? String($0.dropFirst(4)) : $0 }) {
            switch line {
            case "let exception = await UIKitException.catching {", "}", "#expect(exception == nil)": break
            case "screen.view.layoutIfNeeded()": screen.view.layoutIfNeeded()
            case "screen.loadMore()": screen.loadMore()
            case "screen.deleteFirst()": screen.deleteFirst()
            case "await waits.settle()": await waits.settle()
            case "await waits.letGo(\"the next page\")": #expect(await waits.letGo("the next page"))
            default: Issue.record("a line the test cannot run: \(line)")
            }
        }
    }
}
