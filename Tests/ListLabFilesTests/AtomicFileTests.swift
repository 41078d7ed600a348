import CFileSystem
import ListLabRecords
import ListLabTestSupport
import Testing

@testable import ListLabFiles

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

extension TemporaryFolder {
    /// The `stat` of `name`, a file in the folder.
    func status(_ name: String) -> stat {
        var status = stat()
        stat(path + "/" + name, &status)
        return status
    }
}

@Test func aSaveKeepsOwnerGroupModeAndExtendedAttributes() throws {
    let place = try TemporaryFolder()
    try place.write("data.csv", "id\n1\n")
    let file = place.path + "/data.csv"
    chmod(file, 0o600)
    let attributeSet = cfs_setxattr(file, "user.listlab", "kept", 4) == 0
    let asRoot = geteuid() == 0
    if asRoot { chown(file, 65534, 65534) }
    try AtomicFile.write(Array("id\n2\n".utf8), to: file)
    let status = place.status("data.csv")
    #expect(place.read("data.csv") == "id\n2\n")
    #expect(status.st_mode & 0o777 == 0o600)
    if asRoot {
        #expect(status.st_uid == 65534 && status.st_gid == 65534)
    }
    if attributeSet {
        var value = [UInt8](repeating: 0, count: 16)
        let length = cfs_getxattr(file, "user.listlab", &value, value.count)
        #expect(length == 4 && Array(value[0..<4]) == Array("kept".utf8))
    }
}

@Test func aSymbolicLinkIsFollowedAndKept() throws {
    let place = try TemporaryFolder()
    try FileManager.default.createDirectory(atPath: place.path + "/real", withIntermediateDirectories: true)
    try place.write("real/data.json", "[]")
    symlink("real/data.json", place.path + "/link.json")
    try AtomicFile.write(Array("[1]".utf8), to: place.path + "/link.json")
    var status = stat()
    lstat(place.path + "/link.json", &status)
    #expect(status.st_mode & S_IFMT == S_IFLNK)
    #expect(place.read("real/data.json") == "[1]")
    #expect(place.names == ["link.json", "real"])
}

@Test func hardLinkedAndReadOnlyFilesAreRefusedUnlessForced() throws {
    let place = try TemporaryFolder()
    try place.write("a.csv", "id\n1\n")
    link(place.path + "/a.csv", place.path + "/b.csv")
    #expect(
        throws: FileError(
            path: place.path + "/a.csv",
            message:
                "has 2 hard links, and replacing it would leave the other names with the old content; save --force "
                + "writes it anyway"
        )
    ) {
        try AtomicFile.write(Array("id\n2\n".utf8), to: place.path + "/a.csv")
    }
    #expect(place.read("a.csv") == "id\n1\n" && place.read("b.csv") == "id\n1\n")
    try AtomicFile.write(Array("id\n2\n".utf8), to: place.path + "/a.csv", force: true)
    #expect(place.read("a.csv") == "id\n2\n")

    try place.write("r.csv", "id\n1\n")
    chmod(place.path + "/r.csv", 0o444)
    #expect(
        throws: FileError(
            path: place.path + "/r.csv", message: "is read-only (mode 444); save --force replaces it anyway")
    ) {
        try AtomicFile.write(Array("id\n2\n".utf8), to: place.path + "/r.csv")
    }
    try AtomicFile.write(Array("id\n2\n".utf8), to: place.path + "/r.csv", force: true)
    #expect(place.read("r.csv") == "id\n2\n")
    #expect(place.status("r.csv").st_mode & 0o777 == 0o444)
}

@Test func temporaryFilesOfKilledSavesAreRemovedByTheNextSave() throws {
    let place = try TemporaryFolder()
    try place.write("d.csv", "id\n1\n")
    try place.write(".d.csv.tmp-AbC123", "id\n")
    try place.write(".d.csv.tmp-keepme-not", "other")
    try place.write(".e.csv.tmp-XyZ789", "another file's")
    try AtomicFile.write(Array("id\n2\n".utf8), to: place.path + "/d.csv")
    #expect(place.names == [".d.csv.tmp-keepme-not", ".e.csv.tmp-XyZ789", "d.csv"])
}

@Test func onlyRegularFilesLoad() throws {
    let place = try TemporaryFolder()
    mkfifo(place.path + "/pipe.csv", 0o644)
    symlink("/dev/zero", place.path + "/zero.csv")
    #expect(throws: LoadError(file: "pipe.csv", message: "is a named pipe (FIFO), not a regular file")) {
        _ = try FileBytes.read(place.path + "/pipe.csv", name: "pipe.csv")
    }
    #expect(throws: LoadError(file: "zero.csv", message: "is a device, not a regular file")) {
        _ = try FileBytes.read(place.path + "/zero.csv", name: "zero.csv")
    }
    #expect(throws: LoadError(file: "here", message: "is a folder, not a file")) {
        _ = try FileBytes.read(place.path, name: "here")
    }
}

@Test func aFileDeletedSinceItWasReadIsNotWrittenAgainUnlessForced() throws {
    let place = try TemporaryFolder()
    try place.write("gone.csv", "id,name\n1,a\n")
    let provider = try FileDataProvider(path: place.path + "/gone.csv", name: "gone.csv")
    unlink(place.path + "/gone.csv")
    #expect(
        throws: FileError(
            path: "gone.csv", message: "was deleted (or cannot be read) since it was read; save --force writes it again"
        )
    ) {
        try provider.save()
    }
    #expect(place.names.isEmpty)
    try provider.save(force: true)
    #expect(place.read("gone.csv") == "id,name\n1,a\n")
}
