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
    /// The file's line ending: CRLF when its first line ends so, else LF.
    let lineEnding: [UInt8]

    init(format: RecordTableWriter.Format, rowSpans: [UInt64], header: Range<Int>, fieldCount: Int, source: [UInt8]) {
        self.format = format
        self.rowSpans = rowSpans
        self.header = header
        self.fieldCount = fieldCount
        var ending: [UInt8] = [0x0A]
        if let newline = source.firstIndex(of: 0x0A), newline > 0, source[newline - 1] == 0x0D { ending = [0x0D, 0x0A] }
        lineEnding = ending
    }

    /// The offsets of row `row`'s text.
    func span(_ row: Int) -> Range<Int> {
        let packed = rowSpans[row]
        let offset = Int(packed >> 32)
        return offset..<(offset + Int(packed & 0xFFFF_FFFF))
    }
}
