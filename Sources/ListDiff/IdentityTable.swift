private import CCacheWarming

/// An open-addressing hash table of item numbers, found by their
/// identity's hash and told apart by comparing identities.
///
/// A `Dictionary` from identity to place holds a copy of every identity and a
/// wide value beside it; past a few hundred thousand items that outgrows the
/// processor's cache, and every lookup waits on memory. This table holds one
/// 32-bit word per slot: the number, and in the bits the number does not
/// need, a few more bits of the hash (a tag), so that an identity is read
/// back to compare only when the tags agree. A hash's slot is its high bits,
/// so that numbers sorted by the high bits of their hashes are placed in one
/// sweep through the table (``fill(count:hashOf:isSame:)``).
@usableFromInline
struct IdentityTable {
    /// Per slot: the tag above the number + 1; 0 is empty. Copies of the
    /// table share it: a diff makes one table and never copies it.
    @usableFromInline var storage: ZeroedMemory<UInt32>
    /// How a hash finds its slot and how a slot packs its number.
    @usableFromInline var layout: SlotLayout
    @usableFromInline var count = 0

    /// A table for `expected` items (it grows past them), numbered below `limit`.
    @inlinable
    init(expected: Int, numbersBelow limit: Int) {
        precondition(limit < Int(UInt32.max), "an identity table numbers fewer than 2^32 - 1 items")
        var slotBits = 4
        while (1 << slotBits) * 7 < expected * 10 { slotBits += 1 }
        var numberBits = 1
        while numberBits < 32, (1 << numberBits) <= limit { numberBits += 1 }
        layout = SlotLayout(slotBits: slotBits, numberBits: numberBits)
        storage = ZeroedMemory(count: 1 << slotBits)
    }

    /// Fills an empty table with the numbers `0..<count`, region by region
    /// (see ``inRegions(count:produce:consume:)``).
    ///
    /// - Parameters:
    ///   - count: How many numbers.
    ///   - hashOf: Calls its argument with the hash of each number, in order.
    ///   - isSame: Whether two numbers have the same identity.
    /// - Returns: false when two of the numbers have the same identity; the
    ///   table then holds some of them.
    @inlinable
    mutating func fill(count: Int, hashOf: ((Int) -> Void) -> Void, isSame: (Int, Int) -> Bool) -> Bool {
        precondition(self.count == 0, "fill(count:hashOf:isSame:) fills an empty table")
        while (count * 4) > storage.buffer.count * 3 {
            layout.slotBits += 1
            storage = ZeroedMemory(count: 1 << layout.slotBits)
        }
        self.count = count
        let layout = layout
        let mask = storage.buffer.count - 1
        return storage.withBuffer { slots in
            Self.inRegions(
                count: count, layout: layout,
                produce: { add in
                    var number = 0
                    withoutActuallyEscaping(add) { add in
                        hashOf { hash in
                            let slot = layout.slot(of: hash)
                            add(slot, UInt64(slot) << 32 | UInt64(layout.entry(number, hash: hash)))
                            number += 1
                        }
                    }
                },
                consume: { placed in
                    // The first free slot from its own; false when its identity is there.
                    var slot = Int(placed >> 32)
                    let stored = UInt32(truncatingIfNeeded: placed)
                    while case let other = slots[slot], other != 0 {
                        if layout.sameTag(other, stored), isSame(layout.number(in: other), layout.number(in: stored)) {
                            return false
                        }
                        slot = (slot + 1) & mask
                    }
                    slots[slot] = stored
                    return true
                }, warming: slots)
        }
    }

    /// Looks up many numbers at once, region by region of the table (see
    /// ``inRegions(count:layout:produce:consume:)``), and adds those not found.
    ///
    /// A lookup made as its item comes waits on memory when the table is
    /// larger than the processor's cache; made together, in the table's
    /// order, they read it as a sweep.
    ///
    /// - Parameters:
    ///   - lookups: The numbers to look up, with their hashes.
    ///   - isSame: Whether two numbers have the same identity.
    ///   - hashOf: The hash of any number, for growing, and for a lookup
    ///     whose high word no longer holds its slot and tag once grown.
    /// - Returns: For each lookup, the number in the table with its identity,
    ///   or `UInt32.max` when there was none (the lookup's number is there now).
    @inlinable
    mutating func resolve(_ lookups: [Lookup], isSame: (Int, Int) -> Bool, hashOf: (Int) -> Int) -> [UInt32] {
        while (count + lookups.count) * 4 > storage.buffer.count * 3 { grow(hashOf: hashOf) }
        let layout = layout
        let mask = storage.buffer.count - 1
        var added = 0
        var known = [UInt32](repeating: .max, count: lookups.count)
        known.withUnsafeMutableBufferPointer { known in
            storage.withBuffer { slots in
                _ = Self.inRegions(
                    count: lookups.count, layout: layout,
                    produce: { add in
                        for (index, lookup) in lookups.enumerated() {
                            let hash = layout.slotAndTagFitInHighWord ? lookup.highWordHash : hashOf(lookup.number)
                            let slot = layout.slot(of: hash)
                            add(
                                slot,
                                PlacedLookup(
                                    slot: UInt32(slot), entry: layout.entry(lookup.number, hash: hash),
                                    index: UInt32(index)))
                        }
                    },
                    consume: { lookup in
                        var slot = Int(lookup.slot)
                        let number = layout.number(in: lookup.entry)
                        while case let stored = slots[slot], stored != 0 {
                            if layout.sameTag(stored, lookup.entry), isSame(layout.number(in: stored), number) {
                                known[Int(lookup.index)] = UInt32(truncatingIfNeeded: layout.number(in: stored))
                                return true
                            }
                            slot = (slot + 1) & mask
                        }
                        slots[slot] = lookup.entry
                        added += 1
                        return true
                    }, warming: slots)
            }
        }
        count += added
        return known
    }

