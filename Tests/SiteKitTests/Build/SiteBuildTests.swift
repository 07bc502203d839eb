import Foundation
import Testing
@testable import SiteKit

@Suite("Site build over loopback")
struct SiteBuildTests {
    @Test("a demo build gives a browsable site: every link and image resolves, every image has a size, every page says demo")
    func demoBuildIsBrowsable() async throws {
        let harness = try BuildHarness(source: .demo, users: 30, perPage: 12)
        defer { harness.remove() }
        let summary = try await harness.build()
        #expect(summary.source.isDemo)
        #expect(summary.people == 30)
        let files = try harness.site.files()
        for path in ["index.html", "users/index.html", "users/page/2.html", "users/page/3.html",
                     "posts/index.html", "posts/page/9.html", "assets/site.css"] {
            #expect(files[path] != nil, "missing \(path)")
        }
        #expect(try harness.site.brokenLinks() == [])
        for (path, data) in files where path.hasSuffix(".html") {
            let html = String(decoding: data, as: UTF8.self)
            #expect(html.contains("class=\"demo-notice\""), "no demo notice on \(path)")
            for tag in SiteInspector.imageTags(in: html) {
                #expect(tag.contains(" width=\"") && tag.contains(" height=\"") && tag.contains(" alt=\""), "\(path): \(tag)")
            }
        }
        #expect(files.keys.contains { $0.hasPrefix("thumbs/") && $0.hasSuffix(".png") })
        #expect(harness.text.contains("source: demo") == false)  // the summary is the CLI's to print
    }

    @Test("an output folder whose parents do not exist gets them, and a note naming the first one made, where they were made in silence (a mistyped --output made folders outside it); a build into a parent that exists says nothing")
    func madeParentsAreNoted() async throws {
        var harness = try BuildHarness(users: 3)
        defer { harness.remove() }
        harness.settings.output = "new/deeper/public"
        _ = try await harness.build()
        let made = harness.folder.url.appendingPathComponent("new").standardizedFileURL.path
        let parent = harness.folder.url.appendingPathComponent("new/deeper").standardizedFileURL.path
        #expect(harness.text.contains("note: made \(made) and the folders in it down to \(parent) to hold the output folder; if the output folder is mistyped, remove \(made)."), "\(harness.text)")
        #expect(try harness.site.html("index.html").contains("<html"))
        let printedBefore = harness.text.count
        _ = try await harness.build()
        #expect(!harness.text.dropFirst(printedBefore).contains("to hold the output folder"), "\(harness.text)")
    }

