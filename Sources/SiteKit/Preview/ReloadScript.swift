import Foundation

/// The small script the preview server adds to the HTML it serves (never to files on disk): it
/// listens to the server's event stream, reloads the page after a good rebuild and shows a failed
/// rebuild's error over the page until the next good one.
enum ReloadScript {
    /// The event-stream path; chosen so no generated page can collide with it.
    static let eventsPath = "/__site/events"

    /// `html` with the script inserted before its last `</body>`, or appended when it has none.
    /// `noSiteYet`: the page says there is no site yet, so a failed build's error is not shown
    /// over "the last good build".
    static func inject(into html: [UInt8], version: String, noSiteYet: Bool = false) -> [UInt8] {
        let script = Array(tag(version: version, noSiteYet: noSiteYet).utf8)
        let closing = Array("</body>".utf8)
        if let index = lastIndex(of: closing, in: html) {
            return Array(html[..<index]) + script + Array(html[index...])
        }
        return html + script
    }

    static func tag(version: String, noSiteYet: Bool = false) -> String {
        let versionLiteral = (try? String(decoding: JSONEncoder().encode(version), as: UTF8.self)) ?? "\"\""
        let heading = noSiteYet ? "site: the build failed, so there is no site to show yet." : "site: the rebuild failed; this is the last good build."
        return """
        <script>(() => {
          const served = \(versionLiteral);
          const events = new EventSource("\(eventsPath)");
          let overlay = null;
          function show(message) {
            if (!overlay) {
              overlay = document.createElement("div");
              overlay.setAttribute("role", "alert");
              overlay.style.cssText = "position:fixed;inset:auto 1rem 1rem 1rem;z-index:2147483647;max-height:50vh;overflow:auto;" +
                "padding:1rem 1.25rem;border-radius:.5rem;background:#3b0a0a;color:#fff;font:14px/1.5 ui-monospace,monospace;" +
                "white-space:pre-wrap;box-shadow:0 4px 24px rgba(0,0,0,.4)";
              document.body.appendChild(overlay);
            }
            overlay.textContent = "\(heading)\\n\\n" + message;
          }
          events.onmessage = (event) => {
            const state = JSON.parse(event.data);
            if (state.error) { show(state.error); return; }
            if (state.version !== served) { location.reload(); return; }
            if (overlay) { overlay.remove(); overlay = null; }
          };
        })();</script>

        """
    }

    private static func lastIndex(of needle: [UInt8], in haystack: [UInt8]) -> Int? {
        guard haystack.count >= needle.count else { return nil }
        var index = haystack.count - needle.count
        while index >= 0 {
            if haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index -= 1
        }
        return nil
    }
}
