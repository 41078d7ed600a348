import ListLabRecords

/// Where the rows of a file lie in its bytes, and the file's own style, so
/// that a save writes every row and cell nobody changed exactly as it was
/// read: the number spelling, the quoting, a byte order mark, CRLF line
/// endings, the key order and spacing of JSON objects.
///
/// Made by a reader once the whole file is read; shared (never copied) by
/// the tables and records that come from it. Records read from the file
/// remember it (``Record/origin``) so that a row survives sorting, filtering
/// and grouping with its bytes intact.
package final class SourceLayout: Sendable {
    /// The format the file was read as.
    let format: RecordTableWriter.Format
    /// Each row's text in the file, as a packed offset and length (see
    /// ``RecordTable/slice(offset:length:)``): a CSV row without its line
    /// ending, a JSON object from `{` to `}`.
    let rowSpans: [UInt64]
    /// CSV: the offsets of the header's text (after a byte order mark,
    /// before the line ending); empty for JSON.
    let header: Range<Int>
    /// The number of fields the file had (CSV: the header's).
    let fieldCount: Int
    /// The file's line ending, as its first line ends: CRLF, CR alone (old
    /// Mac files) or LF (also when no line has ended yet).
    let lineEnding: [UInt8]

    init(format: RecordTableWriter.Format, rowSpans: [UInt64], header: Range<Int>, fieldCount: Int, source: [UInt8]) {
        self.format = format
        self.rowSpans = rowSpans
        self.header = header
        self.fieldCount = fieldCount
        // CSV: the header's own ending (a quoted field further on may hold line breaks); JSON: the
        // first break, which can only be spacing (a JSON string holds none unescaped).
        let end = format == .csv ? header.upperBound : (source.firstIndex { $0 == 0x0A || $0 == 0x0D } ?? source.count)
        lineEnding = Self.lineEnding(at: end, in: source)
    }

    /// The line ending that starts at `offset` of `source` (LF when none does).
    private static func lineEnding(at offset: Int, in source: [UInt8]) -> [UInt8] {
        guard offset < source.count, source[offset] == 0x0D else { return [0x0A] }
        return offset + 1 < source.count && source[offset + 1] == 0x0A ? [0x0D, 0x0A] : [0x0D]
    }

    /// The offsets of row `row`'s text.
    func span(_ row: Int) -> Range<Int> {
        let packed = rowSpans[row]
        let offset = Int(packed >> 32)
        return offset..<(offset + Int(packed & 0xFFFF_FFFF))
    }
}
