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
