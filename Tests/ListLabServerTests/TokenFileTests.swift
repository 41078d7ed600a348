import Foundation
import Testing

@testable import ListLabServer

/// A new folder for one test, removed by `body`'s end.
private func inFolder(_ body: (String) throws -> Void) throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("listlab-tokens-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    try body(folder.path)
}

private func permissions(of path: String) throws -> Int {
    try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
}

@Test func aTokenFileIsMadeOnceAndReadBackOnEveryStart() throws {
    try inFolder { folder in
        let path = folder + "/class.tokens"
        let first = try TokenFile.tokens(at: path, needsTeacher: true)
        #expect(first.token.count == 48 && first.teacher?.count == 48 && first.token != first.teacher)
        #expect(try permissions(of: path) == 0o600)
        // A restart: the same links.
        #expect(try TokenFile.tokens(at: path, needsTeacher: true) == first)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == first.text)
    }
}

@Test func aClassroomAddsATeacherTokenToAFileMadeWithoutOne() throws {
    try inFolder { folder in
        let path = folder + "/tokens"
        let plain = try TokenFile.tokens(at: path, needsTeacher: false)
        #expect(plain.teacher == nil)
        let classroom = try TokenFile.tokens(at: path, needsTeacher: true)
        #expect(classroom.token == plain.token && classroom.teacher != nil)
        #expect(try TokenFile.tokens(at: path, needsTeacher: true) == classroom)
        #expect(try permissions(of: path) == 0o600)
        #expect(!FileManager.default.fileExists(atPath: path + ".new"))
        // A FILE.new left by a start killed mid-write does not stop the next.
        let other = folder + "/other"
        _ = try TokenFile.tokens(at: other, needsTeacher: false)
        try "half".write(toFile: other + ".new", atomically: false, encoding: .utf8)
        #expect(try TokenFile.tokens(at: other, needsTeacher: true).teacher != nil)
    }
}

@Test func aTokenFileOthersMayReadALinkOrAnotherFileIsRefusedAndLeftAsItWas() throws {
    try inFolder { folder in
        let open = folder + "/open.tokens"
        let text = "token=" + String(repeating: "a", count: 48) + "\n"
        try text.write(toFile: open, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: open)
        #expect(throws: TokenFile.Problem.self) { try TokenFile.tokens(at: open, needsTeacher: false) }
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: open)
        #expect(try TokenFile.tokens(at: open, needsTeacher: false).token == String(repeating: "a", count: 48))

        let link = folder + "/link.tokens"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: open)
        #expect(throws: TokenFile.Problem(description: "is a link: name the file itself")) {
            try TokenFile.tokens(at: link, needsTeacher: false)
        }

        #expect(throws: TokenFile.Problem(description: "is not a plain file")) {
            try TokenFile.tokens(at: folder, needsTeacher: false)
        }
        let notes = folder + "/notes.txt"
        try "my notes\n".write(toFile: notes, atomically: false, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: notes)
        #expect(throws: TokenFile.Problem(description: "is not a token file")) {
            try TokenFile.tokens(at: notes, needsTeacher: true)
        }
        #expect(try String(contentsOfFile: notes, encoding: .utf8) == "my notes\n")
    }
}

@Test func aTokenFileSaysOnlyWhatATokenIs() throws {
    let token = String(repeating: "0", count: 48)
    #expect(throws: TokenFile.Problem.self) { try TokenFile.parse("token=\(token.uppercased())X\n") }
    #expect(throws: TokenFile.Problem.self) { try TokenFile.parse("teacher=\(token)\n") }
    #expect(throws: TokenFile.Problem.self) { try TokenFile.parse("token=\(token)\ntoken=\(token)\n") }
    #expect(throws: TokenFile.Problem(description: "gives the teacher the students' token")) {
        try TokenFile.parse("token=\(token)\nteacher=\(token)\n")
    }
    #expect(try TokenFile.parse("token=\(token)\n") == TokenFile(token: token, teacher: nil))
}
