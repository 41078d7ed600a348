/// Files in one POSIX tar archive (ustar), as the teacher's Collect
/// downloads a class's transcripts: every system opens one (`tar -xf`,
/// macOS's Archive Utility, Windows' `tar`). Written here: none of the
/// packages this project builds with writes tar, and the one that writes
/// zip wants zlib's headers and the whole of Foundation in the server, for
/// a few text files that need neither compression nor dates.
///
/// Each file is owned by no one, readable by all (0644), dated 1970 (an
/// archive of the same files is the same bytes), and named in UTF-8 by a
/// path of a folder of at most 155 bytes (ustar's prefix) and a name of at
/// most 100; the callers' names are shorter.
struct TarArchive {
    /// The archive so far, without its end.
    private var blocks: [UInt8] = []

    /// Adds a file named `name` holding `bytes`.
    mutating func add(_ name: String, _ bytes: [UInt8]) {
        var header = [UInt8](repeating: 0, count: 512)
        func put(_ text: String, at offset: Int, width: Int) {
            for (index, byte) in text.utf8.prefix(width).enumerated() { header[offset + index] = byte }
        }
        /// `value` in octal, zero-padded to `width - 1` digits and a NUL.
        func octal(_ value: Int, at offset: Int, width: Int) {
            let digits = String(value, radix: 8)
            put(String(repeating: "0", count: max(0, width - 1 - digits.count)) + digits, at: offset, width: width - 1)
        }
        // `folder/name`: the name in its field, the folder in ustar's prefix.
        let slash = name.lastIndex(of: "/")
        let folder = slash.map { String(name[..<$0]) } ?? ""
        let base = slash.map { String(name[name.index(after: $0)...]) } ?? name
        put(base, at: 0, width: 100)
        put(folder, at: 345, width: 155)
        octal(0o644, at: 100, width: 8)
        octal(0, at: 108, width: 8)
        octal(0, at: 116, width: 8)
        octal(bytes.count, at: 124, width: 12)
        octal(0, at: 136, width: 12)
        put("        ", at: 148, width: 8)
        header[156] = UInt8(ascii: "0")
        put("ustar", at: 257, width: 6)
        put("00", at: 263, width: 2)
        // The checksum: the header's bytes summed with its own field as spaces, in six digits, a NUL and a space.
        let sum = header.reduce(0) { $0 + Int($1) }
        octal(sum, at: 148, width: 7)
        header[155] = UInt8(ascii: " ")
        blocks += header
        blocks += bytes
        blocks += [UInt8](repeating: 0, count: (512 - bytes.count % 512) % 512)
    }

    /// The archive: its files, then the two empty blocks that end it.
    var bytes: [UInt8] { blocks + [UInt8](repeating: 0, count: 1_024) }

    /// The bytes of the archive so far.
    var count: Int { blocks.count }
}
