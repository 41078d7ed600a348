import ListLabCore

/// A dataset's field names as a message lists them: a file may have
/// 131,072 fields of up to 64 KiB a name, and one error line that listed
/// them all ran to a megabyte; a name's line break would split the line.
package enum FieldNameList {
    /// The names listed at most.
    package static let shownNames = 20
    /// The characters of a name shown at most.
    package static let shownCharacters = 64

    /// `names` joined with `, `: the first ``shownNames`` of more, then how
    /// many there are in all; each name escaped (``VisibleText``) and cut
    /// short with `...` past ``shownCharacters``.
    package static func text(_ names: [String]) -> String {
        var shown = names.prefix(shownNames).map(name)
        if names.count > shownNames { shown.append("... (\(names.count) in all)") }
        return shown.joined(separator: ", ")
    }

    /// One name as a message shows it: escaped, and cut short past ``shownCharacters``.
    package static func name(_ name: String) -> String {
        let visible = VisibleText.escaped(String(name.prefix(shownCharacters + 1)))
        return visible.count > shownCharacters ? String(visible.prefix(shownCharacters)) + "..." : visible
    }
}
