import Dispatch

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// A whole file read into memory, with what is needed to notice later that
/// someone else changed it: its size, modification time and a hash of its
/// bytes.
public struct FileBytes: Sendable {
    /// The file's bytes.
    public let bytes: [UInt8]
    /// What the file was when read.
    public let fingerprint: FileFingerprint

    /// The size from which a file is read and hashed in parts, one a core.
    static let partedSize = 8 << 20
    /// The parts' unit: a part is a whole number of blocks, and the hash is the blocks' in order.
    static let block = 1 << 20

    /// Reads the file at `path`; `name` is how messages name it.
    ///
    /// - Throws: ``LoadError``: no such file, not a regular file (a folder,
    ///   a FIFO, a device or a socket, after following links), larger than
    ///   4 GiB, permission denied, or another reason from the system.
    public static func read(_ path: String, name: String) throws(LoadError) -> FileBytes {
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused below).
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw LoadError(file: name, message: message(for: errno)) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw LoadError(file: name, message: message(for: errno)) }
        switch status.st_mode & S_IFMT {
        case S_IFREG: break
        case S_IFDIR: throw LoadError(file: name, message: "is a folder, not a file")
        case S_IFIFO: throw LoadError(file: name, message: "is a named pipe (FIFO), not a regular file")
        case S_IFCHR, S_IFBLK: throw LoadError(file: name, message: "is a device, not a regular file")
        case S_IFSOCK: throw LoadError(file: name, message: "is a socket, not a regular file")
        default: throw LoadError(file: name, message: "is not a regular file")
        }
        guard status.st_size <= ReaderLimits.fileSize else {
            throw LoadError(
                file: name, message: "is larger than 4 GiB, the most ListLab reads (\(status.st_size) bytes)")
        }
        let size = Int(status.st_size)
        var failure: Int32 = 0
        // The hash of each block, when the file was read in parts.
        var blockHashes: [UInt64] = []
        var bytes = [UInt8](unsafeUninitializedCapacity: max(size, 0)) { buffer, initialized in
            guard let base = buffer.baseAddress, size > 0 else { return }
            if size >= Self.partedSize { HugePages.advise(UnsafeMutableRawPointer(base), bytes: size) }
            // A large file in parts on every core: the copy out of the page cache and the faults
            // of the new pages are each part's own, where one thread took a tenth of a load.
            let parts = size >= Self.partedSize ? min(Machine.activeCores, size / (Self.partedSize / 2)) : 1
            let step = (size / parts / Self.block + 1) * Self.block
            let outcomes = PartResults<(read: Int, failure: Int32)>(count: parts, initial: (0, 0))
            let hashes = PartResults<[UInt64]>(count: parts, initial: [])
            let shared = SharedAddress(base: base)
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let start = min(size, part * step)
                let end = min(size, start + step)
                var offset = start
                var partHashes: [UInt64] = []
                // A block at a time, each hashed as soon as it is read, while it is in the cache:
                // a pass of its own over a large file's bytes was a twentieth of its load.
                while offset < end {
                    let blockStart = offset
                    let blockEnd = min(end, offset + Self.block)
                    while offset < blockEnd {
                        let count = pread(descriptor, shared.base + offset, blockEnd - offset, off_t(offset))
                        if count < 0 {
                            if errno == EINTR { continue }
                            outcomes.set(part, (offset - start, errno))
                            return
                        }
                        if count == 0 {
                            outcomes.set(part, (offset - start, 0))
                            return
                        }
                        offset += count
                    }
                    partHashes.append(
                        FileFingerprint.blockHash(
                            UnsafeRawBufferPointer(start: shared.base + blockStart, count: blockEnd - blockStart)))
                }
                hashes.set(part, partHashes)
                outcomes.set(part, (offset - start, 0))
            }
            blockHashes = hashes.all.joined().map { $0 }
            // The bytes read are the parts' up to the first short one (a file cut while it was read).
            var read = 0
            for (part, outcome) in outcomes.all.enumerated() {
                if outcome.failure != 0 { failure = outcome.failure }
                read += outcome.read
                guard outcome.failure == 0, outcome.read == min(size, (part + 1) * step) - min(size, part * step) else {
                    break
                }
            }
            initialized = read
        }
        if failure != 0 { throw LoadError(file: name, message: message(for: failure)) }
        // pread leaves the file's offset where it was: what follows reads on from the bytes read.
        lseek(descriptor, off_t(bytes.count), SEEK_SET)
        // A file that grew while it was read is read to its end, within the bound.
        var chunk = [UInt8](repeating: 0, count: 65_536)
        while bytes.count <= ReaderLimits.fileSize {
            let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
            if count <= 0 { break }
            bytes.append(contentsOf: chunk[0..<count])
        }
        guard bytes.count <= ReaderLimits.fileSize else {
            throw LoadError(file: name, message: "is larger than 4 GiB, the most ListLab reads")
        }
        // The blocks' hashes, when every block of the file as it was first sized was read and hashed.
        let hash =
            bytes.count == size && blockHashes.count == (size + Self.block - 1) / Self.block
            ? FileFingerprint.joining(blockHashes: blockHashes, count: size) : FileFingerprint.hash(bytes)
        let fingerprint = FileFingerprint(size: bytes.count, modified: modificationTime(status), hash: hash)
        return FileBytes(bytes: bytes, fingerprint: fingerprint)
    }

    /// Whether the file at `path` has `fingerprint`'s size and modification
    /// time now (one `stat`, no read): false says the file changed, true
    /// that it may not have (only its bytes' hash can say).
    public static func hasSizeAndTime(of fingerprint: FileFingerprint, at path: String) -> Bool {
        var status = stat()
        guard stat(path, &status) == 0 else { return false }
        return Int(status.st_size) == fingerprint.size && modificationTime(status) == fingerprint.modified
    }

    /// The fingerprint of the file at `path` now (it reads the whole file),
    /// or nil when it cannot be read.
    public static func currentFingerprint(of path: String) -> FileFingerprint? {
        (try? read(path, name: path))?.fingerprint
    }

    /// The fingerprint of a file just written with `bytes`: its time from the
    /// file system, its size and hash from the bytes, without reading it back.
    public static func fingerprint(of path: String, written bytes: [UInt8]) -> FileFingerprint? {
        var status = stat()
        guard stat(path, &status) == 0 else { return nil }
        return FileFingerprint(size: bytes.count, modified: modificationTime(status), hash: FileFingerprint.hash(bytes))
    }

    private static func modificationTime(_ status: stat) -> Int {
        #if canImport(Darwin)
            Int(status.st_mtimespec.tv_sec) &* 1_000_000_000 &+ Int(status.st_mtimespec.tv_nsec)
        #else
            Int(status.st_mtim.tv_sec) &* 1_000_000_000 &+ Int(status.st_mtim.tv_nsec)
        #endif
    }

    private static func message(for code: Int32) -> String {
        switch code {
        case ENOENT: "no such file"
        case EACCES, EPERM: "permission denied"
        case EISDIR: "is a folder, not a file"
        default: String(cString: strerror(code)).lowercased()
        }
    }
}

