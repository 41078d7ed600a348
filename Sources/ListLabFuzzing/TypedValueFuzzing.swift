import ListLabCore
import ListLabRecords
import ListLabShell

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

/// A value typed at the prompt, through `update`, `save` and a new `load`,
/// in a CSV, a JSON and an NDJSON file: it must come back the same value,
/// and a number with the same spelling in the file, as a value read from a
/// file does. A difference traps, so that libFuzzer keeps the input.
package enum TypedValueFuzzing {
    /// A folder of this process's own for the files (made once).
    private static let folder: String = {
        let path = FileManager.default.temporaryDirectory.path + "/listlab-fuzz-typed-\(getpid())"
        try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }()

    private static let files: [(name: String, text: String)] = [
        ("t.csv", "id,v\n1,x\n"), ("t.json", "[{\"id\":1,\"v\":\"x\"}]\n"), ("t.ndjson", "{\"id\":1,\"v\":\"x\"}\n"),
    ]

    /// Round-trips `typed` (a bare word at the prompt) through each format.
    package static func roundTrip(_ typed: String) {
        // A bare word: no spaces, nothing the tokenizer reads as a quote, JSON or another field.
        guard !typed.isEmpty,
            !typed.contains(where: { $0.isWhitespace || $0 == "\"" || $0 == "'" || $0 == "{" || $0 == "[" || $0 == "=" }
            ),
            VisibleText.isSafe(typed)
        else { return }
        let value = Tokenizer.typedValue(typed)
        for file in files {
            let path = folder + "/" + file.name
            guard (try? Data(file.text.utf8).write(to: URL(fileURLWithPath: path))) != nil else { return }
            let writer = Session(output: RecordingOutput(), workingDirectory: folder)
            for line in ["load \(file.name)", "update 0 v=\(typed)", "save"] { writer.execute(line) }
            guard writer.errorCount == 0 else { continue }
            let saved = String(decoding: FileManager.default.contents(atPath: path) ?? Data(), as: UTF8.self)
            let shown = RecordingOutput()
            let reader = Session(output: shown, workingDirectory: folder)
            reader.execute("load \(file.name)")
            reader.execute("show --json 0.0")
            var json = JSONReader(shown.lines.last ?? "")
            guard case .object(let record)? = try? json.readDocument() else {
                preconditionFailure("\(typed): \(shown.lines)")
            }
            let read = record["v"]
            switch value {
            case .int, .double, .number:
                // The spelling typed is the spelling saved, and it reads back as a number of that value.
                precondition(
                    saved.contains(file.name.hasSuffix(".csv") ? ",\(typed)\n" : "\"v\":\(typed)"),
                    "\(typed) saved as \(saved)")
                precondition(
                    read.map { $0.matchesByValue(value) && $0.kindName != "string" } == true,
                    "\(typed) read back as \(String(describing: read))")
            default:
                precondition(
                    read == value, "\(typed) (\(value.kindName)) read back as \(String(describing: read)) from \(saved)"
                )
            }
        }
    }
}
