import Dispatch
import ListLabHTTP
import Synchronization

/// Jobs run in order by threads of their own, not by the cooperative threads
/// Swift's tasks share nor by dispatch's shared threads: where other work
/// holds those (a test suite's synchronous tests, other tabs' long
/// commands), a job here would otherwise wait behind all of it.
final class JobThreads: Sendable {
    /// The jobs waiting, first in first out, and whether the owner is gone.
    private let state = Mutex(Waiting())
    /// Signalled once for each job pushed, and once a thread when finished.
    private let ready = DispatchSemaphore(value: 0)
    private let threads: Int

    private struct Waiting: ~Copyable {
        var jobs: [UnownedJob] = []
        var next = 0
        var finished = false

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

    /// `threads` threads, not started yet.
    init(threads: Int) {
        self.threads = threads
    }

    /// Starts the threads, each running `run` on a job it takes, until
    /// ``finish()``.
    func start(run: @escaping @Sendable (UnownedJob) -> Void) {
        for _ in 0..<threads {
            DetachedThread.start { [self] in
                while true {
                    ready.wait()
                    let (job, finished) = state.withLock { ($0.pop(), $0.finished) }
                    if let job { run(job) } else if finished { return }
                }
            }
        }
    }

    /// Queues `job` for the next free thread.
    func push(_ job: UnownedJob) {
        state.withLock { $0.jobs.append(job) }
        ready.signal()
    }

    /// Lets the threads end once the jobs queued are run.
    func finish() {
        state.withLock { $0.finished = true }
        for _ in 0..<threads { ready.signal() }
    }
}

/// Runs an actor's work in order on a thread of its own: a tab's long
/// command (a load of a million rows, a sort) takes its own thread, and the
/// server's connections and the other tabs go on meanwhile. The thread ends
/// when the executor does (with its actor).
final class ThreadExecutor: SerialExecutor, @unchecked Sendable {
    private let threads = JobThreads(threads: 1)

    /// An executor with a thread of its own.
    init() {
        // Weak: the thread must not keep its executor, whose end ends it.
        threads.start { [weak self] job in
            guard let self else { return }
            job.runSynchronously(on: asUnownedSerialExecutor())
        }
    }

    deinit { threads.finish() }

    func enqueue(_ job: consuming ExecutorJob) {
        threads.push(UnownedJob(job))
    }

    func asUnownedSerialExecutor() -> UnownedSerialExecutor {
        UnownedSerialExecutor(ordinary: self)
    }
}

/// Runs the server's own tasks (a connection's messages, the list of open
/// tabs) on a few threads of their own (see ``JobThreads``). The tasks only
/// route messages (a tab's commands run on its own thread), so a few threads
/// serve them all.
final class ServerTaskExecutor: TaskExecutor, @unchecked Sendable {
    /// The one the server's tasks prefer.
    static let shared = ServerTaskExecutor(threads: 4)

    private let threads: JobThreads

    /// An executor of `threads` threads, started now and kept for the process's life.
    init(threads count: Int) {
        threads = JobThreads(threads: count)
        threads.start { [self] job in job.runSynchronously(on: asUnownedTaskExecutor()) }
    }

    func enqueue(_ job: consuming ExecutorJob) {
        threads.push(UnownedJob(job))
    }
}

/// Starts `body` as a task of the server's (see ``ServerTaskExecutor``);
/// actors without an executor of their own run their part of it there too.
@discardableResult
func serverTask(_ body: sending @escaping @isolated(any) () async -> Void) -> Task<Void, Never> {
    Task(executorPreference: ServerTaskExecutor.shared, operation: body)
}
