#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The time one command took, as `set timer on` prints it: the real time,
/// and the process's user and system time, in sqlite3's `.timer` format.
struct CommandTimer {
    private let started = ContinuousClock.now
    private let startedCPU = Self.processTimes()

    /// `Run Time: real 0.012 user 0.010000 sys 0.001000`, since the timer was made.
    func line() -> String {
        let real = ContinuousClock.now - started
        let cpu = Self.processTimes()
        return
            "Run Time: real \(Self.seconds(real, places: 3)) user "
            + "\(Self.seconds(cpu.user - startedCPU.user, places: 6)) sys "
            + "\(Self.seconds(cpu.system - startedCPU.system, places: 6))"
    }

    /// The process's user and system time so far.
    private static func processTimes() -> (user: Duration, system: Duration) {
        var usage = rusage()
        #if canImport(Glibc)
            getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
        #else
            getrusage(RUSAGE_SELF, &usage)
        #endif
        func duration(_ time: timeval) -> Duration { .seconds(Int64(time.tv_sec)) + .microseconds(Int64(time.tv_usec)) }
        return (duration(usage.ru_utime), duration(usage.ru_stime))
    }

    /// `duration` in seconds with `places` decimals, never negative.
    private static func seconds(_ duration: Duration, places: Int) -> String {
        let (whole, attoseconds) = duration.components
        guard whole >= 0, attoseconds >= 0 else { return "0." + String(repeating: "0", count: places) }
        var scale: Int64 = 1
        for _ in 0..<places { scale *= 10 }
        let fraction = attoseconds / (1_000_000_000_000_000_000 / scale)
        let digits = String(fraction)
        return "\(whole)." + String(repeating: "0", count: max(0, places - digits.count)) + digits
    }
}
