/// The site's `robots.txt`: every crawler may fetch everything, and the sitemap's address; for
/// a site of made-up demo data, nothing, so that a demo deployed by mistake never lands in a
/// search index under real-looking names.
///
/// Crawlers only read `robots.txt` at the root of a host, so for a site under a sub-path the
/// file is harmless but ignored; the sitemap can still be submitted directly.
public enum RobotsTxt {
    /// Where the file lives in the site.
    public static let path = "robots.txt"

    /// The file's text, naming the absolute sitemap URL built from `baseURL`.
    public static func text(baseURL: String, demo: Bool = false) -> String {
        if demo {
            return """
            # Demo data (the embedded demo API): every person and post is made up.
            User-agent: *
            Disallow: /

            """
        }
        return """
        User-agent: *
        Allow: /

        Sitemap: \(MarkupText.clean(SiteURL.absolute(base: baseURL, path: Sitemap.path)).filter { !$0.isNewline })

        """
    }
}
