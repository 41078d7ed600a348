#if canImport(Glibc)
    import Glibc
#endif

/// The C allocator's own controls that the benchmarks use, where there are
/// any (glibc's, from malloc.h, which Swift's Glibc module does not declare).
enum Allocator {
    /// Whether timings leave the freed memory with the allocator
    /// (`LISTLAB_BENCH_KEEP_FREED=1`, to compare), rather than give it back
    /// before each (``Pairs/time(_:)``).
    static let keepsFreedMemory = getenv("LISTLAB_BENCH_KEEP_FREED").map { String(cString: $0) == "1" } ?? false

    /// Gives the memory the allocator holds free back to the system
    /// (glibc's `malloc_trim(0)`); elsewhere nothing.
    static func releaseFreeMemory() {
        #if canImport(Glibc)
            typealias Trim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
