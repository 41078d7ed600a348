import Dispatch
import Synchronization

/// A value worked out on another thread from the moment it is made, for
/// the caller to wait for only when it needs it: what changed in the
/// updated rows of a staged diff, while the list takes the deletes, inserts
/// and moves.
package final class WorkInBackground<Value: Sendable>: Sendable {
    private let done = DispatchSemaphore(value: 0)
    private let result = Mutex<Value?>(nil)

    /// Starts `work` on another thread.
    package init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async { [self] in
            let value = work()
            result.withLock { $0 = value }
            done.signal()
        }
    }

    /// What `work` gave, waiting for it; asked again, the same value.
    package var value: Value {
        done.wait()
        done.signal()
        guard let value = result.withLock({ $0 }) else { preconditionFailure("the value is set before its signal") }
        return value
    }
}
