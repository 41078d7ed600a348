#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What tells a live process from a dead one whose number was given to
/// another: when it started, and whether it is only a zombie (exited, not yet
/// waited for), so that a journal's session is not taken for running.
package enum ProcessStart {
    /// When process `processID` started, in clock ticks since boot (Linux's
    /// `/proc/PID/stat`, field 22); nil where the system does not say.
    package static func ticks(of processID: Int32) -> Int? {
        fields(of: processID).flatMap { $0.count > 19 ? Int($0[19]) : nil }
    }

    /// Whether process `processID` runs: it exists, is not a zombie, and
    /// (when `startTicks` is known) is the process that started then.
    package static func isRunning(_ processID: Int32, startTicks: Int?) -> Bool {
        guard processID > 0, kill(processID, 0) == 0 || errno == EPERM else { return false }
        #if os(Linux)
            guard let fields = fields(of: processID) else { return true }
            if fields.first == "Z" || fields.first == "X" { return false }
            if let startTicks, fields.count > 19, let now = Int(fields[19]), now != startTicks { return false }
        #endif
        return true
    }

    /// The fields of `/proc/PID/stat` after the command's name (state first),
    /// on Linux; nil elsewhere or when the process is gone.
    private static func fields(of processID: Int32) -> [String]? {
        #if os(Linux)
            guard let data = FileManager.default.contents(atPath: "/proc/\(processID)/stat") else { return nil }
            let text = String(decoding: data, as: UTF8.self)
            // The name is in parentheses and may hold spaces: the fields start after the last ')'.
            guard let close = text.lastIndex(of: ")") else { return nil }
            return text[text.index(after: close)...].split(separator: " ").map(String.init)
        #else
            return nil
        #endif
    }
}
