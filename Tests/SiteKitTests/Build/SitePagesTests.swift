import Foundation
import Testing
#if canImport(FoundationXML)
import FoundationXML
#endif
@testable import SiteKit

/// The whole site of a 120-person demo build, read back the way people and crawlers read it.
@Suite("Every kind of page in a demo build of 120 people")
struct SitePagesTests {
    private static func build() async throws -> (BuildHarness, [String: Data]) {
        let harness = try BuildHarness(source: .demo, users: 120, perPage: 24)
        _ = try await harness.build()
        return (harness, try harness.site.files())
    }

    private static func text(_ files: [String: Data], _ path: String) -> String {
        files[path].map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    @Test("person, post, author, list and report pages, each with what it must show")
    func pageKinds() async throws {
        let (harness, files) = try await Self.build()
        defer { harness.remove() }
        let people = files.keys.filter { $0.hasPrefix("users/") && $0.hasSuffix(".html") && !$0.hasPrefix("users/page/") && $0 != "users/index.html" }
        #expect(people.count == 120)
        for path in people {
            let html = Self.text(files, path)
            #expect(html.contains("class=\"portrait\"") && html.contains("width=\"128\""), "\(path): no large picture")
            // The name is the heading beside it: a screen reader would read it twice.
            #expect(html.contains("height=\"128\" alt=\"\" loading=\"eager\""), "\(path): the portrait repeats the name")
            for label in ["Email", "Phone", "Address", "Country", "Nationality", "Age", "Registered"] {
                #expect(html.contains("<dt>\(label)</dt>"), "\(path): no \(label)")
            }
            #expect(html.contains("rel=\"prev\"") || html.contains("rel=\"next\""), "\(path): no previous/next links")
        }
        let posts = files.keys.filter { $0.hasPrefix("posts/") && $0.hasSuffix(".html") && !$0.hasPrefix("posts/page/") && $0 != "posts/index.html" }
        #expect(posts.count == 100)
        for path in posts {
            let html = Self.text(files, path)
            #expect(html.contains("class=\"post-meta\" dir=\"auto\">by <a href=\"../authors/"), "\(path): no author link")
            #expect(html.contains("class=\"comment\""), "\(path): no comments")
            #expect(html.contains("href=\"mailto:"), "\(path): comments without email")
        }
        let authors = files.keys.filter { $0.hasPrefix("authors/") && $0 != "authors/index.html" }
        #expect(authors.count == 10)
        for path in authors {
            let html = Self.text(files, path)
            #expect(html.contains("href=\"../posts/"), "\(path): no posts listed")
            #expect(html.contains("class=\"avatar placeholder\"") && html.contains("aria-hidden=\"true\"") && !html.contains("role=\"img\""),
                    "\(path): the initials beside the name's heading are left out of what screen readers read")
        }
        for (path, _) in files where path.hasSuffix(".html") {
            #expect(Self.text(files, path).contains("<meta name=\"color-scheme\" content=\"light dark\">"), "\(path): a dark-scheme visitor sees a white flash")
        }
        #expect(Self.text(files, "users/index.html").contains("<div class=\"search\" role=\"search\""))
        let report = Self.text(files, "report/index.html")
        #expect(report.components(separatedBy: "<svg").count - 1 == 6)
        #expect(report.components(separatedBy: "<title").count - 1 >= 7)  // the page's and each chart's
        #expect(report.components(separatedBy: "<table").count - 1 == 6)
        #expect(report.components(separatedBy: "<div class=\"chart-frame\" tabindex=\"0\"").count - 1 == 6, "each chart scrolls in a frame on narrow screens")
        // The years of registration are every year from the first to the last, empty ones as 0.
        let registered = try #require(report.range(of: "id=\"registered-heading\"")).upperBound
        let table = report[registered...].prefix { _ in true }.components(separatedBy: "</table>")[0]
        let years = table.matches(of: /(?:<td>|<th scope="row">)(\d{4})</).compactMap { Int($0.1) }
        #expect(years.count >= 3 && years == Array(years[0]...years[years.count - 1]), "\(years)")
        let lists = files.keys.filter { $0.hasPrefix("users/page/") }
        #expect(lists.count == 4)
        #expect(Self.text(files, "users/page/3.html").contains("aria-current=\"page\" aria-label=\"Page 3\">3<"))
        #expect(files["404.html"] != nil && files["robots.txt"] != nil && files["favicon.svg"] != nil)
        #expect(try harness.site.brokenLinks() == [])
    }

