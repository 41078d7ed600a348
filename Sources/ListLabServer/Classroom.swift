import ListLabFiles
import ListLabHTTP
package import ListLabShell
import Synchronization

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

/// `listlab serve --classroom`: a server others may reach, so a tab's
/// session cannot touch the server's files, nor another tab's, nor hold
/// more than its share. Each tab works in a folder of its own, made when it
/// opens and removed when it closes or the server stops: it loads the
/// samples and the files uploaded into that folder, and what it writes
/// (`save`, `export`, `session save`) stays there and comes back to the
/// tab as a download.
///
/// Each tab has quotas, each hit with one error that changes nothing:
/// - ``budget``: the seconds one command may run (it is stopped as Ctrl-C
///   stops one at the prompt);
/// - ``tabMemory``: the bytes of data its session may hold (its datasets,
///   estimated from what they hold, not from the process's growth, so that
///   one tab's work never stops another's);
/// - ``diskLimit`` and ``fileLimit``: the bytes and files of its folder,
///   uploads, saves and exports alike;
/// - ``keptStepBytes`` and ``stepOutputLimit``: what its steps keep.
///
/// What a tab keeps of its commands (its steps for a reload, its history,
/// its record for `session save`) counts in its ``tabMemory`` with its data,
/// each part bounded to a share of it. One student (one browser, by its
/// key; a page without one: its address, behind a `--proxy` the address it
/// forwards) holds at most ``tabsPerStudent`` tabs, one address at most
/// ``tabsPerAddress`` of all its students'. The server as a whole opens no new tab past ``serverMemory``
/// resident bytes, nor one whose folder would take the tabs' folders past
/// ``diskTotal`` (each tab reserves its whole ``diskLimit``). Tab folders are made in one folder of the classroom's
/// (``root``), with a file naming the server's process: a later server
/// removes the folders of one that was killed.
package struct Classroom: Sendable {
    /// The seconds a command may run.
    package var budget: Double
    /// The tabs one student (one browser, by its key; a page without one:
    /// its address) may hold, open or waiting for a reload.
    package var tabsPerStudent = 3
    /// The bytes one address's students may leave on the disk beside their
    /// tabs' folders, of collected work and of session logs each: an eighth
    /// of ``diskTotal`` for the default ``tabsPerAddress`` (32), and as much
    /// more as a class behind one address raises it, up to half.
    package var diskPerAddress: Int {
        min(diskTotal / 2, diskTotal / 8 * max(1, tabsPerAddress) / PlaygroundServer.mostTabsPerAddress)
    }
    /// The share of all collected work in ``DiskBook``'s counts: a name no student or address can have.
    private static let allCollected = "\u{0}all"

    /// The tabs one address may hold, all its students' together: a bound
    /// against a flood, which a class behind one address (a lab, a school's
    /// network) raises to its size. Its sockets and connections follow.
    package var tabsPerAddress = PlaygroundServer.mostTabsPerAddress
    /// The most `--tabs-per-address` may be: its tabs' sockets and their
    /// pages' other requests take at most half the server's connections, so
    /// that no two addresses take them all.
    package static let mostTabsPerAddress = HTTPListener.mostConnections / 2 - HTTPListener.mostPerClient / 2
    /// The bytes all tab folders may hold together, each reserving its
    /// ``diskLimit`` when it is made (``diskBook``).
    package var diskTotal: Int { diskBook.total }
    /// What the tab folders have reserved of ``diskTotal``.
    package let diskBook: DiskBook
    /// The students' names, one browser each (``ClassRoster``).
    package let roster = ClassRoster()
    /// The bytes of data a tab's session may hold.
    package var tabMemory: Int
    /// The bytes of files a tab's folder may hold.
    package var diskLimit: Int
    /// The files a tab's folder may hold.
    package var fileLimit = 100
    /// The server's resident bytes past which no new tab opens.
    package var serverMemory: Int
    /// How the server's resident memory is read (a test gives its own).
    package var residentBytes: @Sendable () -> Int? = Classroom.residentBytes
    /// Whether the tabs' folders stay when the server stops.
    package var keepsFolders = false
    /// Where each tab's transcripts are written when it ends (`serve
    /// --collect DIR`); nil writes none.
    package var collectFolder: String?
    /// Where the classroom says what it could not do (a transcript not collected).
    package var log: @Sendable (String) -> Void = { _ in }
    /// The bytes of steps a tab keeps for a page that comes back: 8 MB, or
    /// a quarter of ``tabMemory`` when that is less.
    package var keptStepBytes: Int
    /// The bytes of output one step shows; the rest is counted, not kept.
    package var stepOutputLimit = 4 * 1_048_576
    /// The highest change threshold a tab may set: above it, changes are
    /// shown with reloadData, which a budget can bound.
    static let highestThreshold = 10_000
    /// The most rows a tab's viewport shows.
    static let highestViewport = 50
    /// The most items a tab's diffable data source holds: its identifiers and
    /// their indexes weigh several times the rows they name, beside them.
    static let mostDiffableItems = 100_000
    /// What a tab's session keeps for `session save`: each command with its
    /// first 200 lines and 32 KB of output, 8 MB in all, or an eighth of
    /// ``tabMemory`` when that is less. A tab's own session and its open
    /// lesson's each keep this much; with the lessons it closed (an eighth),
    /// its steps (a quarter) and two histories (a sixteenth each), what it
    /// keeps of its commands is at most three quarters of its memory.
    var keptRecord: (lines: Int, bytes: Int, total: Int) { (200, 32 * 1_024, min(8 * 1_048_576, tabMemory / 8)) }
    /// The bytes of the transcripts of the lessons a tab closed, kept for the teacher.
    var keptClosedLessons: Int { min(8 * 1_048_576, tabMemory / 8) }
    /// The bytes of commands a tab's `history` keeps: 1 MB, or a sixteenth
    /// of ``tabMemory`` when that is less.
    var keptHistory: Int { min(1_048_576, tabMemory / 16) }
    /// The classroom's folder: the tabs' folders, an empty one, its owner.
    package let root: String
    /// An empty folder, the "original" of every tab's confined folder
    /// (nothing is ever copied from it).
    let emptyFolder: String

    /// The prefix of a classroom's folder in the temporary folder.
    static let rootPrefix = "listlab-classroom-"

    /// A classroom with `budget` seconds a command, `tabMemory` bytes of
    /// data and `diskLimit` bytes of files a tab, and no new tab past
    /// `serverMemory` bytes. The folders of classrooms whose server was
    /// killed are removed first.
    ///
    /// - Throws: ``ShellError`` when no folder can be made.
    package init(
        budget: Double, tabMemory: Int = 256 * 1_048_576, diskLimit: Int = 32 * 1_048_576,
        diskTotal: Int = 2_048 * 1_048_576,
        serverMemory: Int = 4_096 * 1_048_576
    ) throws(ShellError) {
        self.budget = budget
        self.tabMemory = tabMemory
        self.diskLimit = diskLimit
        self.serverMemory = serverMemory
        keptStepBytes = min(8 * 1_048_576, tabMemory / 4)
        diskBook = DiskBook(total: diskTotal)
        let temporary = FileManager.default.temporaryDirectory.path
        Self.removeAbandoned(in: temporary)
        var template = Array((temporary + "/" + Self.rootPrefix + "XXXXXX").utf8CString)
        let made: String? = template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, let folder = mkdtemp(base) else { return nil }
            return String(cString: folder)
        }
        guard let made else { throw ShellError(.failed("cannot make a folder for the classroom")) }
        root = made
        emptyFolder = made + "/empty"
        let pid = getpid()
        let owner = "\(pid) \(ProcessStart.ticks(of: pid) ?? 0)\n"
        guard mkdir(emptyFolder, 0o700) == 0,
            FileManager.default.createFile(atPath: made + "/owner", contents: Data(owner.utf8))
        else {
            try? FileManager.default.removeItem(atPath: made)
            throw ShellError(.failed("cannot make a folder for the classroom"))
        }
    }

    /// The classroom's rules in a tab's own process (``TabWorker``): the
    /// server's folder `root`, made and removed by the server, as the tab's
    /// limits are its (`budget` seconds a command, `tabMemory` bytes of data,
    /// `diskLimit` bytes of files).
    package init(hosting root: String, budget: Double, tabMemory: Int, diskLimit: Int) {
        self.budget = budget
        self.tabMemory = tabMemory
        self.diskLimit = diskLimit
        serverMemory = Int.max
        keptStepBytes = min(8 * 1_048_576, tabMemory / 4)
        diskBook = DiskBook(total: diskLimit)
        self.root = root
        emptyFolder = root + "/empty"
    }

    /// The folder the server made for a tab (`scratch`, a copy of `original`),
    /// confined as ``makeTabFolder()`` confines one.
    func adoptTabFolder(scratch: String, original: String) -> ConfinedFolder {
        confined(ConfinedFolder(adopting: scratch, of: original))
    }

    /// `folder` with the words that refuse a path outside it and the tab's quota.
    private func confined(_ folder: ConfinedFolder) -> ConfinedFolder {
        folder.outsideReason =
            "outside this tab's folder: in a classroom a session reads the samples and the files uploaded to it, "
            + "and nothing else"
        folder.quota = (diskLimit, fileLimit)
        return folder
    }

    /// A tab's own folder, and the words that refuse a path outside it; its
    /// ``diskLimit`` is reserved of ``diskTotal`` until ``endTabFolder(_:)``.
    ///
    /// - Throws: ``ShellError`` when the tabs' folders hold their total, or
    ///   no folder can be made.
    func makeTabFolder() throws(ShellError) -> ConfinedFolder {
        guard diskBook.reserve(diskLimit) else {
            throw ShellError(
                .overBound(
                    "the classroom's tab folders have reserved \(diskBook.reserved / 1_048_576) MB of the "
                        + "\(diskTotal / 1_048_576) MB they may hold together (--disk-total): try again when others "
                        + "close theirs"
                )
            )
        }
        do {
            return confined(try ConfinedFolder(copying: emptyFolder, in: root, prefix: "tab-"))
        } catch {
            diskBook.release(diskLimit)
            throw ShellError(
                .failed("the classroom could not make a folder for this tab (is the temporary folder full?)"))
        }
    }

    /// A tab ended: its folder goes, and its reservation with it; a kept
    /// folder (``keepsFolders``) keeps its reservation until the server stops.
    func endTabFolder(_ folder: ConfinedFolder) {
        guard !keepsFolders else { return }
        folder.remove()
        diskBook.release(diskLimit)
    }

    /// Removes the classroom's folder, every tab's with it, unless they are kept.
    package func removeFolders() {
        guard !keepsFolders else { return }
        try? FileManager.default.removeItem(atPath: root)
    }

    /// Removes the folders of classrooms in `temporary` whose server no
    /// longer runs (it was killed): their owner file names its process.
    static func removeAbandoned(in temporary: String) {
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary)) ?? []
        where name.hasPrefix(rootPrefix) {
            let folder = temporary + "/" + name
            guard let data = FileManager.default.contents(atPath: folder + "/owner") else { continue }
            let fields = String(decoding: data, as: UTF8.self).split(whereSeparator: \.isWhitespace)
            guard fields.count == 2, let pid = Int32(fields[0]), let ticks = Int(fields[1]) else { continue }
            var info = stat()
            // Only a folder of this user's: another's is not ours to remove.
            guard stat(folder, &info) == 0, info.st_uid == getuid() else { continue }
            if !ProcessStart.isRunning(pid, startTicks: ticks == 0 ? nil : ticks) {
                try? FileManager.default.removeItem(atPath: folder)
            }
        }
    }

    /// The name an uploaded file is kept under, or nil for one that cannot
    /// be a file of the tab's folder (a path, a hidden name, another kind).
    static func uploadName(_ name: String) -> String? {
        let allowed = [".csv", ".json", ".ndjson", ".lab", ".txt"]
        guard !name.isEmpty, name.count <= 100, !name.hasPrefix("."), !name.contains("/"), !name.contains("\\"),
            // No control character (C0, DEL, C1) and no bidirectional control (U+202E turns a name around).
            name.unicodeScalars.allSatisfy({
                $0.value >= 0x20 && !(0x7F...0x9F).contains($0.value) && !Self.bidiControls.contains($0.value)
            }),
            allowed.contains(where: { name.lowercased().hasSuffix($0) })
        else { return nil }
        return name
    }

    /// The bidirectional formatting characters, which reorder the text around them.
    /// The longest name a student gives, in characters.
    static let longestStudentName = 40

    /// A student's name as the teacher's page shows it: `typed` with its
    /// spaces trimmed and each run of them one space; nil for an empty one,
    /// a longer one than ``longestStudentName``, or one with a character
    /// that is not a letter, mark, number, punctuation, symbol or space (a
    /// control, a bidirectional override, a format character).
    static func studentName(_ typed: String) -> String? {
        var name = ""
        for scalar in typed.unicodeScalars {
            switch scalar.properties.generalCategory {
            case .spaceSeparator:
                if !name.isEmpty && name.last != " " { name.append(" ") }
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .letterNumber, .otherNumber,
                .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
                .finalPunctuation,
                .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
                name.unicodeScalars.append(scalar)
            default:
                return nil
            }
        }
        if name.last == " " { name.removeLast() }
        guard !name.isEmpty, name.count <= longestStudentName, name.utf8.count <= longestStudentName * 4,
            !mixesLookalikeScripts(name)
        else {
            return nil
        }
        return name
    }

    /// Whether `name` has letters of more than one of the Latin, Greek and
    /// Cyrillic scripts, whose letters look alike: "Gracе" with a Cyrillic е
    /// would read as Grace on the teacher's page.
    static func mixesLookalikeScripts(_ name: String) -> Bool {
        var scripts = Set<Int>()
        for scalar in name.unicodeScalars where scalar.properties.isAlphabetic {
            switch scalar.value {
            case 0x41...0x5A, 0x61...0x7A, 0xC0...0x24F, 0x1E00...0x1EFF: scripts.insert(0)
            case 0x370...0x3FF, 0x1F00...0x1FFF: scripts.insert(1)
            case 0x400...0x52F, 0x1C80...0x1C8F, 0x2DE0...0x2DFF, 0xA640...0xA69F: scripts.insert(2)
            default: continue
            }
        }
        return scripts.count > 1
    }

    /// Writes a tab's `collection` into `folder` (`serve --collect`): a new
    /// folder of its own (`tab-3-Ada`, or `tab-3-Ada-2` where that name is
    /// taken), each file made new in it. Nothing is written through a link
    /// or over a file; what cannot be written is logged.
    ///
    /// What is collected stays on the disk: it counts for good against the
    /// bytes all folders may hold (`--disk-total`), at most half of them, so
    /// that the other half is always the tabs'. A student's tabs together
    /// may leave at most a tab's `--disk` of it (a student who opens and
    /// closes tabs in a loop fills neither the disk nor the folder), and one
    /// address's tabs (`address`: a page can make up keys) at most
    /// ``diskPerAddress``. A student is their browser's key (`key`),
    /// whatever names it gave.
    func collect(
        _ collection: (folder: String, files: [(name: String, bytes: [UInt8])]), of student: String?, key: String?,
        from address: String, into folder: String
    ) {
        guard !collection.files.isEmpty else { return }
        // Each file's bytes, and a block for its entry in the folder.
        let bytes = collection.files.reduce(4_096) { $0 + $1.bytes.count + 4_096 }
        // A student by their browser's key, so that a new name is not a new share; a tab with a name and
        // no key by the name as the roster holds names (case and spaces aside); the tabs with neither
        // share one share. Each under a prefix the others cannot take.
        let who = student ?? "(no name)"
        let share = key.map { "key " + $0 } ?? student.map { "name " + ClassRoster.folded($0) } ?? "\u{0}no name"
        guard diskBook.reserveCollected(bytes, for: share, share: diskLimit) else {
            log(
                "--collect: \(collection.folder) not written: \(who)'s tabs would leave more than "
                    + "\(diskLimit / 1_048_576) MB of collected work, a tab's --disk"
            )
            return
        }
        let addressShare = "\u{0}address " + address
        guard diskBook.reserveCollected(bytes, for: addressShare, share: diskPerAddress) else {
            diskBook.releaseCollected(bytes, for: share)
            log(
                "--collect: \(collection.folder) not written: the tabs of \(address) would leave more than "
                    + "\(diskPerAddress / 1_048_576) MB of collected work, an address's share of --disk-total"
            )
            return
        }
        guard diskBook.reserveCollected(bytes, for: Self.allCollected, share: diskTotal / 2) else {
            diskBook.releaseCollected(bytes, for: share)
            diskBook.releaseCollected(bytes, for: addressShare)
            log(
                "--collect: \(collection.folder) not written: the class's collected work would take more than half "
                    + "of the \(diskTotal / 1_048_576) MB of --disk-total, which is kept for the tabs"
            )
            return
        }
        guard diskBook.reserve(bytes) else {
            for name in [share, addressShare, Self.allCollected] { diskBook.releaseCollected(bytes, for: name) }
            log(
                "--collect: \(collection.folder) not written: the class's folders and collected work hold the "
                    + "\(diskTotal / 1_048_576) MB of --disk-total"
            )
            return
        }
        var made: String?
        for suffix in 1...1_000 {
            let path = folder + "/" + collection.folder + (suffix == 1 ? "" : "-\(suffix)")
            // mkdir makes a folder or fails: it never follows a link, and never takes one that is there.
            if mkdir(path, 0o755) == 0 {
                made = path
                break
            }
            guard errno == EEXIST else { break }
        }
        guard let made else {
            log(
                "--collect: \(collection.folder) not written: no new folder could be made in \(folder) "
                    + "(\(String(cString: strerror(errno))))"
            )
            diskBook.release(bytes)
            for name in [share, addressShare, Self.allCollected] { diskBook.releaseCollected(bytes, for: name) }
            return
        }
        for file in collection.files {
            let path = made + "/" + file.name
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            guard descriptor >= 0 else {
                log("--collect: \(collection.folder)/\(file.name) not written (\(String(cString: strerror(errno))))")
                continue
            }
            let (written, failure) = FileDescriptor.writeAll(file.bytes[...], to: descriptor)
            let synced = fsync(descriptor) == 0
            close(descriptor)
            if written < file.bytes.count || failure != nil || !synced {
                unlink(path)
                log(
                    "--collect: \(collection.folder)/\(file.name) not written (\(failure ?? "the disk did not keep it"))"
                )
            }
        }
    }

    static let bidiControls: [UInt32] = [
        0x061C, 0x200E, 0x200F, 0x202A, 0x202B, 0x202C, 0x202D, 0x202E, 0x2066, 0x2067, 0x2068, 0x2069,
    ]

    /// The server's resident memory in bytes, with its tabs' processes'
    /// (``TabProcess``), or nil where it cannot be read: what `--server-memory` bounds.
    @Sendable package static func residentBytes() -> Int? {
        guard let own = residentBytes(of: "self") else { return nil }
        // A tab's process shares the program's pages with the server: its own memory is what it holds apart.
        return TabProcess.running().reduce(own) { $0 + (residentBytes(of: "\($1)", apartFromShared: true) ?? 0) }
    }

    /// The resident memory of process `process` (a pid, or `self`), in
    /// bytes; `apartFromShared`, less what it shares with other processes
    /// (the program's file, mapped by every one).
    private static func residentBytes(of process: String, apartFromShared: Bool = false) -> Int? {
        #if os(Linux)
            let descriptor = open("/proc/\(process)/statm", O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            defer { close(descriptor) }
            var buffer = [UInt8](repeating: 0, count: 128)
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return nil }
            // "size resident shared ...", in pages.
            let fields = buffer[..<count].split(separator: UInt8(ascii: " "))
            guard fields.count > 2, let pages = Int(String(decoding: fields[1], as: UTF8.self)),
                let shared = Int(String(decoding: fields[2], as: UTF8.self))
            else { return nil }
            return (apartFromShared ? max(0, pages - shared) : pages) * Int(sysconf(Int32(_SC_PAGESIZE)))
        #else
            return nil
        #endif
    }
}

