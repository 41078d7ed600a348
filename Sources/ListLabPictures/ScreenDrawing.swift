import ListLabCore

/// Draws a ``ListScreen`` as an SVG picture of a phone-sized screen: a
/// title bar, the rows above the viewport, the viewport's rows (section
/// headers and footers; each item's path, text and detail, the cell that
/// shows it, `#3`, new or reused, and the selection), and the rows below.
///
/// Every row is drawn from the screen's values, with fixed sizes and text
/// measured by a fixed table of advances (Helvetica's), never by a font on
/// the machine, so the same screen gives the same bytes on every run. Text
/// that does not fit ends in "…", as a label's tail is truncated, with the
/// whole text kept beside it. A screen whose ``ListScreen/showsCellBadges``
/// is off is drawn as an iPhone shows it: no badge naming each row's cell.
///
/// ```swift
/// let list = HeadlessList(viewportRows: 2)
/// ListAdapter(provider: contacts, presenter: SingleKindPresenter(ContactCell.self)).attach(to: list)
/// let svg = ScreenDrawing(title: "contacts").document(ListScreen(list))
/// svg.hasPrefix("<svg")   // true
/// ```
public struct ScreenDrawing: Sendable {
    /// The height of every row: headers, footers and items alike.
    public static let rowHeight = 44.0
    /// The width of the screen, without its frame.
    public static let screenWidth = 320.0
    static let bezel = 10.0
    static let titleHeight = 40.0
    static let bandHeight = 22.0
    static let fonts = "-apple-system, 'Helvetica Neue', Helvetica, Arial, sans-serif"

    /// The text of the title bar (the provider's name, say).
    public var title: String?
    /// Whether each row has its cell's badge (its class and number): the
    /// screen's own choice, set while it is drawn.
    private var badges = true
    /// How large its text is: a phone's own sizes, or a room's.
    package var typeSize = TypeSize.phone {
        didSet { sizes = TypeSizes(typeSize) }
    }
    private var sizes = TypeSizes(.phone)
    /// Room on the left of the items, for this screen (see ``TypeSizes/gutter``).
    private var gutter = TypeSizes(.phone).gutter

    /// How large a drawing's text is.
    package enum TypeSize: Sendable {
        /// A phone's own sizes, down to 7.5 points for a mark's word: the
        /// pages `listlab render` writes, the snapshots, `show --svg`.
        case phone
        /// No text under 14 points, for a page read across a room at its
        /// drawn size (a classroom student's live page): the gutter and the
        /// badges wider, to hold it.
        case room
    }

    /// Creates a drawing with an optional title.
    public init(title: String? = nil) {
        self.title = title
    }

    /// A standalone SVG document of `screen` (for a `.svg` file).
    public func document(_ screen: ListScreen) -> String {
        svg(screen, marks: { _ in nil }, sprites: [], banner: nil, standalone: true) + "\n"
    }

    /// The width of a picture.
    public static var pictureWidth: Double { screenWidth + 2 * bezel }

    /// The height of a picture of a screen with `viewportRows` rows.
    public static func pictureHeight(viewportRows: Int) -> Double {
        2 * bezel + titleHeight + 2 * bandHeight + Double(viewportRows) * rowHeight
    }

    /// The SVG of `screen`.
    ///
    /// - Parameters:
    ///   - marks: How an update marks each item (a coloured bar and a word).
    ///   - sprites: The moving parts of an animation, drawn in a hidden
    ///     layer (`g.anim`) that a page's script plays; the screen itself is
    ///     the `g.final` layer.
    ///   - banner: A line across the title bar (a refused update).
    ///   - standalone: Whether to write the XML namespace and fonts for a file of its own.
    func svg(
        _ screen: ListScreen, marks: (ItemPath) -> ScreenTransition.Mark?, sprites: [ScreenTransition.Sprite],
        banner: (text: String, detail: String)?, standalone: Bool = false
    ) -> String {
        var drawing = self
        drawing.badges = screen.showsCellBadges
        // Room for a mark's word under the paths only where an update marks an item.
        drawing.gutter =
            screen.items.contains { marks($0.path) != nil } ? drawing.sizes.gutter : drawing.sizes.unmarkedGutter
        return drawing.drawn(screen, marks: marks, sprites: sprites, banner: banner, standalone: standalone)
    }

