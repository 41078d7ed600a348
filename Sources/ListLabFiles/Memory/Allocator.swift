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

    /// Makes every allocation of `bytes` or more a mapping of its own,
    /// given back to the system when it is freed (glibc's `mallopt` of
    /// `M_MMAP_THRESHOLD`, which also stops glibc raising that threshold as
    /// large blocks are freed); elsewhere nothing. For a server whose many
    /// threads each pass large messages on: in the arenas of their own, the
    /// freed blocks stayed the process's (twenty 13 MB uploads at once left
    /// the server 426 MB, that `malloc_trim` did not give back).
    package static func mapAllocations(from bytes: Int) {
        #if canImport(Glibc)
            typealias Option = @convention(c) (Int32, Int32) -> Int32
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return }
            let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD, from malloc.h
            _ = unsafeBitCast(symbol, to: Option.self)(mmapThreshold, Int32(clamping: bytes))
        #endif
    }
}
