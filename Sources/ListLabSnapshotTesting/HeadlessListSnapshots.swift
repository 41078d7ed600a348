public import ListLabCore
import ListLabPictures
public import SnapshotTesting

/// Snapshot strategies for pointfreeco/swift-snapshot-testing: a
/// `HeadlessList` compared by what it shows, as text or as a picture.
///
/// A product of its own (`ListLabSnapshotTesting`), so that only a test
/// target that imports it builds swift-snapshot-testing. In a `@Test` (or an
/// XCTest method) of such a target, beside `import SnapshotTesting`:
///
/// ```swift
/// let list = HeadlessList(viewportRows: 2)
/// ListAdapter(provider: contacts, presenter: SingleKindPresenter(ContactCell.self)).attach(to: list)
/// assertSnapshot(of: list, as: .lines)                    // __Snapshots__/<file>/<test>.1.txt
/// assertSnapshot(of: list, as: .svg(title: "contacts"))   // __Snapshots__/<file>/<test>.2.svg
/// ```
///
/// The first run records each snapshot (and fails, as swift-snapshot-testing
/// does, so that a missing file is never a pass); commit the files it wrote.
extension Snapshotting where Value == HeadlessList, Format == String {
    /// The list's lines as `render()` gives them: the rows on screen, each
    /// with its path, its cell (`#3`, new or reused) and what the cell was
    /// configured with, and the rows above and below. Control characters in
    /// the data are escaped, so a snapshot file is plain text.
    public static var lines: Snapshotting {
        lines(showsCells: true)
    }

    /// The list's lines as `render(showsCells:)` gives them; without cells,
    /// a snapshot does not change when cells are reused differently.
    public static func lines(showsCells: Bool) -> Snapshotting {
        SimplySnapshotting.lines.pullback { list in
            list.render(showsCells: showsCells).joined(separator: "\n") + "\n"
        }
    }

    /// The list drawn as `show --svg` draws it: an SVG document, compared
    /// as text (the drawing has fixed sizes and no measured text, so the
    /// same list gives the same bytes on every machine).
    public static var svg: Snapshotting {
        svg(title: nil)
    }

    /// The list drawn as an SVG document with `title` in its title bar,
    /// one element a line, so that a failing snapshot's diff names the
    /// elements that changed.
    public static func svg(title: String?) -> Snapshotting {
        var strategy = SimplySnapshotting.lines.pullback { (list: HeadlessList) in
            ScreenDrawing.oneElementPerLine(ScreenDrawing(title: title).document(ListScreen(list)))
        }
        strategy.pathExtension = "svg"
        return strategy
    }
}

/// A transcript as a snapshot: a `.lab` file, which `listlab test` replays.
extension Snapshotting where Value == String, Format == String {
    /// A transcript's text, kept as a `.lab` file: a UIKit list's steps
    /// from UIKitTranscripts' `ListRecording` (`assertSnapshot(of:
    /// recording.transcript(), as: .transcript)`), or any session's. The
    /// snapshot folder is then transcripts too: `listlab test` replays it
    /// and `listlab render` draws it, and a failing snapshot's diff names
    /// the lines that changed.
    public static var transcript: Snapshotting {
        var strategy = SimplySnapshotting.lines
        strategy.pathExtension = "lab"
        return strategy
    }
}
