public import LineEditing
public import ListLabShell

/// Joins the libedit line editor to the shell's reader protocol: the shell
/// knows nothing of libedit, and the editor nothing of the shell.
extension LineEditor: LineReader {}