/// What a file was when it was read: size, modification time (ns) and a
/// 64-bit hash of its bytes. Any difference means someone changed it.
public struct FileFingerprint: Hashable, Sendable {
    /// The size in bytes.
    public var size: Int
    /// The modification time, in nanoseconds since 1970.
    public var modified: Int
    /// A hash of the content.
    public var hash: UInt64

    /// A fast 64-bit hash of `bytes`, eight bytes a step (not for security:
    /// for noticing a changed file).
    public static func hash(_ bytes: [UInt8]) -> UInt64 {
        bytes.withUnsafeBytes { raw -> UInt64 in
            // Blocks of a megabyte hashed on every core and joined in order: the same hash
            // whatever the cores, where one thread's pass over a large file was a tenth of its load.
            let count = raw.count
            guard let base = raw.baseAddress, count > 0 else { return joining(blockHashes: [], count: count) }
            let blocks = (count + FileBytes.block - 1) / FileBytes.block
            let parts = count >= FileBytes.partedSize ? min(Machine.activeCores, blocks) : 1
            let hashes = PartResults<[UInt64]>(count: parts, initial: [])
            let shared = SharedAddress(base: UnsafeMutableRawPointer(mutating: base))
            DispatchQueue.concurrentPerform(iterations: parts) { part in
                let range = (blocks * part / parts)..<(blocks * (part + 1) / parts)
                hashes.set(
                    part,
                    range.map { block in
                        let start = block * FileBytes.block
                        return blockHash(
                            UnsafeRawBufferPointer(
                                start: shared.base + start, count: min(count, start + FileBytes.block) - start))
                    })
            }
            return joining(blockHashes: hashes.all.joined(), count: count)
        }
    }