    /// ``svg(_:marks:sprites:banner:standalone:)`` itself.
    private func drawn(
        _ screen: ListScreen, marks: (ItemPath) -> ScreenTransition.Mark?, sprites: [ScreenTransition.Sprite],
        banner: (text: String, detail: String)?, standalone: Bool
    ) -> String {
        let width = Self.pictureWidth
        let height = Self.pictureHeight(viewportRows: screen.viewportRows)
        let inner = Self.screenWidth
        let viewportHeight = Double(screen.viewportRows) * Self.rowHeight
        let top = Self.bezel + Self.titleHeight + Self.bandHeight
        // Written as bytes, each item into the same buffer: appending each piece to a String
        // was most of the cost of a step's page, which the server writes for every command.
        var out = UTF8Text(capacity: 16_384)
        out.append("<svg")
        if standalone { out.append(" xmlns=\"http://www.w3.org/2000/svg\"") }
        out.append(" class=\"screen\" data-columns=\"\(screen.columns)\" width=\"\(n(width))\" height=\"\(n(height))\"")
        out.append(" viewBox=\"0 0 \(n(width)) \(n(height))\" font-family=\"\(Self.fonts)\" role=\"img\"")
        out.append(" aria-label=\"\(Markup.escape(Self.summary(of: screen)))\">")
        out.append("<rect class=\"frame\" width=\"\(n(width))\" height=\"\(n(height))\" rx=\"28\" fill=\"#1c1c1e\"/>")
        out.append(
            "<rect x=\"\(n(Self.bezel))\" y=\"\(n(Self.bezel))\" width=\"\(n(inner))\" "
                + "height=\"\(n(height - 2 * Self.bezel))\" rx=\"20\" fill=\"#ffffff\"/>"
        )
        // The title bar, or the refused update's banner in its place, which names the list too.
        if let banner {
            let text = title.map { "\($0) — \(banner.text)" } ?? banner.text
            out.append("<g class=\"banner\"><title>\(Markup.escape(banner.detail))</title>")
            out.append(
                "<rect x=\"\(n(Self.bezel))\" y=\"\(n(Self.bezel))\" width=\"\(n(inner))\" "
                    + "height=\"\(n(Self.titleHeight))\" rx=\"20\" fill=\"#e5484d\"/>"
            )
            appendClipStart(x: Self.bezel + 12, y: Self.bezel, width: inner - 24, height: Self.titleHeight, to: &out)
            out.append(
                "<text x=\"0\" y=\"25\" font-size=\"\(n(sizes.banner))\" font-weight=\"600\" "
                    + "fill=\"#ffffff\">\(Markup.escape(text))</text></svg></g>"
            )
        } else if let title {
            appendClipStart(x: Self.bezel + 12, y: Self.bezel, width: inner - 24, height: Self.titleHeight, to: &out)
            out.append(
                "<text class=\"title\" x=\"\(n((inner - 24) / 2))\" y=\"26\" text-anchor=\"middle\" font-size=\"15\" "
                    + "font-weight=\"600\" fill=\"#111111\">\(Markup.escape(title))</text></svg>"
            )
        }
        out.append(
            "<line x1=\"\(n(Self.bezel))\" x2=\"\(n(Self.bezel + inner))\" y1=\"\(n(Self.bezel + Self.titleHeight))\" "
                + "y2=\"\(n(Self.bezel + Self.titleHeight))\" stroke=\"#c6c6c8\"/>"
        )
        out.append(band(screen.rowsAbove, "above", arrow: "\u{25B2}", y: Self.bezel + Self.titleHeight))
        out.append(band(screen.rowsBelow, "below", arrow: "\u{25BC}", y: top + viewportHeight))
        // The viewport: a nested <svg> clips what does not fit.
        out.append(
            "<svg class=\"viewport\" x=\"\(n(Self.bezel))\" y=\"\(n(top))\" width=\"\(n(inner))\" "
                + "height=\"\(n(viewportHeight))\">"
        )
        // White, as a plain table's empty space is: a viewport taller than the list shows nothing below it.
        out.append("<rect width=\"\(n(inner))\" height=\"\(n(viewportHeight))\" fill=\"#ffffff\"/>")
        out.append("<g class=\"final\">")
        if screen.rows.isEmpty {
            let sections = screen.sectionCount == 1 ? "1 section" : "\(screen.sectionCount) sections"
            out.append(
                "<text class=\"empty\" x=\"\(n(inner / 2))\" y=\"\(n(min(viewportHeight / 2, 60)))\" "
                    + "text-anchor=\"middle\" font-size=\"\(n(sizes.note))\" fill=\"#8a8a8e\">(empty: \(sections), no rows)</text>"
            )
        }
        for (index, row) in screen.rows.enumerated() {
            draw(row, y: Double(index) * Self.rowHeight, columns: screen.columns, marks: marks, into: &out)
        }
        out.append("</g>")
        if !sprites.isEmpty {
            out.append("<g class=\"anim\" style=\"display:none\">")
            let tileWidth = inner / Double(max(1, screen.columns))
            for sprite in sprites {
                let from = sprite.fromRow.map { Double($0) * Self.rowHeight } ?? -1
                let to = sprite.toRow.map { Double($0) * Self.rowHeight } ?? -1
                let x = Double(sprite.column) * tileWidth
                let start = sprite.fromRow != nil ? from : to
                out.append(
                    "<g class=\"sprite\" data-motion=\"\(sprite.motion.rawValue)\" data-from=\"\(n(from))\" "
                        + "data-to=\"\(n(to))\" data-x=\"\(n(x))\" transform=\"translate(\(n(x)),\(n(start)))\">"
                )
                let partWidth = Self.width(of: sprite.new ?? sprite.old, screen: screen)
                if sprite.motion == .changesInPlace, let old = sprite.old, let new = sprite.new {
                    out.append("<g class=\"old\">")
                    draw(old, width: partWidth, into: &out)
                    out.append("</g>")
                    out.append("<g class=\"new\" opacity=\"0\">")
                    draw(new, width: partWidth, into: &out)
                    out.append("</g>")
                } else if let part = sprite.new ?? sprite.old {
                    draw(part, width: partWidth, into: &out)
                }
                out.append("</g>")
            }
            out.append("</g>")
        }
        out.append("</svg></svg>")
        return out.string
    }

