/// The readers of the server's door as functions of raw bytes that must
/// never trap, whatever a client sends: a request head (``HTTPRequestHead``)
/// and a stream of WebSocket frames (``WebSocketReader``).
///
/// `Scripts/fuzz head SECONDS` and `Scripts/fuzz frames SECONDS` run one
/// under libFuzzer (`listlab-fuzz-door`, a build of this module alone); the
/// unit tests replay every input that once crashed one
/// (`Tests/Fixtures/fuzz/TARGET/`).
package enum DoorFuzzTarget: String, CaseIterable, Sendable {
    case head, frames

    /// Feeds `bytes` to the target. Errors are fine; a trap is a bug.
    package func run(_ bytes: [UInt8]) {
        switch self {
        case .head:
            guard let head = try? HTTPRequestHead(bytes: ArraySlice(bytes)) else { return }
            for name in ["host", "origin", "upgrade", "sec-websocket-protocol", "cookie"] {
                _ = try? head.single(name)
                _ = head.header(name)
                _ = head.cookie(name)
            }
            _ = head.queryValue("lesson")
            for field in head.headers { _ = Substring(field.value).trimmingSpaces }
        case .frames:
            // A small limit, so that inputs of a few KB reach "too large" and fragments alike.
            let reader = WebSocketReader(limit: 1_024)
            let source = BytesSource(bytes)
            for _ in 0..<1_000 {
                guard (try? reader.next(from: source, pong: { _ in })) != nil else { return }
            }
        }
    }
}
