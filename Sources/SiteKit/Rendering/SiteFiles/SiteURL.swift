import Foundation

/// Absolute URLs for the site's files, built from the configured base URL.
enum SiteURL {
    /// `baseURL` without surrounding whitespace and with exactly one trailing `/`, so a sub-path
    /// such as `https://example.com/sub` is treated as a folder. Otherwise used as given.
    static func base(_ baseURL: String) -> String {
        var base = Substring(baseURL.trimmedWhiteSpace)
        while base.hasSuffix("/") { base.removeLast() }
        return base + "/"
    }

    /// The path the site is served from, with one trailing `/`: `/project/` for
    /// `https://user.github.io/project`, `/` when the base URL has no path or cannot be read.
    static func rootPath(_ baseURL: String) -> String {
        // Percent-encoded as in the URL: it goes into links (`/a%20b/`), and requests name it so.
        guard let path = URLComponents(string: base(baseURL))?.percentEncodedPath, !path.isEmpty else { return "/" }
        return path.hasSuffix("/") ? path : path + "/"
    }

    /// `url` with its path's empty segments (`//`) dropped and its `.` and `..` segments resolved
    /// (RFC 3986, 5.2.4: `..` never climbs above the root), keeping a trailing `/`; the same URL
    /// when there is nothing to change, so that `https://host` stays as written.
    static func normalizingPath(of url: URL) -> URL {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false) else { return url }
        let path = components.percentEncodedPath
        let raw = path.split(separator: "/", omittingEmptySubsequences: false).dropFirst()
        guard raw.dropLast().contains(where: { $0.isEmpty }) || raw.contains(where: { isDot($0) || isDotDot($0) }) else { return url }
        var segments: [Substring] = []
        for segment in raw where !segment.isEmpty && !isDot(segment) {
            if isDotDot(segment) { _ = segments.popLast() } else { segments.append(segment) }
        }
        let folder = path.hasSuffix("/") || raw.last.map { isDot($0) || isDotDot($0) } == true
        components.percentEncodedPath = "/" + segments.joined(separator: "/") + (folder && !segments.isEmpty ? "/" : "")
        return components.url ?? url
    }

    /// Whether `path` ends in a page's file name (`index.html`, `about.htm`) rather than a folder.
    static func namesPage(_ path: String) -> Bool {
        guard !path.hasSuffix("/"), let last = path.split(separator: "/").last?.lowercased() else { return false }
        return last.hasSuffix(".html") || last.hasSuffix(".htm") || last.hasSuffix(".xhtml")
    }

    private static func isDot(_ segment: Substring) -> Bool { segment == "." || segment.lowercased() == "%2e" }
    private static func isDotDot(_ segment: Substring) -> Bool {
        ["..", ".%2e", "%2e.", "%2e%2e"].contains(segment.lowercased())
    }

    /// The absolute URL of `path`, a site-relative file path such as `users/page/2/index.html`.
    ///
    /// Each segment is percent-encoded as UTF-8 (everything but RFC 3986 unreserved characters),
    /// so `سینا` and spaces survive; `%` is encoded too because paths are file names, not URLs.
    /// A final `index.html` becomes a folder URL ending in `/`; empty and `.` segments are dropped.
    static func absolute(base baseURL: String, path: String) -> String {
        var segments = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        var folder = path.hasSuffix("/") || segments.isEmpty
        if segments.last == "index.html" {
            segments.removeLast()
            folder = true
        }
        let encoded = segments.map { encode(String($0)) }.joined(separator: "/")
        let tail = folder && !encoded.isEmpty ? encoded + "/" : encoded
        return base(baseURL) + tail
    }

    /// Percent-encodes every byte of the UTF-8 form except `A-Z a-z 0-9 - . _ ~`.
    static func encode(_ segment: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var bytes: [UInt8] = []
        bytes.reserveCapacity(segment.utf8.count)
        for byte in segment.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"):
                bytes.append(byte)
            default:
                bytes += [UInt8(ascii: "%"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)]]
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }
}
