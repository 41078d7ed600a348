#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// Whether `count` bytes at `first` are those at `second`: up to 16 bytes
/// (a short row, a cell, a key) as two loads of a word that may overlap,
/// more by `memcmp`. A call to `memcmp` for each short key or row cost more
/// than comparing it (keys of their own per NDJSON record; a million rows of
/// a few bytes each).
@inline(__always)
func sameBytes(_ first: UnsafeRawPointer, _ second: UnsafeRawPointer, count: Int) -> Bool {
    @inline(__always)
    func same<Word: FixedWidthInteger>(_: Word.Type) -> Bool {
        let last = count - MemoryLayout<Word>.size
        return first.loadUnaligned(as: Word.self) == second.loadUnaligned(as: Word.self)
            && first.loadUnaligned(fromByteOffset: last, as: Word.self)
                == second.loadUnaligned(fromByteOffset: last, as: Word.self)
    }
    switch count {
    case ..<1: return true
    case 1: return first.load(as: UInt8.self) == second.load(as: UInt8.self)
    case 2...3: return same(UInt16.self)
    case 4...7: return same(UInt32.self)
    case 8...16: return same(UInt64.self)
    default: return memcmp(first, second, count) == 0
    }
}
