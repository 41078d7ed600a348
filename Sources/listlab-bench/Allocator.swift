import ListLabFiles

#if canImport(Glibc)
    import Glibc
#endif

extension Allocator {
    /// Whether timings leave the freed memory with the allocator
    /// (`LISTLAB_BENCH_KEEP_FREED=1`, to compare), rather than give it back
    /// before each (``Pairs/time(_:)``).
    static let keepsFreedMemory = getenv("LISTLAB_BENCH_KEEP_FREED").map { String(cString: $0) == "1" } ?? false
}
