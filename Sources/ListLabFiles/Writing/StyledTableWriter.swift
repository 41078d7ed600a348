import ListLabRecords

/// Writes a table in the format and style of the file it was read from:
/// rows nobody changed byte for byte (with the bytes between them), edited
/// rows with only their changed cells written anew, added rows in the file's
/// style. ``RecordTableWriter`` uses it whenever the format is the file's own.
struct StyledTableWriter {
    let table: RecordTable
    let layout: SourceLayout
    private var source: [UInt8] { table.source }

    init(table: RecordTable, layout: SourceLayout) {
        self.table = table
        self.layout = layout
    }

    /// The file's bytes with the table's changes.
    ///
    /// - Complexity: O(*n*) for *n* bytes.
    func bytes() -> [UInt8] {
        if isUnchanged { return source }
        let rowsRead = layout.rowSpans.count
        var output: [UInt8] = []
        output.reserveCapacity(source.count + table.arena.count + 64)
        guard table.count > 0 else { return emptyFile() }
        writePrefix(to: &output)
        let gap = defaultGap
        let style = jsonStyle
        var previous: Int?
        for row in 0..<table.count {
            let origin = table.origins[row]
            if row > 0 {
                if let previous, let current = origin.sourceRow, current == previous + 1 {
                    output.append(
                        contentsOf: source[layout.span(previous).upperBound..<layout.span(current).lowerBound])
                } else {
                    output.append(contentsOf: gap)
                }
            }
            if let sourceRow = origin.sourceRow {
                if origin.isEdited {
                    writeEdited(row, from: sourceRow, style: style, to: &output)
                } else {
                    output.append(contentsOf: source[layout.span(sourceRow)])
                    if layout.format == .csv { writeAddedCSVCells(row, to: &output) }
                }
            } else {
                writeAdded(row, style: style, to: &output)
            }
            previous = origin.sourceRow
        }
        if let last = layout.rowSpans.indices.last, rowsRead > 0 {
            output.append(contentsOf: source[layout.span(last).upperBound...])
        } else {
            if layout.format == .json { output.append(contentsOf: layout.lineEnding + [UInt8(ascii: "]")]) }
            output.append(contentsOf: layout.lineEnding)
        }
        return output
    }

    /// Whether the table is the file as read: same rows in the same order,
    /// none edited, no field added.
    private var isUnchanged: Bool {
        guard table.count == layout.rowSpans.count, table.fieldNames.count == layout.fieldCount else { return false }
        for row in 0..<table.count {
            let origin = table.origins[row]
            guard origin.sourceRow == row, !origin.isEdited else { return false }
        }
        return true
    }

    /// The file with no rows left.
    private func emptyFile() -> [UInt8] {
        let endsWithNewline = source.last == 0x0A || source.last == 0x0D
        switch layout.format {
        case .csv:
            var output = Array(source[..<layout.header.upperBound])
            writeAddedHeaderNames(to: &output)
            output.append(contentsOf: layout.lineEnding)
            return output
        case .json:
            return byteOrderMark + Array("[]".utf8) + (endsWithNewline ? layout.lineEnding : [])
        case .ndjson:
            return byteOrderMark
        }
    }

    /// The file's UTF-8 byte order mark, if it began with one.
    private var byteOrderMark: [UInt8] {
        source.starts(with: [0xEF, 0xBB, 0xBF]) ? [0xEF, 0xBB, 0xBF] : []
    }

    /// Everything before the first row: a byte order mark and the header
    /// (CSV), the opening bracket and its spacing (JSON).
    private func writePrefix(to output: inout [UInt8]) {
        let firstRow = layout.rowSpans.isEmpty ? source.count : layout.span(0).lowerBound
        switch layout.format {
        case .csv:
            output.append(contentsOf: source[..<layout.header.upperBound])
            writeAddedHeaderNames(to: &output)
            output.append(contentsOf: source[layout.header.upperBound..<firstRow])
            if layout.rowSpans.isEmpty, output.last != 0x0A, output.last != 0x0D {
                output.append(contentsOf: layout.lineEnding)
            }
        case .json:
            if layout.rowSpans.isEmpty {
                output.append(UInt8(ascii: "["))
                output.append(contentsOf: layout.lineEnding)
            } else {
                output.append(contentsOf: source[..<firstRow])
            }
        case .ndjson:
            output.append(contentsOf: source[..<firstRow])
        }
    }

    /// What goes between two rows that were not neighbours in the file.
    private var defaultGap: [UInt8] {
        guard layout.format == .json else { return layout.lineEnding }
        if layout.rowSpans.count >= 2 {
            return Array(source[layout.span(0).upperBound..<layout.span(1).lowerBound])
        }
        guard let first = layout.rowSpans.indices.first else { return [UInt8(ascii: ",")] + layout.lineEnding }
        // One object: a comma, then the spacing that came before it after '['.
        let before = source[..<layout.span(first).lowerBound]
        let spacing = before.lastIndex(of: UInt8(ascii: "[")).map { before[($0 + 1)...] } ?? []
        return [UInt8(ascii: ",")] + spacing
    }

    // MARK: CSV

    private func writeAddedHeaderNames(to output: inout [UInt8]) {
        for name in table.fieldNames.dropFirst(layout.fieldCount) {
            output.append(UInt8(ascii: ","))
            RecordTableWriter.writeCSVString(Array(name.utf8)[...], to: &output)
        }
    }

