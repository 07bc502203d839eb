/// A sitemaps.org 0.9 sitemap of the site's pages.
///
/// URLs are absolute, built from the base URL (a sub-path such as `https://example.com/sub/`
/// works), percent-encoded, XML-escaped, deduplicated and sorted, so the output depends only on
/// the set of pages. No `lastmod` is written: the data has no dates worth claiming.
public enum Sitemap {
    /// Where the sitemap (or, for big sites, the sitemap index) lives in the site.
    public static let path = "sitemap.xml"
    /// The most URLs the protocol allows in one sitemap file.
    public static let maxURLsPerFile = 50_000

    /// One sitemap listing every page in `paths`, site-relative file paths such as `index.html`
    /// or `users/page/2/index.html` (written as `https://example.com/sub/users/page/2/`).
    /// Use ``files(baseURL:paths:maxURLsPerFile:)`` when there may be more than 50,000 pages.
    public static func xml(baseURL: String, paths: [String]) -> String {
        urlset(locations(baseURL: baseURL, paths: paths)[...])
    }

    /// The sitemap files for `paths`: a single `sitemap.xml` when the pages fit in one file,
    /// otherwise `sitemap-1.xml`, `sitemap-2.xml`… of at most `maxURLsPerFile` URLs each plus a
    /// sitemap index at `sitemap.xml` pointing at them.
    public static func files(baseURL: String, paths: [String], maxURLsPerFile: Int = maxURLsPerFile) -> [SitemapFile] {
        let limit = min(max(1, maxURLsPerFile), Self.maxURLsPerFile)
        let all = locations(baseURL: baseURL, paths: paths)
        guard all.count > limit else { return [SitemapFile(path: path, xml: urlset(all[...]))] }
        let parts = stride(from: 0, to: all.count, by: limit).enumerated().map { number, start in
            SitemapFile(path: "sitemap-\(number + 1).xml", xml: urlset(all[start..<min(start + limit, all.count)]))
        }
        let entries = parts.map { "<sitemap><loc>\(MarkupText.attribute(SiteURL.absolute(base: baseURL, path: $0.path)))</loc></sitemap>" }
        let index = ([header, "<sitemapindex xmlns=\"\(namespace)\">"] + entries + ["</sitemapindex>"]).joined(separator: "\n") + "\n"
        return [SitemapFile(path: path, xml: index)] + parts
    }

    private static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>"
    private static let namespace = "http://www.sitemaps.org/schemas/sitemap/0.9"

    /// Absolute URLs, unique, in byte order of their (ASCII) text.
    private static func locations(baseURL: String, paths: [String]) -> [String] {
        Set(paths.map { SiteURL.absolute(base: baseURL, path: $0) })
            .sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }

    private static func urlset(_ locations: ArraySlice<String>) -> String {
        let entries = locations.map { "<url><loc>\(MarkupText.attribute($0))</loc></url>" }
        return ([header, "<urlset xmlns=\"\(namespace)\">"] + entries + ["</urlset>"]).joined(separator: "\n") + "\n"
    }
}

/// One file of a sitemap: its site-relative path and its XML text.
public struct SitemapFile: Sendable, Hashable {
    /// Where the file goes in the site, e.g. `sitemap.xml` or `sitemap-2.xml`.
    public var path: String
    /// The file's contents.
    public var xml: String

    /// Creates a sitemap file.
    public init(path: String, xml: String) {
        self.path = path
        self.xml = xml
    }
}
