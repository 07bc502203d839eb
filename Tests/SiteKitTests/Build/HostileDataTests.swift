import Foundation
import Testing
@testable import SiteKit

/// Builds from fixture API answers full of hostile strings, served by a stub in place of the network.
@Suite("Hostile data")
struct HostileDataTests {
    static let hostileAPI = fixtureAPI("hostile")

    /// A live build of `users` people against the fixture APIs' addresses (answered by a
    /// `fixtureAPI`, never the network).
    static func fixtureHarness(users: Int) throws -> BuildHarness {
        var harness = try BuildHarness(source: .live, users: users)
        harness.settings.randomUserURL = URL(string: "https://people.invalid/api/")!
        harness.settings.jsonPlaceholderURL = URL(string: "https://posts.invalid")!
        return harness
    }

    /// A live build of `users` people from the fixture answers of `Fixtures/Build/<folder>`.
    static func fixtureBuild(_ folder: String, users: Int) async throws -> BuildHarness {
        let harness = try fixtureHarness(users: users)
        _ = try await harness.build(client: fixtureAPI(folder))
        return harness
    }

    /// Answers the four API routes with the files of `Fixtures/Build/<folder>`.
    static func fixtureAPI(_ folder: String) -> StubFetcher {
        StubFetcher { request in
            let path = request.url.path
            let file: String? = switch path {
            case "/api", "/api/": "people.json"
            case "/posts": "posts.json"
            case "/users": "users.json"
            case "/comments": "comments.json"
            default: nil
            }
            guard let file else { return HTTPResponse(url: request.url, status: 404, body: Data("<html>not found</html>".utf8)) }
            return HTTPResponse(url: request.url, status: 200, body: try Fixture.data("Build/\(folder)/\(file)"))
        }
    }

    /// A build of the four hostile people, with `templates` (name: source) in `templates/`.
    private func build(templates: [String: String] = [:], perPage: Int? = nil) async throws -> BuildHarness {
        var harness = try Self.fixtureHarness(users: 4)
        if let perPage { harness.settings.perPage = perPage }
        let folder = harness.folder.url.appendingPathComponent("templates")
        for (name, source) in templates {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try Data(source.utf8).write(to: folder.appendingPathComponent(name + ".mustache"))
        }
        _ = try await harness.build(client: Self.hostileAPI)
        return harness
    }

    @Test("every hostile field is escaped for its context and no script survives")
    func hostileFieldsAreEscaped() async throws {
        let harness = try await build()
        defer { harness.remove() }
        let people = try harness.site.html("users/index.html")
        let posts = try harness.site.html("posts/index.html")
        for html in [people, posts] {
            #expect(!html.contains("<script>"))
            #expect(!html.contains("<img src=x"))
            #expect(!html.contains("<b>two</b>"))
            #expect(!html.contains("javascript:"))
            #expect(!html.contains("data:image"))
        }
        #expect(people.contains("&lt;script&gt;alert(1)&lt;/script&gt; O&#39;Brien"))
        #expect(people.contains("&quot;&gt;&lt;img src=x onerror=alert(2)&gt;"))
        #expect(people.contains("<span class=\"person-email\"><bdi>x&quot;onmouseover=&quot;alert(3)@example.com</bdi></span>"),
                "escaped for the text, and no link: quotes make it no e-mail address")
        #expect(!people.contains("mailto:x"))
        #expect(people.contains("Шевченко &amp;amp; Co"))
        #expect(harness.text.contains("warning: 2 people have picture URLs that are not http(s) URLs this tool fetches and were not fetched (the first, of Mr <script>alert(1)</script> O'Brien: \"javascript:alert(4)\"); they get a placeholder."), "\(harness.text)")
        #expect(people.contains("{{site.title}}"), "data is never evaluated as a template")
        #expect(posts.contains("&lt;script&gt;alert(&#39;post&#39;)&lt;/script&gt;"))
        #expect(posts.contains("{{{intro}}}"))
        #expect(posts.contains("Leanne &quot;&lt;i&gt;&quot; Graham"))
        #expect(posts.contains("an unknown author"))
        #expect(posts.contains(">orphan </a>"), "controls and noncharacters from the data are dropped, not drawn as boxes")
        for byte: UInt8 in [0x01, 0x08] { #expect(!posts.utf8.contains(byte)) }
    }

