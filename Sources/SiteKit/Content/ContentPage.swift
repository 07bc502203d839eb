import Foundation

/// The hand-written part of one generated page: title, description and intro text.
public struct ContentPage: Sendable, Equatable {
    /// Which page this text belongs to: `index`, `users` or `posts` for the intros of the pages a
    /// build makes, or the name of a page of its own (`about` for `content/about.md`).
    public let name: String
    /// The page title: front matter `title:`, else the level-1 heading the text opens with, else
    /// the built-in title or the capitalised name (`defaultTitle(for:)`).
    public let title: String
    /// A one-line summary for `<meta name="description">`, from front matter `description:`.
    public let description: String
    /// Every other front matter key, passed on to templates unchanged.
    public let extra: [String: FrontMatterValue]
    /// The Markdown after the front matter.
    public let bodyMarkdown: String
    /// `bodyMarkdown` rendered to HTML.
    public let bodyHTML: String
    /// What of the Markdown does not show as written (raw HTML left out, a table), by file line.
    public let notes: [MarkdownNote]
    /// The file line `bodyMarkdown` starts on.
    public let bodyLine: Int
    /// The links and pictures of the Markdown, by file line.
    public let links: [MarkdownLink]
    /// The file this text came from, or the file that would hold it for built-in text.
    public let sourceFile: URL
    /// `true` when the text is built in because the site has no file for this page.
    public let isBuiltIn: Bool

    /// Creates a page, rendering `bodyMarkdown` with `markdownOptions`; its headings' ids avoid
    /// `takenIDs`, those the templates give elements of the page. `bodyLine`: the file line the
    /// Markdown starts on, for the lines of `notes`. `headingTitles`: a level-1 heading that opens
    /// the Markdown is the title, in place of `title`, and is left out of the body (for a page
    /// whose front matter has no title).
    public init(
        name: String,
        title: String,
        description: String,
        extra: [String: FrontMatterValue] = [:],
        bodyMarkdown: String,
        sourceFile: URL,
        isBuiltIn: Bool = false,
        markdownOptions: MarkdownOptions = [.smart],
        takenIDs: Set<String> = HeadingAnchors.reserved,
        bodyLine: Int = 1,
        frontMatterNotes: [MarkdownNote] = [],
        headingTitles: Bool = false
    ) {
        self.name = name
        self.description = description
        self.extra = extra
        self.bodyMarkdown = bodyMarkdown
        let options = headingTitles ? markdownOptions.union(.openingHeadingIsTitle) : markdownOptions
        let rendered = Markdown.rendered(from: bodyMarkdown, options: options, takenIDs: takenIDs)
        self.title = rendered.title ?? title
        self.bodyHTML = rendered.html
        self.notes = frontMatterNotes + rendered.notes.map { MarkdownNote(line: $0.line + bodyLine - 1, message: $0.message) }
        self.bodyLine = bodyLine
        self.links = rendered.links.map { MarkdownLink(url: $0.url, line: $0.line + bodyLine - 1, isPicture: $0.isPicture) }
        self.sourceFile = sourceFile
        self.isBuiltIn = isBuiltIn
    }

    /// The title used when front matter gives none: a standard page's built-in one (`index` →
    /// Home, `users` → People, `404` → Page not found), else the name composed (NFC, so that a name
    /// macOS wrote decomposed shows the same) with its first letter in title case (`about` →
    /// About, `ß straße` → Ss straße, where upper case gave SS).
    public static func defaultTitle(for name: String, words: Words = .english) -> String {
        if let builtIn = builtInText(words).first(where: { $0.0 == name }) { return builtIn.1 }
        // File names join words with dashes and underscores (`opening-hours.md`): a title has spaces.
        let words = name.split(whereSeparator: { $0 == "-" || $0 == "_" }).joined(separator: " ")
        let name = (words.isEmpty ? name : words).precomposedStringWithCanonicalMapping
        guard let first = name.first else { return name }
        // A first word already in mixed case (iOS, eBay) is spelled as its writer spelled it.
        let firstWord = name.prefix { !$0.isWhitespace }
        if firstWord.dropFirst().contains(where: \.isUppercase) { return name }
        return String(first).capitalized + name.dropFirst()
    }

    /// Everything templates need, as plain values: `title`, `description`, `body` (HTML) and
    /// every extra key. Extra keys never replace the first three.
    public var templateValues: [String: Any] {
        var values = extra.mapValues(\.templateValue)
        values["name"] = name
        values["title"] = title
        // Left out when empty, so that `{{#page.description}}` (a `<meta>` in the layout) is skipped.
        if !description.isEmpty { values["description"] = description }
        values["body"] = bodyHTML
        return values
    }
}

extension ContentPage {
    /// The pages every site has, in the order they are built: `content/<name>.md` is their text
    /// (`404.md` the 404 page's), never a page of its own.
    public static let standardNames = ["index", "users", "posts", "404"]

    /// Whether this is a page of its own (`content/about.md`) rather than the intro of a page the
    /// build makes.
    public var isOwnPage: Bool { !Self.standardNames.contains(name) }

    /// Where the site's menu lists a page of its own: front matter `weight`, lowest first; 0 when
    /// it has none.
    public var weight: Double { extra["weight"]?.number ?? 0 }

    /// Whether the site's menu links to a page of its own; `menu: false` leaves it out.
    public var inMenu: Bool { extra["menu"]?.flag ?? true }

    /// The pages of their own among `content`, in the menu's order: by weight, then by name.
    public static func ownPages(in content: [String: ContentPage]) -> [ContentPage] {
        content.values.filter(\.isOwnPage).sorted { ($0.weight, $0.name) < ($1.weight, $1.name) }
    }

    /// Built-in intros so a site without a `content/` folder still builds, keyed by page name.
    /// `sourceFile` points at where a file would replace the text.
    public static let defaultPages: [String: ContentPage] = defaultPages(
        in: URL(fileURLWithPath: "content", isDirectory: true), markdownOptions: [.smart]
    )

    /// The built-in intros, with `sourceFile` inside `directory`.
    public static func defaultPages(in directory: URL, markdownOptions: MarkdownOptions,
                                    takenIDs: Set<String> = HeadingAnchors.reserved, words: Words = .english) -> [String: ContentPage] {
        var pages: [String: ContentPage] = [:]
        for (name, title, description, body) in builtInText(words) {
            pages[name] = ContentPage(
                name: name, title: title, description: description, bodyMarkdown: body,
                sourceFile: directory.appendingPathComponent("\(name).md"), isBuiltIn: true,
                markdownOptions: markdownOptions, takenIDs: takenIDs
            )
        }
        return pages
    }

    /// Each standard page's title, description and Markdown, in the theme's words.
    private static func builtInText(_ words: Words) -> [(String, String, String, String)] {
        [
            ("index", words(.home), words(.homeDescription), words(.homeIntro)),
            ("users", words(.people), words(.peopleDescription), words(.peopleIntro)),
            ("posts", words(.posts), words(.postsDescription), words(.postsIntro)),
            ("404", words(.pageNotFound), "", words(.notFoundIntro)),
        ]
    }
}