    /// The hash of `count` bytes whose blocks of ``FileBytes/block`` bytes
    /// (the last one shorter) hash, in order, to `blockHashes`.
    static func joining(blockHashes: some Sequence<UInt64>, count: Int) -> UInt64 {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15 ^ UInt64(count)
        for hash in blockHashes {
            state = (state ^ hash) &* 0x94D0_49BB_1331_11EB
            state ^= state >> 31
        }
        return state
    }

    /// One block's hash: four words at a time in four lanes, which the
    /// processor runs side by side (one lane waits on each multiply).
    static func blockHash(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var lanes: (UInt64, UInt64, UInt64, UInt64) = (
            0x243F_6A88_85A3_08D3, 0x1319_8A2E_0370_7344, 0xA409_3822_299F_31D0, 0x082E_FA98_EC4E_6C89
        )
        @inline(__always) func mix(_ state: UInt64, _ word: UInt64) -> UInt64 {
            let mixed = (state ^ word) &* 0xBF58_476D_1CE4_E5B9
            return mixed ^ (mixed >> 29)
        }
        var offset = 0
        while offset + 32 <= raw.count {
            lanes.0 = mix(lanes.0, raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
            lanes.1 = mix(lanes.1, raw.loadUnaligned(fromByteOffset: offset + 8, as: UInt64.self))
            lanes.2 = mix(lanes.2, raw.loadUnaligned(fromByteOffset: offset + 16, as: UInt64.self))
            lanes.3 = mix(lanes.3, raw.loadUnaligned(fromByteOffset: offset + 24, as: UInt64.self))
            offset += 32
        }
        while offset < raw.count {
            lanes.0 = mix(lanes.0, UInt64(raw[offset]) | 0x100)
            offset += 1
        }
        var state = mix(mix(mix(lanes.0, lanes.1), lanes.2), lanes.3)
        state = mix(state, UInt64(raw.count))
        return state
    }
}

/// Asks the kernel for huge pages where a large buffer is about to be
/// written whole: one fault per 2 MB instead of one per 4 KB (a new
/// buffer's faults were a quarter of a JSON load's time). Linux only, and
/// only where the system leaves it to the program (`madvise` mode).
enum HugePages {
    private static let size = 2 * 1_048_576

    /// Advises the whole 2 MB pages inside `bytes` bytes at `base`.
    static func advise(_ base: UnsafeMutableRawPointer?, bytes: Int) {
        #if os(Linux)
            guard let base else { return }
            let start = (Int(bitPattern: base) + size - 1) & ~(size - 1)
            let end = (Int(bitPattern: base) + bytes) & ~(size - 1)
            guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
            _ = madvise(aligned, end - start, MADV_HUGEPAGE)
        #endif
    }
}
