/// A generator whose numbers follow from its seed alone (SplitMix64), so a
/// random search run again with its seed takes the same steps on any
/// machine: Swift's `SystemRandomNumberGenerator` cannot be seeded.
///
/// ```swift
/// var random = SeededRandom(seed: 7)
/// let first = random.next(upTo: 10)
/// var again = SeededRandom(seed: 7)
/// again.next(upTo: 10) == first   // true
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
    private var state: UInt64

    /// A generator seeded with `seed`.
    public init(seed: UInt64) {
        state = seed
    }

    /// The next 64 random bits.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number from 0 up to, not including, `bound` (0 when `bound` is not positive).
    public mutating func next(upTo bound: Int) -> Int {
        guard bound > 0 else { return 0 }
        return Int(next() % UInt64(bound))
    }

    /// One of `choices`, or nil when there is none.
    public mutating func element<Element>(of choices: [Element]) -> Element? {
        choices.isEmpty ? nil : choices[next(upTo: choices.count)]
    }
}
