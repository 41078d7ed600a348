#if canImport(Glibc)
import Glibc
#endif

/// Writing to an open file descriptor without a buffer in the process: what
/// the terminal's error stream and the session journal need (a kill loses
/// nothing that was written).
public enum FileDescriptor {
    /// Writes all of `text` to `descriptor`, in as few `write(2)` calls as
    /// the system takes; stops at an error.
    public static func writeAll(_ text: String, to descriptor: Int32) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                let written = write(descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset)
                if written <= 0 { break }
                offset += written
            }
        }
    }
}
