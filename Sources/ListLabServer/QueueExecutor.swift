import Dispatch

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
/// tabs) on a concurrent dispatch queue of their own, not on the
/// cooperative pool: where other work holds the pool's few threads (a test
/// suite's synchronous tests, queued by the hundred), a tab's reply would
/// otherwise wait behind all of it.
final class ServerTaskExecutor: TaskExecutor, @unchecked Sendable {
    /// The one the server's tasks prefer.
    static let shared = ServerTaskExecutor()

    private let queue = DispatchQueue(label: "listlab.server", attributes: .concurrent)

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let executor = asUnownedTaskExecutor()
        queue.async { job.runSynchronously(on: executor) }
    }
}

/// Starts `body` as a task of the server's (see ``ServerTaskExecutor``);
/// actors without an executor of their own run their part of it there too.
@discardableResult
func serverTask(_ body: sending @escaping @isolated(any) () async -> Void) -> Task<Void, Never> {
    Task(executorPreference: ServerTaskExecutor.shared, operation: body)
}
