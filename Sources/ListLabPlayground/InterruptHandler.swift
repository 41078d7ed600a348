import Interruption

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Ctrl-C at the interactive shell: while a command runs, SIGINT asks it to
/// stop (`Interruption`) instead of ending the process, so the session and
/// its unsaved edits survive. At the prompt, the line editor reads Ctrl-C as
/// a key (it drops the line). Scripts and pipes keep the default: SIGINT
/// ends them with status 130.
enum InterruptHandler {
    /// Installs the handler.
    static func install() {
        // The flag must exist before the handler touches it (a global's first
        // use runs its initializer, which is not async-signal-safe).
        Interruption.process.clear()
        var action = sigaction()
        #if canImport(Darwin)
            action.__sigaction_u.__sa_handler = { _ in Interruption.request() }
        #else
            action.__sigaction_handler.sa_handler = { _ in Interruption.request() }
        #endif
        sigemptyset(&action.sa_mask)
        // Restart reads and writes the signal lands in, rather than failing them.
        action.sa_flags = SA_RESTART
        sigaction(SIGINT, &action, nil)
    }
}
