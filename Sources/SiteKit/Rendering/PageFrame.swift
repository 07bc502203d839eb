import Crypto
import Foundation

/// What every page shares: the site's settings, where the data came from, and the way back to
/// the site root from the page's own folder (all links are relative).
struct PageFrame: Sendable, Hashable {
    var title: String
    var description: String
    var language: String
    var source: DataSource
    var seed: String
    /// The pages of their own that the menu links to, in its order.
    var menu: [MenuLink] = []
    /// What the menu calls the People and Posts pages: their titles (`title:` in `content/users.md`
    /// and `content/posts.md`, else People and Posts), so that a section renamed there is
    /// renamed in the menu too.
    var sectionTitles = SectionTitles()
    /// How pages link to a folder's page (`users/` or `users/index.html`).
    var links = LinkStyle.folders
    /// The site's `base_url` when pages name their own address (`canonical`): nil for a demo
    /// build (`noindex`, made-up people) and for a placeholder such as `site init` writes.
    var canonicalBase: String?
    /// The theme's words in the site's language.
    var words = Words.english
    /// `sourceName(of:words:)` of `source` and `words`, worked out once for every page; nil:
    /// worked out for each.
    var sourceName: String?

    /// Whether the pages are laid out right to left (`dir="rtl"`, from `language`).
    var isRightToLeft: Bool { WritingDirection.isRightToLeft(language) }

    /// `../` once per folder between `path` and the site root: "users/page/2/index.html" → "../../../".
    static func root(for path: String) -> String {
        String(repeating: "../", count: path.split(separator: "/").count - 1)
    }

    /// The template context for a page at `path`, in section `section` (home, users, posts):
    /// `extra`, the site-wide values (`siteContext`), the page's own, and the site's header and
    /// footer rendered for them. `root` replaces the way back to the site root worked out from
    /// `path` (the 404 page, served at any depth, links from the site's root path).
    func context(path: String, section: String, page: ContentPage, extra: [String: Any], root: String? = nil,
                 templates: TemplateSet, chrome: SiteChrome) throws -> [String: Any] {
        let root = root ?? Self.root(for: path)
        let isSectionPage = Self.isSectionPage(path)
        let parts = try chrome.parts(of: self, root: root, section: section, isSectionPage: isSectionPage, templates: templates)
        var context = extra
        context.merge(siteContext(root: root, section: section, isSectionPage: isSectionPage)) { $1 }
        var values = page.templateValues
        // The home page is usually titled as the site is: "People & Posts", not twice over.
        if page.title == title { values["isSiteTitle"] = true }
        context["page"] = values
        context["intro"] = page.bodyHTML
        context["header"] = parts.header
        context["footer"] = parts.footer
        // The address search engines should index the page under: the sitemap's, as a folder URL
        // (`users/` rather than `users/index.html`, which static hosts also serve). The 404 page
        // is served at every address that has no page, so it names none.
        if let canonicalBase, path != "404.html" {
            context["canonical"] = SiteURL.absolute(base: canonicalBase, path: path)
        }
        return context
    }

    /// Whether the page at `path` is the one its section's menu link points at (`index.html`,
    /// `users/index.html`, `about/index.html`), rather than a page inside the section (a person,
    /// page 2 of a list).
    static func isSectionPage(_ path: String) -> Bool {
        path == "index.html" || (path.hasSuffix("/index.html") && path.split(separator: "/").count == 2)
    }

    /// What every page of `section` at the depth of `root` shares, and all that the header and
    /// footer templates see. `nav.current` is the `aria-current` of the section's menu link:
    /// "page" on the page it links to, "true" (the current section) on the pages inside it.
    /// `site`: the title, description (left out when blank, so that `{{#site.description}}` is
    /// skipped), language and its direction.
    private var siteValues: [String: Any] {
        var values: [String: Any] = ["title": title, "language": language, "rightToLeft": WritingDirection.isRightToLeft(language)]
        if !description.trimmedWhiteSpace.isEmpty { values["description"] = description }
        return values
    }

    func siteContext(root: String, section: String, isSectionPage: Bool = true) -> [String: Any] {
        var context: [String: Any] = [
            // Typed as the contexts' own dictionaries: a `[String: String]` or `[String: Bool]` would
            // be converted on every page by the render memo's key and by `MustacheNode`.
            "site": siteValues,
            "root": root,
            "index": links.index,
            "nav": [section: true, "current": isSectionPage ? "page" : "true"] as [String: Any],
            "seed": seed,
            "sections": ["users": sectionTitles.users, "posts": sectionTitles.posts] as [String: Any],
            "menu": menu.map { link -> [String: Any] in
                ["href": "\(link.name)/" + links.index, "title": link.title, "current": section == SiteRenderer.ownPageSection(link.name)]
            },
        ]
        if source.isDemo { context["demo"] = ["message": words(.demoNotice)] as [String: Any] }
        let sourceText = sourceName ?? Self.sourceName(of: source, words: words)
        context["source"] = sourceText
        context["builtFrom"] = words(.builtFrom, ["source": sourceText])
        return context
    }

    /// Where the data came from, as the footer says it: the demo API, or the APIs by name.
    static func sourceName(of source: DataSource, words: Words) -> String {
        if source.isDemo { return words(.demoAPI) }
        let names = source.credit ?? source.detail.split(separator: ", ", omittingEmptySubsequences: false).map(String.init)
        return names.joined(separator: " \(words(.and)) ")
    }
}

/// The titles of the People and Posts pages, as the menu, breadcrumbs and previous/next links
/// name them.
struct SectionTitles: Sendable, Hashable {
    var users = "People"
    var posts = "Posts"
}

/// A page of its own as the site's menu links to it.
struct MenuLink: Sendable, Hashable {
    var name: String
    var title: String
}

/// One rendered file of the site.
struct RenderedFile: Sendable {
    var path: String
    var bytes: Data
    /// The SHA-256 of `bytes`, when rendering computed it already (the output store names files by it).
    var digest: SHA256Digest?
    /// Taken from an earlier build by the render memo instead of rendered.
    var reused = false
}
