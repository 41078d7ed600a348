import ListLabFiles

#if canImport(Glibc)
    import Glibc
#endif

/// How much a piece of work raises the process's resident memory at its
/// peak, from Linux's high-water mark (reset through /proc/self/clear_refs).
enum PeakMemory {
    /// The peak resident bytes during `body` above those resident before it;
    /// nil where Linux's counters are not available.
    static func growth(while body: () -> Void) -> Int? {
        #if canImport(Glibc)
            // Memory freed earlier goes back to the system first, else the work could reuse it
            // and the high-water mark would not move; and every large block is mapped apart and
            // unmapped when freed, else blocks the work freed could stay resident beside the ones
            // it holds, and the mark would count memory the work no longer has.
            keepLargeBlocksApart()
            guard let before = kilobytes("VmRSS:"), reset() else { return nil }
            body()
            guard let peak = kilobytes("VmHWM:") else { return nil }
            return max(0, peak - before) * 1_024
        #else
            return nil
        #endif
    }

    #if canImport(Glibc)
        /// glibc's `mallopt(M_MMAP_THRESHOLD, 128 KiB)` (its default, kept from
        /// then on), which Swift's Glibc module does not declare (it is in
        /// malloc.h), and the free memory given back.
        private static func keepLargeBlocksApart() {
            typealias Option = @convention(c) (Int32, Int32) -> Int32
            let process = UnsafeMutableRawPointer(bitPattern: 0)
            if let symbol = dlsym(process, "mallopt") {
                let mmapThreshold: Int32 = -3  // M_MMAP_THRESHOLD
                _ = unsafeBitCast(symbol, to: Option.self)(mmapThreshold, 128 * 1_024)
            }
            Allocator.releaseFreeMemory()
        }

        /// Sets the high-water mark to what is resident now ("5", proc(5)).
        private static func reset() -> Bool {
            guard let file = fopen("/proc/self/clear_refs", "w") else { return false }
            defer { fclose(file) }
            return fputs("5", file) >= 0
        }

        /// A `kB` field of /proc/self/status.
        private static func kilobytes(_ field: String) -> Int? {
            guard let file = fopen("/proc/self/status", "r") else { return nil }
            defer { fclose(file) }
            var line = [CChar](repeating: 0, count: 256)
            while fgets(&line, Int32(line.count), file) != nil {
                let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                guard text.hasPrefix(field) else { continue }
                return Int(text.dropFirst(field.count).filter(\.isNumber))
            }
            return nil
        }
    #endif
}
