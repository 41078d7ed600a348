import ListLabFiles
import ListLabRecords
import ListLabShell

/// The inputs ListLab reads from users and files, each as a function of raw
/// bytes that must never trap: the command parser (a whole session of
/// commands), the CSV, JSON and NDJSON loaders, the transcript reader, and
/// `export swift` of hostile names and values (``ExportFuzzing``), whose
/// source must keep every name and value in a comment or a string literal,
/// and a value typed at the prompt (``TypedValueFuzzing``), which must come
/// back from `update`, `save` and a new `load` with its spelling and kind.
///
/// `Scripts/fuzz TARGET SECONDS` runs one under libFuzzer; the unit tests
/// replay every input that once crashed one (`Tests/Fixtures/fuzz/TARGET/`).
public enum FuzzTarget: String, CaseIterable, Sendable {
    case parser, csv, json, ndjson, transcript, export, typed

    /// Feeds `bytes` to the target. Errors are fine; a trap is a bug.
    public func run(_ bytes: [UInt8]) {
        switch self {
        case .parser:
            // Each line is a command of one session, so commands also meet
            // the state earlier ones left (a loaded sample, a selection...).
            let output = RecordingOutput()
            // A session that never writes: a fuzzer could spell `save /any/path --force`.
            let session = Session(output: output, workingDirectory: "/nonexistent-listlab-fuzz", canWriteFiles: false)
            // Providers of a user's own too: typed items, a load that fails, a provider that refuses.
            session.registrations = FuzzRegistrations.all
            for line in String(decoding: bytes, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: true)
                .prefix(64)
            {
                session.execute(String(line))
            }
        case .csv:
            if let table = try? CSVReader.read(bytes, file: "fuzz.csv") { touch(table) }
        case .json:
            if let table = try? JSONTableReader.read(bytes, file: "fuzz.json", format: .array) { touch(table) }
        case .ndjson:
            if let table = try? JSONTableReader.read(bytes, file: "fuzz.ndjson", format: .lines) { touch(table) }
        case .transcript:
            let transcript = Transcript(text: String(decoding: bytes, as: UTF8.self))
            for block in transcript.blocks {
                _ = OutputMatcher.matches(block.expected, [block.command, ""])
                _ = UnifiedDiff.lines(expected: block.expected, actual: [block.command], expectedStart: block.line)
            }
            _ = transcript.rewritten(with: transcript.blocks.map { [$0.command] })
        case .typed:
            TypedValueFuzzing.roundTrip(String(decoding: bytes.prefix(64), as: UTF8.self))
        case .export:
            guard let source = ExportFuzzing.source(from: bytes) else { return }
            let problems = ExportFuzzing.problems(in: source)
            // A finding, as a trap: libFuzzer keeps the input.
            precondition(problems.isEmpty, "export swift made unsafe code: \(problems.joined(separator: "; "))")
        }
    }

    /// Reads every row back and writes the table out, as a load and a save would.
    private func touch(_ table: RecordTable) {
        for row in 0..<min(table.count, 64) { _ = table.record(at: row).jsonText }
        for format in RecordTableWriter.Format.allCases { _ = RecordTableWriter.bytes(of: table, as: format) }
    }
}
