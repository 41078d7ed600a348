/// A table of field names (a reader's, of the names seen so far; a
/// schema's), looked up by the bytes
/// of a key as the file spells them, without making a `String` or hashing
/// one: open addressing over one flat array of slots, names' bytes in one
/// buffer.
///
/// Written for NDJSON whose records each bring keys of their own: with a
/// `[String: Int]`, 100,000 such records took 10x the time of the same bytes
/// with one shared key (a `String` and a SipHash per key, and a dictionary
/// that outgrows the cache). The hash is seeded per process, so a file
/// cannot be crafted to make its keys collide.
struct FieldNameTable {
    /// Column + 1 per slot; 0 is empty. The count is a power of two.
    private var slots = [Int32](repeating: 0, count: 64)
    /// Every name's bytes, one after another.
    private var names: [UInt8] = []
    /// Where each column's name ends in `names`.
    private var ends: [Int] = []
    /// Each name's hash.
    private var hashes: [UInt64] = []
    /// Each name's position (a reader's column; a schema's first place of the name).
    private var positions: [Int] = []
    private let seed = UInt64.random(in: .min ... .max)

    /// The number of names.
    var count: Int { ends.count }

    /// Whether every name's position is its place in the table (0, 1, 2, ...).
    var positionsAreInOrder: Bool { positions.indices.allSatisfy { positions[$0] == $0 } }

    /// The hash of a key's bytes.
    func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return seed }
        let raw = UnsafeRawPointer(base)
        var state = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        var offset = 0
        while offset + 8 <= bytes.count {
            state = (state ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            state ^= state >> 31
            offset += 8
        }
        while offset < bytes.count {
            state = (state ^ UInt64(bytes[offset])) &* 0x94D0_49BB_1331_11EB
            offset += 1
        }
        state ^= state >> 29
        return state &* 0xBF58_476D_1CE4_E5B9 ^ (state >> 32)
    }

    /// The position of the name spelled `bytes`, or nil.
    func position(of bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        while slots[slot] != 0 {
            let entry = Int(slots[slot]) - 1
            if hashes[entry] == hash {
                let start = entry == 0 ? 0 : ends[entry - 1]
                if ends[entry] - start == bytes.count, names[start..<ends[entry]].elementsEqual(bytes) { return positions[entry] }
            }
            slot = (slot + 1) & mask
        }
        return nil
    }

    /// Adds the name spelled `bytes` (not in the table yet) at `position`
    /// (by default the next: the count of names before it).
    mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, position: Int? = nil) {
        positions.append(position ?? ends.count)
        names.append(contentsOf: bytes)
        ends.append(names.count)
        hashes.append(hash)
        if ends.count * 2 > slots.count { grow() }
        place(ends.count - 1)
    }

    private mutating func place(_ entry: Int) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hashes[entry]) & mask
        while slots[slot] != 0 { slot = (slot + 1) & mask }
        slots[slot] = Int32(entry + 1)
    }

    private mutating func grow() {
        slots = [Int32](repeating: 0, count: slots.count * 2)
        for entry in 0..<(ends.count - 1) { place(entry) }
    }
}