    /// Calls `consume` with what `produce` gives for `0..<count` items,
    /// grouped by the region of the table their slots are in, in the order
    /// given within a region (mostly: a region that overflows takes the rest
    /// last).
    ///
    /// A table of a million items is larger than the processor's cache, and
    /// items met in their own order would each wait on memory; grouped, each
    /// group works in one small region of it. A region has room for a little
    /// more than its share (hashes spread evenly); what does not fit waits in
    /// an overflow.
    ///
    /// - Parameters:
    ///   - count: How many items `produce` gives.
    ///   - produce: Calls its argument with each item's slot and what to
    ///     pass to `consume` for it.
    ///   - consume: Called for each item; false stops.
    ///   - slots: The table's slots, when `consume` reads them: each region
    ///     is read in order before its items (see ``warm(_:)``).
    /// - Returns: false when `consume` stopped.
    @inlinable
    static func inRegions<Item: BitwiseCopyable>(
        count: Int, layout: SlotLayout, produce: ((Int, Item) -> Void) -> Void, consume: (Item) -> Bool,
        warming slots: UnsafeMutableBufferPointer<UInt32>? = nil
    ) -> Bool {
        // Regions of at least 256 slots, with at least 16 items each.
        var partBits = max(0, min(10, layout.slotBits - 8))
        while partBits > 0, count >> partBits < 16 { partBits -= 1 }
        if partBits == 0 {
            var going = true
            withoutActuallyEscaping(consume) { consume in
                produce { _, item in if going { going = consume(item) } }
            }
            return going
        }
        let parts = 1 << partBits
        let share = count >> partBits
        var room = 8
        while room * room < 36 * share { room += 1 }  // six standard deviations of a part's size
        let capacity = share + room
        let partShift = layout.slotBits - partBits
        let parted = UnsafeMutableBufferPointer<Item>.allocate(capacity: parts * capacity)
        defer { parted.deallocate() }  // its items are plain bits: nothing to deinitialize
        var filled = [Int](repeating: 0, count: parts)
        var overflow: [Item] = []
        filled.withUnsafeMutableBufferPointer { filled in
            produce { slot, item in
                let part = slot >> partShift
                if filled[part] < capacity {
                    parted.initializeElement(at: part * capacity + filled[part], to: item)
                    filled[part] += 1
                } else {
                    overflow.append(item)
                }
            }
        }
        for part in 0..<parts {
            if let slots { warm(slots[(part << partShift)..<((part + 1) << partShift)]) }
            for item in parted[(part * capacity)..<(part * capacity + filled[part])] where !consume(item) {
                return false
            }
        }
        for item in overflow where !consume(item) { return false }
        return true
    }

    /// The number in the table whose identity `isSame` accepts, looking
    /// where `hash` leads; nil when there is none.
    @inlinable
    func find(hash: Int, isSame: (Int) -> Bool) -> Int? {
        let mask = storage.buffer.count - 1
        let layout = layout
        let wanted = layout.entry(0, hash: hash)
        return storage.withBuffer { slots in
            var slot = layout.slot(of: hash)
            while case let stored = slots[slot], stored != 0 {
                if layout.sameTag(stored, wanted), isSame(layout.number(in: stored)) {
                    return layout.number(in: stored)
                }
                slot = (slot + 1) & mask
            }
            return nil
        }
    }

    /// Adds `number` where `hash` leads, unless a number with the same
    /// identity is there: then that number is returned and nothing changes.
    ///
    /// - Parameters:
    ///   - isSame: Whether a number in the table has `number`'s identity.
    ///   - hashOf: The hash of any number in the table, for growing.
    @inlinable
    mutating func insert(_ number: Int, hash: Int, isSame: (Int) -> Bool, hashOf: (Int) -> Int) -> Int? {
        if (count + 1) * 4 > storage.buffer.count * 3 { grow(hashOf: hashOf) }
        let mask = storage.buffer.count - 1
        let layout = layout
        let new = layout.entry(number, hash: hash)
        let existing: Int? = storage.withBuffer { slots in
            var slot = layout.slot(of: hash)
            while case let stored = slots[slot], stored != 0 {
                if layout.sameTag(stored, new), isSame(layout.number(in: stored)) { return layout.number(in: stored) }
                slot = (slot + 1) & mask
            }
            slots[slot] = new
            return nil
        }
        if existing == nil { count += 1 }
        return existing
    }

