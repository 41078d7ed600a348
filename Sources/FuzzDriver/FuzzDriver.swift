#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one entry of ListLab's fuzz programs (`listlab-fuzz`, and
/// `listlab-fuzz-door`, built alone so that the server's readers fuzz in a
/// build of seconds): each program names its targets, and this runs them.
///
/// Built by Scripts/fuzz with `-DFUZZING -sanitize=fuzzer`, it hands
/// libFuzzer's inputs to the target `LISTLAB_FUZZ_TARGET` names; built
/// without, `PROGRAM TARGET FILE...` feeds files to a target, to replay a
/// crash by hand.
public enum FuzzDriver {
    /// A fuzz target: a function of bytes that must not trap on any of them.
    public typealias Target = @Sendable ([UInt8]) -> Void

    /// Runs the fuzz program `program`, whose targets are `targets` (name
    /// and function, in the order the usage lists them).
    public static func main(program: String, targets: [(name: String, run: Target)]) -> Never {
        let names = targets.map(\.name).joined(separator: "|")
        #if FUZZING
            guard let name = getenv("LISTLAB_FUZZ_TARGET").map({ String(cString: $0) }),
                let target = targets.first(where: { $0.name == name })
            else {
                fatalError("set LISTLAB_FUZZ_TARGET to one of: \(names)")
            }
            chosen = target.run
            var argc = CommandLine.argc
            var argv = CommandLine.unsafeArgv
            exit(runFuzzerDriver(&argc, &argv) { data, size in fuzzOneInput(data, size) })
        #else
            let arguments = Array(CommandLine.arguments.dropFirst())
            guard let name = arguments.first, let target = targets.first(where: { $0.name == name }) else {
                print("usage: \(program) \(names) FILE...")
                exit(2)
            }
            for file in arguments.dropFirst() {
                guard let bytes = contents(of: file) else {
                    print("\(file): cannot be read")
                    continue
                }
                target.run(bytes)
                print("\(file): no crash")
            }
            exit(0)
        #endif
    }

    /// The bytes of `file`, or nil when it cannot be read.
    private static func contents(of file: String) -> [UInt8]? {
        guard let handle = fopen(file, "rb") else { return nil }
        defer { fclose(handle) }
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = fread(&buffer, 1, buffer.count, handle)
            if count <= 0 { break }
            bytes += buffer[..<count]
        }
        return bytes
    }
}

#if FUZZING
    /// The target libFuzzer's inputs go to, set once before the fuzzer starts.
    nonisolated(unsafe) private var chosen: FuzzDriver.Target = { _ in }

    @_cdecl("LLVMFuzzerTestOneInput")
    public func fuzzOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
        chosen(data.map { Array(UnsafeBufferPointer(start: $0, count: size)) } ?? [])
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
#endif