    @Test("a demo build whose cache folder is a file says so, as a live build does, and builds")
    func demoBuildWarnsOfAnUnusableCache() async throws {
        var harness = try BuildHarness(users: 5)
        defer { harness.remove() }
        let file = harness.folder.url.appendingPathComponent("cache-file")
        try Data("x".utf8).write(to: file)
        harness.settings.cacheDirectory = "cache-file"
        let summary = try await harness.build()
        #expect(summary.people == 5)
        #expect(harness.text.contains("warning: the cache folder \(file.path) cannot be used (\(file.path) is a file, not a folder): this build "
            + "keeps no copies of its pages there, so one whose output was removed writes every page again"), "\(harness.text)")
    }

    @Test("a cache folder that cannot be made names the folder that refused it and why, where it said \"the file system refused it (error 512)\"",
          .enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/chattr"), "needs root and chattr"))
    func anUnmakeableCacheSaysWhy() async throws {
        var harness = try BuildHarness(users: 3)
        defer { harness.remove() }
        let locked = harness.folder.url.appendingPathComponent("locked")
        try FileManager.default.createDirectory(at: locked, withIntermediateDirectories: true)
        SystemTool.chattr("+i", locked.path)
        defer { SystemTool.chattr("-i", locked.path) }
        harness.settings.cacheDirectory = "locked/sub/cache"
        _ = try await harness.build()
        #expect(harness.text.contains("warning: the cache folder \(locked.path)/sub/cache cannot be used (sub cannot be made in \(locked.path): operation not permitted)"),
                "\(harness.text)")
        #expect(!FileManager.default.fileExists(atPath: locked.appendingPathComponent("sub").path))
    }

    @Test("two builds with the same seed are byte-identical, and the second one rewrites nothing")
    func sameSeedSameBytes() async throws {
        let harness = try BuildHarness(source: .demo, users: 20)
        defer { harness.remove() }
        _ = try await harness.build()
        let first = try harness.site.files()
        let dates = try harness.site.modificationDates()
        let second = try await harness.build()
        #expect(try harness.site.files() == first)
        #expect(second.pagesWritten == 0)
        #expect(try harness.site.modificationDates() == dates)
    }

    @Test("a build that fails midway leaves the previous output byte-for-byte as it was")
    func failedBuildKeepsPreviousOutput() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .live, users: 10)
            defer { harness.remove() }
            harness.use(server)
            _ = try await harness.build()
            // Live data: indexable, unlike a demo build's (see SitePagesTests).
            #expect(try !harness.site.html("index.html").contains("noindex"))
            #expect(try harness.site.html("robots.txt").hasPrefix("User-agent: *\nAllow: /\n"))
            let before = try harness.site.files()
            let dates = try harness.site.modificationDates()
            await server.faults.set(Fault(status: 404), forPathPrefix: "/comments")
            var failing = harness
            failing.settings.seed = "another seed, so that pages would change"
            failing.options.refresh = true  // the cached /comments is still fresh: make the build ask again
            let error = await #expect(throws: BuildError.self) { try await failing.build() }
            #expect(error?.description.contains("/comments") == true)
            #expect(error?.description.contains("HTTP 404") == true)
            #expect(try harness.site.files() == before)
            #expect(try harness.site.modificationDates() == dates)
            let leftovers = try FileManager.default.contentsOfDirectory(atPath: harness.folder.url.path).filter { $0.contains("staging") }
            #expect(leftovers.isEmpty)
        }
    }

    @Test("nothing is written outside the output and cache folders")
    func writesOnlyOutputAndCache() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .live, users: 10)
            defer { harness.remove() }
            harness.use(server)
            _ = try await harness.build()
            let entries = try FileManager.default.contentsOfDirectory(atPath: harness.folder.url.path).sorted()
            #expect(entries == [".cache", "public"])
        }
    }

    @Test("a demo build whose own layout leaves demo out warns that its pages are not marked noindex; the theme's layout marks them")
    func layoutWithoutDemoIsAWarning() async throws {
        let harness = try BuildHarness(source: .demo, users: 3)
        defer { harness.remove() }
        _ = try await harness.build()
        #expect(try harness.site.html("index.html").contains("<meta name=\"robots\" content=\"noindex\">"))
        #expect(!harness.text.contains("does not use demo"))
        let templates = harness.folder.url.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("<!doctype html><title>{{page.title}}</title>{{{header}}}<main>{{$content}}{{/content}}</main>{{{footer}}}\n".utf8)
            .write(to: templates.appendingPathComponent("layout.mustache"))
        _ = try await harness.build()
        #expect(!(try harness.site.html("index.html").contains("noindex")))
        #expect(harness.text.contains("warning: templates/layout.mustache does not use demo, so the pages of this demo build do not ask search engines to leave them out"), "\(harness.text)")
    }

    @Test("a template named one or two letters from one of the theme's (hoem.mustache) is said to be meant as that one, where the note only said it was not used")
    func misspeltTemplatesAreNamed() async throws {
        let harness = try BuildHarness(users: 2)
        defer { harness.remove() }
        let templates = harness.folder.url.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try Data("{{title}}\n".utf8).write(to: templates.appendingPathComponent("hoem.mustache"))
        _ = try await harness.build()
        #expect(harness.text.contains("note: templates/hoem.mustache is not used") && harness.text.contains("hoem.mustache looks like home.mustache misspelt."),
                "\(harness.text)")
        #expect(NearestName.nearest(to: "Home", among: ["home", "layout"]) == "home")
        #expect(NearestName.nearest(to: "bild", among: ["build", "serve", "init"]) == "build")
        #expect(NearestName.nearest(to: "srv", among: ["build", "serve", "init"]) == "serve")
        #expect(NearestName.nearest(to: "xyz", among: ["build", "serve", "init"]) == nil)
    }

    @Test("a Markdown file beyond the intros is a page of its own, linked from every page's menu; a template nothing uses is named in a note")
    func ownPagesAndUnusedTemplates() async throws {
        let harness = try BuildHarness(users: 4)
        defer { harness.remove() }
        let content = harness.folder.url.appendingPathComponent("content")
        let templates = harness.folder.url.appendingPathComponent("templates")
        for folder in [content, templates] { try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true) }
        try Data("---\ntitle: About <us> & \"them\"\nweight: 2\n---\nWe build *sites*. <script>alert(1)</script>\n".utf8)
            .write(to: content.appendingPathComponent("about.md"))
        try Data("Write to us.\n".utf8).write(to: content.appendingPathComponent("Contact Us.md"))
        try Data("---\nmenu: false\n---\nThe small print.\n".utf8).write(to: content.appendingPathComponent("imprint.md"))
        try Data("{{name}}\n".utf8).write(to: templates.appendingPathComponent("peopel.mustache"))
        _ = try await harness.build()

        let about = try harness.site.html("about/index.html")
        #expect(about.contains("<h1><bdi>About &lt;us&gt; &amp; &quot;them&quot;</bdi></h1>"))
        #expect(about.contains("<title>About &lt;us&gt; &amp; &quot;them&quot; · "))
        #expect(about.contains("We build <em>sites</em>. <!-- raw HTML omitted -->"))
        #expect(!about.contains("<script>"))
        #expect(about.contains("<li><a href=\"../about/\" aria-current=\"page\" dir=\"auto\">About &lt;us&gt; &amp; &quot;them&quot;</a></li>"))
        #expect(try harness.site.html("imprint/index.html").contains("The small print."))
        // The menu, by weight then name, on pages at every depth; the current page marked on its own page only.
        let menu = "<li><a href=\"ROOTcontact-us/\" dir=\"auto\">Contact Us</a></li>\n<li><a href=\"ROOTabout/\""
        #expect(try harness.site.html("index.html").contains(menu.replacingOccurrences(of: "ROOT", with: "")))
        #expect(try harness.site.html("users/index.html").contains(menu.replacingOccurrences(of: "ROOT", with: "../")))
        #expect(try harness.site.html("contact-us/index.html").contains("<li><a href=\"../contact-us/\" aria-current=\"page\""))
        #expect(try !harness.site.html("index.html").contains("imprint/"))
        let sitemap = try harness.site.html("sitemap.xml")
        for page in ["about/", "contact-us/", "imprint/"] { #expect(sitemap.contains("<loc>https://example.com/\(page)</loc>")) }
        #expect(try harness.site.brokenLinks() == [])
        #expect(!harness.text.contains("not read"))
        #expect(harness.text.contains("note: templates/peopel.mustache is not used"))
        // No template of the theme is two letters from peopel: no guess.
        #expect(!harness.text.contains("Did you mean"), "\(harness.text)")
        // The one warning: the script safe mode left out, said where it is.
        let warnings = harness.text.split(separator: "\n").filter { $0.hasPrefix("warning:") }
        #expect(warnings.count == 1 && warnings[0].hasPrefix("warning: content/about.md:5: raw HTML (<script>) is left out"), "\(warnings)")
    }

    @Test("a build of no people (users: 0) warns that the site lists none, says so on the people list, links nothing broken, and lists the posts as usual")
    func noPeople() async throws {
        let harness = try BuildHarness(users: 0)
        defer { harness.remove() }
        let summary = try await harness.build()
        #expect(summary.people == 0)
        #expect(harness.text.contains("warning: users is 0 (site.yml's users, or --users), so this site lists no people: its People section is empty and no person pages are published."),
                "\(harness.text)")
        let list = try harness.site.html("users/index.html")
        #expect(list.contains("<p class=\"muted\">No people to list: the build fetched none.</p>"))
        #expect(!list.contains("class=\"pagination\""))
        #expect(try !harness.site.html("posts/index.html").contains("No posts to list"))
        #expect(try harness.site.brokenLinks() == [])
    }

    @Test("content/404.md is the text of the site's 404 page, not a page of its own at 404/; without it, the built-in text")
    func notFoundPageText() async throws {
        let harness = try BuildHarness(users: 2)
        defer { harness.remove() }
        _ = try await harness.build()
        #expect(try harness.site.html("404.html").contains("<h1><bdi>Page not found</bdi></h1>\n<div class=\"intro\" dir=\"auto\"><p>There is no page at this address."))
        try harness.writeContent(["404.md": "---\ntitle: Lost?\n---\nTry the *people* list.\n"])
        _ = try await harness.build()
        let page = try harness.site.html("404.html")
        #expect(page.contains("<h1><bdi>Lost?</bdi></h1>") && page.contains("<p>Try the <em>people</em> list.</p>"))
        #expect(page.contains("<title>Lost? · "))
        #expect(try !harness.site.files().keys.contains { $0.hasPrefix("404/") })
        #expect(try !harness.site.html("index.html").contains("404/"), "no menu entry")
    }

    @Test("what content/ holds that no page is made from (Notes.MD, a folder, a picture) is named in a note; hidden files and editors' backups and locks are not (site serve does not watch them, and each rebuild named them again)")
    func unreadContentIsNamed() async throws {
        let harness = try BuildHarness(users: 2)
        defer { harness.remove() }
        let content = harness.folder.url.appendingPathComponent("content")
        try FileManager.default.createDirectory(at: content.appendingPathComponent("drafts"), withIntermediateDirectories: true)
        for name in ["Notes.MD", "logo.png", "drafts/next.md", ".hidden.md", "about.md", "about.md~", "#about.md#", "about.md.bak"] {
            try Data("Words.\n".utf8).write(to: content.appendingPathComponent(name))
        }
        _ = try await harness.build()
        #expect(harness.text.contains("note: content/Notes.MD, content/drafts/, content/logo.png are not read: pages are the files ending in .md directly in content/"),
                "\(harness.text)")
        #expect(!harness.text.contains(".hidden.md") && !harness.text.contains("about.md"), "\(harness.text)")
        #expect(try harness.site.html("about/index.html").contains("Words."))
    }

    @Test("a page without a description of its own is described by the site's; a site without one gives no empty <meta>; every page's title heading isolates its text, in its own direction, and keeps the page's alignment")
    func descriptionsAndHeadings() async throws {
        var harness = try BuildHarness(users: 2)
        defer { harness.remove() }
        try harness.writeContent(["about.md": "---\ntitle: دربارهٔ ما\n---\nWords.\n", "hours.md": "---\ntitle: Hours\ndescription: When we are open.\n---\nDaily.\n"])
        harness.settings.description = "People & posts, \"live\""
        _ = try await harness.build()
        let about = try harness.site.html("about/index.html")
        #expect(about.contains("<meta name=\"description\" content=\"People &amp; posts, &quot;live&quot;\">"))
        #expect(about.contains("<h1><bdi>دربارهٔ ما</bdi></h1>"))
        let hours = try harness.site.html("hours/index.html")
        #expect(hours.contains("<meta name=\"description\" content=\"When we are open.\">"))
        #expect(hours.components(separatedBy: "name=\"description\"").count == 2, "one description")
        for page in ["index.html", "users/index.html", "posts/index.html", "404.html"] {
            #expect(try harness.site.html(page).contains("<h1><bdi>"), "\(page)")
        }
        for blank in ["", "  "] {
            harness.settings.description = blank
            _ = try await harness.build()
            #expect(try !harness.site.html("about/index.html").contains("name=\"description\""), "\(blank.debugDescription)")
        }
    }

    @Test("a People or Posts page renamed by its title (title: Directory in users.md) is renamed in the menu, the breadcrumbs and the previous/next links too")
    func renamedSections() async throws {
        let harness = try BuildHarness(users: 3)
        defer { harness.remove() }
        try harness.writeContent(["users.md": "---\ntitle: Directory\n---\nEveryone.\n", "posts.md": "---\ntitle: Journal & notes\n---\nWritten.\n"])
        _ = try await harness.build()
        let home = try harness.site.html("index.html")
        #expect(home.contains("<li><a href=\"users/\" dir=\"auto\">Directory</a></li>") && home.contains(">Journal &amp; notes</a></li>"))
        #expect(!home.contains(">People</a>") && !home.contains(">Posts</a>"))
        let person = try #require(try harness.site.files().keys.first { $0.hasPrefix("users/") && !$0.hasPrefix("users/index") && $0.hasSuffix(".html") && !$0.contains("/page/") })
        let page = try harness.site.html(person)
        #expect(page.contains("<li><a href=\"../users/\" dir=\"auto\">Directory</a></li>"), "breadcrumb")
        #expect(page.contains("aria-label=\"Directory\""), "previous/next")
        let notFound = try harness.site.html("404.html")
        #expect(notFound.contains(">Directory</a></li>") && notFound.contains(">Journal &amp; notes</a></li>") && !notFound.contains(">People</a>"))
        #expect(home.contains("<link rel=\"alternate\" type=\"application/atom+xml\" title=\"Journal &amp; notes\""))
        #expect(try harness.site.brokenLinks() == [])
    }

    @Test("a content link or picture that leads to no file of the site is a warning with its line, and one to a Markdown file says where its page is; links that lead somewhere, with a scheme or within the page are not")
    func brokenContentLinks() async throws {
        let harness = try BuildHarness(users: 2)
        defer { harness.remove() }
        try harness.writeContent(["links.md": "---\ntitle: Links\n---\nFine: [home](../), [people](../users/), [about](../about/), [a post](../posts/), [feed](/feed.xml).\n\n[x](https://example.org/) [m](mailto:a@b.c) [f](#top)\n\nBroken: [About](about.md) and ![map](img/map.png).\n", "about.md": "Us.\n", "index.md": "Go to [the people](users/) or [up](../x/).\n"])
        _ = try await harness.build()
        let warnings = harness.text.split(separator: "\n").filter { $0.hasPrefix("warning: content/") }.map(String.init)
        #expect(warnings == [
            "warning: content/index.md:1: the link ../x/ leads nowhere: it climbs above the site's root (from the home page, each ../ goes one folder up).",
            "warning: content/links.md:8: the link about.md leads nowhere: no page or file of the site is there (from links/, it leads to /links/about.md); content/about.md is published at /about/, so from here write ../about/.",
            "warning: content/links.md:8: the picture img/map.png leads nowhere: no page or file of the site is there (from links/, it leads to /links/img/map.png).",
        ], "\(warnings)")
        #expect(try harness.site.html("links/index.html").contains("href=\"about.md\""), "published as written")
    }

    @Test("an absolute content link outside base_url's path is a warning; one inside it, to a file put in the output by hand, is not")
    func absoluteContentLinks() {
        let page = ContentPage(name: "about", title: "About", description: "", bodyMarkdown: "[a](/about/) [b](/project/about/) [c](/project/logo.svg)\n",
                               sourceFile: URL(fileURLWithPath: "/site/content/about.md"))
        let broken = ContentLinks.broken(in: [page], basePath: "/project/") { ["about/index.html", "logo.svg"].contains($0) }
        #expect(broken.map(\.link) == ["/about/"])
        #expect(broken.first?.reason.contains("the site is served at /project/ (base_url's path), so it leads outside the site: start it with /project/") == true)
    }

    @Test("a broken link is named on the line of its own paragraph, as written (not percent-encoded), each place it is; a good link with the same start elsewhere is not")
    func brokenLinkLines() {
        let markdown = "Good: [a](../users/nancy-smith.html)\n\n`[x](bad.html)` in code.\n\nBad: [b](../users/nancy) and [c](bad.html).\n\n"
            + "Again: [c](bad.html), [d](../users/зоран.html).\n"
        let page = ContentPage(name: "about", title: "About", description: "", bodyMarkdown: markdown,
                               sourceFile: URL(fileURLWithPath: "/site/content/about.md"), bodyLine: 4)
        let broken = ContentLinks.broken(in: [page], basePath: "/") { $0 == "users/nancy-smith.html" }
        #expect(broken.map { "\($0.line ?? 0) \($0.link)" } == ["8 ../users/nancy", "8 bad.html", "10 bad.html", "10 ../users/зоран.html"])
    }

    @Test("links a server does not serve as a folder's file are named: an encoded slash, a hidden file; a link to a Markdown file is told the page's address in the site's link style")
    func linksServersRefuse() {
        let page = ContentPage(name: "about", title: "About", description: "", bodyMarkdown: "[s](users%2Fx.html) [h](../.site-output) [m](contact.md) [i](../index.md)\n",
                               sourceFile: URL(fileURLWithPath: "/site/content/about.md"))
        let contact = ContentPage(name: "contact", title: "Contact", description: "", bodyMarkdown: "", sourceFile: URL(fileURLWithPath: "/site/content/contact.md"))
        let home = ContentPage(name: "index", title: "Home", description: "", bodyMarkdown: "", sourceFile: URL(fileURLWithPath: "/site/content/index.md"))
        let exists: (String) -> Bool = { [".site-output", "users/x.html", "contact/index.html", "index.html"].contains($0) }
        let folders = ContentLinks.broken(in: [page, contact, home], basePath: "/", exists: exists)
        #expect(folders.map(\.reason).map { $0.components(separatedBy: ": ").last ?? "" } == [
            "write a plain /", "it leads to a hidden file or folder (a name starting with a dot), which the site's server does not serve",
            "no page or file of the site is there (from about/, it leads to /about/contact.md); content/contact.md is published at /contact/, so from here write ../contact/",
            "no page or file of the site is there (from about/, it leads to /index.md); content/index.md is published at /, so from here write ../",
        ].map { $0.components(separatedBy: ": ").last ?? "" })
        let files = ContentLinks.broken(in: [page, contact, home], basePath: "/", fileLinks: true, exists: exists)
        #expect(files.last?.reason.hasSuffix("content/index.md is published at /index.html, so from here write ../index.html") == true, "\(files)")
        #expect(files[2].reason.hasSuffix("so from here write ../contact/index.html") == true)
    }

    @Test("content/posts.md that opens with '# Articles' titles the section everywhere: its page's <h1> and <title>, the menu, and the feed's title, which says the site's language")
    func sectionTitledByHeading() async throws {
        var harness = try BuildHarness(users: 2)
        defer { harness.remove() }
        harness.settings.language = "pt-BR"
        try harness.writeContent(["posts.md": "# Articles\n\nAll of them.\n"])
        _ = try await harness.build()
        let posts = try harness.site.html("posts/index.html")
        #expect(posts.contains("<h1><bdi>Articles</bdi></h1>") && posts.contains("<p>All of them.</p>") && !posts.contains("<h1 id="))
        #expect(posts.contains("<title>Articles"))
        #expect(try harness.site.html("index.html").contains(">Articles</a>"))
        let feed = String(decoding: try #require(try harness.site.files()["feed.xml"]), as: UTF8.self)
        #expect(feed.contains("<feed xmlns=\"http://www.w3.org/2005/Atom\" xml:lang=\"pt-BR\">"))
        #expect(feed.contains(": Articles (demo data)</title>"), "\(feed.prefix(400))")
        #expect(!harness.text.contains("level-1 heading"))
        // A right-to-left override the title leaves open is closed before the rest of the feed's title.
        try harness.writeContent(["posts.md": "# \u{202E}Articles\n"])
        _ = try await harness.build()
        let reversed = String(decoding: try #require(try harness.site.files()["feed.xml"]), as: UTF8.self)
        #expect(reversed.contains(": \u{202E}Articles\u{202C} (demo data)</title>"), "\(reversed.prefix(400))")
        // A section titled as the site is not named twice ("Notes: Notes").
        harness.settings.title = "Notes"
        try harness.writeContent(["posts.md": "# notes\n"])
        _ = try await harness.build()
        let once = String(decoding: try #require(try harness.site.files()["feed.xml"]), as: UTF8.self)
        #expect(once.contains("<title type=\"text\">Notes (demo data)</title>"), "\(once.prefix(400))")
    }

    @Test("with links: files, a link to a folder without its slash (../users) is a warning, as a browser shows a folder opened from disk as a list of files; served from folders it is fine")
    func folderLinksWithoutSlash() {
        let page = ContentPage(name: "about", title: "About", description: "", bodyMarkdown: "[u](../users) [q](../users?x=1) [p](../users/ann.html)\n",
                               sourceFile: URL(fileURLWithPath: "/site/content/about.md"))
        let exists: (String) -> Bool = { ["users/index.html", "users/ann.html"].contains($0) }
        #expect(ContentLinks.broken(in: [page], basePath: "/", exists: exists).isEmpty)
        let files = ContentLinks.broken(in: [page], basePath: "/", fileLinks: true, exists: exists)
        #expect(files.map(\.link) == ["../users", "../users?x=1"])
        #expect(files.first?.verdict == "leads to a folder, not a page")
        #expect(files.first?.reason == "a browser shows a folder as a list of files when the site is opened from disk (links: files): write ../users/index.html")
        // A control character in a link is shown escaped: the warning stays one line.
        let odd = ContentPage(name: "about", title: "About", description: "", bodyMarkdown: "[nl](java%0ascript:x)\n",
                              sourceFile: URL(fileURLWithPath: "/site/content/about.md"))
        let broken = ContentLinks.broken(in: [odd], basePath: "/", exists: exists)
        #expect(broken.map(\.link) == ["java%0ascript:x"] && broken.first?.verdict == "leads nowhere")
        #expect(broken.first?.reason.contains("it leads to /about/java%0Ascript:x)") == true && broken.first?.reason.contains("\n") == false, "\(broken)")
    }

    @Test("a link without its slash to a folder the last build left in the output is checked as on the first build: the folder is no file it leads to (rebuilds said nothing)")
    func folderLinksCheckedOnRebuilds() async throws {
        var harness = try BuildHarness(users: 2)
        defer { harness.remove() }
        harness.settings.links = .files
        try harness.writeContent(["about.md": "[u](../users) [a](../authors)\n"])
        for round in 1...2 {
            let before = harness.text.count
            harness.settings.title = "Round \(round)"
            _ = try await harness.build()
            let said = String(harness.text.dropFirst(before))
            #expect(said.contains("warning: content/about.md:1: the link ../users leads to a folder, not a page: a browser shows a folder as a list of files"), "round \(round): \(said)")
            #expect(said.contains("the link ../authors leads to a folder, not a page"), "round \(round): \(said)")
        }
        // A folder of the output with no page in it leads nowhere either, whatever is on the disk.
        try FileManager.default.createDirectory(at: harness.output.appendingPathComponent("thumbs"), withIntermediateDirectories: true)
        try harness.writeContent(["about.md": "[t](../thumbs)\n"])
        let before = harness.text.count
        _ = try await harness.build()
        #expect(String(harness.text.dropFirst(before)).contains("the link ../thumbs leads nowhere: no page or file of the site is there"))
    }

    @Test("a broken link of 100,000 characters is quoted cut to 100, in the link and in where it leads (the warning was 200,000 characters long)")
    func longBrokenLinkIsClipped() {
        let long = "../" + String(repeating: "q", count: 100_000) + "/"
        let page = ContentPage(name: "about", title: "About", description: "", bodyMarkdown: "[l](\(long))\n",
                               sourceFile: URL(fileURLWithPath: "/site/content/about.md"))
        let broken = ContentLinks.broken(in: [page], basePath: "/") { _ in false }
        #expect(broken.count == 1)
        #expect(broken.first?.link == String(long.prefix(100)) + "…")
        #expect(broken.first.map { $0.reason.count < 200 } == true, "\(broken.first?.reason.count ?? 0)")
    }

    @Test("a link to a page this build no longer makes is broken in this build, not the next: the last build's files in the output do not count, files put there by hand do")
    func linksToRemovedPages() async throws {
        var harness = try BuildHarness(users: 2)
        defer { harness.remove() }
        try harness.writeContent(["about.md": "[new](../new/) [logo](../logo.svg)\n", "new.md": "Fresh.\n"])
        _ = try await harness.build()
        try Data("<svg/>".utf8).write(to: harness.output.appendingPathComponent("logo.svg"))
        try FileManager.default.removeItem(at: harness.folder.url.appendingPathComponent("content/new.md"))
        harness.settings.title = "Again"
        let before = harness.text.count
        _ = try await harness.build()
        let said = String(harness.text.dropFirst(before))
        #expect(said.contains("warning: content/about.md:1: the link ../new/ leads nowhere"), "\(said)")
        #expect(!said.contains("logo.svg"), "a file put in the output by hand is there")
    }

    @Test("a draft (draft: true) is not published, linked from the menu or listed in the sitemap, and a note names it")
    func draftsAreNotPublished() async throws {
        let harness = try BuildHarness(users: 2)
        defer { harness.remove() }
        try harness.writeContent(["next.md": "---\ntitle: Next week\ndraft: true\n---\nSoon.\n", "about.md": "---\ntitle: About\n---\nUs, and [next](../next/).\n"])
        _ = try await harness.build()
        #expect(harness.text.contains("note: content/next.md is a draft, marked so by draft in the front matter, and not published; remove that line to publish it."), "\(harness.text)")
        #expect(!FileManager.default.fileExists(atPath: harness.output.appendingPathComponent("next").path))
        #expect(try !harness.site.html("index.html").contains("Next week"))
        #expect(try !harness.site.html("sitemap.xml").contains("/next/"))
        #expect(try harness.site.html("about/index.html").contains("Us, and"))
        #expect(harness.text.contains("warning: content/about.md:4: the link ../next/ leads nowhere: its page is a draft (draft: true in content/next.md), which is not published until that line is removed."), "\(harness.text)")
    }

    @Test("a page of its own with no text (an empty file, or front matter alone) is published with a note that says so; a standard page's empty intro is no news")
    func blankPagesAreNoted() async throws {
        let harness = try BuildHarness(users: 2)
        defer { harness.remove() }
        try harness.writeContent(["x.md": "", "y.md": "---\ntitle: Why\n---\n\n", "about.md": "Text.\n", "index.md": ""])
        _ = try await harness.build()
        #expect(harness.text.contains("note: content/x.md, content/y.md have no text below the front matter, so their pages show a title and nothing else; "
            + "write the text, or add draft: true to keep them unpublished.\n"), "\(harness.text)")
        #expect(!harness.text.contains("about.md have") && !harness.text.contains("index.md"), "\(harness.text)")
        #expect(FileManager.default.fileExists(atPath: harness.output.appendingPathComponent("x/index.html").path))
    }

    @Test("a content/ that is no folder (a file, a link to nowhere, a link loop) stops the build, naming it, where it was taken for a missing folder and the site published without its pages", arguments: ["file", "dangling", "loop"])
    func contentThatIsNoFolder(kind: String) async throws {
        let harness = try BuildHarness(users: 2)
        defer { harness.remove() }
        let content = harness.folder.url.appendingPathComponent("content")
        switch kind {
        case "file": try Data("x".utf8).write(to: content)
        case "dangling": try FileManager.default.createSymbolicLink(atPath: content.path, withDestinationPath: "/nonexistent/content")
        default: try FileManager.default.createSymbolicLink(atPath: content.path, withDestinationPath: "content")
        }
        let error = await #expect(throws: BuildError.self) { try await harness.build() }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("Reading content/ failed: \(content.path): it is ") && text.contains("the build stops rather than publish without it"), "\(text)")
        #expect(!FileManager.default.fileExists(atPath: harness.output.path))
    }

    @Test("a demo build whose --timeout is too short for the embedded API is told to raise it, not to retry later or to run with --demo, which it is already doing")
    func aDemoTimeoutBlamesTheDeadline() async throws {
        var harness = try BuildHarness(users: 2)
        defer { harness.remove() }
        harness.settings.timeout = 0.0001
        let error = await #expect(throws: BuildError.self) { try await harness.build() }
        let text = error.map { "\($0)" } ?? ""
        #expect(text.contains("the embedded demo API, on this machine, did not answer within --timeout") && text.contains("raise --timeout"), "\(text)")
        #expect(!text.contains("--demo") && !text.contains("retry later"), "\(text)")
    }

    @Test("a content folder that went away (a checkout, a deploy script) is a warning naming the pages of their own this build removes")
    func aLostContentFolderIsAWarning() async throws {
        let harness = try BuildHarness(users: 2)
        defer { harness.remove() }
        let content = try harness.writeContent(["about.md": "Words.\n", "contact.md": "Words.\n"])
        _ = try await harness.build()
        #expect(!harness.text.contains("content/ folder"))
        try FileManager.default.removeItem(at: content)
        let before = harness.text.count
        _ = try await harness.build()
        let said = String(harness.text.dropFirst(before))
        #expect(said.contains("warning: there is no content/ folder in \(harness.folder.url.path), so the pages of their own that the last build published from it (about/, contact/) are removed by this one"), "\(said)")
        #expect(!FileManager.default.fileExists(atPath: harness.output.appendingPathComponent("about").path))
        // Once they are gone, there is nothing left to warn of.
        let again = harness.text.count
        _ = try await harness.build()
        #expect(!harness.text.dropFirst(again).contains("warning: there is no content/"))
    }

    @Test("raw HTML left out and a table that shows as text are warnings naming the file and line, and the page is published")
    func contentNotesAreWarnings() async throws {
        let harness = try BuildHarness(users: 2)
        defer { harness.remove() }
        try harness.writeContent(["hours.md": "---\ntitle: Hours\n---\nOpen<br>daily.\n\n| Day | Hours |\n|-----|-------|\n"])
        _ = try await harness.build()
        #expect(harness.text.contains("warning: content/hours.md:4: raw HTML (<br>) is left out of the page"), "\(harness.text)")
        #expect(harness.text.contains("warning: content/hours.md:7: this looks like a table"), "\(harness.text)")
        #expect(try harness.site.html("hours/index.html").contains("Open<!-- raw HTML omitted -->daily."))
    }
}

