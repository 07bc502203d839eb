import Foundation

/// What the preview answers while its output folder holds no site at all (no `index.html`, no
/// `404.html`): before the first build has published one, or when it failed. A plain "not found"
/// would leave the tab stale for good; this page carries the reload script like any page, so it
/// shows a failed build's error and turns into the site as soon as a build succeeds.
enum NoSitePage {
    /// 503 rather than 404: nothing is missing for good, the site is not there yet.
    static let status = 503

    /// - Parameter watching: whether the sources are watched, so that a build will come by itself
    ///   (`site serve --no-watch` builds once).
    static func html(output: URL, watching: Bool = true) -> String {
        """
        <!doctype html>
        <html lang="en">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>No site yet · site serve</title>
        </head>
        <body style="font:16px/1.5 system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem">
        <h1>No site yet</h1>
        <p>There is no site in <code>\(HTML.escapeText(output.path))</code> to show yet: the first build is still running, or it failed, and the terminal says why; or the site was removed (<code>site clean</code>), and is being built again.</p>
        \(watching ? "<p>This page reloads by itself as soon as a build succeeds.</p>"
                   : "<p>With <code>--no-watch</code> nothing is built again: fix the error, then restart <code>site serve</code>.</p>")
        </body>
        </html>

        """
    }
}
