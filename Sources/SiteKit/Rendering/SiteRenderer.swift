import Foundation

/// Turns a build's data into the site's files: the home page, paginated lists, a page for every
/// person, post and author, the report, and the site files (sitemap, feed, search index…).
/// Pure: the same inputs always give the same bytes.
struct SiteRenderer: Sendable {
    var templates: TemplateSet
    var frame: PageFrame
    var content: [String: ContentPage]
    var perPage: Int
    /// The absolute URL the site is served from, for the sitemap and the feed.
    var baseURL: String
    /// How many entries on the first people page load eagerly (roughly the first row).
    var eagerCount = 4
    /// Pages of earlier builds to reuse when their template and context are unchanged.
    var memo: RenderMemo?
    /// Where the time spent rendering pages (not writing them) adds up.
    var clock = RenderClock()
    /// The header and footer, rendered once per section and depth.
    var chrome = SiteChrome()
    /// Whether pages are rendered on every core; off for work that runs beside the downloads.
    var onEveryCore = true
    /// Checked before each page when rendering on one core: true stops with `RenderingStopped`.
    var stopsWhen: (@Sendable () -> Bool)?

    /// Renders every file and hands each to `emit` as soon as it is made, from several threads at
    /// once, so that a site of 50,000 people never holds all its pages in memory. Returns the
    /// paths of the files, in a fixed order.
    ///
    /// Work `done` while the pictures downloaded (and written since) is not done again.
    func render(_ data: SiteData, index: SiteIndex? = nil, images: [URL: PublishedImage], done: RenderedInAdvance? = nil,
                emit: @Sendable (RenderedFile) throws -> Void) throws -> [String] {
        let index = index ?? SiteIndex(data, rightToLeft: frame.isRightToLeft)
        let free = try done?.pictureFree ?? pictureFreeFiles(data, index: index, emit: emit)
        var paths = free.beforePeople
        let lists = try peopleLists(index, images: images, done: done?.listPages ?? [])
        _ = try mapPages(lists.count) { try emit(lists[$0]) }
        paths += peopleListPaths(index)
        paths += try personPages(index, images: images, done: done?.personPages ?? [], emit: emit)
        paths += free.afterPeople
        try add(siteFiles(index, images: images, pages: paths), to: &paths, emit: emit)
        return paths
    }

    /// The paths of the files that show no picture, in the site's order: those before the people
    /// pages, and those after them.
    struct PictureFreePaths: Sendable {
        var beforePeople: [String] = []
        var afterPeople: [String] = []
    }

    /// Renders the files that show no picture (stylesheet, script, home, posts, authors, pages of
    /// their own, report, 404), which need not wait for the image phase.
    func pictureFreeFiles(_ data: SiteData, index: SiteIndex, emit: @Sendable (RenderedFile) throws -> Void) throws -> PictureFreePaths {
        var paths = PictureFreePaths()
        try add([
            RenderedFile(path: "assets/site.css", bytes: Data(Stylesheet.css.utf8)),
            RenderedFile(path: "assets/search.js", bytes: Data(SearchScript.javascript.utf8)),
        ], to: &paths.beforePeople, emit: emit)
        try add([try home(data)], to: &paths.beforePeople, emit: emit)
        try add(try postLists(index), to: &paths.afterPeople, emit: emit)
        try add(try postPages(index), to: &paths.afterPeople, emit: emit)
        try add(try authorPages(index), to: &paths.afterPeople, emit: emit)
        try add(try ownPageFiles(), to: &paths.afterPeople, emit: emit)
        try add([try report(data), try notFound()], to: &paths.afterPeople, emit: emit)
        return paths
    }

    private func add(_ files: [RenderedFile], to paths: inout [String], emit: @Sendable (RenderedFile) throws -> Void) throws {
        _ = try mapPages(files.count) { try emit(files[$0]) }
        paths += files.map(\.path)
    }

    /// `transform` for each of `0..<count`, in order: on every core, or on the calling thread
    /// alone when `onEveryCore` is off, until `stopsWhen` says so.
    func mapPages<T: Sendable>(_ count: Int, _ transform: @Sendable (Int) throws -> T) throws -> [T] {
        if onEveryCore { return try ParallelMap.map(count, transform) }
        return try (0..<count).map { position in
            if stopsWhen?() == true { throw RenderingStopped() }
            return try transform(position)
        }
    }

