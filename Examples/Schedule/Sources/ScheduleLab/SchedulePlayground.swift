#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
public import ListLabPlayground
import Schedule

/// The schedule's playground: `ScheduleProvider` and `SchedulePresenter`,
/// the app's own, registered as `schedule`, loading from a fixture that
/// answers as a server would over a morning: the schedule, a changed one,
/// a failure, then the changed one again.
///
/// `schedule-lab` is this playground's tool; the tests replay its
/// transcripts through it.
public func schedulePlayground() -> Playground {
    var playground = Playground(name: "schedule-lab", version: "1.0.0", offersSamples: false)
    playground.register(
        "schedule", summary: "the conference schedule, from a fixture server",
        provider: { ScheduleProvider(source: FixtureServer()) },
        presenter: { SchedulePresenter() },
        load: { provider in try await provider.load() })
    return playground
}

/// A server that answers from a script: each fetch the next answer, the last
/// one again once the script is done.
actor FixtureServer: ScheduleSource {
    private var answers: [Answer] = [.schedule(FixtureServer.morning), .schedule(FixtureServer.changed), .down, .schedule(FixtureServer.changed)]

    enum Answer {
        case schedule([ScheduleEntry])
        case down
    }

    struct Unreachable: Error, CustomStringConvertible {
        var description: String { "the server did not answer (timed out after 30 s)" }
    }

    func fetchSchedule() async throws -> Data {
        let answer = answers.count > 1 ? answers.removeFirst() : answers[0]
        switch answer {
        case .schedule(let entries): return try JSONEncoder().encode(entries)
        case .down: throw Unreachable()
        }
    }

    static let morning: [ScheduleEntry] = [
        .talk(Talk(id: "t1", title: "Keynote", speaker: "Tim", day: "Monday")),
        .break(Break(id: "b1", title: "Coffee", minutes: 30, day: "Monday")),
        .talk(Talk(id: "t2", title: "Diffing at scale", speaker: "Ada", day: "Monday")),
        .talk(Talk(id: "t3", title: "Cells, reused", speaker: "Grace", day: "Monday")),
        .talk(Talk(id: "t4", title: "Snapshots", speaker: "Alan", day: "Tuesday")),
        .break(Break(id: "b2", title: "Lunch", minutes: 60, day: "Tuesday")),
    ]

    /// The keynote moved after the coffee, a title changed, a talk was added.
    static let changed: [ScheduleEntry] = [
        .break(Break(id: "b1", title: "Coffee", minutes: 30, day: "Monday")),
        .talk(Talk(id: "t1", title: "Keynote", speaker: "Tim", day: "Monday")),
        .talk(Talk(id: "t2", title: "Diffing at a million", speaker: "Ada", day: "Monday")),
        .talk(Talk(id: "t3", title: "Cells, reused", speaker: "Grace", day: "Monday")),
        .talk(Talk(id: "t4", title: "Snapshots", speaker: "Alan", day: "Tuesday")),
        .break(Break(id: "b2", title: "Lunch", minutes: 60, day: "Tuesday")),
        .talk(Talk(id: "t5", title: "Outlines", speaker: "Katherine", day: "Tuesday")),
    ]
}