/// What a classroom's tab folders have reserved of the bytes they may hold
/// together: shared by every copy of the ``Classroom``.
package final class DiskBook: Sendable {
    /// The bytes the folders may hold together.
    package let total: Int
    private let held = Mutex(0)

    init(total: Int) {
        self.total = total
    }

    /// The bytes reserved now.
    package var reserved: Int { held.withLock { $0 } }

    /// Reserves `bytes` when they fit in ``total``.
    func reserve(_ bytes: Int) -> Bool {
        held.withLock { held in
            guard held + bytes <= total else { return false }
            held += bytes
            return true
        }
    }

    /// Gives back `bytes` reserved.
    func release(_ bytes: Int) {
        held.withLock { $0 = max(0, $0 - bytes) }
    }

    /// The bytes `--collect` has written for each student (by name).
    private let collected = Mutex<[String: Int]>([:])

    /// Counts `bytes` of collected work for `student`, when their
    /// collections stay within `share` in all.
    func reserveCollected(_ bytes: Int, for student: String, share: Int) -> Bool {
        collected.withLock { collected in
            guard collected[student, default: 0] + bytes <= share else { return false }
            collected[student, default: 0] += bytes
            return true
        }
    }

    /// Gives back `bytes` that ``reserveCollected(_:for:share:)`` counted.
    func releaseCollected(_ bytes: Int, for student: String) {
        collected.withLock { $0[student] = max(0, $0[student, default: 0] - bytes) }
    }
}
