import Foundation

/// The files of a tar archive, read as the tests check one: each header's name and size, and the
/// bytes after it (ustar, as ``TarArchive`` writes it).
enum TarFiles {
    struct Malformed: Error {}

    static func read(_ archive: [UInt8]) throws -> [(name: String, text: String)] {
        var files: [(name: String, text: String)] = []
        var offset = 0
        while offset + 512 <= archive.count {
            let header = archive[offset..<(offset + 512)]
            guard header.contains(where: { $0 != 0 }) else { return files }
            let base = String(decoding: header.prefix(100).prefix { $0 != 0 }, as: UTF8.self)
            let prefix = String(decoding: header.dropFirst(345).prefix(155).prefix { $0 != 0 }, as: UTF8.self)
            let name = prefix.isEmpty ? base : prefix + "/" + base
            let sizeField = String(decoding: header.dropFirst(124).prefix(11), as: UTF8.self)
            guard let size = Int(sizeField, radix: 8),
                String(decoding: header.dropFirst(257).prefix(5), as: UTF8.self) == "ustar"
            else { throw Malformed() }
            // The checksum: the header's bytes with its own field as spaces.
            let sum = header.enumerated().reduce(0) { $0 + ((148..<156).contains($1.offset) ? 32 : Int($1.element)) }
            guard Int(String(decoding: header.dropFirst(148).prefix(6), as: UTF8.self), radix: 8) == sum else {
                throw Malformed()
            }
            let start = offset + 512
            guard start + size <= archive.count else { throw Malformed() }
            files.append((name, String(decoding: archive[start..<(start + size)], as: UTF8.self)))
            offset = start + (size + 511) / 512 * 512
        }
        throw Malformed()
    }
}

/// The megabytes a refusal of a load says the session may hold (`... of the 1.5 MB it may`, `of the 900 KB it may`).
func megabytesItMayHold(_ said: String) -> Double? {
    guard let range = said.range(of: #"of the [0-9.]+ (MB|KB) it may"#, options: .regularExpression) else { return nil }
    let words = said[range].split(separator: " ")
    guard let value = Double(words[2]) else { return nil }
    return words[3] == "KB" ? value / 1_024 : value
}
