/// The CSS and the script every page carries: `Assets/pictures.css` and
/// `Assets/pictures.js` beside this file, embedded in the binary when it is
/// built (SwiftPM's `.embedInCode`), so that they read, diff and lint as what
/// they are and a copied binary needs no resource folder.
enum PageAssets {
    /// The pages' CSS.
    static let css = String(decoding: PackageResources.pictures_css, as: UTF8.self)

    /// The player: each figure shows its last picture (the list after the
    /// step); Play animates every stage in turn, Step the next one, Replay
    /// from the first. Sprites move in UIKit's order: deletes and reloads at
    /// their old rows in the first 40% of a stage, then moves and inserts.
    ///
    /// The page acts on nothing in its address. A check drives it over the
    /// DevTools protocol (Scripts/check-pictures) through
    /// `window.listlabPictures`: the players, and the rows a picture draws,
    /// as `show` prints them.
    static let script = String(decoding: PackageResources.pictures_js, as: UTF8.self)
}
