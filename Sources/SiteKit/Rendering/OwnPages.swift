import Foundation

/// The site's pages of their own: one for every Markdown file of `content/` besides the three
/// intros (`content/about.md` → `about/index.html`), each linked from the site's menu unless its
/// front matter says `menu: false`.
extension SiteRenderer {
    /// The folders at the top of the site that its other pages and files are in: a page of its
    /// own may not take one of these names.
    public static let builtInFolders: Set<String> = ["assets", "authors", "posts", "report", "thumbs", "users"]

    /// "about" → "about/index.html".
    static func ownPagePath(_ name: String) -> String { "\(name)/index.html" }

    /// The section a page of its own is in, which marks its link in the menu as the current page.
    static func ownPageSection(_ name: String) -> String { "page:\(name)" }

    /// Every page of its own, in the menu's order.
    func ownPageFiles() throws -> [RenderedFile] {
        let pages = ContentPage.ownPages(in: content)
        return try mapPages(pages.count) { position in
            let page = pages[position]
            let path = Self.ownPagePath(page.name)
            return try file(path, template: "page", section: Self.ownPageSection(page.name), page: page,
                            extra: ["breadcrumbs": breadcrumbs(root: PageFrame.root(for: path), [(page.title, nil)])])
        }
    }
}
