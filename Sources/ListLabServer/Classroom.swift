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
package import ListLabShell

/// `listlab serve --classroom`: a server others may reach, so a tab's
/// session cannot touch the server's files. Each tab works in a folder of
/// its own, made when it opens and removed when it closes: it loads the
/// samples and the files uploaded into that folder, and what it writes
/// (`save`, `export`, `session save`) stays there and comes back to the
/// tab as a download. Each command has a time budget and a memory budget:
/// past either, the command is stopped as Ctrl-C stops one at the prompt,
/// and the data is as it was.
package struct Classroom: Sendable {
    /// The seconds a command may run.
    package var budget: Double
    /// The bytes the server may grow by while one command runs (see
    /// ``MemoryWatch``).
    package var memoryBudget: Int
    /// How the memory budget reads the server's memory (a test gives its own).
    package var residentBytes: @Sendable () -> Int? = MemoryWatch.residentBytes
    /// The bytes a tab may upload, all files together.
    package var uploadLimit: Int
    /// An empty folder, the "original" of every tab's confined folder
    /// (nothing is ever copied from it).
    let emptyFolder: String

    /// A classroom with `budget` seconds and `memoryBudget` bytes a command,
    /// and `uploadLimit` bytes of uploads a tab.
    ///
    /// - Throws: ``ShellError`` when no empty folder can be made.
    package init(budget: Double, memoryBudget: Int = 512 * 1_048_576, uploadLimit: Int) throws(ShellError) {
        self.budget = budget
        self.memoryBudget = memoryBudget
        self.uploadLimit = uploadLimit
        var template = Array((FileManager.default.temporaryDirectory.path + "/listlab-classroom-XXXXXX").utf8CString)
        let made: String? = template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, let folder = mkdtemp(base) else { return nil }
            return String(cString: folder)
        }
        guard let made else { throw ShellError("cannot make a folder for the classroom") }
        emptyFolder = made
    }

    /// A tab's own folder, and the words that refuse a path outside it.
    func makeTabFolder() throws(ShellError) -> ConfinedFolder {
        let folder = try ConfinedFolder(copying: emptyFolder)
        folder.outsideReason = "outside this tab's folder: in a classroom a session reads the samples and the files uploaded to it, and nothing else"
        return folder
    }

    /// The name an uploaded file is kept under, or nil for one that cannot
    /// be a file of the tab's folder (a path, a hidden name, another kind).
    static func uploadName(_ name: String) -> String? {
        let allowed = [".csv", ".json", ".ndjson", ".lab", ".txt"]
        guard !name.isEmpty, name.count <= 100, !name.hasPrefix("."), !name.contains("/"), !name.contains("\\"),
            name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F }),
            allowed.contains(where: { name.lowercased().hasSuffix($0) })
        else { return nil }
        return name
    }

    /// The regular files of `folder` with their size and modification time,
    /// to tell which ones a command wrote.
    static func files(in folder: String) -> [String: String] {
        var files: [String: String] = [:]
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            var info = stat()
            guard stat(folder + "/" + name, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { continue }
            #if canImport(Darwin)
            let modified = "\(info.st_mtimespec.tv_sec).\(info.st_mtimespec.tv_nsec)"
            #else
            let modified = "\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
            #endif
            files[name] = "\(info.st_size) \(modified)"
        }
        return files
    }
}
