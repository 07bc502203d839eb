import Foundation

/// An Atom 1.0 feed (RFC 4287) of the site's posts, written at `feed.xml`.
///
/// The data has no real dates, so `updated` is whatever fixed moment the caller passes (a
/// constant, or one derived from the data), never the clock: the same inputs always give the
/// same bytes. Entries keep the order given; an entry whose URL repeats an earlier one is left
/// out, since Atom ids must be unique. All text is escaped and written as `type="text"`.
public struct AtomFeed: Sendable {
    /// Where the feed lives in the site; its `rel="self"` link points here.
    public static let path = "feed.xml"

    /// The site's base URL, e.g. `https://example.com/sub/`.
    public var baseURL: String
    /// The feed's title, usually the site's name.
    public var title: String
    /// An optional one-line description.
    public var subtitle: String?
    /// The feed's author, which also stands for entries without one.
    public var authorName: String
    /// The feed's `updated` moment, and each entry's unless it has its own. Written in UTC to
    /// the second, e.g. `2024-01-01T00:00:00Z`.
    public var updated: Date
    /// The posts, in the order they should appear.
    public var entries: [AtomEntry]
    /// The site's language tag (`fa`, `pt-BR`), as the feed's `xml:lang`, which feed readers use
    /// for fonts, hyphenation and a voice as browsers use a page's `lang`; none when nil.
    public var language: String?

    /// Creates a feed.
    public init(baseURL: String, title: String, subtitle: String? = nil, authorName: String,
                updated: Date, entries: [AtomEntry], language: String? = nil) {
        self.language = language
        self.baseURL = baseURL
        self.title = title
        self.subtitle = subtitle
        self.authorName = authorName
        self.updated = updated
        self.entries = entries
    }

    /// The feed document.
    public func xml() -> String {
        let home = SiteURL.absolute(base: baseURL, path: "")
        let feedTitle = nonBlank(title) ?? "Posts"
        var lines = [
            "<?xml version=\"1.0\" encoding=\"utf-8\"?>",
            "<feed xmlns=\"http://www.w3.org/2005/Atom\"\(language.flatMap(nonBlank).map { " xml:lang=\"\(MarkupText.attribute($0))\"" } ?? "")>",
            "<id>\(MarkupText.text(SiteURL.absolute(base: baseURL, path: Self.path)))</id>",
            "<title type=\"text\">\(MarkupText.text(feedTitle))</title>",
        ]
        if let subtitle = subtitle.flatMap(nonBlank) {
            lines.append("<subtitle type=\"text\">\(MarkupText.text(subtitle))</subtitle>")
        }
        lines += [
            "<link rel=\"self\" type=\"application/atom+xml\" href=\"\(MarkupText.attribute(SiteURL.absolute(base: baseURL, path: Self.path)))\"/>",
            "<link rel=\"alternate\" type=\"text/html\" href=\"\(MarkupText.attribute(home))\"/>",
            "<updated>\(RFC3339.format(updated))</updated>",
            "<author><name>\(MarkupText.text(nonBlank(authorName) ?? feedTitle))</name></author>",
            "<generator>site</generator>",
        ]
        var seen = Set<String>()
        for entry in entries {
            let url = SiteURL.absolute(base: baseURL, path: entry.path)
            guard seen.insert(url).inserted else { continue }
            lines += entryLines(entry, url: url)
        }
        lines.append("</feed>")
        return lines.joined(separator: "\n") + "\n"
    }

    private func entryLines(_ entry: AtomEntry, url: String) -> [String] {
        var lines = [
            "<entry>",
            "<id>\(MarkupText.text(url))</id>",
            "<title type=\"text\">\(MarkupText.text(nonBlank(entry.title) ?? "Untitled post"))</title>",
            "<link rel=\"alternate\" type=\"text/html\" href=\"\(MarkupText.attribute(url))\"/>",
            "<updated>\(RFC3339.format(entry.updated ?? updated))</updated>",
        ]
        if let author = entry.authorName.flatMap(nonBlank) {
            lines.append("<author><name>\(MarkupText.text(author))</name></author>")
        }
        lines.append("<summary type=\"text\">\(MarkupText.text(entry.summary))</summary>")
        if let content = entry.content {
            lines.append("<content type=\"text\">\(MarkupText.text(content))</content>")
        }
        lines.append("</entry>")
        return lines
    }

    /// `text` unless it is empty or only whitespace once forbidden characters are removed.
    private func nonBlank(_ text: String) -> String? {
        MarkupText.clean(text).allSatisfy(\.isWhitespace) ? nil : text
    }
}

/// One post in an ``AtomFeed``.
public struct AtomEntry: Sendable, Hashable {
    /// The post's title; a blank title is written as "Untitled post".
    public var title: String
    /// The post page's site-relative path, e.g. `posts/hello/index.html`; its absolute URL is both
    /// the entry's id and its link.
    public var path: String
    /// Who wrote it; blank or nil leaves the feed's author in charge.
    public var authorName: String?
    /// A short plain-text summary, such as the list page's excerpt.
    public var summary: String
    /// The full plain text, or nil to publish only the summary.
    public var content: String?
    /// When the entry changed, or nil to use the feed's `updated`.
    public var updated: Date?

    /// Creates an entry.
    public init(title: String, path: String, authorName: String? = nil, summary: String,
                content: String? = nil, updated: Date? = nil) {
        self.title = title
        self.path = path
        self.authorName = authorName
        self.summary = summary
        self.content = content
        self.updated = updated
    }
}