    @Test("every page has the site header and footer, marking its own section and linking back to the root from its depth")
    func headerAndFooter() async throws {
        let (harness, files) = try await Self.build()
        defer { harness.remove() }
        let pages = files.keys.filter { $0.hasSuffix(".html") }
        #expect(pages.count > 200)
        for path in pages {
            let html = Self.text(files, path)
            #expect(html.components(separatedBy: "<header class=\"site-header\">").count == 2, "\(path): no header, or two")
            #expect(html.components(separatedBy: "class=\"demo-notice\"").count == 2, "\(path): no demo notice, or two")
            #expect(html.contains("<meta name=\"robots\" content=\"noindex\">\n<title>"), "\(path): demo data must not be indexed")
            #expect(!html.contains("content=\"\""), "\(path): an empty <meta> (a page with no description has none)")
            #expect(html.contains("<footer class=\"site-footer\">\n<p dir=\"auto\">Built by site from the embedded demo API."), "\(path): no footer")
            #expect(html.components(separatedBy: "aria-current=").count - 1 <= 2, "\(path): more than one section marked")
        }
        let person = try #require(pages.first { $0.hasPrefix("users/") && !$0.hasPrefix("users/page/") && $0 != "users/index.html" })
        let post = try #require(pages.first { $0.hasPrefix("posts/") && !$0.hasPrefix("posts/page/") && $0 != "posts/index.html" })
        let site = HTML.escapeText(harness.settings.title)
        #expect(Self.text(files, "users/index.html").contains("<title>People · \(site)</title>"))
        #expect(Self.text(files, "users/page/2.html").contains("<title>People, page 2 of "), "each page of a list has a title of its own")
        // The section's menu link is the current page on the page it links to, and marks the
        // current section (aria-current="true") on the pages inside it, whose own breadcrumb is
        // the current page: never two links marked as the page.
        let expectations: [(path: String, root: String, current: String, value: String)] = [
            ("index.html", "", "Home", "page"), ("users/index.html", "../", "People", "page"), ("users/page/2.html", "../../", "People", "true"),
            (person, "../", "People", "true"), ("posts/index.html", "../", "Posts", "page"), (post, "../", "Posts", "true"),
            ("authors/index.html", "../", "Authors", "page"), ("report/index.html", "../", "Report", "page"), ("404.html", "/", "", ""),
        ]
        for (path, root, current, value) in expectations {
            let html = Self.text(files, path)
            #expect(html.contains("<a class=\"brand\" href=\"\(root)\">"), "\(path): brand link not to \(root)")
            #expect(html.contains("<li><a href=\"\(root)users/\""), "\(path): People not linked from \(root)")
            let marked = ["Home", "People", "Posts", "Authors", "Report"].filter {
                html.contains("aria-current=\"\(value)\">\($0)</a>") || html.contains("aria-current=\"\(value)\" dir=\"auto\">\($0)</a>")
            }
            #expect(marked == (current.isEmpty ? [] : [current]), "\(path): \(marked) marked, not \(current)")
        }
        for path in [person, post] {
            #expect(Self.text(files, path).components(separatedBy: "aria-current=\"page\"").count - 1 == 1, "\(path): the breadcrumb alone is the page")
        }
    }

