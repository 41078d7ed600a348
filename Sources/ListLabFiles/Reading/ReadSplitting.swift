#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// How a read on several threads splits a file's body into pieces.
struct ReadSplitting: Sendable {
    /// The fewest bytes a piece is worth: below it, a thread costs more
    /// than it saves.
    var bytesPerPiece: Int
    /// The most pieces.
    var mostPieces: Int

    /// Pieces of 4 MB or more, as many as the machine has cores (at most 8).
    static let byMachine = ReadSplitting(bytesPerPiece: 4 * 1_048_576, mostPieces: min(8, Machine.activeCores))
    /// One piece: the serial read.
    static let never = ReadSplitting(bytesPerPiece: Int.max, mostPieces: 1)

    /// The pieces a body of `count` bytes is worth (1: read it serially).
    func pieces(forBytes count: Int) -> Int {
        max(1, min(mostPieces, count / max(1, bytesPerPiece)))
    }
}

/// What the machine offers a read on several threads.
enum Machine {
    /// The threads a read may use: `LISTLAB_THREADS` when it is set to a
    /// number (1 reads on one thread), else the cores online.
    static let activeCores: Int = {
        if let text = getenv("LISTLAB_THREADS").map({ String(cString: $0) }), let threads = Int(text), threads >= 1 {
            return threads
        }
        return max(1, Int(sysconf(Int32(_SC_NPROCESSORS_ONLN))))
    }()
}
