#if canImport(Glibc)
    import Glibc
#endif

/// The C allocator's own controls, where there are any (glibc's, from
/// malloc.h, which Swift's Glibc module does not declare): for the
/// benchmarks, which give freed memory back before each timing, and for a
/// server that passed a large message on and would hold its copies' pages.
package enum Allocator {
    /// Gives the memory the allocator holds free back to the system
    /// (glibc's `malloc_trim(0)`); elsewhere nothing.
    package static func releaseFreeMemory() {
        #if canImport(Glibc)
            typealias Trim = @convention(c) (Int) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "malloc_trim") else { return }
            _ = unsafeBitCast(symbol, to: Trim.self)(0)
        #endif
    }
}
