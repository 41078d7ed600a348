import Testing
import UIKit

// A screen written as an app writes it, with the bugs of its kind that only a sequence of steps
// reaches, explored at random: each is found, shrunk to the few steps that matter, and replays.

struct DayMessages {
    var day: String
    var subjects: [String]
}

final class DaysViewController: UIViewController, UITableViewDataSource {
    let tableView = UITableView(frame: CGRect(x: 0, y: 0, width: 390, height: 440), style: .plain)
    var days = [
        DayMessages(day: "Today", subjects: ["Lunch?", "Build failed", "Release"]),
        DayMessages(day: "Yesterday", subjects: ["Welcome", "Notes"]),
    ]
    /// Whether the screen has its bugs: a day that empties keeps its section; a renamed row is not reloaded.
    let isBuggy: Bool

    init(buggy: Bool) {
        isBuggy = buggy
        super.init(nibName: nil, bundle: nil)
    }

    required init?(coder: NSCoder) { fatalError("init(coder:) has not been implemented") }

    override func viewDidLoad() {
        super.viewDidLoad()
        tableView.register(UITableViewCell.self, forCellReuseIdentifier: "message")
        tableView.dataSource = self
        view.addSubview(tableView)
        _ = tableView.visibleCells
    }

    func numberOfSections(in tableView: UITableView) -> Int { days.count }
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { days[section].subjects.count }
    func tableView(_ tableView: UITableView, titleForHeaderInSection section: Int) -> String? { days[section].day }
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "message", for: indexPath)
        cell.textLabel?.text = days[indexPath.section].subjects[indexPath.row]
        return cell
    }

    func receive(_ subject: String) {
        guard !days.isEmpty else { return }
        tableView.performBatchUpdates {
            days[0].subjects.insert(subject, at: 0)
            tableView.insertRows(at: [IndexPath(row: 0, section: 0)], with: .automatic)
        }
    }

    func deleteFirst(inDay day: Int) {
        guard days.indices.contains(day), !days[day].subjects.isEmpty else { return }
        tableView.performBatchUpdates {
            days[day].subjects.removeFirst()
            if days[day].subjects.isEmpty {
                days.remove(at: day)
                if isBuggy {
                    tableView.deleteRows(at: [IndexPath(row: 0, section: day)], with: .automatic)
                } else {
                    tableView.deleteSections(IndexSet(integer: day), with: .automatic)
                }
            } else {
                tableView.deleteRows(at: [IndexPath(row: 0, section: day)], with: .automatic)
            }
        }
    }

    func renameFirst(inDay day: Int, to subject: String) {
        guard days.indices.contains(day), !days[day].subjects.isEmpty else { return }
        days[day].subjects[0] = subject
        if !isBuggy { tableView.reloadRows(at: [IndexPath(row: 0, section: day)], with: .none) }
    }
}

@MainActor
func explorer(buggy: Bool, renames: Bool, seed: UInt64 = 7, steps: Int = 500) -> ScreenExplorer<
    DaysViewController
> {
    var actions: [ScreenExplorer<DaysViewController>.Action] = [
        .init("receive") { screen, random in
            let subject = "Message \(random.next(upTo: 100))"
            screen.receive(subject)
            return "screen.receive(\"\(subject)\")"
        },
        .init("delete") { screen, random in
            let day = random.next(upTo: 2)
            screen.deleteFirst(inDay: day)
            return "screen.deleteFirst(inDay: \(day))"
        },
    ]
    if renames {
        actions.append(
            .init("rename") { screen, random in
                let subject = "Renamed \(random.next(upTo: 10))"
                screen.renameFirst(inDay: 0, to: subject)
                return "screen.renameFirst(inDay: 0, to: \"\(subject)\")"
            })
    }
    return ScreenExplorer(
        seed: seed, steps: steps,
        screen: {
            let screen = DaysViewController(buggy: buggy)
            screen.loadViewIfNeeded()
            return screen
        }, list: { $0.tableView }, actions: actions)
}

@MainActor
@Test func aSectionThatEmptiesIsFoundAndShrunkToTheDeletesThatEmptyIt() throws {
    let failure = try #require(explorer(buggy: true, renames: false).run())
    #expect(
        failure.reason.hasPrefix(
            "*** Terminating app due to uncaught exception 'NSInternalInconsistencyException', reason: 'Invalid "
                + "update: invalid number of sections."
        ))
    #expect(failure.calls.count <= 3, "\(failure)")
    #expect(failure.calls.allSatisfy { $0.hasPrefix("screen.deleteFirst(inDay: ") }, "\(failure)")
    #expect(Set(failure.calls).count == 1, "one day emptied: \(failure)")
    #expect(failure.stepsTaken >= failure.calls.count)
    #expect(explorer(buggy: true, renames: false).run() == failure, "the same seed finds the same failure")
}

@MainActor
@Test func aRowLeftStaleIsFoundThoughUIKitNeverSaysSo() throws {
    let failure = try #require(explorer(buggy: true, renames: true, seed: 3).run())
    #expect(failure.reason.hasPrefix("a stale row: the row at 0.0 shows "), "\(failure)")
    #expect(failure.calls.count == 1 && failure.calls[0].hasPrefix("screen.renameFirst(inDay: 0, to: "), "\(failure)")
    // Its value shrunk to the simplest the action draws (every draw 0).
    #expect(failure.calls == ["screen.renameFirst(inDay: 0, to: \"Renamed 0\")"], "\(failure)")
}

@MainActor
@Test func theFixedScreenGoesThroughThousandsOfStepsRight() {
    #expect(explorer(buggy: false, renames: true, steps: 3_000).run() == nil)
}