    @Test("pages whose names end in \"index\" (a post \"reindex\", Bob Windex, the author windex) are linked by their whole name, in pages, the feed and the search index",
          arguments: LinkStyle.allCases)
    func namesEndingInIndexKeepTheirLinks(links: LinkStyle) async throws {
        var harness = try Self.fixtureHarness(users: 2)
        defer { harness.remove() }
        harness.settings.links = links
        _ = try await harness.build(client: Self.fixtureAPI("index-names"))
        let files = try harness.site.files()
        #expect(files["posts/1-reindex.html"] != nil && files["users/bob-windex.html"] != nil && files["authors/windex.html"] != nil,
                "\(files.keys.sorted())")
        #expect(try harness.site.brokenLinks(openedFromDisk: links == .files) == [])
        #expect(try harness.site.html("posts/index.html").contains(#"<a href="../posts/1-reindex.html">reindex</a>"#))
        #expect(try harness.site.html("users/index.html").contains(#"href="../users/bob-windex.html""#))
        let feed = String(decoding: try #require(files["feed.xml"]), as: UTF8.self)
        #expect(feed.contains(harness.settings.baseURL + "posts/1-reindex.html"))
        let search = String(decoding: try #require(files["users/index.json"]), as: UTF8.self)
        #expect(search.contains(#""u":"users/bob-windex.html""#), "\(search)")
    }

    @Test("people who share a login.uuid but not a name are all kept; a repeat and unreadable entries are warnings that say which list, how many and why")
    func brokenEntriesAreNamed() async throws {
        let api = StubFetcher { request in
            let file = switch request.url.path {
            case "/api", "/api/": "broken-entries/people.json"
            case "/posts": "broken-entries/posts.json"
            case "/users": "hostile/users.json"
            default: "hostile/comments.json"
            }
            return HTTPResponse(url: request.url, status: 200, body: try Fixture.data("Build/\(file)"))
        }
        let harness = try Self.fixtureHarness(users: 6)
        defer { harness.remove() }
        let summary = try await harness.build(client: api)
        #expect(summary.people == 4, "Ann, Bob, Cy and Dee: the second Ann is a repeat, 42 is no person")
        let people = try harness.site.html("users/index.html")
        for name in ["Ann Abbot", "Bob Brown", "Cy Cole", "Dee Dunn"] { #expect(people.contains(name), "\(name)") }
        #expect(harness.text.contains("warning: 1 of the people from https://people.invalid/api/?results=6&seed="))
        #expect(harness.text.contains("could not be read and was skipped (the first at $.results[4]: expected an object, found a number)."))
        #expect(harness.text.contains("warning: 2 of the posts from https://posts.invalid/posts could not be read and were skipped (the first at $[1].id: the field is missing)."))
        #expect(harness.text.contains("warning: 1 person in the people list was a repeat of an earlier one (the same login.uuid, or e-mail without one, and name) and is listed once."))
        #expect(harness.text.contains("warning: https://people.invalid/api/ was asked for 6 people and the site lists 4: the others were repeats or could not be read (see above)."))
    }

    @Test("an API that sends no people at all, or none that can be read, fails the build saying which, and the previous site stays")
    func noPeopleIsAnError() async throws {
        let empty = StubFetcher { request in
            let body = request.url.path.hasPrefix("/api") ? Data(#"{"results": [], "info": {"page": 1}}"#.utf8) : Data("[]".utf8)
            return HTTPResponse(url: request.url, status: 200, body: body)
        }
        let error = try await Self.failedRebuild(with: empty)
        #expect(error?.description.contains("https://people.invalid/api/ was asked for 6 people and sent none, and a site without its people") == true,
                "\(error?.description ?? "")")
        // People sent, none of them readable: said so, with how many.
        let unreadable = StubFetcher { request in
            let body = request.url.path.hasPrefix("/api") ? Data(#"{"results": [1, "two", null]}"#.utf8) : Data("[]".utf8)
            return HTTPResponse(url: request.url, status: 200, body: body)
        }
        let other = try await Self.failedRebuild(with: unreadable)
        #expect(other?.description.contains("https://people.invalid/api/ was asked for 6 people and sent 3 people and none that could be read") == true,
                "\(other?.description ?? "")")
    }

    @Test("posts sent but none readable fail the build, naming the URL and the first problem, and the previous site stays (it published 0 posts)")
    func noReadablePostsIsAnError() async throws {
        let unreadable = StubFetcher { request in
            guard request.url.path == "/posts" else { return try Self.hostileAPI.answer(request) }
            return HTTPResponse(url: request.url, status: 200, body: Data(#"[{"id": "x"}, 42]"#.utf8))
        }
        let error = try await Self.failedRebuild(with: unreadable)
        #expect(error?.description.hasPrefix("Fetching the data failed: https://posts.invalid/posts sent 2 posts and none could be read (the first at $[0]") == true,
                "\(String(describing: error))")
        #expect(error?.description.hasSuffix("Nothing was published: the output folder is as it was.") == true)
    }

    @Test("an empty list of posts, or of authors, is the API's to send, and the build says what it did to the site: no posts, or every byline unknown")
    func emptyListsAreSaid() async throws {
        for (route, words) in [("/posts", "warning: https://posts.invalid/posts answered an empty list, so this site has no posts, post pages or feed entries. "
                                    + "If the API should have posts, it may be having trouble: check it before deploying this site."),
                               ("/users", "warning: https://posts.invalid/users answered no authors, so every post is by \"an unknown author\" and the site "
                                    + "has no author pages. If the API should have users, check it before deploying this site.")] {
            let api = StubFetcher { request in
                guard request.url.path == route else { return try Self.hostileAPI.answer(request) }
                return HTTPResponse(url: request.url, status: 200, body: Data("[]".utf8))
            }
            let harness = try Self.fixtureHarness(users: 6)
            defer { harness.remove() }
            _ = try await harness.build(client: api)
            #expect(harness.text.contains(words), "\(harness.text)")
        }
        // With posts and authors, neither is said.
        let harness = try Self.fixtureHarness(users: 6)
        defer { harness.remove() }
        _ = try await harness.build(client: Self.hostileAPI)
        #expect(!harness.text.contains("answered an empty list") && !harness.text.contains("answered no authors"))
    }

    @Test("posts or authors sharing an id: the first is kept, and a warning says how many were left out and why")
    func repeatedIDsAreLeftOut() async throws {
        let api = StubFetcher { request in
            switch request.url.path {
            case "/posts":
                return HTTPResponse(url: request.url, status: 200, body: Data(#"""
                    [{"userId": 1, "id": 1, "title": "First", "body": "a"}, {"userId": 1, "id": 1, "title": "Second", "body": "b"},
                     {"userId": 2, "id": 1, "title": "Third", "body": "c"}, {"userId": 2, "id": 2, "title": "Other", "body": "d"}]
                    """#.utf8))
            case "/users":
                return HTTPResponse(url: request.url, status: 200, body: Data(#"[{"id": 1, "name": "Ann"}, {"id": 2, "name": "Bo"}, {"id": 2, "name": "Cy"}]"#.utf8))
            default: return try Self.hostileAPI.answer(request)
            }
        }
        let harness = try Self.fixtureHarness(users: 6)
        defer { harness.remove() }
        let summary = try await harness.build(client: api)
        #expect(summary.posts == 2)
        #expect(harness.text.contains("warning: 2 posts from https://posts.invalid/posts had the id of an earlier one and were left out: "
            + "comments find their post by id alone, so two of one id could not be told apart."), "\(harness.text)")
        #expect(harness.text.contains("warning: 1 author from https://posts.invalid/users had the id of an earlier one and was left out: "
            + "posts find their author by id alone, so two of one id could not be told apart."))
        let files = try harness.site.files().keys
        #expect(files.contains { $0.hasPrefix("posts/1-first") } && !files.contains { $0.contains("second") || $0.contains("third") })
    }

    /// Builds a site of 6 people from the hostile fixtures, then again with `api`, which must
    /// fail; checks that the first site stayed, and returns the second build's error.
    private static func failedRebuild(with api: StubFetcher) async throws -> BuildError? {
        let harness = try Self.fixtureHarness(users: 6)
        defer { harness.remove() }
        _ = try await harness.build(client: hostileAPI)
        let before = try harness.site.files()
        let error = await #expect(throws: BuildError.self) { try await harness.build(client: api) }
        #expect(try harness.site.files() == before)
        return error
    }

    @Test("a right-to-left override a field leaves open is closed where the field ends (the first name, before the last is joined to it): in the page title, an attribute and the text, the rest is not turned around")
    func bidiOverridesEndWithTheName() async throws {
        let harness = try await build()
        defer { harness.remove() }
        let person = try harness.site.html("users/evil-site-title.html")
        let name = "\u{202E}evil\u{202C} {{site.title}}"
        #expect(person.contains("<title>\(name) · People &amp; Posts</title>"), "the site's name after it reads as written in the tab")
        #expect(person.contains("<h1><bdi>\(name)</bdi></h1>"))
        #expect(person.contains("<meta name=\"description\" content=\"\(name)"), "the page's description")
        // Nowhere is the override left open: every U+202E is followed by its U+202C.
        for page in [person, try harness.site.html("users/index.html")] {
            var open = 0
            for scalar in page.unicodeScalars {
                if scalar == "\u{202E}" { open += 1 } else if scalar == "\u{202C}" { open -= 1 }
                if scalar == "<" || scalar == "\"" { #expect(open == 0, "an override runs past a value's end") }
            }
        }
    }

    @Test("right-to-left and Cyrillic names stay intact, each line of a card isolated in <bdi> so all start on the page's side")
    func scriptsStayIntact() async throws {
        let harness = try await build()
        defer { harness.remove() }
        let people = try harness.site.html("users/index.html")
        #expect(people.contains("<a class=\"person-name\" href=\"../users/سینا-رضایی.html\"><bdi>Ms سینا رضایی</bdi></a>"))
        #expect(FileManager.default.fileExists(atPath: harness.output.appendingPathComponent("users/سینا-رضایی.html").path))
        #expect(people.contains("Ярослава"))
        // dir="auto" on a card's lines aligned a Latin name left and its e-mail right on a
        // right-to-left site.
        for kind in ["person-name", "person-email", "person-country"] {
            let lines = people.components(separatedBy: "class=\"\(kind)\"").dropFirst()
            #expect(!lines.isEmpty)
            #expect(lines.allSatisfy { $0.drop(while: { $0 != ">" }).hasPrefix("><bdi>") }, "\(kind)")
        }
    }

    @Test("people whose pictures are unusable get a placeholder, and the build still succeeds")
    func unusablePicturesBecomePlaceholders() async throws {
        let harness = try await build()
        defer { harness.remove() }
        let people = try harness.site.html("users/index.html")
        #expect(people.components(separatedBy: "class=\"avatar placeholder\"").count - 1 == 4)
        // Their own pages show the initials beside the name's heading, hidden from screen readers.
        let pages = try harness.site.files().filter { $0.key.hasPrefix("users/") && $0.key.hasSuffix(".html") && !$0.key.hasPrefix("users/index") }
        let placeholders = pages.values.map { String(decoding: $0, as: UTF8.self) }.filter { $0.contains("class=\"avatar placeholder\"") }
        #expect(placeholders.count == 4 && placeholders.allSatisfy { $0.contains("aria-hidden=\"true\"") && !$0.contains("role=\"img\"") })
        #expect(harness.text.contains("warning: image http://127.0.0.1:9/missing.jpg answered HTTP 404"))
        #expect(try harness.site.brokenLinks() == [])
    }

    @Test("a templates/ folder beside content/ replaces a built-in template by name")
    func templateOverride() async throws {
        let harness = try await build(templates: [
            "home": "{{<layout}}{{$content}}<p class=\"custom\">{{counts.people}} people</p>{{/content}}{{/layout}}",
        ])
        defer { harness.remove() }
        #expect(try harness.site.html("index.html").contains("<p class=\"custom\">4 people</p>"))
        #expect(try harness.site.html("users/index.html").contains("class=\"people\""))
    }

    @Test("a header.mustache override is on every page, rendered with the site-wide values of the page's section and depth")
    func headerOverride() async throws {
        let harness = try await build(templates: [
            "header": "<p class=\"custom\">{{site.title}} at {{root}}{{#nav.users}}, people{{/nav.users}}{{page.title}}</p>\n",
        ], perPage: 2)
        defer { harness.remove() }
        let title = harness.settings.title
        #expect(try harness.site.html("index.html").contains("<body>\n<p class=\"custom\">\(HTML.escapeAttribute(title)) at </p>\n<main"))
        #expect(try harness.site.html("users/index.html").contains("<p class=\"custom\">\(HTML.escapeAttribute(title)) at ../, people</p>"))
        #expect(try harness.site.html("users/page/2.html").contains("at ../../, people</p>"))
        #expect(try harness.site.html("posts/index.html").contains("at ../</p>"))
    }
}
