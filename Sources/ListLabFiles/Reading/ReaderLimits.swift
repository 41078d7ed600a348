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
    /// The number of fields past which a reader reserves room for
    /// ``fieldCount`` at once (a file with a key per record, a wide
    /// header): growing by doubling placed every name again at each step.
    static let manyFields = 1_024

    /// The most empty cells a JSON file's columns may hold between a key's
    /// records, for a file of `bytes` bytes: a column stores every row from
    /// its first cell to its last, so a key in two records far apart, many
    /// times over, took rows x keys (10,000 records of 200 KB, each key
    /// twice, 5,000 apart, took 239 MB). Nine bytes a cell, within twice
    /// the file's size and 64 MiB.
    static func emptyCells(forFileOf bytes: Int) -> Int { (2 * bytes + 64 << 20) / 9 }
}
