/// What a command line may be, wherever it comes from (the prompt, a pipe, a
/// script, a classroom's tab, a library's caller): one line, and a bounded
/// one. A line break in a command would become lines of their own in a saved
/// transcript, commands among them; a line of megabytes would be tokenized,
/// kept in the history and journaled, where a value that large belongs in a
/// file that `load` reads.
package enum CommandLineRule {
    /// Why `line` is not one command line: it holds a line break (LF, CR,
    /// NEL, U+2028, U+2029) or another control character but a tab; nil
    /// when it is one line.
    ///
    /// ```swift
    /// CommandLineRule.lineBreak(in: "load contacts")      // nil
    /// CommandLineRule.lineBreak(in: "load a\n  > quit")  // "column 7: a command is one line, and this one holds U+000A ..."
    /// ```
    package static func lineBreak(in line: String) -> String? {
        for (offset, scalar) in line.unicodeScalars.enumerated() {
            switch scalar.value {
            case 0x09: continue
            case 0x00...0x1F, 0x7F, 0x85, 0x2028, 0x2029:
                let hex = String(scalar.value, radix: 16, uppercase: true)
                let name =
                    [
                        0x0A: " (a line feed)", 0x0D: " (a carriage return)", 0x00: " (NUL)",
                        0x2028: " (a line separator)", 0x2029: " (a paragraph separator)",
                    ][Int(scalar.value)] ?? ""
                return
                    "column \(offset + 1): a command is one line, and this one holds U+\(String(repeating: "0", count: max(0, 4 - hex.count)) + hex)\(name): nothing was run"
            default: continue
            }
        }
        return nil
    }

    /// The longest command line a session runs, in bytes.
    package static let longestLine = 64 * 1_024

    /// Why a session does not run `line`: it is longer than ``longestLine``
    /// or more than one line; nil when it runs it.
    static func refusal(of line: String) -> String? {
        let bytes = line.utf8.count
        guard bytes <= longestLine else {
            return
                "a command line of \(bytes) bytes is more than \(longestLine): put large values in a file and load "
                + "it; nothing was run"
        }
        return lineBreak(in: line)
    }
}