    /// One line that says what a screen shows, for `aria-label`.
    static func summary(of screen: ListScreen) -> String {
        let items = screen.items.count
        var text = "\(items) \(items == 1 ? "item" : "items") on screen"
        if screen.rowsAbove > 0 { text += ", \(screen.rowsAbove) \(screen.rowsAbove == 1 ? "row" : "rows") above" }
        if screen.rowsBelow > 0 { text += ", \(screen.rowsBelow) \(screen.rowsBelow == 1 ? "row" : "rows") below" }
        return text
    }

    private static func width(of part: ScreenTransition.Part?, screen: ListScreen) -> Double {
        if case .item = part { return screenWidth / Double(max(1, screen.columns)) }
        return screenWidth
    }

    private func band(_ count: Int, _ name: String, arrow: String, y: Double) -> String {
        guard count > 0 else { return "" }
        let words = "\(count) \(count == 1 ? "row" : "rows") \(name)"
        return
            "<text x=\"\(n(Self.bezel + 16))\" y=\"\(n(y + 15))\" font-size=\"\(n(sizes.band))\" fill=\"#8a8a8e\">\(arrow) <tspan "
            + "class=\"\(name)\">\(words)</tspan></text>"
    }

    private func draw(
        _ row: ListScreen.Row, y: Double, columns: Int, marks: (ItemPath) -> ScreenTransition.Mark?,
        into out: inout UTF8Text
    ) {
        switch row {
        case .header(_, let title):
            out.append("<g transform=\"translate(0,\(n(y)))\">")
            draw(.header(title), width: Self.screenWidth, into: &out)
            out.append("</g>")
        case .footer(_, let title):
            out.append("<g transform=\"translate(0,\(n(y)))\">")
            draw(.footer(title), width: Self.screenWidth, into: &out)
            out.append("</g>")
        case .items(let items):
            let tileWidth = Self.screenWidth / Double(max(1, columns))
            out.append("<g class=\"row items\" transform=\"translate(0,\(n(y)))\">")
            for (column, item) in items.enumerated() {
                out.append("<g transform=\"translate(")
                out.append(n(Double(column) * tileWidth))
                out.append(",0)\">")
                drawItem(item, width: tileWidth, mark: marks(item.path), into: &out)
                out.append("</g>")
            }
            out.append("</g>")
        }
    }

