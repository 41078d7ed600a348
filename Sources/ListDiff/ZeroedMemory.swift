#if canImport(Glibc)
    import Glibc
#endif

/// Zeroed memory for the diff's identity table (and a reload's index of
/// keys, in the package), given back when it is released.
///
/// A million-item table is megabytes read at random, and in pages of 4 KiB
/// most reads need a page the processor holds no translation for (a costly
/// walk in a virtual machine). So with Glibc a large table is mapped on its
/// own and asks for huge pages (2 MiB), which many systems give only when
/// asked (`madvise`). Freshly mapped memory is zero, so it needs no
/// clearing either.
@usableFromInline
package final class ZeroedMemory<Element: BitwiseCopyable> {
    /// The elements, zero bits at first.
    @usableFromInline package let buffer: UnsafeMutableBufferPointer<Element>
    /// The bytes mapped for it, or 0 when it came from the allocator.
    private let mappedBytes: Int

    /// Memory for `count` elements, all zero bits.
    @usableFromInline
    package init(count: Int) {
        let bytes = count * MemoryLayout<Element>.stride
        #if canImport(Glibc)
            if bytes >= Self.mappedFrom,
                let base = mmap(nil, bytes, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0),
                base != MAP_FAILED
            {
                _ = madvise(base, bytes, MADV_HUGEPAGE)  // a refusal leaves ordinary pages
                buffer = UnsafeMutableBufferPointer(
                    start: base.bindMemory(to: Element.self, capacity: count), count: count)
                mappedBytes = bytes
                return
            }
        #endif
        buffer = .allocate(capacity: count)
        UnsafeMutableRawBufferPointer(buffer).initializeMemory(as: UInt8.self, repeating: 0)
        mappedBytes = 0
    }

    /// Memory from this size (in bytes) is mapped on its own: a smaller
    /// table fits the processor's translations, and a mapping costs two
    /// system calls.
    private static var mappedFrom: Int { 4 << 20 }

    /// Calls `body` with the elements, which stay while it runs.
    @inlinable
    package func withBuffer<Result>(_ body: (UnsafeMutableBufferPointer<Element>) throws -> Result) rethrows -> Result {
        try withExtendedLifetime(self) { try body(buffer) }
    }

    deinit {
        #if canImport(Glibc)
            if mappedBytes > 0, let base = buffer.baseAddress {
                munmap(base, mappedBytes)
                return
            }
        #endif
        buffer.deallocate()  // its elements are plain bits: nothing to deinitialize
    }
}
