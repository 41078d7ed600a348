#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What a classroom keeps across a restart, beside its token file
/// (`--token-file FILE` keeps it in `FILE.class`): the students' names with
/// the browsers that hold them, the grades of the tabs that ended, and the
/// last tab's number. A server started again with the same token file shows
/// the same class: its links open, each name stays its student's, and the
/// teacher's table and gradebook keep every exercise checked before.
///
/// The file holds the browsers' keys, which name a student, so it is kept
/// as the token file is: made readable by its owner alone, and read back
/// only when it is a plain file of the user running the server that no one
/// else may read or write.
package struct ClassRecord: Codable, Equatable {
    /// Each name the class holds (folded), and the key of the browser that holds it.
    var holders: [String: String] = [:]
    /// The keys each address gave names for.
    var keysByAddress: [String: [String]] = [:]
    /// Each named student whose every tab ended, as one status.
    var endedStudents: [TabStatus] = []
    /// The unnamed tabs that ended after checking an exercise.
    var endedUnnamed: [TabStatus] = []
    /// The number of the last tab opened.
    var lastTab = 0

    /// The most bytes a record may hold: a class of 2,000 names, each with 50 exercises, and room beside.
    static let longest = 64 * 1_048_576

    /// The record kept beside the token file at `tokenFile`.
    static func path(besideTokenFile tokenFile: String) -> String {
        tokenFile + ".class"
    }

    /// The record in `path`; nil when there is none.
    ///
    /// - Throws: ``TokenFile/Problem`` when the file is a link, not a plain
    ///   file, someone else's, open to others, too large or not a record.
    static func load(from path: String) throws(TokenFile.Problem) -> ClassRecord? {
        guard let bytes = try PrivateFile.contents(of: path, most: longest) else { return nil }
        guard let record = try? JSONDecoder().decode(ClassRecord.self, from: Data(bytes)) else {
            throw TokenFile.Problem(description: "\(path) is not a class's record")
        }
        return record
    }

    /// Writes the record to `path` through a temporary file renamed over it,
    /// readable by its owner alone; false when it could not be written (the
    /// record before it stays).
    @discardableResult
    func save(to path: String) -> Bool {
        guard let data = try? JSONEncoder().encode(self), data.count <= Self.longest else { return false }
        let target = path + ".new"
        unlink(target)
        let descriptor = open(target, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { return false }
        let bytes = [UInt8](data)
        var written = 0
        while written < bytes.count {
            let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + written, $0.count - written) }
            guard count > 0 else { break }
            written += count
        }
        let synced = fsync(descriptor) == 0
        close(descriptor)
        guard written == bytes.count, synced, rename(target, path) == 0 else {
            unlink(target)
            return false
        }
        return true
    }
}