@Suite("Choosing live or demo data")
struct SourceChoiceTests {
    /// A harness whose live APIs point at `closed`, a loopback port where nothing listens.
    private func unreachable(_ source: SourceMode, _ closed: ClosedPort) throws -> BuildHarness {
        var harness = try BuildHarness(source: source, users: 12)
        harness.settings.randomUserURL = URL(string: "http://127.0.0.1:\(closed.port)/api/")!
        harness.settings.jsonPlaceholderURL = URL(string: "http://127.0.0.1:\(closed.port)")!
        return harness
    }

    @Test("with both APIs unreachable, every build names the people's API: which failed first was a race, and the warning and the summary named one host or the other at random")
    func unreachableHostIsNamedTheSameEachTime() async throws {
        let people = ClosedPort(), posts = ClosedPort()
        defer { withExtendedLifetime((people, posts)) {} }
        for _ in 0..<2 {
            var harness = try BuildHarness(source: .auto, users: 6)
            harness.settings.randomUserURL = URL(string: "http://127.0.0.1:\(people.port)/api/")!
            harness.settings.jsonPlaceholderURL = URL(string: "http://127.0.0.1:\(posts.port)")!
            defer { harness.remove() }
            let summary = try await harness.build()
            #expect(summary.source.summary == "demo (embedded API; 127.0.0.1:\(people.port) unreachable)", "\(harness.text)")
            #expect(!harness.text.contains("127.0.0.1:\(posts.port) could not be reached"), "\(harness.text)")
        }
    }