    private func draw(_ part: ScreenTransition.Part, width: Double, into out: inout UTF8Text) {
        let height = Self.rowHeight
        switch part {
        case .header(let title):
            out.append("<g class=\"row header\"><rect width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#f2f2f7\"/>")
            appendClipStart(x: 16, y: 0, width: width - 32, height: height, to: &out)
            out.append(
                "<text class=\"h\" x=\"0\" y=\"33\" font-size=\"\(n(sizes.header))\" font-weight=\"600\" fill=\"#6d6d72\""
            )
            out.append(Self.fitted(title, width: width - 32, fontSize: sizes.header, bold: true))
            out.append("</text></svg></g>")
        case .footer(let title):
            out.append("<g class=\"row footer\"><rect width=\"\(n(width))\" height=\"\(n(height))\" fill=\"#f2f2f7\"/>")
            appendClipStart(x: 16, y: 0, width: width - 32, height: height, to: &out)
            out.append("<text class=\"f\" x=\"0\" y=\"20\" font-size=\"\(n(sizes.footer))\" fill=\"#8a8a8e\"")
            out.append(Self.fitted(title, width: width - 32, fontSize: sizes.footer))
            out.append("</text></svg></g>")
        case .item(let item):
            drawItem(item, width: width, mark: nil, into: &out)
        }
    }

