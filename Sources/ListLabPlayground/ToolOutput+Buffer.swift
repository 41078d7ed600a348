#if canImport(Glibc)
    @preconcurrency import Glibc
#elseif canImport(Darwin)
    @preconcurrency import Darwin
#endif

extension ToolOutput {
    /// Gives the process's standard output a bigger buffer (64 KB) when it is
    /// not a terminal (a file or a pipe), so that big output goes out in
    /// fewer writes; a terminal keeps its lines as they come, and an error
    /// flushes the output before it either way. Called once, before any
    /// output.
    static func bufferProcessOutput() {
        guard isatty(STDOUT_FILENO) == 0 else { return }
        setvbuf(stdout, nil, _IOFBF, 1 << 16)
    }
}