    /// Every request fails as an unreachable host does, those to `slow` a moment later; those to
    /// `broken` answer 500 after that moment.
    private struct Unreachable: HTTPFetching {
        var slow: URL
        var broken: URL?
        /// How much later those to `slow` fail.
        var lag = Duration.milliseconds(150)
        func fetch(_ request: HTTPRequest, limits: TransferLimits) async throws -> FetchResult {
            if request.url.port == broken?.port {
                try await Task.sleep(for: .milliseconds(50))
                throw FetchError(.httpStatus(500, serverMessage: nil), url: request.url)
            }
            if request.url.port == slow.port { try await Task.sleep(for: lag) }
            throw FetchError(.transport(detail: "Could not connect to server", unreachable: true), url: request.url)
        }
    }

    @Test("the people's API is named when it fails a moment after the posts' API, as when both names fail to resolve at their own pace")
    func thePeoplesAPIIsNamedFirst() async throws {
        let people = URL(string: "http://127.0.0.1:1001/api/")!, posts = URL(string: "http://127.0.0.1:1002")!
        let fetcher = SiteDataFetcher(client: Unreachable(slow: people), randomUserURL: people, jsonPlaceholderURL: posts,
                                      users: 5, seed: "s", nationalities: [])
        let error = await #expect(throws: FetchError.self) { _ = try await fetcher.fetch() }
        #expect(error?.url.port == 1001, "\(error?.url.absoluteString ?? "")")

        // A host that answers 500 while the other is unreachable: the unreachable one is the news,
        // which a build falls back on demo data for, as when it was the only failure.
        let mixed = SiteDataFetcher(client: Unreachable(slow: posts, broken: posts), randomUserURL: people, jsonPlaceholderURL: posts,
                                    users: 5, seed: "s", nationalities: [])
        let first = await #expect(throws: FetchError.self) { _ = try await mixed.fetch() }
        #expect(first?.isUnreachable == true && first?.url.port == 1001, "\(first?.description ?? "")")

        // Retried (--live), failures spread over the backoffs' jitter: seconds apart, where the
        // grace of a moment named whichever gave up first, another request from run to run.
        let retried = SiteDataFetcher.unreachableGrace(for: RetryPolicy())
        #expect(retried == .milliseconds(4_000) && SiteDataFetcher.unreachableGrace(for: RetryPolicy(retriesUnreachable: false)) == .milliseconds(500))
        var late = SiteDataFetcher(client: Unreachable(slow: people, lag: .milliseconds(1_200)), randomUserURL: people, jsonPlaceholderURL: posts,
                                   users: 5, seed: "s", nationalities: [])
        late.unreachableGrace = retried
        let named = await #expect(throws: FetchError.self) { _ = try await late.fetch() }
        #expect(named?.url.port == 1001, "\(named?.url.absoluteString ?? "")")
    }

