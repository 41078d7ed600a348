import ListLabHTTP

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

#if FUZZING
    // Built by Scripts/fuzz with -DFUZZING -sanitize=fuzzer: libFuzzer calls this
    // with each input; the target is chosen by LISTLAB_FUZZ_TARGET.
    private let target: DoorFuzzTarget = {
        guard let name = getenv("LISTLAB_FUZZ_TARGET").map({ String(cString: $0) }),
            let target = DoorFuzzTarget(rawValue: name)
        else {
            fatalError(
                "set LISTLAB_FUZZ_TARGET to one of: \(DoorFuzzTarget.allCases.map(\.rawValue).joined(separator: ", "))")
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
    struct DoorFuzzMain {
        static func main() {
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(runFuzzerDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        }
    }
#else
    /// Without the fuzzer: `listlab-fuzz-door TARGET FILE...` feeds files to a
    /// target (to replay a crash by hand).
    @main
    struct DoorFuzzReplay {
        static func main() {
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let name = arguments.first, let target = DoorFuzzTarget(rawValue: name) else {
                print(
                    "usage: listlab-fuzz-door \(DoorFuzzTarget.allCases.map(\.rawValue).joined(separator: "|")) FILE..."
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
                    bytes += buffer[..<count]
                }
                fclose(handle)
                target.run(bytes)
                print("\(file): no crash")
            }
        }
    }
#endif
