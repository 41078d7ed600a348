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
