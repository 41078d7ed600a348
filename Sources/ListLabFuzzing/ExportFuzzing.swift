import ListLabCore
import ListLabRecords
import ListLabShell

/// `export swift` fed with names and values that attack generated code: line
/// breaks and the line and paragraph separators (which would end a comment),
/// quotes, backslashes and interpolations (which would end or open a string
/// literal), comment markers, bidirectional overrides, keywords, letters and
/// digits Swift may not take in a name, and the marker `pwned=1;`.
///
/// The fuzz target checks each export with ``problems(in:)``;
/// `Scripts/check-exports` type-checks a corpus of them with the compiler.
package enum ExportFuzzing {
    /// The pieces names and values are made of.
    static let pieces: [String] = [
        "a", "Name", "é", "ß", "1", "_", " ", "\n", "\r", "\r\n", "\u{2028}", "\u{2029}", "\u{202E}", "\u{1B}[2J",
        "\u{7}",
        "\u{85}", "\"", "\\", "`", "*/", "/*", "//", "///", "#", "#\"", "\"#", "$0", "\\(x)", "{", "}", "(", ")", "'",
        "ǅ",
        "٣", "½", "Ⅻ", "\t", "\0", "class", "func", "self", "Type", "init", "0", "ⓐ", "𝔸", "\u{301}", "pwned=1;",
        "\nlet pwned=1;\n", "@", "-", ".", "\u{FEFF}", "\u{200D}", "🙂", "\u{FFFD}", "ﬁ", "İ",
    ]

    /// The marker a piece carries: found in code outside comments and string literals, it escaped.
    static let marker = "pwned=1;"

    /// A random export from `bytes` (each byte picks the next choice); nil
    /// when the export refuses the data (a refusal is fine, not a finding).
    package static func source(from bytes: [UInt8], suffix: String = "") -> String? {
        var choices = Choices(bytes: bytes)
        func text(_ maximum: Int) -> String {
            (0..<(1 + choices.next(maximum))).map { _ in pieces[choices.next(pieces.count)] }.joined()
        }
        let datasetName = text(4) + suffix
        var fieldNames: [String] = []
        for _ in 0..<(1 + choices.next(4)) {
            let name = text(3)
            if !fieldNames.contains(name) { fieldNames.append(name) }
        }
        let schema = Record.Schema(fieldNames)
        // Now and then more rows than an export holds inline, so that it reads a copy of its file.
        let rowCount = choices.next(8) == 0 ? SwiftExport.inlineLimit + 1 : 1 + choices.next(3)
        let records = (0..<rowCount).map { row in
            Record(
                schema: schema,
                values: fieldNames.indices.map { _ -> Value in
                    switch choices.next(8) {
                    case 0: .int(row)
                    case 1: .double(1.5)
                    case 2: .number("1e400")
                    case 3: .bool(true)
                    case 4: .null
                    case 5: .array([.int(1)])
                    default: .string(text(3))
                    }
                })
        }
        // Placeholders come from Template.placeholder(for:) and text has its braces doubled, so
        // every template parses; one that did not would end the input (nil), not make a finding.
        func template() -> Template? {
            var source = ""
            for _ in 0..<(1 + choices.next(3)) {
                if choices.next(2) == 0, !fieldNames.isEmpty {
                    source += Template.placeholder(for: fieldNames[choices.next(fieldNames.count)])
                } else {
                    source += text(2).replacingBraces
                }
            }
            return try? Template(source)
        }
        func kind() -> TemplatePresenter.Kind? {
            let name = text(2)
            guard let text = template() else { return nil }
            guard choices.next(2) == 0 else { return TemplatePresenter.Kind(name: name, text: text) }
            guard let detail = template() else { return nil }
            return TemplatePresenter.Kind(name: name, text: text, detail: detail)
        }
        let presenter: TemplatePresenter
        if choices.next(3) == 0, !fieldNames.isEmpty {
            let field = fieldNames[choices.next(fieldNames.count)]
            let kinds = (0..<(1 + choices.next(3))).map { _ in kind() }
            guard kinds.allSatisfy({ $0 != nil }) else { return nil }
            presenter = TemplatePresenter(choosingBy: field, kinds: kinds.compactMap { $0 })
        } else {
            guard let only = kind() else { return nil }
            presenter = TemplatePresenter(kind: only.name, text: only.text, detail: only.detail)
        }
        var shown = presenter
        if choices.next(2) == 0 { shown.header = try? Template("{title} " + text(2).replacingBraces) }
        if choices.next(3) == 0 { shown.footer = try? Template(text(2).replacingBraces) }
        let export = SwiftExport(
            datasetName: datasetName, dataFileName: text(2) + ".csv",
            records: records, fieldNames: fieldNames, keyField: choices.next(2) == 0 ? fieldNames.first : nil,
            groupField: choices.next(3) == 0 ? fieldNames[choices.next(fieldNames.count)] : nil, presenter: shown,
            style: choices.next(4) == 0 ? .collection(columns: 2) : .table, viewportRows: 1 + choices.next(5),
            expectedLines: (0..<choices.next(4)).map { _ in text(4) })
        return try? export.source()
    }

    /// What is wrong with generated Swift `source`, read as Swift's lexer
    /// reads it: a character that acts on a terminal or hides code, a line
    /// that ends inside a string literal, or ``marker`` outside comments and
    /// string literals (data that became code). Empty when nothing is.
    package static func problems(in source: String) -> [String] {
        var problems: [String] = []
        if let bad = source.unicodeScalars.first(where: { VisibleText.mustEscape($0) && $0 != "\n" }) {
            problems.append("a raw U+\(String(bad.value, radix: 16, uppercase: true))")
        }
        for (number, line) in source.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let (code, unterminated) = codeOutsideCommentsAndLiterals(String(line))
            if unterminated { problems.append("line \(number + 1) ends inside a string literal: \(line)") }
            if code.contains(marker) { problems.append("line \(number + 1) runs data as code: \(line)") }
        }
        return problems
    }

    /// The line's code with comments and the insides of string literals
    /// blanked out (interpolations kept, as they are code), and whether the
    /// line ends inside a literal.
    static func codeOutsideCommentsAndLiterals(_ line: String) -> (code: String, unterminated: Bool) {
        // Scalar by scalar, as Swift's lexer reads (a quote and a combining mark are one Character).
        var code = String.UnicodeScalarView()
        var scalars = Array(line.unicodeScalars)[...]
        // For each interpolation open, innermost last, the parentheses open inside it.
        var interpolations: [Int] = []
        var inLiteral = false
        while let scalar = scalars.popFirst() {
            if inLiteral {
                if scalar == "\\" {
                    if scalars.first == "(" {
                        scalars.removeFirst()
                        interpolations.append(0)
                        inLiteral = false
                        code.append(contentsOf: "\\(".unicodeScalars)
                    } else {
                        _ = scalars.popFirst()
                    }
                } else if scalar == "\"" {
                    inLiteral = false
                    code.append(scalar)
                }
                continue
            }
            if scalar == "/", scalars.first == "/" { break }
            if scalar == "\"" {
                inLiteral = true
                code.append(scalar)
                continue
            }
            if !interpolations.isEmpty {
                if scalar == "(" { interpolations[interpolations.count - 1] += 1 }
                if scalar == ")" {
                    if interpolations[interpolations.count - 1] == 0 {
                        interpolations.removeLast()
                        inLiteral = true
                        code.append(scalar)
                        continue
                    }
                    interpolations[interpolations.count - 1] -= 1
                }
            }
            code.append(scalar)
        }
        return (String(code), inLiteral || !interpolations.isEmpty)
    }
}

/// Choices drawn from bytes, one byte each, then from a seeded generator
/// once they run out (so that short inputs still make whole exports).
private struct Choices {
    var bytes: ArraySlice<UInt8>
    var state: UInt64

    init(bytes: [UInt8]) {
        self.bytes = bytes[...]
        state = bytes.reduce(0x9E37_79B9_7F4A_7C15) { ($0 ^ UInt64($1)) &* 0x100_0000_01B3 }
    }

    /// A number in `0..<upperBound`.
    mutating func next(_ upperBound: Int) -> Int {
        if let byte = bytes.popFirst() { return Int(byte) % upperBound }
        return Int(nextWord() % UInt64(upperBound))
    }

    /// SplitMix64's next word.
    private mutating func nextWord() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension String {
    /// The text with its braces doubled, as template text (not a placeholder).
    fileprivate var replacingBraces: String {
        var output = ""
        for character in self {
            if character == "{" || character == "}" { output.append(character) }
            output.append(character)
        }
        return output
    }
}
