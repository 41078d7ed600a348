import ListLabCore
import ListLabRecords

/// Field names spelled differently that are one name as Strings compare
/// them (`é` as one scalar and as `e` and an accent, `K` and the Kelvin
/// sign): two columns that every look-up by name would take for one, so
/// both readers refuse them, and say so in these words.
enum NamesAlike {
    /// The places of the first two of `names` that are equal as Strings,
    /// found when the second is reached.
    static func first(in names: some Collection<String>) -> (first: Int, second: Int)? {
        var seen: [String: Int] = [:]
        for (index, name) in names.enumerated() {
            if let earlier = seen[name] { return (earlier, index) }
            seen[name] = index
        }
        return nil
    }

    /// `'é' (U+00E9) and 'é' (U+0065 U+0301)`: the two names, escaped and cut
    /// short past 64 characters, with their scalars.
    static func described(_ first: String, _ second: String) -> String {
        "'\(FieldNameList.name(first))' (\(codePoints(first))) and '\(FieldNameList.name(second))' "
            + "(\(codePoints(second)))"
    }

    /// A name's Unicode scalars, as `U+00E9`: the first 16, then `...` (a
    /// name may be 64 KiB long).
    private static func codePoints(_ name: String) -> String {
        let shown = name.unicodeScalars.prefix(16).map { scalar in
            let hex = String(scalar.value, radix: 16, uppercase: true)
            return "U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
        }
        return shown.joined(separator: " ") + (name.unicodeScalars.count > 16 ? " ..." : "")
    }
}
