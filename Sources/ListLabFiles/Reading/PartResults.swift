import Synchronization

/// A file's bytes, read by the threads of a read in parts while the caller
/// keeps them: unchecked `Sendable`, as no thread writes them.
struct SharedBytes: @unchecked Sendable {
    let bytes: UnsafeBufferPointer<UInt8>
}

/// The start of a buffer that each part of a read on several threads writes
/// its own range of (or reads), shared with the parts while the buffer lives.
struct SharedAddress: @unchecked Sendable {
    let base: UnsafeMutableRawPointer
}

/// What each part of a read on several threads found, set from the part's
/// own thread and read once every part is done.
final class PartResults<Value: Sendable>: Sendable {
    private let values: Mutex<[Value]>

    /// `count` parts, each `initial` until it is set.
    init(count: Int, initial: Value) {
        values = Mutex(Array(repeating: initial, count: count))
    }

    func set(_ index: Int, _ value: Value) {
        values.withLock { $0[index] = value }
    }

    /// Each part's value, in order.
    var all: [Value] { values.withLock { $0 } }

    /// Each part's value, in order, taken: the results keep none of them
    /// (a value that holds storage is then its taker's alone).
    func takeAll() -> [Value] {
        values.withLock { values in
            var taken: [Value] = []
            swap(&taken, &values)
            return taken
        }
    }
}
