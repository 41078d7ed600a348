import ListLabHTTP
import Dispatch
import Synchronization

/// Runs an actor's work on a dispatch queue of its own, not on the
/// cooperative threads Swift's tasks share (as many as the machine has
/// cores): a tab's long command (a load of a million rows, a sort) then
/// takes a thread of its own, and the server's connections and the other
/// tabs go on meanwhile.
final class QueueExecutor: SerialExecutor, @unchecked Sendable {
    private let queue: DispatchQueue

    /// An executor on a new serial queue called `label`.
    init(label: String) {
        queue = DispatchQueue(label: label)
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedSerialExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}

/// Runs the server's own tasks (a connection's messages, the list of open
/// tabs) on a few threads of their own, not on the cooperative pool nor on
/// dispatch's shared threads: where other work holds those (a test suite's
/// synchronous tests, queued by the hundred; calls that block), a tab's reply
/// would otherwise wait behind all of it. The tasks only route messages
/// (a tab's commands run on its own queue), so a few threads serve them all.
final class ServerTaskExecutor: TaskExecutor, @unchecked Sendable {
    /// The one the server's tasks prefer.
    static let shared = ServerTaskExecutor(threads: 4)

    /// The jobs waiting, first in first out.
    private let waiting = Mutex(JobQueue())
    /// Signalled once for each job enqueued.
    private let ready = DispatchSemaphore(value: 0)

    private struct JobQueue: ~Copyable {
        var jobs: [UnownedJob] = []
        var next = 0

        mutating func push(_ job: UnownedJob) { jobs.append(job) }

        mutating func pop() -> UnownedJob? {
            guard next < jobs.count else { return nil }
            let job = jobs[next]
            next += 1
            if next == jobs.count || next > 1_024 {
                jobs.removeFirst(next)
                next = 0
            }
            return job
        }
    }

    /// An executor of `threads` threads, started now and kept for the process's life.
    init(threads: Int) {
        for _ in 0..<threads {
            DetachedThread.start { [self] in
                while true {
                    ready.wait()
                    guard let job = waiting.withLock({ $0.pop() }) else { continue }
                    job.runSynchronously(on: asUnownedTaskExecutor())
                }
            }
        }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        waiting.withLock { $0.push(job) }
        ready.signal()
    }
}

/// Starts `body` as a task of the server's (see ``ServerTaskExecutor``);
/// actors without an executor of their own run their part of it there too.
@discardableResult
func serverTask(_ body: sending @escaping @isolated(any) () async -> Void) -> Task<Void, Never> {
    Task(executorPreference: ServerTaskExecutor.shared, operation: body)
}