    @Test("a home page titled as the site is titled once; the footer names the APIs by name, never by address: a mirror's host and port (a CI service on a random port) made every page differ from run to run")
    func homeTitleAndSourceLine() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .live, users: 3)
            defer { harness.remove() }
            harness.use(server)
            let content = harness.folder.url.appendingPathComponent("content")
            try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
            try Data("---\ntitle: \(harness.settings.title)\n---\nHello.\n".utf8).write(to: content.appendingPathComponent("index.md"))
            _ = try await harness.build()
            let site = HTML.escapeText(harness.settings.title)
            let home = try harness.site.html("index.html")
            #expect(home.contains("<title>\(site)</title>"), "not \"\(site) · \(site)\"")
            #expect(home.contains("<p dir=\"auto\">Built by site from a randomuser-compatible API and a JSONPlaceholder-compatible API. People from seed"))
            #expect(!home.contains("127.0.0.1"))
            #expect(DataSource.credit(randomUser: URL(string: "https://randomuser.me/api/")!, jsonPlaceholder: URL(string: "https://jsonplaceholder.typicode.com")!)
                    == ["randomuser.me", "JSONPlaceholder"])
            #expect(DataSource.credit(randomUser: URL(string: "https://RandomUser.me/api/1.4/")!, jsonPlaceholder: URL(string: "http://mirror.internal:8443/jp")!)
                    == ["randomuser.me", "a JSONPlaceholder-compatible API"])
        }
    }

    @Test("with links: files, every link of every page names a file, so the site works opened from disk; the sitemap still names folders")
    func linksToFiles() async throws {
        var harness = try BuildHarness(source: .demo, users: 60, perPage: 24)
        defer { harness.remove() }
        let content = harness.folder.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        try Data("---\ntitle: About\n---\nWho we are: [the people](../users/), [home](../#top).\n".utf8).write(to: content.appendingPathComponent("about.md"))
        _ = try await harness.build()
        let folderLinks = try harness.site.brokenLinks(openedFromDisk: true)
        #expect(folderLinks.contains("index.html → users/") && folderLinks.contains("users/page/2.html → ../"),
                "by default, sections are linked as folders: \(folderLinks.prefix(5))")
        #expect(folderLinks.contains("about/index.html → ../users/"), "the Markdown's links as written")
        #expect(try harness.site.brokenLinks().isEmpty)

        harness.settings.links = .files
        _ = try await harness.build()
        #expect(try harness.site.brokenLinks(openedFromDisk: true) == [])
        let files = try harness.site.files()
        let home = Self.text(files, "index.html")
        #expect(home.contains(#"<a class="brand" href="index.html">"#) && home.contains(#"<a href="users/index.html"><strong>60</strong>"#))
        #expect(Self.text(files, "users/page/2.html").contains(#"<link rel="prev" href="../index.html">"#))
        #expect(Self.text(files, "users/index.html").contains(#"<link rel="next" href="page/2.html">"#))
        let person = try #require(files.keys.sorted().first { $0.hasPrefix("users/") && $0.hasSuffix(".html") && !$0.contains("index") && !$0.contains("page/") })
        let crumbs = Self.text(files, person)
        #expect(crumbs.contains(#"<li><a href="../index.html" dir="auto">Home</a></li>"#))
        #expect(crumbs.contains(/<li><a href="\.\.\/users\/(index|page\/[0-9]+)\.html" dir="auto">People<\/a><\/li>/), "breadcrumb to the person's list page")
        #expect(Self.text(files, "about/index.html").contains(#"<li><a href="../about/index.html" aria-current="page" dir="auto">About</a></li>"#))
        #expect(Self.text(files, "about/index.html").contains(#"<a href="../users/index.html">the people</a>, <a href="../index.html#top">home</a>"#),
                "the Markdown's links to folders name their index.html too")
        #expect(Self.text(files, "404.html").contains(#"<li><a href="/users/index.html" dir="auto">People</a></li>"#))
        let locations = XMLText.values(of: "loc", in: try #require(files["sitemap.xml"]))
        #expect(locations.contains(harness.settings.baseURL + "users/") && !locations.contains { $0.hasSuffix("index.html") })
    }

    @Test("list pictures: the first row of page 1 eager with high fetch priority, every other one lazy; all async, sized, and with an empty alt beside the name")
    func pictureLoading() async throws {
        let (harness, files) = try await Self.build()
        defer { harness.remove() }
        let first = SiteInspector.imageTags(in: Self.text(files, "users/index.html"))
        #expect(first.count == 24)
        for (position, tag) in first.enumerated() {
            let eager = position < 4
            #expect(tag.contains(eager ? "loading=\"eager\"" : "loading=\"lazy\""), "\(position): \(tag)")
            #expect(tag.contains("fetchpriority=\"high\"") == eager, "\(position): \(tag)")
            #expect(tag.contains("decoding=\"async\"") && tag.contains("width=\"48\"") && tag.contains("height=\"48\""), "\(tag)")
            // The name is the link beside the picture: an alt saying it again is read twice.
            #expect(tag.contains(#" alt="""#), "\(tag)")
        }
        for page in ["users/page/2.html", "users/page/5.html"] {
            let tags = SiteInspector.imageTags(in: Self.text(files, page))
            #expect(!tags.isEmpty)
            #expect(tags.allSatisfy { $0.contains("loading=\"lazy\"") && !$0.contains("fetchpriority") }, "\(page)")
        }
    }

    @Test("the sitemap lists every page as an absolute URL, and the feed has an entry per post; both parse as XML")
    func sitemapAndFeed() async throws {
        let (harness, files) = try await Self.build()
        defer { harness.remove() }
        let sitemap = try #require(files["sitemap.xml"])
        let locations = XMLText.values(of: "loc", in: sitemap)
        let pages = files.keys.filter { $0.hasSuffix(".html") && $0 != "404.html" }
        #expect(locations.count == pages.count)
        #expect(locations.count >= 200)
        #expect(locations.allSatisfy { $0.hasPrefix(harness.settings.baseURL) })
        #expect(Self.text(files, "robots.txt").contains("User-agent: *\nDisallow: /\n"), "a demo site asks not to be crawled")
        let feed = try #require(files["feed.xml"])
        #expect(String(decoding: feed, as: UTF8.self).contains("(demo data)</title>"))
        #expect(XMLText.values(of: "entry", in: feed).count == 100)
        #expect(XMLText.values(of: "title", in: feed).count == 101)  // the feed's own, then one per entry
    }

    @Test("the search index has every person once, with the page their entry is on")
    func searchIndex() async throws {
        let (harness, files) = try await Self.build()
        defer { harness.remove() }
        struct Entry: Decodable { let n: String; let e: String; let c: String; let u: String; let t: String }
        let entries = try JSONDecoder().decode([Entry].self, from: try #require(files["users/index.json"]))
        #expect(entries.count == 120)
        #expect(Set(entries.map(\.u)).count == 120)
        for entry in entries {
            #expect(files[entry.u] != nil, "\(entry.u) has no page")
            #expect(files["users/" + entry.t] != nil || files[entry.t] != nil, "\(entry.t) is not published")
            #expect(!entry.n.isEmpty && entry.e.contains("@") && !entry.c.isEmpty)
            #expect(Self.text(files, entry.u).contains(entry.e))
        }
    }

    @Test("the only entry of a list has no previous/next navigation, not an empty landmark; entries with neighbours have it")
    func loneEntryHasNoPrevNext() async throws {
        let harness = try BuildHarness(source: .demo, users: 1)
        defer { harness.remove() }
        _ = try await harness.build()
        let files = try harness.site.files()
        let person = try #require(files.keys.sorted().first { $0.hasPrefix("users/") && $0 != "users/index.html" && $0.hasSuffix(".html") })
        #expect(!Self.text(files, person).contains("prev-next"))
        let post = try #require(files.keys.sorted().first { $0.hasPrefix("posts/") && $0.hasSuffix(".html") && $0 != "posts/index.html" && !$0.contains("page/") })
        #expect(Self.text(files, post).contains("<nav class=\"prev-next\" aria-label=\"Posts\">"))
    }

    @Test("a menu of more than 50 pages of their own gets a note on what it costs and how to leave pages out; 50 do not")
    func longMenuIsNoted() async throws {
        let harness = try BuildHarness(source: .demo, users: 2)
        defer { harness.remove() }
        let content = harness.folder.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content, withIntermediateDirectories: true)
        for number in 1...51 {
            try Data("---\ntitle: Page \(number)\n\(number == 51 ? "menu: false\n" : "")---\nText.\n".utf8)
                .write(to: content.appendingPathComponent("p\(number).md"))
        }
        _ = try await harness.build()
        #expect(!harness.text.contains("note: the menu links to"), "50 in the menu, one left out: \(harness.text)")
        try Data("---\ntitle: Page 51\n---\nText.\n".utf8).write(to: content.appendingPathComponent("p51.md"))
        _ = try await harness.build()
        #expect(harness.text.contains("note: the menu links to 51 pages of their own, on every page of the site: each page carries all 51 links"))
        #expect(harness.text.contains("'menu: false' in a page's front matter publishes it without a link in the menu."))
    }
}

/// The text of every element with a given name, from a real XML parser.
final class XMLText: NSObject, XMLParserDelegate {
    private let name: String
    private var depth = 0
    private var current = ""
    private(set) var values: [String] = []

    private init(name: String) { self.name = name }

    static func values(of name: String, in data: Data) -> [String] {
        let collector = XMLText(name: name)
        let parser = XMLParser(data: data)
        parser.delegate = collector
        #expect(parser.parse(), "not well-formed XML: \(parser.parserError.map { "\($0)" } ?? "")")
        return collector.values
    }

    func parser(_ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
                attributes: [String: String] = [:]) {
        if element == name {
            depth += 1
            if depth == 1 { current = "" }
        }
    }

    func parser(_ parser: XMLParser, foundCharacters string: String) {
        if depth > 0 { current += string }
    }

    func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
        if element == name {
            depth -= 1
            if depth == 0 { values.append(current.trimmingCharacters(in: .whitespacesAndNewlines)) }
        }
    }

}
