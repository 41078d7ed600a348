import ListLabRecords

extension Value {
    /// The kind `inspect` and `fields` say a value is: its ``Value/kindName``,
    /// or `date` for text in ISO 8601 (`2026-11-28`, `2026-11-28T09:30:00Z`),
    /// which is how a record holds a Swift `Date` (and how data files write
    /// dates). Told by its form alone, so that `fields` on a million rows
    /// stays a count.
    var shownKind: String {
        guard case .string(let text) = self, Self.isDateText(text) else { return kindName }
        return "date"
    }

    /// Whether `text` is `YYYY-MM-DD`, alone or followed by `T` or a space and a time.
    static func isDateText(_ text: String) -> Bool {
        let bytes = Array(text.utf8.prefix(11))
        guard bytes.count >= 10 else { return false }
        let digit = { (index: Int) in bytes[index] >= UInt8(ascii: "0") && bytes[index] <= UInt8(ascii: "9") }
        guard (0..<4).allSatisfy(digit), bytes[4] == UInt8(ascii: "-"), digit(5), digit(6),
            bytes[7] == UInt8(ascii: "-"), digit(8), digit(9)
        else { return false }
        let month = Int(bytes[5] - 48) * 10 + Int(bytes[6] - 48)
        let day = Int(bytes[8] - 48) * 10 + Int(bytes[9] - 48)
        guard (1...12).contains(month), (1...31).contains(day) else { return false }
        return bytes.count == 10 || bytes[10] == UInt8(ascii: "T") || bytes[10] == UInt8(ascii: " ")
    }
}