    private func drawItem(
        _ item: ListScreen.Item, width: Double, mark: ScreenTransition.Mark?, into out: inout UTF8Text
    ) {
        let height = Self.rowHeight
        let compact = width < 200
        let badgeWidth = compact || !badges ? 0 : sizes.badgeWidth
        // An outline's item is indented by its level, after its disclosure chevron (UIKit's outline cell).
        let indent = item.outline.map { Double(min($0.level, 6)) * (compact ? 6 : 16) + (compact ? 8 : 18) } ?? 0
        let textX = (compact ? 6 : gutter) + indent
        out.append(item.isSelected ? "<g class=\"item sel\" data-path=\"" : "<g class=\"item\" data-path=\"")
        out.append(item.path)
        out.append("\"><rect width=\"")
        out.append(n(width))
        out.append("\" height=\"")
        out.append(n(height))
        out.append(item.isSelected ? "\" fill=\"#d4e4fc\"/>" : "\" fill=\"#ffffff\"/>")
        if let mark {
            out.append("<rect class=\"mark\" width=\"4\" height=\"")
            out.append(n(height))
            out.append("\" fill=\"")
            out.append(Self.color(of: mark))
            out.append("\"/>")
        }
        if !compact {
            out.append(
                "<text class=\"p\" x=\"8\" y=\"17\" font-size=\"\(n(sizes.path))\" font-family=\"ui-monospace, Menlo, monospace\" "
                    + "fill=\"#8a8a8e\">"
            )
            out.append(item.path)
            out.append("</text>")
            if let mark {
                out.append(
                    "<text class=\"m\" x=\"8\" y=\"\(n(sizes.markBaseline))\" font-size=\"\(n(sizes.mark))\" "
                        + "font-weight=\"600\" fill=\"")
                out.append(Self.color(of: mark))
                out.append("\">")
                out.append(mark.rawValue)
                out.append("</text>")
            }
            if item.isSelected {
                out.append("<text class=\"check\" x=\"")
                out.append(n(width - badgeWidth - 16))
                out.append("\" y=\"27\" text-anchor=\"middle\" font-size=\"15\" fill=\"#0a84ff\">\u{2713}</text>")
            }
        } else {
            out.append(
                "<text class=\"p\" x=\"6\" y=\"\(n(sizes.compactLastBaseline))\" font-size=\"\(n(sizes.compactPath))\" font-family=\"ui-monospace, Menlo, monospace\" "
                    + "fill=\"#8a8a8e\">"
            )
            out.append(item.path)
            out.append("</text>")
        }
        if let outline = item.outline, outline.hasChildren {
            out.append(chevron(x: textX - (compact ? 5 : 11), expanded: outline.isExpanded, size: compact ? 3 : 5))
        }
        let textWidth = width - textX - badgeWidth - (compact ? 6 : 28)
        appendClipStart(x: textX, y: 0, width: textWidth, height: height, to: &out)
        if item.cell == nil {
            out.append(
                "<text class=\"t\" x=\"0\" y=\"27\" font-size=\"\(n(sizes.note))\" font-style=\"italic\" fill=\"#e5484d\">(no "
                    + "cell)</text>"
            )
        } else if let detail = item.detail, !compact || sizes.tileShowsDetail {
            out.append(
                compact
                    ? "<text class=\"t\" x=\"0\" y=\"\(n(sizes.compactTextBaseline))\" font-size=\"\(n(sizes.compactText))\" "
                        + "fill=\"#111111\""
                    : "<text class=\"t\" x=\"0\" y=\"19\" font-size=\"15\" fill=\"#111111\"")
            out.append(Self.fitted(item.text, width: textWidth, fontSize: compact ? sizes.compactText : 15))
            out.append(
                compact
                    ? "</text><text class=\"d\" x=\"0\" y=\"\(n(sizes.compactDetailBaseline))\" "
                        + "font-size=\"\(n(sizes.compactDetail))\" fill=\"#6d6d72\""
                    : "</text><text class=\"d\" x=\"0\" y=\"\(n(sizes.detailBaseline))\" font-size=\"\(n(sizes.detail))\" "
                        + "fill=\"#6d6d72\"")
            out.append(Self.fitted(detail, width: textWidth, fontSize: compact ? sizes.compactDetail : sizes.detail))
            out.append("</text>")
        } else {
            out.append(
                compact
                    ? "<text class=\"t\" x=\"0\" y=\"20\" font-size=\"\(n(sizes.compactText))\" fill=\"#111111\""
                    : "<text class=\"t\" x=\"0\" y=\"27\" font-size=\"15\" fill=\"#111111\"")
            out.append(Self.fitted(item.text, width: textWidth, fontSize: compact ? sizes.compactText : 15))
            out.append("</text>")
            if let detail = item.detail {
                // A room's tile has room for two lines: its detail is kept for a reader and a check, not drawn.
                out.append("<text class=\"d\" display=\"none\">")
                out.append(Markup.escape(detail))
                out.append("</text>")
            }
        }
        out.append("</svg>")
        if let cell = item.cell {
            let identifier = Markup.escape(cell.identifier)
            out.append("<g class=\"c\"><title>")
            out.append(identifier)
            out.append(" #")
            out.append(cell.serial)
            out.append(cell.isReused ? ", reused</title>" : ", new</title>")
            let numberColor = cell.isReused ? "#b45309" : "#1d4ed8"
            if !compact && !badges {
                // No badge, as an iPhone draws the row; its cell is still named, for a reader and a check.
                out.append("<text class=\"cn\" display=\"none\">#")
                out.append(cell.serial)
                out.append(cell.isReused ? " reused</text>" : "</text>")
                out.append("<text class=\"ci\" display=\"none\">")
                out.append(identifier)
                out.append("</text>")
            } else if compact {
                // A room's tile says the cell's number; its colour says whether it was reused, and a hidden
                // copy says it in words for a reader and a check.
                out.append(sizes.tileSaysReused ? "<text class=\"cn\" x=\"" : "<text class=\"cs\" x=\"")
                out.append(n(width - 6))
                out.append(
                    "\" y=\"\(n(sizes.compactLastBaseline))\" text-anchor=\"end\" font-size=\"\(n(sizes.compactNumber))\" font-weight=\"600\" fill=\""
                )
                out.append(numberColor)
                out.append("\">#")
                out.append(cell.serial)
                out.append(cell.isReused && sizes.tileSaysReused ? " reused</text>" : "</text>")
                if !sizes.tileSaysReused {
                    out.append("<text class=\"cn\" display=\"none\">#")
                    out.append(cell.serial)
                    out.append(cell.isReused ? " reused</text>" : "</text>")
                }
                out.append("<text class=\"ci\" display=\"none\">")
                out.append(identifier)
                out.append("</text>")
            } else {
                let x = width - badgeWidth - 6
                out.append("<rect x=\"")
                out.append(n(x))
                out.append("\" y=\"\(n(sizes.badgeTop))\" width=\"")
                out.append(n(badgeWidth))
                out.append(
                    cell.isReused
                        ? "\" height=\"\(n(sizes.badgeHeight))\" rx=\"7\" fill=\"#fdf1e2\"/>"
                        : "\" height=\"\(n(sizes.badgeHeight))\" rx=\"7\" fill=\"#e8f0fd\"/>")
                appendClipStart(x: x + 4, y: sizes.badgeTop, width: badgeWidth - 8, height: sizes.badgeHeight, to: &out)
                let middle = n((badgeWidth - 8) / 2)
                out.append("<text class=\"ci\" x=\"")
                out.append(middle)
                out.append(
                    "\" y=\"\(n(sizes.badgeIdentifierBaseline))\" text-anchor=\"middle\" "
                        + "font-size=\"\(n(sizes.badgeIdentifier))\" fill=\"#6d6d72\">")
                out.append(identifier)
                out.append("</text><text class=\"cn\" x=\"")
                out.append(middle)
                out.append(
                    "\" y=\"\(n(sizes.badgeNumberBaseline))\" text-anchor=\"middle\" "
                        + "font-size=\"\(n(sizes.badgeNumber))\" font-weight=\"600\" fill=\"")
                out.append(numberColor)
                out.append("\">#")
                out.append(cell.serial)
                out.append(cell.isReused ? " reused</text></svg>" : "</text></svg>")
            }
            out.append("</g>")
        }
        let lineY = n(height - 0.5)
        out.append("<line x1=\"")
        out.append(n(textX))
        out.append("\" x2=\"")
        out.append(n(width))
        out.append("\" y1=\"")
        out.append(lineY)
        out.append("\" y2=\"")
        out.append(lineY)
        out.append("\" stroke=\"#e5e5ea\"/></g>")
    }

