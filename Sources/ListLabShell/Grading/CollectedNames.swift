/// How a classroom names the work it collects (`serve --collect`, the
/// teacher's Collect): a folder a tab, `tab-3-Ada`, holding each lesson the
/// tab ran as `1-barry.lab`. The server writes these names and
/// `listlab grade` reads them back, so both ask here.
package enum CollectedNames {
    /// `text` as part of a file name: its letters and digits, each other
    /// run of characters one `-`, at most 32 bytes (`Zoë O'Neil` is
    /// `Zoë-O-Neil`).
    package static func part(_ text: String) -> String {
        var part = ""
        for character in text {
            if character.isLetter || character.isNumber {
                guard part.utf8.count + character.utf8.count <= 32 else { break }
                part.append(character)
            } else if !part.isEmpty && part.last != "-" {
                part.append("-")
            }
        }
        while part.last == "-" { part.removeLast() }
        return part.isEmpty ? "unnamed" : part
    }

    /// `tab-3-Ada`: the folder of tab `number`, whose student gave `student`.
    package static func tabFolder(number: Int, student: String?) -> String {
        "tab-\(number)" + (student.map { "-" + part($0) } ?? "")
    }

    /// `2-barry.lab`: the `run`th lesson a tab ran, the lesson `lesson`.
    package static func runFile(lesson: String, run: Int) -> String {
        "\(run)-" + lessonPart(lesson)
    }

    /// `barry.lab`: what a run's file name keeps of the lesson `lesson`'s name.
    package static func lessonPart(_ lesson: String) -> String {
        part(lesson.hasSuffix(".lab") ? String(lesson.dropLast(4)) : lesson) + ".lab"
    }
}
