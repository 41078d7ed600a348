import Foundation
import Testing

@testable import ListLabServer

/// An actor on a thread of its own, as a tab is.
private actor OnItsOwnThread {
    private let executor = ThreadExecutor()
    nonisolated var unownedExecutor: UnownedSerialExecutor { executor.asUnownedSerialExecutor() }

    func add(_ a: Int, _ b: Int) -> Int { a + b }
}

/// The threads of this process.
private func threadCount() -> Int {
    (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/task").count) ?? 0
}

/// Each tab's actor runs on a thread of its own, and the thread ends with it: a server that
/// opens tabs all day keeps no thread of a tab that is gone. In a process of its own (an exit
/// test), where no other test starts or ends threads meanwhile.
@Test func aTabsThreadEndsWithIt() async {
    await #expect(processExitsWith: .success) {
        let before = threadCount()
        var actors: [OnItsOwnThread] = (0..<40).map { _ in OnItsOwnThread() }
        var sum = 0
        for actor in actors { sum += await actor.add(1, 2) }
        guard sum == 120, threadCount() >= before + 40 else { exit(2) }
        actors.removeAll()
        for _ in 0..<100 where threadCount() > before + 4 { usleep(50_000) }
        guard threadCount() <= before + 4 else { exit(3) }
    }
}