    /// The start tag of a nested `<svg>` that clips what follows, up to its
    /// `</svg>`, to a rectangle (no ids, so many pictures can share a page),
    /// appended to `out`.
    private func appendClipStart(x: Double, y: Double, width: Double, height: Double, to out: inout UTF8Text) {
        out.append("<svg x=\"")
        out.append(n(x))
        out.append("\" y=\"")
        out.append(n(y))
        out.append("\" width=\"")
        out.append(n(max(0, width)))
        out.append("\" height=\"")
        out.append(n(height))
        out.append("\">")
    }

    /// The end of a `<text>` element's start tag and its content: `text`,
    /// or, when it would run past `width` points, its start and "…" as UIKit
    /// truncates a label's tail, with the whole text in `data-full` (what a
    /// check of the picture reads). The width is measured with Helvetica's
    /// advances (``advance(of:bold:)``), never with a font of the machine, so
    /// every run draws the same bytes; a twentieth is kept spare for a font
    /// a little wider (Arial, Liberation Sans), and the clip around the text
    /// still holds a wider one inside.
    static func fitted(_ text: String, width: Double, fontSize: Double, bold: Bool = false) -> String {
        let room = width * 0.95 / fontSize
        var used = 0.0
        var fits: String.Index?
        let ellipsis = advance(of: "\u{2026}", bold: bold)
        for index in text.indices {
            let next = used + advance(of: text[index], bold: bold)
            // The last place a cut may end: the text so far and "…" fit.
            if used + ellipsis <= room { fits = index }
            guard next <= room else {
                var cut = String(text[..<(fits ?? text.startIndex)])
                while cut.last == " " { cut.removeLast() }
                return " data-full=\"\(Markup.escape(text))\">" + Markup.escape(cut + "\u{2026}")
            }
            used = next
        }
        return ">" + Markup.escape(text)
    }

