#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing to an open file descriptor without a buffer in the process: what
/// the terminal's error stream and the session journal need (a kill loses
/// nothing that was written).
public enum FileDescriptor {
    /// Writes all of `text` to `descriptor`, in as few `write(2)` calls as
    /// the system takes; stops at an error.
    public static func writeAll(_ text: String, to descriptor: Int32) {
        _ = writeAll(Array(text.utf8)[...], to: descriptor)
    }

    /// Writes as much of `bytes` to `descriptor` as the system takes, and
    /// returns how many bytes it wrote and, when it stopped short, the
    /// system's reason (`no space left on device`).
    package static func writeAll(_ bytes: ArraySlice<UInt8>, to descriptor: Int32) -> (written: Int, failure: String?) {
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else {
                    let reason = written < 0 ? String(cString: strerror(errno)).lowercased() : "nothing was written"
                    return (offset, reason)
                }
                offset += written
            }
            return (offset, nil)
        }
    }
}
