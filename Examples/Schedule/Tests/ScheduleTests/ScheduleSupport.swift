#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import ListLabCore
import Schedule

/// A source that answers from a script, one answer per fetch: what a test
/// hands the provider instead of a server.
actor ScriptedSource: ScheduleSource {
    enum Answer {
        case entries([ScheduleEntry])
        case json(String)
        case failure(String)
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    private var answers: [Answer]

    init(_ answers: [Answer]) {
        self.answers = answers
    }

    func fetchSchedule() async throws -> Data {
        guard !answers.isEmpty else { throw Failure(description: "no more answers") }
        switch answers.removeFirst() {
        case .entries(let entries): return try JSONEncoder().encode(entries)
        case .json(let text): return Data(text.utf8)
        case .failure(let reason): throw Failure(description: reason)
        }
    }
}

/// A provider over `answers`, joined to the presenter and attached to a list
/// of `viewportRows` rows, as a view controller would set them up.
func scheduleScreen(
    _ answers: [ScriptedSource.Answer], viewportRows: Int = 20
) -> (provider: ScheduleProvider, adapter: ListAdapter<ScheduleProvider, SchedulePresenter>, list: HeadlessList) {
    let provider = ScheduleProvider(source: ScriptedSource(answers))
    let adapter = ListAdapter(provider: provider, presenter: SchedulePresenter())
    let list = HeadlessList(style: .table, viewportRows: viewportRows)
    adapter.attach(to: list)
    return (provider, adapter, list)
}

func talk(_ id: String, _ title: String, by speaker: String, on day: String = "Monday") -> ScheduleEntry {
    .talk(Talk(id: id, title: title, speaker: speaker, day: day))
}

func pause(_ id: String, _ title: String, minutes: Int, on day: String = "Monday") -> ScheduleEntry {
    .break(Break(id: id, title: title, minutes: minutes, day: day))
}

/// Two days of a small conference.
let twoDays: [ScheduleEntry] = [
    talk("t1", "Keynote", by: "Tim"),
    pause("b1", "Coffee", minutes: 30),
    talk("t2", "Diffing at scale", by: "Ada"),
    talk("t3", "Cells, reused", by: "Grace"),
    talk("t4", "Snapshots", by: "Alan", on: "Tuesday"),
    pause("b2", "Lunch", minutes: 60, on: "Tuesday"),
    talk("t5", "Outlines", by: "Katherine", on: "Tuesday"),
]