    /// How wide `character` is, in ems, in Helvetica (Adobe's metrics of
    /// its regular and bold faces, for ASCII); another character as a wide
    /// letter (0.6), one of East Asian width (CJK) as a square (1.0).
    static func advance(of character: Character, bold: Bool = false) -> Double {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        let value = scalar.value
        if value >= 32 && value < 127 {
            let table = bold ? helveticaBold : helvetica
            return Double(table[Int(value) - 32]) / 1_000
        }
        if value == 0x2026 { return 1.0 }
        // Hangul, CJK, kana and full-width forms take a square each.
        if (0x1100...0x115F).contains(value) || (0x2E80...0xA4CF).contains(value) || (0xAC00...0xD7A3).contains(value)
            || (0xF900...0xFAFF).contains(value) || (0xFE30...0xFE4F).contains(value)
            || (0xFF00...0xFF60).contains(value)
            || (0x1F300...0x1FAFF).contains(value) || (0x20000...0x3FFFD).contains(value)
        {
            return 1.0
        }
        return 0.6
    }

    /// Helvetica's advances for the characters 32 to 126, in thousandths of an em (its AFM file).
    private static let helvetica: [UInt16] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    ]

    /// Helvetica Bold's advances for the characters 32 to 126, in thousandths of an em.
    private static let helveticaBold: [UInt16] = [
        278, 333, 474, 556, 556, 889, 722, 238, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 333, 333, 584, 584, 584, 611,
        975, 722, 722, 722, 722, 667, 611, 778, 722, 278, 556, 722, 611, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 333, 278, 333, 584, 556,
        333, 556, 611, 556, 611, 556, 333, 611, 611, 278, 278, 556, 278, 889, 611, 611,
        611, 611, 389, 556, 333, 611, 556, 778, 556, 556, 500, 389, 280, 389, 584,
    ]

    /// A disclosure chevron centred at `x`, half the row down: pointing right
    /// while collapsed, turned down while expanded.
    private func chevron(x: Double, expanded: Bool, size: Double) -> String {
        let y = Self.rowHeight / 2
        let points =
            expanded
            ? "\(n(x - size)),\(n(y - size / 2)) \(n(x)),\(n(y + size / 2)) \(n(x + size)),\(n(y - size / 2))"
            : "\(n(x - size / 2)),\(n(y - size)) \(n(x + size / 2)),\(n(y)) \(n(x - size / 2)),\(n(y + size))"
        return
            "<polyline class=\"chevron\(expanded ? " open" : "")\" points=\"\(points)\" fill=\"none\" stroke=\"#0a84ff\" stroke-width=\"2\" stroke-linecap=\"round\" stroke-linejoin=\"round\"/>"
    }

    /// The colour of a mark.
    static func color(of mark: ScreenTransition.Mark) -> String {
        switch mark {
        case .delete: "#e5484d"
        case .insert: "#30a46c"
        case .move: "#0a84ff"
        case .reload: "#f5a524"
        case .reconfigure: "#8e4ec6"
        }
    }

    private func n(_ value: Double) -> String { Markup.number(value) }
}