    @Test("auto: a refused connection and an empty cache give a demo build that says so, quickly")
    func autoFallsBackWhenRefused() async throws {
        let closed = ClosedPort()
        var harness = try unreachable(.auto, closed)
        harness.verbosity = .verbose
        defer { harness.remove(); withExtendedLifetime(closed) {} }
        let summary = try await harness.build()
        #expect(harness.printed.firstTime(containing: "warning: 127.0.0.1:\(closed.port) could not be reached") != nil)
        // Wall time is not asserted: suites run in parallel on two cores. What makes the fallback
        // fast is that an unreachable URL is tried once, with no backoff, and that is checked here.
        let failures = harness.text.split(separator: "\n").filter { $0.contains("127.0.0.1:") && $0.contains(" failed after ") }
        #expect(!failures.isEmpty)
        #expect(Set(failures.map { $0.split(separator: " ")[1] }).count == failures.count, "an unreachable URL is tried once, never retried")
        #expect(summary.source.isDemo)
        #expect(summary.source.summary == "demo (embedded API; 127.0.0.1:\(closed.port) unreachable)")
        #expect(harness.text.contains("warning: 127.0.0.1"))
        #expect(harness.text.contains("demo API"))
        #expect(harness.text.contains("--live"))
        #expect(try harness.site.html("index.html").contains("class=\"demo-notice\""))
        #expect(try harness.site.html("posts/index.html").contains("class=\"demo-notice\""))
    }

