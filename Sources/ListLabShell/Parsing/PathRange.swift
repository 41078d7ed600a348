public import ListLabCore

/// Items `first` to `last` of one section, both included: `0.2-0.5`, or
/// `2-5` in section 0. A single path is a range of one.
public struct PathRange: Hashable, Sendable, CustomStringConvertible {
    /// The first path.
    public var first: ItemPath
    /// The last path, in the same section, not before `first`.
    public var last: ItemPath

    /// The paths of the range, in order.
    public var paths: [ItemPath] { (first.item...last.item).map { ItemPath(first.section, $0) } }

    /// The number of items.
    public var count: Int { last.item - first.item + 1 }

    /// `0.2-0.5`, or `0.2` for one item.
    public var description: String { first == last ? "\(first)" : "\(first)-\(last)" }

    /// Parses a path (`S.I`, or `I` for section 0).
    ///
    /// - Throws: ``ShellError`` (with `column`) for anything else, negative
    ///   numbers and numbers too large.
    public static func path(_ text: String, column: Int) throws(ShellError) -> ItemPath {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...2).contains(parts.count), parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }) else {
            throw ShellError(.notAPath(text), column: column)
        }
        var numbers: [Int] = []
        for part in parts {
            guard part.allSatisfy(\.isNumber) else {
                if part.first == "-" {
                    throw ShellError(.negativePath(text), column: column)
                }
                throw ShellError(.notAPath(text), column: column)
            }
            guard let number = Int(part), number <= maximumIndex else {
                throw ShellError(.pathTooLarge(text), column: column)
            }
            numbers.append(number)
        }
        return numbers.count == 2 ? ItemPath(numbers[0], numbers[1]) : ItemPath(0, numbers[0])
    }

    /// Parses a path or a range (`S.I-S.J`, `S.I-J` or `I-J`).
    public static func parse(_ text: String, column: Int) throws(ShellError) -> PathRange {
        // A dash after a digit separates a range; after a dot it is a minus sign.
        let dash = text.indices.dropFirst().first { text[$0] == "-" && text[text.index(before: $0)].isNumber }
        guard let dash else {
            let path = try path(text, column: column)
            return PathRange(first: path, last: path)
        }
        let firstText = String(text[..<dash])
        let lastText = String(text[text.index(after: dash)...])
        let first = try path(firstText, column: column)
        var last = try path(lastText, column: column + firstText.count + 1)
        if !lastText.contains(".") { last.section = first.section }
        guard first.section == last.section else {
            throw ShellError(.rangeCrossesSections(text), column: column)
        }
        guard first.item <= last.item else {
            throw ShellError(.rangeRunsBackwards(text, first: first, last: last), column: column)
        }
        return PathRange(first: first, last: last)
    }

    /// The largest index a path may name (well past any list, far from overflow).
    static let maximumIndex = 1_000_000_000_000
}