    /// Doubles the slots and places every number again (its tag too, which
    /// the slot's new bit takes from).
    @inlinable
    mutating func grow(hashOf: (Int) -> Int) {
        let old = storage
        let oldLayout = layout
        layout.slotBits += 1
        let layout = layout
        storage = ZeroedMemory(count: 1 << layout.slotBits)
        let mask = storage.buffer.count - 1
        old.withBuffer { old in
            storage.withBuffer { slots in
                for stored in old where stored != 0 {
                    let number = oldLayout.number(in: stored)
                    let hash = hashOf(number)
                    var slot = layout.slot(of: hash)
                    while slots[slot] != 0 { slot = (slot + 1) & mask }
                    slots[slot] = layout.entry(number, hash: hash)
                }
            }
        }
    }
}

extension IdentityTable {
    /// A number to look up (or add) in ``IdentityTable/resolve(_:isSame:hashOf:)``,
    /// with the high 32 bits of its hash, in 8 bytes: a diff may hold one for
    /// every item.
    @usableFromInline
    struct Lookup {
        @usableFromInline var bits: UInt64

        /// A lookup of `number`, whose identity hashes to `hash`.
        @inlinable
        init(number: Int, hash: Int) {
            bits = UInt64(UInt(bitPattern: hash)) & 0xFFFF_FFFF_0000_0000 | UInt64(UInt32(truncatingIfNeeded: number))
        }

        @inlinable
        var number: Int { Int(UInt32(truncatingIfNeeded: bits)) }

        /// The hash with its low 32 bits cleared: the same slot and tag as the
        /// hash while ``SlotLayout/slotAndTagFitInHighWord``.
        @inlinable
        var highWordHash: Int { Int(bitPattern: UInt(bits & 0xFFFF_FFFF_0000_0000)) }
    }

    /// A lookup with its slot, its entry and its place among the lookups, as
    /// it waits in its region.
    @usableFromInline
    struct PlacedLookup: BitwiseCopyable {
        @usableFromInline var slot: UInt32
        @usableFromInline var entry: UInt32
        @usableFromInline var index: UInt32

        @inlinable
        init(slot: UInt32, entry: UInt32, index: UInt32) {
            self.slot = slot
            self.entry = entry
            self.index = index
        }
    }
}

/// How ``IdentityTable`` finds a hash's slot (its high bits) and packs an
/// item number (plus one, so that 0 is empty) in a slot's low bits, with a
/// tag of the hash's next bits above it.
@usableFromInline
struct SlotLayout {
    /// The table has `1 << slotBits` slots.
    @usableFromInline var slotBits: Int
    /// The bits a number (plus one) takes in a slot.
    @usableFromInline let numberBits: Int

    @inlinable
    init(slotBits: Int, numberBits: Int) {
        self.slotBits = slotBits
        self.numberBits = numberBits
    }

    /// The slot where `hash` starts looking: its high bits.
    @inlinable
    func slot(of hash: Int) -> Int {
        Int(truncatingIfNeeded: UInt64(UInt(bitPattern: hash)) >> UInt64(64 - slotBits))
    }

    /// The bits of a hash kept in a slot's tag: those the number leaves but
    /// one, so that a table's slot and tag fit in a hash's high 32 bits
    /// until it grows (see ``IdentityTable/Lookup``).
    @inlinable
    var tagBits: Int { max(0, 31 - numberBits) }

    /// Whether the high 32 bits of a hash hold its slot and its tag.
    @inlinable
    var slotAndTagFitInHighWord: Bool { slotBits + tagBits <= 32 }

    /// What a slot holds for `number` with `hash`: the hash's bits after
    /// those of its slot, as many as ``tagBits``, above the number + 1.
    @inlinable
    func entry(_ number: Int, hash: Int) -> UInt32 {
        let tagBits = tagBits
        let value = UInt32(truncatingIfNeeded: number + 1)
        guard tagBits > 0 else { return value }
        let afterSlot = UInt64(UInt(bitPattern: hash)) << UInt64(slotBits)
        return UInt32(truncatingIfNeeded: afterSlot >> UInt64(64 - tagBits)) << UInt32(numberBits) | value
    }

    /// Whether a slot's tag allows it to hold the identity of `entry`'s.
    @inlinable
    func sameTag(_ stored: UInt32, _ entry: UInt32) -> Bool {
        numberBits >= 32 || stored >> UInt32(numberBits) == entry >> UInt32(numberBits)
    }

    /// The number in a slot.
    @inlinable
    func number(in stored: UInt32) -> Int {
        Int(numberBits >= 32 ? stored : stored & (1 << UInt32(numberBits) - 1)) - 1
    }
}

/// Reads `slots` once in order, so that the processor streams them into its
/// cache before they are read at random: a region of a table larger than
/// the cache is otherwise a wait on memory for nearly every item in it.
@usableFromInline
func warm(_ slots: Slice<UnsafeMutableBufferPointer<UInt32>>) {
    guard let base = slots.base.baseAddress else { return }
    listdiff_warm(base + slots.startIndex, slots.count * MemoryLayout<UInt32>.stride)
}
