#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import Interruption

/// A classroom command's memory budget: while the command runs, the
/// server's resident memory is read every 20 ms, from 100 ms after the
/// command started; when it has grown by more than the budget since the
/// start, the command's interruption flag is set, as its time budget does.
///
/// One process serves every tab, and nothing in it can tell which tab
/// allocated what, so the budget counts the server's growth while the
/// command runs. A command of under 100 ms is never looked at, so a tab
/// running small commands beside one that allocates a lot is not stopped
/// for it. Resident memory is read on Linux only (`/proc/self/statm`);
/// elsewhere the budget is not enforced.
final class MemoryWatch {
    /// Nil where memory cannot be read. A timer is made only to be resumed:
    /// Dispatch traps when one is released never resumed.
    private let timer: (any DispatchSourceTimer)?
    private let over = Interruption.Flag()  // set when the budget was passed

    /// Starts watching, with `budget` bytes of growth allowed before `flag`
    /// is set, reading the memory with `residentBytes`.
    init(allowing budget: Int, stopping flag: Interruption.Flag, reading residentBytes: @escaping @Sendable () -> Int? = MemoryWatch.residentBytes) {
        guard let start = residentBytes() else {
            timer = nil
            return
        }
        let timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .milliseconds(100), repeating: .milliseconds(20))
        timer.setEventHandler { [over] in
            guard let now = residentBytes(), now - start > budget else { return }
            over.request()
            flag.request()
        }
        timer.resume()
        self.timer = timer
    }

    /// Stops watching (the command ended).
    func stop() {
        timer?.cancel()
    }

    /// Whether the budget was passed (and the flag set for it).
    var wentOver: Bool { over.isRequested }

    /// The process's resident memory in bytes, or nil where it cannot be read.
    @Sendable static func residentBytes() -> Int? {
        #if os(Linux)
        let descriptor = open("/proc/self/statm", O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var buffer = [UInt8](repeating: 0, count: 128)
        let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
        guard count > 0 else { return nil }
        // "size resident shared ...", in pages.
        let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
        guard fields.count > 1, let pages = Int(String(decoding: fields[1], as: UTF8.self)) else { return nil }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
        return nil
        #endif
    }
}
