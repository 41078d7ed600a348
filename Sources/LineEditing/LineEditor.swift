internal import CLibEdit

#if canImport(Glibc)
    internal import Glibc
#elseif canImport(Darwin)
    internal import Darwin
#endif

/// An interactive line editor over libedit: a prompt, emacs key bindings,
/// history kept in a file across sessions, TAB completion, Ctrl-C to drop
/// the line and Ctrl-D to leave.
///
/// Use it only when standard input is a terminal (``init(programName:historyFile:)``
/// returns nil otherwise); read plain lines from a pipe.
///
/// ```swift
/// if let editor = LineEditor(programName: "listlab", historyFile: "/home/me/.listlab_history") {
///     editor.completer = { line in Completion(word: "", candidates: []) }
///     while let line = editor.readLine(prompt: "listlab> ") { print(line) }
/// }
/// ```
///
/// The user's `~/.editrc` is not read, so tests and users see the same keys.
public final class LineEditor {
    /// Answers TAB: given the line up to the cursor, the word being
    /// completed and the candidates for it.
    public var completer: ((String) -> Completion)?

    private let editLine: OpaquePointer
    private let history: OpaquePointer
    private let historyFile: String?
    private var prompt: UnsafeMutablePointer<CChar>?
    /// The line and cursor of the last TAB that could not complete further,
    /// so that a second TAB lists the candidates.
    private var lastAmbiguousTab: String?

    /// Opens the editor on the terminal.
    ///
    /// - Parameters:
    ///   - programName: The name libedit knows the program by.
    ///   - historyFile: Where history is loaded from now and saved to by
    ///     ``saveHistory()``; nil keeps no history on disk.
    /// - Returns: nil when standard input is not a terminal.
    public init?(programName: String, historyFile: String?) {
        guard listlab_stdin_is_terminal() != 0 else { return nil }
        _ = listlab_use_utf8_locale()
        guard let editLine = listlab_el_init(programName), let history = listlab_history_init(1_000) else {
            return nil
        }
        self.editLine = editLine
        self.history = history
        self.historyFile = historyFile
        if let historyFile { _ = listlab_history_load(history, historyFile) }

        listlab_el_set_editor(editLine, "emacs")
        listlab_el_handle_signals(editLine)
        listlab_el_use_history(editLine, history)
        listlab_el_set_client_data(editLine, Unmanaged.passUnretained(self).toOpaque())
        listlab_el_set_prompt(editLine) { editLine in
            LineEditor.owner(of: editLine)?.prompt
        }
        listlab_el_disable_signal_keys(editLine)
        listlab_el_add_function(editLine, "listlab-complete", "Complete the word before the cursor") { editLine, _ in
            LineEditor.owner(of: editLine)?.complete() ?? listlab_cc_refresh_beep()
        }
        listlab_el_add_function(editLine, "listlab-drop-line", "Drop the line and start a new one") { editLine, _ in
            LineEditor.owner(of: editLine)?.dropLine() ?? listlab_cc_refresh()
        }
        listlab_el_add_function(editLine, "listlab-suspend", "Suspend the process") { _, _ in
            listlab_suspend()
            return listlab_cc_redisplay()
        }
        listlab_el_bind(editLine, "^I", "listlab-complete")
        listlab_el_bind(editLine, "^C", "listlab-drop-line")
        listlab_el_bind(editLine, "^Z", "listlab-suspend")
    }

    deinit {
        listlab_el_end(editLine)
        listlab_history_end(history)
        free(prompt)
    }

    /// Reads one line, showing `prompt`.
    ///
    /// - Returns: The line without its line break, or nil at the end of
    ///   input (Ctrl-D on an empty line).
    public func readLine(prompt text: String) -> String? {
        setPrompt(text)
        var count: Int32 = 0
        guard let bytes = listlab_el_gets(editLine, &count), count > 0 else {
            // libedit has echoed "^D" on the prompt's line: end that line.
            print("")
            return nil
        }
        var line = String(cString: bytes)
        while line.last == "\n" || line.last == "\r\n" || line.last == "\r" {
            line.removeLast()
        }
        return line
    }

    /// Adds a line to the history, trimmed; empty lines are not kept.
    public func addHistory(_ line: String) {
        let trimmed = line.trimmingSpaces
        guard !trimmed.isEmpty else { return }
        _ = listlab_history_enter(history, trimmed)
    }

    /// Writes the history to the history file, if there is one.
    public func saveHistory() {
        if let historyFile { _ = listlab_history_save(history, historyFile) }
    }

    private func setPrompt(_ text: String) {
        free(prompt)
        prompt = strdup(text)
    }

    private static func owner(of editLine: OpaquePointer?) -> LineEditor? {
        guard let editLine, let data = listlab_el_client_data(editLine) else { return nil }
        return Unmanaged<LineEditor>.fromOpaque(data).takeUnretainedValue()
    }

    /// The line before the cursor.
    private func lineBeforeCursor() -> String {
        var cursor: Int32 = 0
        var length: Int32 = 0
        guard let buffer = listlab_el_line(editLine, &cursor, &length) else { return "" }
        let bytes = UnsafeRawBufferPointer(start: buffer, count: Int(max(0, cursor)))
        return String(decoding: bytes, as: UTF8.self)
    }

    private func complete() -> UInt8 {
        guard let completer else { return listlab_cc_refresh_beep() }
        let line = lineBeforeCursor()
        let completion = completer(line)
        let candidates = completion.candidates
        guard !candidates.isEmpty else { return listlab_cc_refresh_beep() }
        if candidates.count == 1, let only = candidates.first {
            // No space after a folder, a `FIELD=` or a placeholder: more follows
            // (nor after a quote left open for a folder's path).
            let ending = only.hasSuffix("/") || only.hasSuffix("=") || only.hasSuffix("}") ? "" : " "
            replaceWord(completion.word, with: only + ending)
            lastAmbiguousTab = nil
            return listlab_cc_refresh()
        }
        let common = Completion.commonPrefix(of: candidates)
        if common.count > completion.word.count || (!common.isEmpty && !common.hasPrefix(completion.word)) {
            replaceWord(completion.word, with: common)
            lastAmbiguousTab = nil
            return listlab_cc_refresh()
        }
        guard lastAmbiguousTab == line else {
            lastAmbiguousTab = line
            return listlab_cc_refresh_beep()
        }
        print("")
        print(Completion.columns(candidates, width: 80), terminator: "")
        return listlab_cc_redisplay()
    }

    /// Puts `text` in place of `word`, the text before the cursor: only the
    /// rest is typed when `text` starts with it; otherwise (a word that
    /// completes to a quoted one) the word is replaced.
    private func replaceWord(_ word: String, with text: String) {
        if text.hasPrefix(word) {
            insert(String(text.dropFirst(word.count)))
        } else {
            listlab_el_delete_before(editLine, Int32(word.unicodeScalars.count))
            insert(text)
        }
    }

    private func insert(_ text: String) {
        guard !text.isEmpty else { return }
        _ = listlab_el_insert(editLine, text)
    }

    private func dropLine() -> UInt8 {
        listlab_el_clear_line(editLine)
        lastAmbiguousTab = nil
        print("^C")
        return listlab_cc_redisplay()
    }
}

extension String {
    /// The line without whitespace at either end, a Unicode scalar at a
    /// time (a combining mark after a space stays, as the shell reads it).
    fileprivate var trimmingSpaces: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
            let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
        else { return "" }
        return String(scalars[first...last])
    }
}
