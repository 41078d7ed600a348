import Dispatch
import Synchronization

extension TranscriptRunner {
    /// Replays `paths` on `jobs` threads at once; the results come back in
    /// the order of `paths`, whatever order they finish in.
    ///
    /// Each transcript runs in its own session and its own copy of its
    /// folder, so replays share nothing. `prepare` sets up each fresh session
    /// (a playground's registrations, whose code must then share nothing
    /// between sessions) and is called on several threads at once.
    public static func runAll(
        _ paths: [String], update: Bool = false, inPlace: Bool = false, jobs: Int,
        prepare: @Sendable (Session) -> Void = { _ in }
    ) -> [Result] {
        let results = Mutex<[Result?]>(Array(repeating: nil, count: paths.count))
        let next = Mutex(0)
        let workers = max(1, min(jobs, paths.count))
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.withLock { value -> Int in
                    defer { value += 1 }
                    return value
                }
                guard index < paths.count else { return }
                let result = run(paths[index], update: update, inPlace: inPlace, prepare: prepare)
                results.withLock { $0[index] = result }
            }
        }
        return results.withLock { $0.compactMap { $0 } }
    }
}