    func page(_ name: String) -> ContentPage {
        content[name] ?? ContentPage.defaultPages(in: Self.contentFolder, markdownOptions: [.smart], words: words)[name]
            ?? generatedPage(name, title: ContentPage.defaultTitle(for: name, words: words))
    }

    /// Renders `template` for the page at `path`.
    func file(_ path: String, template: String, section: String, page: ContentPage, extra: [String: Any]) throws -> RenderedFile {
        try clock.measure {
            try rendered(path, template, frame.context(path: path, section: section, page: page, extra: extra,
                                                       templates: templates, chrome: chrome))
        }
    }

    /// `template` rendered with `context`, or the same bytes from an earlier build.
    func rendered(_ path: String, _ template: String, _ context: [String: Any]) throws -> RenderedFile {
        guard let memo, let key = memo.key(template: template, context: context) else {
            return RenderedFile(path: path, bytes: try templates.renderData(template, context))
        }
        if let (bytes, digest) = memo.reuse(key) { return RenderedFile(path: path, bytes: bytes, digest: digest, reused: true) }
        let bytes = try templates.renderData(template, context)
        return RenderedFile(path: path, bytes: bytes, digest: memo.remember(key, bytes: bytes))
    }

    /// The theme's words in the site's language.
    var words: Words { frame.words }

    /// A content page for pages that have no `content/*.md` of their own.
    func generatedPage(_ name: String, title: String, description: String = "") -> ContentPage {
        ContentPage(name: name, title: title, description: description, bodyMarkdown: "",
                    sourceFile: Self.contentFolder.appendingPathComponent("\(name).md", isDirectory: false), isBuiltIn: true)
    }

    /// Where a generated page's text would come from. Made once: a relative file URL asks the
    /// system for the working folder each time, and there is a generated page per person.
    private static let contentFolder = URL(fileURLWithPath: "content", isDirectory: true)

    /// What the `prevnext` partial shows on a detail page: links to the entries before and after
    /// `position` (pages in the same folder), the name of the list they belong to, and whether
    /// there is either (`hasNeighbours`: the only entry of a list has no such navigation at all,
    /// rather than an empty landmark).
    static func neighbours<Item>(of position: Int, in entries: [SiteIndex.Entry<Item>], label list: String, words: Words = .english,
                                 _ title: (_ position: Int, Item) -> String) -> [String: Any] {
        var context: [String: Any] = ["prevNextLabel": list, "hasNeighbours": entries.count > 1]
        if position > 0 {
            let previous = entries[position - 1]
            let label = title(position - 1, previous.item)
            context["prev"] = ["href": "\(previous.slug).html", "label": label, "ariaLabel": words(.previousItem, ["name": label])] as [String: Any]
        }
        if position + 1 < entries.count {
            let next = entries[position + 1]
            let label = title(position + 1, next.item)
            context["next"] = ["href": "\(next.slug).html", "label": label, "ariaLabel": words(.nextItem, ["name": label])] as [String: Any]
        }
        return context
    }

    /// Breadcrumbs from the home page to the current page; the last crumb has no link. Each path
    /// is a page's file, relative to the site root ("users/page/2.html", "authors/index.html"),
    /// linked in the site's link style.
    func breadcrumbs(root: String, _ trail: [(label: String, path: String?)]) -> [[String: Any]] {
        ([(words(.home), "index.html")] + trail).map { crumb in
            ["label": crumb.label, "href": crumb.path.map { root + frame.links.href($0) } ?? false] as [String: Any]
        }
    }

    private func home(_ data: SiteData) throws -> RenderedFile {
        let counts: [String: Any] = [
            "people": data.people.count, "posts": data.posts.count,
            "authors": data.authors.count, "comments": data.comments.count,
        ]
        let tally = Tally.context([("people", data.people.count, .peopleCount), ("posts", data.posts.count, .postsCount),
                                   ("authors", data.authors.count, .authorsCount), ("comments", data.comments.count, .commentsCount)], words: words)
        return try file("index.html", template: "home", section: "home", page: page("index"), extra: ["counts": counts, "tally": tally])
    }

    private func notFound() throws -> RenderedFile {
        // Served for a missing path at any depth, so links start from the site's root path.
        let rootPath = SiteURL.rootPath(baseURL)
        let context = try frame.context(path: "404.html", section: "none", page: page("404"), extra: [:],
                                        root: rootPath, templates: templates, chrome: chrome)
        return try rendered("404.html", "404", context)
    }
}

/// Rendering on one core stopped because `SiteRenderer.stopsWhen` said so.
struct RenderingStopped: Error {}
