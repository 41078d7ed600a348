import FuzzDriver
import ListLabFuzzing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// ListLab's inputs under libFuzzer (Scripts/fuzz TARGET), and
/// `listlab-fuzz export-corpus COUNT FOLDER` for Scripts/check-exports.
@main
struct Fuzz {
    static func main() throws {
        if CommandLine.arguments.dropFirst().first == "export-corpus" {
            try writeExportCorpus(CommandLine.arguments.dropFirst(2))
            return
        }
        FuzzDriver.main(program: "listlab-fuzz", targets: FuzzTarget.allCases.map { ($0.rawValue, $0.run) })
    }
}

/// `listlab-fuzz export-corpus COUNT FOLDER`: writes COUNT exports of random
/// hostile names and values (``ExportFuzzing``, one seed each) as
/// FOLDER/ExportN.swift, for Scripts/check-exports to type-check together.
private func writeExportCorpus(_ arguments: ArraySlice<String>) throws {
    guard arguments.count == 2, let count = Int(arguments[arguments.startIndex]) else {
        print("usage: listlab-fuzz export-corpus COUNT FOLDER")
        exit(2)
    }
    let folder = arguments[arguments.startIndex + 1]
    var written = 0
    var seed: UInt64 = 0
    while written < count, seed < UInt64(count) * 10 {
        defer { seed += 1 }
        // 256 choices from the seed, as a fuzzer's input would give them.
        var state = seed &* 0x9E37_79B9_7F4A_7C15
        let bytes = (0..<256).map { _ -> UInt8 in
            state &+= 0x9E37_79B9_7F4A_7C15
            return UInt8(truncatingIfNeeded: (state ^ (state >> 29)) &* 0xBF58_476D_1CE4_E5B9 >> 56)
        }
        // A suffix per file: two exports of one dataset name would declare the same types.
        guard let source = ExportFuzzing.source(from: bytes, suffix: " \(written)") else { continue }
        let path = "\(folder)/Export\(written).swift"
        guard let file = fopen(path, "wb") else {
            print("\(path): cannot be written")
            exit(1)
        }
        let bytesOfSource = Array(source.utf8)
        _ = fwrite(bytesOfSource, 1, bytesOfSource.count, file)
        fclose(file)
        written += 1
    }
    print("wrote \(written) exports to \(folder)")
}
