import ListLabPictures

/// The page a browser opens: a command line and the steps it runs, each
/// drawn and animated by the same CSS, SVG and player as `listlab render`'s
/// pages (``TranscriptPage``), added as the server sends them over a
/// WebSocket.
///
/// Its HTML, CSS and script are the files `Page/page.html`, `Page/page.css`
/// and `Page/page.js` beside this one, embedded in the binary when it is
/// built. The page loads its script and CSS from the server as files of
/// their own: its Content-Security-Policy runs no inline script, and the
/// only connection it may open is to the server it came from.
///
/// The script (`page.js`): each step's section comes from the server; its
/// pictures get the render pages' player and play at once. It reads the
/// token from the address's fragment and nothing else of the address but a
/// lesson's plain name; the browser checks drive it over the DevTools
/// protocol (Scripts/lib/page-driver.js).
enum LivePage {
    /// The page of a playground called `tool`.
    static func html(tool: String) -> String {
        String(decoding: PackageResources.page_html, as: UTF8.self).replacing("{{tool}}", with: Markup.escape(tool))
    }

    /// The page in place of the playground when a classroom opens no new
    /// tab, saying `reason`.
    static func fullPage(_ reason: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8"><title>The classroom is full</title><link rel="stylesheet" \
        href="/listlab.css"></head>
        <body><main><h1>The classroom is full</h1><p>\(Markup.escape(reason)).</p><p>Reload this page in a \
        while.</p></main></body></html>

        """
    }

    /// The page's CSS: the render pages' and its own.
    static let css = TranscriptPage.css + String(decoding: PackageResources.page_css, as: UTF8.self)

    /// The render pages' player, which the page's script uses.
    static let pictures = TranscriptPage.script

    /// The page's own script.
    static let script = String(decoding: PackageResources.page_js, as: UTF8.self)

    /// Scripts and CSS from the server only, none inline; no frame may hold
    /// the page; one connection, back to the server. Styles may be inline:
    /// the pictures' SVG hides its animation layers with a `style` attribute.
    static let contentSecurityPolicy =
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'; connect-src 'self'; "
        + "frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
}
