import ListLabTestSupport
import Testing

@testable import ListLabFiles

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// A file large enough to be read and hashed in parts is read byte for byte, and its hash is the
/// hash of its bytes however they were read, and changes with any one byte in any block.
@Test func aLargeFileIsReadInPartsByteForByteAndHashedAsItsBytes() throws {
    let folder = try TemporaryFolder()
    // Past the parted size, and not a whole number of blocks.
    let size = FileBytes.partedSize + 3 * FileBytes.block + 12_345
    // 4 KB of noise, repeated, each copy marked with its number (a debug build fills bytes slowly).
    var noise = [UInt8](repeating: 0, count: 4_096)
    var state: UInt64 = 0x1234_5678
    for index in noise.indices {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        noise[index] = UInt8(truncatingIfNeeded: state >> 56)
    }
    var bytes: [UInt8] = []
    bytes.reserveCapacity(size)
    while bytes.count < size {
        noise[0] = UInt8(truncatingIfNeeded: bytes.count / noise.count)
        bytes.append(contentsOf: noise.prefix(size - bytes.count))
    }
    let path = folder.path + "/big.bin"
    #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
    let read = try FileBytes.read(path, name: "big.bin")
    #expect(read.bytes.count == size)
    #expect(
        read.bytes.withUnsafeBytes { a in bytes.withUnsafeBytes { b in a.elementsEqual(b) } },
        "the parts were joined in order")
    #expect(read.fingerprint.hash == FileFingerprint.hash(bytes))
    #expect(read.fingerprint.size == size)
    for place in [0, FileBytes.block - 1, FileBytes.block, size / 2, size - 1] {
        var changed = bytes
        changed[place] ^= 0x01
        #expect(FileFingerprint.hash(changed) != read.fingerprint.hash, "a change at \(place)")
    }
    #expect(FileFingerprint.hash(Array(bytes.dropLast())) != read.fingerprint.hash, "one byte shorter")
    #expect(FileFingerprint.hash([]) != FileFingerprint.hash([0]))
    #expect(FileFingerprint.hash([1, 2, 3]) == FileFingerprint.hash([1, 2, 3]))
}