extension ScreenDrawing {
    /// `svg` with a line break between each two elements, except inside a
    /// `<text>` element, where a line break would be drawn as a space.
    package static func oneElementPerLine(_ svg: String) -> String {
        var lines = ""
        lines.reserveCapacity(svg.utf8.count + svg.utf8.count / 32)
        var textDepth = 0
        var rest = Substring(svg)
        while let close = rest.firstIndex(of: ">") {
            let tag = rest[..<rest.index(after: close)]
            lines += tag
            rest = rest[rest.index(after: close)...]
            // The tag just written: its element name says whether a text element opens or closes.
            if let open = tag.lastIndex(of: "<") {
                let element = tag[tag.index(after: open)...]
                if element.hasPrefix("text"), !element.hasSuffix("/>") { textDepth += 1 }
                if element.hasPrefix("/text") { textDepth = max(0, textDepth - 1) }
            }
            if textDepth == 0, rest.first == "<" { lines += "\n" }
        }
        return lines + rest
    }
}

/// The sizes of a drawing's text (in points of the picture) and the room
/// kept for them.
private struct TypeSizes: Sendable {
    /// Room on the left of an item for its path and, under it, the word of
    /// an update's mark ("reconfigure", the longest), so that the word never
    /// runs into the item's text.
    let gutter: Double
    /// The room when no item is marked: the paths alone.
    let unmarkedGutter: Double
    let badgeWidth: Double
    /// A badge's top and height in its row.
    let badgeTop: Double
    let badgeHeight: Double
    /// An item's path, and the baseline of its mark's word below it.
    let path: Double
    let mark: Double
    let markBaseline: Double
    /// A badge's identifier and number, with their baselines in it.
    let badgeIdentifier: Double
    let badgeIdentifierBaseline: Double
    let badgeNumber: Double
    let badgeNumberBaseline: Double
    /// A row's detail line, under its text, and its baseline.
    let detail: Double
    let detailBaseline: Double
    /// A tile's (several columns): its text, detail, path and cell number.
    let compactText: Double
    let compactTextBaseline: Double
    let compactDetail: Double
    let compactDetailBaseline: Double
    let compactPath: Double
    let compactNumber: Double
    /// The baseline of a tile's path and cell number, its last line.
    let compactLastBaseline: Double
    /// Whether a tile draws its detail line, and "reused" after its cell's number (a room's tile, of
    /// fewer and larger lines, does neither).
    let tileShowsDetail: Bool
    let tileSaysReused: Bool
    /// The count of rows above or below the viewport, the headers, the
    /// footers, and the notes of an empty list or a row with no cell.
    let band: Double
    let banner: Double
    let header: Double
    let footer: Double
    let note: Double

    init(_ size: ScreenDrawing.TypeSize) {
        switch size {
        case .phone:
            (gutter, unmarkedGutter, badgeWidth, badgeTop, badgeHeight) = (64, 64, 88, 7, 30)
            (path, mark, markBaseline) = (10, 7.5, 34)
            (badgeIdentifier, badgeIdentifierBaseline, badgeNumber, badgeNumberBaseline) = (9, 11, 10, 24)
            (detail, detailBaseline) = (12, 36)
            (compactText, compactTextBaseline, compactDetail, compactDetailBaseline) = (12, 16, 10, 29)
            (compactPath, compactNumber, compactLastBaseline) = (8, 8, 40)
            (tileShowsDetail, tileSaysReused) = (true, true)
            (band, banner, header, footer, note) = (11, 13, 13, 12, 13)
        case .room:
            (gutter, unmarkedGutter, badgeWidth, badgeTop, badgeHeight) = (98, 68, 96, 2, 40)
            (path, mark, markBaseline) = (14, 14, 37)
            (badgeIdentifier, badgeIdentifierBaseline, badgeNumber, badgeNumberBaseline) = (14, 16, 14, 35)
            (detail, detailBaseline) = (14, 38)
            (compactText, compactTextBaseline, compactDetail, compactDetailBaseline) = (14, 14, 14, 28)
            (compactPath, compactNumber, compactLastBaseline) = (14, 14, 40)
            (tileShowsDetail, tileSaysReused) = (false, false)
            (band, banner, header, footer, note) = (14, 14, 14, 14, 14)
        }
    }
}
