import ListLabFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The per-pair ratios of a subject's time to its peer's, timed in turn
/// (subject, peer, subject, peer, ...).
struct PairedFigure {
    /// Each pair's subject time over its peer time.
    let ratios: [Double]
    /// The median of the subject's times, in seconds.
    let subject: Double
    /// The median of the peer's times, in seconds.
    let peer: Double

    /// The median of the per-pair ratios: the figure.
    var ratio: Double { Pairs.median(ratios) }
    var low: Double { ratios.min() ?? 0 }
    var high: Double { ratios.max() ?? 0 }

    /// The same pairs with each ratio multiplied by `factor` (a ratio per item, per call).
    func scaled(by factor: Double) -> PairedFigure {
        PairedFigure(ratios: ratios.map { $0 * factor }, subject: subject, peer: peer)
    }
}

/// The benchmark harness's rule inside one process, as `Scripts/benchlib.py`
/// is for whole processes: a figure is the median of at least seven per-pair
/// ratios, each pair timed in turn, so that a slow spell of a shared machine
/// falls on both sides of a pair rather than on one side's median; its min
/// and max say how much the machine moved. Each figure is printed as one line
/// and, when `LISTLAB_BENCH_RECORD` names a file, appended to it as a JSON
/// record for the performance table in Docs/performance.md (`Scripts/bench-table.py`).
enum Pairs {
    /// The fewest pairs a figure is made of.
    static let minimum = 7

    /// The seconds `body` takes, and what it returned. The memory the
    /// allocator holds free is given back to the system first (not timed;
    /// ``Allocator/releaseFreeMemory()``, unless ``Allocator/keepsFreedMemory``),
    /// so that no timing reuses what the one before it freed and each pays
    /// for the fresh memory it touches: otherwise a timing depended on what
    /// ran before it.
    static func time<T>(_ body: () throws -> T) rethrows -> (seconds: Double, result: T) {
        if !Allocator.keepsFreedMemory { Allocator.releaseFreeMemory() }
        let clock = ContinuousClock()
        let start = clock.now
        let result = try body()
        let elapsed = clock.now - start
        return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18, result)
    }

    /// Times `subject` and `peer` in turn, `pairs` times (at least
    /// ``minimum``), each call one timing.
    static func measure(pairs: Int, _ subject: () throws -> Void, _ peer: () throws -> Void) rethrows -> PairedFigure {
        try timed(pairs: pairs) {
            try time(subject).seconds
        } _: {
            try time(peer).seconds
        }
    }

    /// Runs `subject` and `peer` in turn, `pairs` times (at least
    /// ``minimum``), each returning the seconds it timed itself (so that
    /// each side can set up what it works on without timing that).
    static func timed(pairs: Int, _ subject: () throws -> Double, _ peer: () throws -> Double) rethrows -> PairedFigure
    {
        var ratios: [Double] = []
        var subjects: [Double] = []
        var peers: [Double] = []
        for _ in 0..<max(pairs, minimum) {
            let one = try subject()
            let other = try peer()
            subjects.append(one)
            peers.append(other)
            ratios.append(one / other)
        }
        return PairedFigure(ratios: ratios, subject: median(subjects), peer: median(peers))
    }

    /// Prints and records a timed figure whose target is a ratio of at most `limit`.
    static func report(
        _ key: String, _ what: String, vs peer: String, _ figure: PairedFigure, limit: Double,
        target: String? = nil, detail: String = ""
    ) {
        let times = "\(milliseconds(figure.subject)) vs \(milliseconds(figure.peer))"
        record(
            key: key, what: what, peer: peer, ratio: figure.ratio, low: figure.low, high: figure.high,
            pairs: figure.ratios.count, target: target ?? "at most \(fixed(limit, 2))x", met: figure.ratio <= limit,
            detail: detail.isEmpty ? times : times + "; " + detail)
    }

    /// Prints and records a figure that is not a timing (a count, a memory
    /// ratio): one value, no pairs.
    static func reportValue(
        _ key: String, _ what: String, vs peer: String, _ value: Double, target: String, met: Bool, detail: String = ""
    ) {
        record(
            key: key, what: what, peer: peer, ratio: value, low: value, high: value, pairs: 0, target: target, met: met,
            detail: detail)
    }

    static func record(
        key: String, what: String, peer: String, ratio: Double, low: Double, high: Double, pairs: Int, target: String,
        met: Bool, detail: String
    ) {
        // Three digits, so that a median just past its target does not read as the target itself.
        let digits = ratio < 0.1 ? 4 : 3
        // Worded as Docs/performance.md's table words it (Scripts/benchlib.py prints the same).
        let measured =
            pairs == 0
            ? "\(fixed(ratio, digits))x"
            : "median \(fixed(ratio, digits))x (\(fixed(low, digits))x to \(fixed(high, digits))x, \(pairs) pairs)"
        print(
            "  \(what): \(measured) vs \(peer); target \(target), \(met ? "met: yes" : "met: NO")\(detail.isEmpty ? "" : "; " + detail)"
        )
        guard let path = getenv("LISTLAB_BENCH_RECORD").map({ String(cString: $0) }), !path.isEmpty,
            let file = fopen(path, "a")
        else { return }
        defer { fclose(file) }
        // The keys in order, as Python's json.dumps(sort_keys=True) writes them.
        let fields: [(String, String)] = [
            ("command", json(command)), ("detail", json(detail)), ("high", fixed(high, 4)), ("key", json(key)),
            ("low", fixed(low, 4)), ("met", met ? "true" : "false"), ("pairs", String(pairs)), ("peer", json(peer)),
            ("ratio", fixed(ratio, 4)), ("target", json(target)), ("unit", json("x")), ("what", json(what)),
        ]
        fputs("{" + fields.map { "\"\($0.0)\": \($0.1)" }.joined(separator: ", ") + "}\n", file)
    }

    /// The command a figure comes from, for the table: set by each benchmark's `run`.
    nonisolated(unsafe) static var command = ""

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return 0 }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    static func milliseconds(_ seconds: Double) -> String { fixed(seconds * 1000, seconds < 0.01 ? 3 : 1) + " ms" }

    static func fixed(_ value: Double, _ digits: Int) -> String { DiffBenchmark.fixed(value, digits) }

    /// `value` with its thousands grouped: 1,000,000.
    static func grouped(_ value: Int) -> String {
        var digits = Array(String(value))
        var index = digits.count - 3
        while index > 0 {
            digits.insert(",", at: index)
            index -= 3
        }
        return String(digits)
    }

    /// `text` as a JSON string.
    static func json(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case _ where scalar.value < 0x20:
                out += "\\u00" + (scalar.value < 0x10 ? "0" : "") + String(scalar.value, radix: 16)
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
