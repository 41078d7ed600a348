import ListLabFuzzing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if FUZZING
    // Built by Scripts/fuzz with -DFUZZING -sanitize=fuzzer: libFuzzer calls this
    // with each input; the target is chosen by LISTLAB_FUZZ_TARGET.
    private let target: FuzzTarget = {
        guard let name = getenv("LISTLAB_FUZZ_TARGET").map({ String(cString: $0) }),
            let target = FuzzTarget(rawValue: name)
        else {
            fatalError(
                "set LISTLAB_FUZZ_TARGET to one of: \(FuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        return target
    }()

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        target.run(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
        return 0
    }

    /// libFuzzer's entry for programs that have a main of their own (SwiftPM
    /// gives every executable one).
    @_silgen_name("LLVMFuzzerRunDriver")
    private func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<Int32>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> Int32
    ) -> Int32

    @main
    struct FuzzMain {
        static func main() {
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(runFuzzerDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        }
    }
#else
    /// Without the fuzzer: `listlab-fuzz TARGET FILE...` feeds files to a target
    /// (to replay a crash by hand).
    @main
    struct FuzzReplay {
        static func main() throws {
            let arguments = Array(CommandLine.arguments.dropFirst())
            if arguments.first == "export-corpus" {
                try writeExportCorpus(arguments.dropFirst())
                return
            }
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                print(
                    "usage: listlab-fuzz \(FuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE... | listlab-fuzz export-corpus COUNT FOLDER"
                )
                return
            }
            for file in arguments.dropFirst() {
                guard let handle = fopen(file, "rb") else {
                    print("\(file): cannot be read")
                    continue
                }
                var bytes: [UInt8] = []
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = fread(&buffer, 1, buffer.count, handle)
                    if count <= 0 { break }
                    bytes.append(contentsOf: buffer[0..<count])
                }
                fclose(handle)
                target.run(bytes)
                print("\(file): ok")
            }
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
#endif
