/// A table of field names (a reader's, of the names seen so far; a
/// schema's), looked up by the bytes
/// of a key as the file spells them, without making a `String` or hashing
/// one: open addressing over flat arrays of slots, names' bytes in one
/// buffer.
///
/// Written for NDJSON whose records each bring keys of their own, where a
/// `[String: Int]` costs a `String` and a SipHash per key and a dictionary
/// that outgrows the cache (`listlab-bench hostile` measures it). The hash
/// is seeded per process, so a file cannot be crafted to make its keys
/// collide.
package struct FieldNameTable: Sendable {
    /// Per slot, 0 when empty, else the entry in the low bits (as many as
    /// it takes to count the slots: an entry is below the count) under
    /// a tag of the name's hash in the bits left, whose top bit is always
    /// set (as a SwissTable's control byte: 17 bits at 32,768 slots, 12 at
    /// a million). The count is a power of two. A probe compares the tag
    /// before it looks at a name; the entry in the same word makes an add
    /// write the line the probe read (a byte array of controls beside an
    /// array of entries cost a second miss per new key).
    private var slots = [UInt32](repeating: 0, count: 64)
    /// Every name's bytes, one after another.
    private var names: [UInt8] = []
    /// Where each entry's name ends in `names`. (32-bit: with a key per
    /// NDJSON record, each byte per name is memory touched for the first
    /// time, and the page faults were a tenth of the read. For the same
    /// reason no hashes are kept: growing the slots hashes the names again.)
    private var ends: [UInt32] = []
    /// Each entry's position (a reader's column; a schema's first place of
    /// the name); empty while every entry's position is its own index, as a
    /// reader's are, so that a hundred thousand keys cost no array of them.
    private var positions: [Int] = []
    private let seed = UInt64.random(in: .min ... .max)

    /// An empty table.
    package init() {}

    /// Reserves room for `count` names in all, of about `nameLength` bytes
    /// each: the slots for them at once (512 KB for 114,688 names, where
    /// growing to them placed every name again at each doubling).
    package mutating func reserveCapacity(_ count: Int, nameLength: Int) {
        ends.reserveCapacity(count)
        names.reserveCapacity(count * nameLength)
        var size = slots.count
        while Self.isTooFull(count, size) { size *= 2 }
        if size > slots.count { grow(to: size) }
    }

    /// Whether `count` names are too many for `slots` slots: more than 7
    /// in 8 of them full. A probe then still ends within a line or two of
    /// the cache, and the slots of a hundred thousand names fit a core's
    /// own cache where at half full they took twice its size (a miss per
    /// new key of NDJSON whose records each have a key of their own).
    @inline(__always)
    private static func isTooFull(_ count: Int, _ slots: Int) -> Bool { count * 8 > slots * 7 }

    /// The number of names.
    package var count: Int { ends.count }

    /// Whether every name is ASCII: then names that differ in their bytes
    /// differ as Strings too (where `é` written as one scalar and as `e`
    /// and an accent are equal), so a look-up by bytes is one by String.
    package var namesAreASCII: Bool {
        names.withUnsafeBytes { bytes in
            var offset = 0
            var high: UInt64 = 0
            while offset + 8 <= bytes.count {
                high |= bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                offset += 8
            }
            while offset < bytes.count {
                high |= UInt64(bytes[offset])
                offset += 1
            }
            return high & 0x8080_8080_8080_8080 == 0
        }
    }

    /// Whether every name's position is its place in the table (0, 1, 2, ...).
    package var positionsAreInOrder: Bool { positions.indices.allSatisfy { positions[$0] == $0 } }

    /// The name of entry `entry`.
    package func name(_ entry: Int) -> String {
        let range = nameRange(entry)
        return names.withUnsafeBufferPointer {
            String(decoding: UnsafeBufferPointer(rebasing: $0[range]), as: UTF8.self)
        }
    }

    /// Calls `body` with the bytes of entry `entry`'s name (a reader's
    /// table of a piece, joined into another without making Strings).
    package func withNameBytes<Result>(_ entry: Int, _ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows
        -> Result
    {
        let range = nameRange(entry)
        return try names.withUnsafeBufferPointer { try body(UnsafeBufferPointer(rebasing: $0[range])) }
    }

    /// Every name, by entry: made in one pass at the end of a read rather
    /// than one `String` at a time as keys turn up (with a key per record,
    /// the strings and their growing array cost a third of the read).
    package func allNames() -> [String] {
        var result: [String] = []
        result.reserveCapacity(ends.count)
        names.withUnsafeBufferPointer { names in
            var start = 0
            for end in ends.lazy.map(Int.init) {
                result.append(String(decoding: UnsafeBufferPointer(rebasing: names[start..<end]), as: UTF8.self))
                start = end
            }
        }
        return result
    }

    /// Where entry `entry`'s name is in `names`.
    @inline(__always)
    private func nameRange(_ entry: Int) -> Range<Int> {
        (entry == 0 ? 0 : Int(ends[entry - 1]))..<Int(ends[entry])
    }

    /// The position of entry `entry`.
    @inline(__always)
    private func position(ofEntry entry: Int) -> Int { positions.isEmpty ? entry : positions[entry] }

    /// The hash of a key's bytes.
    package func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
        guard let base = bytes.baseAddress else { return seed }
        let raw = UnsafeRawPointer(base)
        var state = seed ^ (UInt64(bytes.count) &* 0x9E37_79B9_7F4A_7C15)
        var offset = 0
        while offset + 8 <= bytes.count {
            state = (state ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0xBF58_476D_1CE4_E5B9
            state ^= state >> 31
            offset += 8
        }
        let rest = bytes.count - offset
        if rest > 0 {
            // The last one to seven bytes as one word, in at most two loads
            // (overlapping when fewer than eight; the length is in the seed).
            let word: UInt64
            if rest >= 4 {
                let low = UInt64(raw.loadUnaligned(fromByteOffset: offset, as: UInt32.self))
                let high = UInt64(raw.loadUnaligned(fromByteOffset: bytes.count - 4, as: UInt32.self))
                word = low | high << 32
            } else {
                word =
                    UInt64(bytes[offset]) | UInt64(bytes[offset + rest / 2]) << 8 | UInt64(bytes[bytes.count - 1]) << 16
            }
            state = (state ^ word) &* 0x94D0_49BB_1331_11EB
            state ^= state >> 31
        }
        state ^= state >> 29
        return state &* 0xBF58_476D_1CE4_E5B9 ^ (state >> 32)
    }

    /// The position of the name spelled `bytes`, or nil.
    package func position(of bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> Int? {
        probe(bytes, hash: hash).entry.map(position(ofEntry:))
    }

    /// The entry of the name spelled `bytes` if the table has it, else the
    /// empty slot where it would go.
    private func probe(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (slot: Int, entry: Int?) {
        let mask = slots.count - 1
        var slot = Int(truncatingIfNeeded: hash) & mask
        let entryMask = UInt32(truncatingIfNeeded: mask)
        let tag = Self.tag(hash) & ~entryMask
        while slots[slot] != 0 {
            if slots[slot] & ~entryMask == tag {
                let entry = Int(slots[slot] & entryMask)
                let range = nameRange(entry)
                if range.count == bytes.count, names[range].elementsEqual(bytes) { return (slot, entry) }
            }
            slot = (slot + 1) & mask
        }
        return (slot, nil)
    }

    /// The position of the name spelled `bytes`, adding it at the next
    /// position when it is new: one probe of the slots where a look-up and
    /// an add took two (a reader's every new key; NDJSON whose records each
    /// have a key of their own).
    package mutating func position(addingIfNew bytes: UnsafeBufferPointer<UInt8>, hash: UInt64) -> (
        position: Int, isNew: Bool
    ) {
        let (slot, found) = probe(bytes, hash: hash)
        if let found { return (position(ofEntry: found), false) }
        return (insert(bytes, hash: hash, position: nil, at: slot), true)
    }

    /// ``position(addingIfNew:hash:)`` with the bytes' ``hash(_:)``: one
    /// access to the table, where a caller that hashed first through a
    /// captured table copied it.
    package mutating func position(addingIfNew bytes: UnsafeBufferPointer<UInt8>) -> (position: Int, isNew: Bool) {
        position(addingIfNew: bytes, hash: hash(bytes))
    }

    /// Adds the name spelled `bytes` (not in the table yet) at `position`
    /// (by default the next: the count of names before it).
    package mutating func add(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, position: Int? = nil) {
        insert(bytes, hash: hash, position: position, at: probe(bytes, hash: hash).slot)
    }

    /// Adds the name spelled `bytes` as the next entry, in the empty `slot`
    /// a probe for it ended at (placed again if the slots grow), and
    /// returns the entry.
    @discardableResult
    private mutating func insert(_ bytes: UnsafeBufferPointer<UInt8>, hash: UInt64, position: Int?, at slot: Int) -> Int
    {
        let entry = ends.count
        precondition(entry < 1 << 30 && names.count + bytes.count < Int(UInt32.max), "more names than a table holds")
        if let position, position != entry, positions.isEmpty { positions = Array(0..<entry) }
        if !positions.isEmpty { positions.append(position ?? entry) }
        names.append(contentsOf: bytes)
        ends.append(UInt32(truncatingIfNeeded: names.count))
        if Self.isTooFull(ends.count, slots.count) {
            grow()
        } else {
            slots[slot] = Self.slot(entry, hash: hash, mask: slots.count - 1)
        }
        return entry
    }

    /// The tag of a name whose hash is `hash`, before the entry's bits are
    /// cleared from it: the hash's high half, top bit set (a slot's index
    /// comes from the low bits). At most 2^31 slots (2^30 names) leave the
    /// top bit to the tag, so that a full slot is never 0.
    @inline(__always)
    private static func tag(_ hash: UInt64) -> UInt32 { UInt32(truncatingIfNeeded: hash >> 32) | 0x8000_0000 }

    /// A full slot of a table whose index mask is `mask`: `entry`, whose name has `hash`.
    @inline(__always)
    private static func slot(_ entry: Int, hash: UInt64, mask: Int) -> UInt32 {
        let entryMask = UInt32(truncatingIfNeeded: mask)
        return tag(hash) & ~entryMask | UInt32(truncatingIfNeeded: entry)
    }

    /// Makes `size` slots (by default, twice as many) and places every
    /// entry again, hashing its name.
    private mutating func grow(to size: Int? = nil) {
        slots = [UInt32](repeating: 0, count: size ?? slots.count * 2)
        let mask = slots.count - 1
        names.withUnsafeBufferPointer { names in
            for entry in ends.indices {
                let code = hash(UnsafeBufferPointer(rebasing: names[nameRange(entry)]))
                var slot = Int(truncatingIfNeeded: code) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Self.slot(entry, hash: code, mask: mask)
            }
        }
    }
}
