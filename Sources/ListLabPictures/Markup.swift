import ListLabCore

/// Text made safe for HTML and SVG: in element content and in attribute
/// values quoted with `"`.
package enum Markup {
    /// `text` with `&`, `<`, `>`, `"` and `'` written as entities.
    package static func escape(_ text: String) -> String {
        // Most text (a name, a path, a number) has nothing to escape: returned as it is after
        // one pass over its bytes.
        if !text.utf8.contains(where: {
            $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"")
                || $0 == UInt8(ascii: "'")
        }),
            VisibleText.isSafe(text)
        {
            return text
        }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count)
        for character in text.unicodeScalars {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default:
                // Control characters other than tab and line feed (not allowed in XML 1.0) and
                // bidirectional overrides (which would turn the page's text around) are shown as
                // the terminal shows them.
                if VisibleText.mustEscape(character), character != "\t", character != "\n" {
                    escaped += VisibleText.escaped(String(character))
                } else {
                    escaped.unicodeScalars.append(character)
                }
            }
        }
        return escaped
    }

    /// A number as an SVG coordinate: integers without a fraction, others
    /// with at most two decimals, the same on every run.
    static func number(_ value: Double) -> String {
        let hundredths = (value * 100).rounded()
        if hundredths.truncatingRemainder(dividingBy: 100) == 0 { return String(Int(hundredths / 100)) }
        let sign = hundredths < 0 ? "-" : ""
        let magnitude = Int(abs(hundredths))
        let fraction = magnitude % 100
        return sign + String(magnitude / 100) + "."
            + (fraction % 10 == 0 ? String(fraction / 10) : (fraction < 10 ? "0" : "") + String(fraction))
    }
}

extension StringProtocol {
    /// The text without spaces and tabs at either end.
    var trimmedOfSpaces: String {
        let isSpace: (Character) -> Bool = { $0 == " " || $0 == "\t" }
        guard let first = firstIndex(where: { !isSpace($0) }), let last = lastIndex(where: { !isSpace($0) }) else {
            return ""
        }
        return String(self[first...last])
    }
}
