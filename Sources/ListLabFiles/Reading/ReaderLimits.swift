/// The bounds every file reader keeps, so that a hostile file costs memory
/// within a small multiple of its size and is refused with one clear error
/// past them.
enum ReaderLimits {
    /// The largest file: cells address the file's bytes with 32-bit offsets.
    static let fileSize = Int(UInt32.max)
    /// The longest field name, in bytes.
    static let nameLength = 65_536
    /// The most fields (distinct keys) in one file: each costs a column.
    static let fieldCount = 131_072
}