    @Test("auto with --offline and nothing cached: a demo build whose warning and summary say it was --offline, not an unreachable host")
    func autoOfflineWithAnEmptyCache() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .auto, users: 6)
            defer { harness.remove() }
            harness.use(server)
            harness.options.offline = true
            let summary = try await harness.build()
            #expect(await server.log.requests(pathPrefix: "/").isEmpty, "--offline asks the live API for nothing")
            let host = "127.0.0.1:\(server.baseURL.port!)"
            #expect(summary.source.isDemo && summary.source.summary == "demo (embedded API; \(host) not cached, --offline)")
            let warning = try #require(harness.text.split(separator: "\n").first { $0.hasPrefix("warning: --offline forbids the network") })
            #expect(warning.contains("and the cache holds no copy of http://\(host)") && warning.contains("--live"))
            #expect(warning.contains("Build once online to fill the cache (if that was just done, the server does not let a copy be kept"),
                    "advice that can be followed after an online build of a no-store API: \(warning)")
            #expect(!harness.text.contains("unreachable") && !harness.text.contains("not in the cache"))
            #expect(try harness.site.html("index.html").contains("class=\"demo-notice\""))
        }
    }

    @Test("auto with --offline and a cached copy whose server demands a check (must-revalidate, stale): the warning says the copy exists and why it may not be used, not that the cache holds none, and advises an online build")
    func autoOfflineWithACopyThatMustBeChecked() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .auto, users: 6)
            defer { harness.remove() }
            harness.use(server)
            _ = try await harness.build()
            // The server's headers as an API that demands a check would have sent them.
            let cache = try HTTPCache(directory: harness.folder.url.appendingPathComponent(harness.settings.cacheDirectory))
            let posts = server.jsonPlaceholderURL.appendingPathComponent("posts")
            var entry = try #require(cache.entries(method: "GET", url: posts).first)
            entry.metadata.headers.set("Cache-Control", "max-age=0, must-revalidate")
            _ = try cache.store(entry)
            harness.options.offline = true
            harness.options.force = true
            let summary = try await harness.build()
            let host = "127.0.0.1:\(server.baseURL.port!)"
            #expect(summary.source.isDemo && summary.source.summary == "demo (embedded API; \(host) to be checked, --offline)", "\(summary.source.summary)")
            let warning = try #require(harness.text.split(separator: "\n").first { $0.hasPrefix("warning: --offline forbids the network") })
            #expect(warning.contains("and the cache's copy of \(posts.absoluteString) may not be used unchecked: its server sent Cache-Control: must-revalidate, and the copy is stale."), "\(warning)")
            #expect(warning.contains("Build online, which checks the copy with the server"), "\(warning)")
            #expect(!warning.contains("holds no copy") && !harness.text.contains("could not be reached"), "\(warning)")
        }
    }

    @Test("--offline with everything cached: the build says it reads from the cache, and its summary that no request was made")
    func offlineFromTheCacheSaysSo() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .live, users: 6)
            defer { harness.remove() }
            harness.use(server)
            harness.settings.cacheTTL = 86_400
            _ = try await harness.build()
            let before = await server.log.requests(pathPrefix: "/").count
            harness.options.offline = true
            harness.options.force = true
            let summary = try await harness.build()
            #expect(await server.log.requests(pathPrefix: "/").count == before)
            let host = "127.0.0.1:\(server.baseURL.port!)"
            #expect(summary.source.summary == "live (\(host), from the cache: --offline made no request)")
            #expect(harness.text.contains("reading 6 people (seed harness) from http://\(host)/api/ and posts from http://\(host), from the cache only (--offline)"))
        }
    }

    @Test("--offline without a seed reads the people of the last live build into the output (a new random seed was never cached, and auto published demo people over the live site); --seed still picks others")
    func offlineWithoutASeedReusesTheLastLiveSeed() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .auto, users: 6)
            defer { harness.remove() }
            harness.use(server)
            harness.settings.seed = nil
            harness.settings.cacheTTL = 86_400
            let live = try await harness.build()
            #expect(!live.source.isDemo)
            let before = await server.log.requests(pathPrefix: "/").count
            harness.options.offline = true
            let offline = try await harness.build()
            #expect(await server.log.requests(pathPrefix: "/").count == before, "--offline asks the live API for nothing")
            #expect(!offline.source.isDemo && offline.seed == live.seed)
            #expect(harness.text.contains("--offline without a seed: using \(live.seed), the seed of the last live build into \(harness.output.path)"))
            #expect(!(try harness.site.html("index.html").contains("class=\"demo-notice\"")))
            // A seed given is the seed used, cached or not.
            harness.settings.seed = "another"
            #expect(try await harness.build().source.isDemo)
        }
    }

    @Test("--offline without a seed, with the record of the last live seed damaged, warns that it picks a new seed instead of doing so in silence")
    func damagedSeedRecordIsAWarning() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .live, users: 4)
            defer { harness.remove() }
            harness.use(server)
            harness.settings.seed = nil
            harness.settings.cacheTTL = 86_400
            _ = try await harness.build()
            let records = harness.folder.url.appendingPathComponent(".cache/seeds-v1")
            let record = try #require(try FileManager.default.contentsOfDirectory(at: records, includingPropertiesForKeys: nil).first)
            try Data([0x7A, 0x7A, 0x00, 0xFF]).write(to: record)
            harness.options.offline = true
            _ = await #expect(throws: (any Error).self) { try await harness.build() }
            #expect(harness.text.contains("warning: --offline without a seed, and the record of the last live build's seed, \(record.path), cannot be read"), "\(harness.text)")
        }
    }

    @Test("live: an unreachable API fails the build, names the host, suggests --demo, and keeps the previous output")
    func liveFailsWhenRefused() async throws {
        let closed = ClosedPort()
        var harness = try unreachable(.live, closed)
        defer { harness.remove(); withExtendedLifetime(closed) {} }
        harness.settings.source = .demo
        _ = try await harness.build()
        let before = try harness.site.files()
        harness.settings.source = .live
        let error = await #expect(throws: BuildError.self) { try await harness.build() }
        #expect(error?.description.contains("127.0.0.1") == true)
        #expect(error?.description.contains("--demo") == true)
        #expect(try harness.site.files() == before)
    }

    @Test("auto: with the API down but a cached copy, the cached live data is used, not demo data")
    func staleCacheBeatsDemo() async throws {
        var harness = try BuildHarness(source: .auto, users: 12)
        defer { harness.remove() }
        let server = try await DemoAPIServer.start()
        harness.use(server)
        let first = try await harness.build()
        await server.stop()
        harness.options.refresh = true  // make every entry ask the (now stopped) origin
        let second = try await harness.build()
        #expect(!second.source.isDemo)
        #expect(second.people == first.people)
        #expect(!(try harness.site.html("index.html").contains("demo-notice")))
    }

    @Test("auto: an API that answers 500 is an error, never a reason to use demo data")
    func serverErrorIsNoFallback() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .auto, users: 12)
            defer { harness.remove() }
            harness.use(server)
            await server.faults.set(Fault(status: 500, retryAfter: "0"), forPathPrefix: "/api/")
            let error = await #expect(throws: BuildError.self) { try await harness.build() }
            #expect(error?.description.contains("HTTP 500") == true)
            #expect(!FileManager.default.fileExists(atPath: harness.output.path))
        }
    }

    @Test("the summary names the source")
    func summaryNamesSource() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .live, users: 5)
            defer { harness.remove() }
            harness.use(server)
            let summary = try await harness.build()
            #expect(summary.text.contains("source: live (127.0.0.1:\(server.baseURL.port!))"))
            #expect(summary.text.contains("seed: harness"))
        }
    }
}
