/// A number of bytes as messages say it: `12.5 MB`; below a megabyte, `300 KB`, or the bytes
/// themselves where a quota is counted to the byte.
package enum ByteCount {
    /// `12.5 MB`, `300 KB` (or `300 bytes` with `exactBelowAMegabyte`).
    package static func text(_ count: Int, exactBelowAMegabyte: Bool = false) -> String {
        guard count >= 1_048_576 else { return exactBelowAMegabyte ? "\(count) bytes" : "\(max(1, count / 1_024)) KB" }
        return "\((Double(count) / 1_048_576 * 10).rounded() / 10) MB"
    }
}
