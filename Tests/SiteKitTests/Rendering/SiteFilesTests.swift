import Foundation
import Testing
@testable import SiteKit

@Suite("Site files: sitemap, feed, robots.txt, favicon")
struct SiteFilesTests {
    static let pages = [
        "users/سینا-رضایی/index.html", "index.html", "users/page/2/index.html", "users/иван-петров/index.html",
        "posts/a&b c/index.html", "about.html", "users/index.html", "index.html",
    ]

    @Test func absoluteURLsJoinSubPathsAndEncodeSegments() {
        #expect(SiteURL.absolute(base: "https://example.com/sub", path: "index.html") == "https://example.com/sub/")
        #expect(SiteURL.absolute(base: " https://example.com/sub// ", path: "/users/page/2/index.html")
            == "https://example.com/sub/users/page/2/")
        #expect(SiteURL.absolute(base: "https://example.com/", path: "about.html") == "https://example.com/about.html")
        #expect(SiteURL.absolute(base: "https://example.com", path: "./users/") == "https://example.com/users/")
        #expect(SiteURL.absolute(base: "https://example.com", path: "a b/100%/x.html") == "https://example.com/a%20b/100%25/x.html")
        #expect(SiteURL.encode("سینا") == "%D8%B3%DB%8C%D9%86%D8%A7")
        #expect(SiteURL.encode("иван") == "%D0%B8%D0%B2%D0%B0%D0%BD")
        #expect(SiteURL.encode("A-z_0.9~") == "A-z_0.9~")
    }

    @Test func sitemapMatchesGoldenFileForASubPathAndNonASCIISlugs() throws {
        let xml = Sitemap.xml(baseURL: "https://example.com/sub", paths: Self.pages)
        #expect(xml == (try Self.fixture("sitemap.xml")))
        #expect(Sitemap.xml(baseURL: "https://example.com/sub/", paths: Self.pages.reversed()) == xml)
    }

    @Test func sitemapIsWellFormedAndEscapesAmpersands() throws {
        let xml = Sitemap.xml(baseURL: "https://example.com/a&b/", paths: ["index.html", "x/index.html"])
        let tree = try #require(MarkupTree.parse(xml))
        #expect(tree.first?.name == "urlset")
        #expect(tree.first?.attributes["xmlns"] == "http://www.sitemaps.org/schemas/sitemap/0.9")
        #expect(tree.filter { $0.name == "loc" }.map(\.text) == ["https://example.com/a&b/", "https://example.com/a&b/x/"])
        #expect(xml.contains("<loc>https://example.com/a&amp;b/</loc>"))
        #expect(MarkupTree.parse(Sitemap.xml(baseURL: "https://example.com/", paths: [])) != nil)
        // The sitemap protocol asks for every one of its five characters entity-escaped, the apostrophe too.
        let quoted = Sitemap.xml(baseURL: "https://example.com/o'neil/", paths: ["index.html"])
        #expect(quoted.contains("<loc>https://example.com/o&#39;neil/</loc>"), "\(quoted)")
        #expect(MarkupTree.parse(quoted)?.filter { $0.name == "loc" }.map(\.text) == ["https://example.com/o'neil/"])
    }

    @Test func bigSitemapsSplitIntoFilesWithAnIndex() throws {
        let paths = (1...5).map { "p/\($0)/index.html" }
        let files = Sitemap.files(baseURL: "https://example.com/sub/", paths: paths, maxURLsPerFile: 2)
        #expect(files.map(\.path) == ["sitemap.xml", "sitemap-1.xml", "sitemap-2.xml", "sitemap-3.xml"])
        let index = try #require(MarkupTree.parse(files[0].xml))
        #expect(index.first?.name == "sitemapindex")
        #expect(index.filter { $0.name == "loc" }.map(\.text).last == "https://example.com/sub/sitemap-3.xml")
        let listed = try files.dropFirst().flatMap { try #require(MarkupTree.parse($0.xml)).filter { $0.name == "loc" }.map(\.text) }
        #expect(listed == paths.map { SiteURL.absolute(base: "https://example.com/sub/", path: $0) })
        #expect(Sitemap.files(baseURL: "https://example.com/", paths: paths) == [
            SitemapFile(path: "sitemap.xml", xml: Sitemap.xml(baseURL: "https://example.com/", paths: paths)),
        ])
    }

    static let feed = AtomFeed(
        baseURL: "https://example.com/sub", title: "Notes & <News>", subtitle: "Posts from the API",
        authorName: "The site", updated: Date(timeIntervalSince1970: 1_704_067_200),
        entries: [
            AtomEntry(title: "Fish & <Chips>", path: "posts/fish-chips/index.html", authorName: "Zoë \"Z\" O'Neil",
                      summary: "Crispy & hot <b>bold</b>", content: "Line one\nLine two"),
            AtomEntry(title: "", path: "posts/سلام/index.html", authorName: " ", summary: "Untitled"),
            AtomEntry(title: "Duplicate", path: "posts/fish-chips/index.html", summary: "Skipped"),
        ])

    @Test func atomFeedMatchesGoldenFile() throws {
        #expect(Self.feed.xml() == (try Self.fixture("feed.xml")))
        #expect(Self.feed.xml() == Self.feed.xml())
    }

    @Test func atomFeedIsWellFormedWithRequiredElementsAndEscapedText() throws {
        let tree = try #require(MarkupTree.parse(Self.feed.xml()))
        #expect(tree.first?.name == "feed" && tree.first?.attributes["xmlns"] == "http://www.w3.org/2005/Atom")
        let links = tree.filter { $0.name == "link" }.map { $0.attributes["rel"] ?? "" }
        #expect(links.prefix(2) == ["self", "alternate"])
        #expect(tree.first { $0.name == "link" }?.attributes["href"] == "https://example.com/sub/feed.xml")
        let titles = tree.filter { $0.name == "title" }.map(\.text)
        #expect(titles == ["Notes & <News>", "Fish & <Chips>", "Untitled post"])
        #expect(tree.filter { $0.name == "entry" }.count == 2)
        #expect(tree.filter { $0.name == "updated" }.map(\.text) == Array(repeating: "2024-01-01T00:00:00Z", count: 3))
        #expect(tree.filter { $0.name == "name" }.map(\.text) == ["The site", "Zoë \"Z\" O'Neil"])
        #expect(!Self.feed.xml().contains("<b>"))
        let hostile = AtomFeed(baseURL: "https://example.com/", title: "t\u{1}", authorName: "a",
                               updated: Date(timeIntervalSince1970: 0), entries: [AtomEntry(title: "\u{FFFE}x\u{0}", path: "p.html", summary: "\u{1B}[31m")])
        #expect(MarkupTree.parse(hostile.xml()) != nil)
    }

    @Test("the feed says its language as xml:lang, as pages say theirs as lang; none without one")
    func atomFeedLanguage() throws {
        var feed = Self.feed
        feed.language = "fa"
        let tree = try #require(MarkupTree.parse(feed.xml()))
        #expect(tree.first?.name == "feed" && tree.first?.attributes["xml:lang"] == "fa")
        #expect(!Self.feed.xml().contains("xml:lang"))
    }

    @Test func rfc3339TimestampsAreUTCToTheSecond() {
        #expect(RFC3339.format(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: 951_782_400.9)) == "2000-02-29T00:00:00Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: -1)) == "1969-12-31T23:59:59Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: 4_102_444_799)) == "2099-12-31T23:59:59Z")
        #expect(RFC3339.format(.distantPast) == "0001-01-01T00:00:00Z")
        #expect(RFC3339.format(Date(timeIntervalSince1970: .infinity)) == "9999-12-31T23:59:59Z")
    }

    @Test func robotsAllowsEverythingAndNamesTheSitemap() {
        #expect(RobotsTxt.text(baseURL: "https://example.com/sub") == "User-agent: *\nAllow: /\n\nSitemap: https://example.com/sub/sitemap.xml\n")
    }

    @Test func faviconIsWellFormedSVG() throws {
        let tree = try #require(MarkupTree.parse(Favicon.svg))
        #expect(tree.first?.name == "svg" && tree.first?.attributes["viewBox"] == "0 0 32 32")
    }

    static func fixture(_ name: String) throws -> String {
        String(decoding: try Fixture.data("Rendering/" + name), as: UTF8.self)
    }

    @Test("the people search index is the same bytes however many records are encoded at a time")
    func searchIndexChunks() throws {
        let people = (1...7).map { number in
            Person(name: .init(first: number == 3 ? "Zoë \"Z\" </script>" : "P\(number)", last: "Test"),
                   email: number == 5 ? nil : "p\(number)@example.com",
                   location: number == 2 ? nil : .init(country: "Norway"),
                   picture: .init(thumbnail: "https://pics.example/\(number).jpg"))
        }
        let index = SiteIndex(SiteData(people: people, posts: [], authors: [], comments: []))
        let images = [URL(string: "https://pics.example/1.jpg")!: PublishedImage(path: "thumbs/1.png", width: 48, height: 48)]
        let frame = PageFrame(title: "T", description: "", language: "en", source: DataSource(isDemo: false, detail: "x"), seed: "s")
        let renderer = SiteRenderer(templates: try TemplateSet(), frame: frame, content: [:], perPage: 3, baseURL: "https://example.com/")
        let whole = try renderer.searchIndex(index, images: images, chunk: 1000)
        for chunk in [1, 2, 3, 6, 7, 8] {
            #expect(try renderer.searchIndex(index, images: images, chunk: chunk) == whole, "chunk \(chunk)")
        }
        let decoded = try #require(try JSONSerialization.jsonObject(with: whole) as? [[String: Any]])
        #expect(decoded.count == 7)
        #expect(decoded[0]["t"] as? String == "thumbs/1.png" && decoded[1]["t"] == nil)
        // Without a picture, the list's placeholder, escaped as markup: the search shows what the list shows.
        #expect(decoded[0]["p"] == nil)
        #expect(decoded[2]["p"] as? String == Placeholder.svg(name: people[2].displayName, initialsOf: people[2].initialsName,
                                                              width: PersonEntry.thumbnailSize, height: PersonEntry.thumbnailSize, decorative: true))
        #expect((decoded[2]["p"] as? String)?.contains("</script>") == false)
        #expect(SearchScript.javascript.contains("insertAdjacentHTML(\"afterbegin\", person.p)"))
        let empty = SiteIndex(SiteData(people: [], posts: [], authors: [], comments: []))
        #expect(try renderer.searchIndex(empty, images: [:]) == Data("[]".utf8))
    }
}