    /// The cells of fields added since the file was read.
    private func writeAddedCSVCells(_ row: Int, to output: inout [UInt8]) {
        for column in layout.fieldCount..<max(layout.fieldCount, table.fieldNames.count) {
            output.append(UInt8(ascii: ","))
            RecordTableWriter.writeCSVCell(table, column, row, to: &output)
        }
    }

    // MARK: Rows

    private func writeAdded(_ row: Int, style: JSONStyle, to output: inout [UInt8]) {
        switch layout.format {
        case .csv: RecordTableWriter.writeCSVRow(table, row, to: &output)
        case .json, .ndjson:
            RecordTableWriter.writeJSONObject(table, row, separator: style.separator, colon: style.colon, to: &output)
        }
    }

    /// An edited row: the file's text of the row with the cells whose value
    /// changed written anew, and fields it lacked added at its end.
    private func writeEdited(_ row: Int, from sourceRow: Int, style: JSONStyle, to output: inout [UInt8]) {
        let span = layout.span(sourceRow)
        switch layout.format {
        case .csv:
            let fields = CSVReader.fields(of: source, in: span)
            for column in table.columns.indices {
                if column > 0 { output.append(UInt8(ascii: ",")) }
                if column < fields.count, table.value(column: column, row: row) == fields[column].value {
                    output.append(contentsOf: source[fields[column].raw])
                } else {
                    RecordTableWriter.writeCSVCell(table, column, row, to: &output)
                }
            }
        case .json, .ndjson:
            let members = JSONObjectScanner.members(of: source, in: span)
            var cursor = span.lowerBound
            var lastValueEnd = span.lowerBound + 1
            var written: Set<Int> = []
            for member in members {
                lastValueEnd = member.value.upperBound
                guard let column = columnOfField[member.name] else { continue }
                written.insert(column)
                guard !table.isAbsent(column: column, row: row), table.value(column: column, row: row) != member.parsed
                else { continue }
                output.append(contentsOf: source[cursor..<member.value.lowerBound])
                RecordTableWriter.writeJSONCell(table, column, row, to: &output)
                cursor = member.value.upperBound
            }
            output.append(contentsOf: source[cursor..<lastValueEnd])
            var first = members.isEmpty
            for column in table.columns.indices
            where !written.contains(column) && !table.isAbsent(column: column, row: row) {
                if !first { output.append(contentsOf: style.separator) }
                first = false
                JSONStringWriter.append(Array(table.fieldNames[column].utf8)[...], to: &output)
                output.append(contentsOf: style.colon)
                RecordTableWriter.writeJSONCell(table, column, row, to: &output)
            }
            output.append(contentsOf: source[lastValueEnd..<span.upperBound])
        }
    }

    private var columnOfField: [String: Int] {
        Dictionary(table.fieldNames.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
    }

    // MARK: JSON style

    /// How the file's objects space their members.
    struct JSONStyle {
        var separator: [UInt8] = [UInt8(ascii: ",")]
        var colon: [UInt8] = [UInt8(ascii: ":")]
    }

    /// The spacing of the file's first object that shows it.
    private var jsonStyle: JSONStyle {
        var style = JSONStyle()
        guard layout.format != .csv else { return style }
        for row in layout.rowSpans.indices.prefix(16) {
            let members = JSONObjectScanner.members(of: source, in: layout.span(row))
            guard let first = members.first else { continue }
            style.colon = Array(source[first.key.upperBound..<first.value.lowerBound])
            if members.count >= 2 {
                style.separator = Array(source[first.value.upperBound..<members[1].key.lowerBound])
                return style
            }
        }
        return style
    }
}

/// Finds the members of a JSON object in a file's bytes: each key, where its
/// value lies, and the value. For writing an edited object in place.
enum JSONObjectScanner {
    struct Member {
        var name: String
        /// The key with its quotes.
        var key: Range<Int>
        var value: Range<Int>
        var parsed: Value
    }

    /// The members of the object at `span` of `bytes` (a span a reader
    /// found, so well-formed; anything unexpected ends the list).
    static func members(of bytes: [UInt8], in span: Range<Int>) -> [Member] {
        var index = span.lowerBound
        guard index < span.upperBound, bytes[index] == UInt8(ascii: "{") else { return [] }
        index += 1
        var members: [Member] = []
        while true {
            index = skipSpace(bytes, index, span.upperBound)
            guard index < span.upperBound, bytes[index] == UInt8(ascii: "\"") else { break }
            var keyReader = JSONReader(bytes: bytes, offset: index)
            guard case .string(let name)? = try? keyReader.readValue() else { break }
            let key = index..<keyReader.offset
            index = skipSpace(bytes, keyReader.offset, span.upperBound)
            guard index < span.upperBound, bytes[index] == UInt8(ascii: ":") else { break }
            index = skipSpace(bytes, index + 1, span.upperBound)
            var valueReader = JSONReader(bytes: bytes, offset: index)
            guard let parsed = try? valueReader.readValue() else { break }
            members.append(Member(name: name, key: key, value: index..<valueReader.offset, parsed: parsed))
            index = skipSpace(bytes, valueReader.offset, span.upperBound)
            guard index < span.upperBound, bytes[index] == UInt8(ascii: ",") else { break }
            index += 1
        }
        return members
    }

    private static func skipSpace(_ bytes: [UInt8], _ start: Int, _ end: Int) -> Int {
        var index = start
        while index < end, bytes[index] == 0x20 || bytes[index] == 0x09 || bytes[index] == 0x0A || bytes[index] == 0x0D
        {
            index += 1
        }
        return index
    }
}
