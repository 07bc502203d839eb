import Foundation
import Testing
@testable import SiteKit

@Suite("base_url")
struct BaseURLTests {
    @Test("a live build whose base_url is still a placeholder (example.com, as site init writes it) says where its sitemap and feed send people, up-to-date builds included")
    func placeholderIsAWarning() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .live, users: 3)
            defer { harness.remove() }
            harness.use(server)
            harness.settings.cacheTTL = 600
            let warning = "warning: base_url is https://example.com/, a placeholder (an example domain, as site init writes): the sitemap, robots.txt and the feed give that address for every page"
            _ = try await harness.build()
            #expect(harness.text.contains(warning), "\(harness.text)")
            let again = try await harness.build()
            #expect(again.upToDate == .intact, "a settings warning does not keep the next build from being up to date")
            #expect(harness.text.components(separatedBy: warning).count == 3, "said again by the up-to-date build: \(harness.text)")

            harness.settings.baseURL = "https://people.example.net.test/"
            _ = try await harness.build()
            #expect(harness.text.components(separatedBy: "warning: base_url").count == 3, "nothing more said of a real address")

            let demo = try BuildHarness(source: .demo, users: 3)
            defer { demo.remove() }
            _ = try await demo.build()
            #expect(!demo.text.contains("base_url"), "demo builds are made up and noindex: \(demo.text)")
        }
    }

    @Test("with a real base_url every page but the 404 names its address, the sitemap's, as canonical; demo builds and a placeholder name none")
    func pagesNameTheirCanonicalAddress() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .live, users: 5, perPage: 2)
            defer { harness.remove() }
            harness.use(server)
            harness.settings.baseURL = "https://people.test/sub"
            _ = try await harness.build()
            let files = try harness.site.files()
            func canonical(_ path: String) -> String? {
                let html = String(decoding: files[path] ?? Data(), as: UTF8.self)
                return html.firstMatch(of: /<link rel="canonical" href="([^"]*)">/).map { String($0.1) }
            }
            #expect(canonical("index.html") == "https://people.test/sub/")
            #expect(canonical("users/index.html") == "https://people.test/sub/users/")
            #expect(canonical("users/page/2.html") == "https://people.test/sub/users/page/2.html")
            let person = try #require(files.keys.sorted().first { $0.hasPrefix("users/") && $0.hasSuffix(".html") && !$0.hasPrefix("users/page/") && $0 != "users/index.html" })
            #expect(canonical(person) == "https://people.test/sub/" + person)
            #expect(canonical("404.html") == nil)
            let sitemap = String(decoding: files["sitemap.xml"] ?? Data(), as: UTF8.self)
            #expect(sitemap.contains("<loc>https://people.test/sub/users/</loc>"), "canonical and sitemap agree")

            harness.settings.baseURL = "https://example.com/"
            _ = try await harness.build()
            #expect(try harness.site.files().allSatisfy { !String(decoding: $0.value, as: UTF8.self).contains("rel=\"canonical\"") })
        }
        let demo = try BuildHarness(source: .demo, users: 3)
        defer { demo.remove() }
        var real = demo
        real.settings.baseURL = "https://people.test/"
        _ = try await real.build()
        #expect(try real.site.files().allSatisfy { !String(decoding: $0.value, as: UTF8.self).contains("rel=\"canonical\"") },
                "a demo build is noindex and made up")
    }

    @Test("reserved example domains, .example and .invalid names, and this machine's addresses are placeholders; others are not",
          arguments: [("https://example.com/", PlaceholderAddress.example), ("https://www.example.org/blog/", .example),
                      ("http://EXAMPLE.NET", .example), ("https://example.com./", .example), ("https://site.example/", .example),
                      ("https://b\u{FC}cher.example/team/", .example), ("https://x.invalid/", .example),
                      ("http://localhost:8000/", .local), ("https://app.localhost/", .local), ("http://127.0.0.1:8000/", .local),
                      ("http://127.1.2.3/", .local), ("http://[::1]:8000/", .local), ("http://0.0.0.0/", .local),
                      ("https://notexample.com/", nil), ("https://user.github.io/project/", nil), ("https://example.community/", nil),
                      ("https://people.test/", nil), ("http://127.0.0.1.nip.io/", nil), ("http://10.0.0.5/", nil)] as [(String, PlaceholderAddress?)])
    func placeholderDomains(url: String, kind: PlaceholderAddress?) {
        var settings = SiteSettings()
        settings.baseURL = url
        #expect(PlaceholderAddress(url) == kind)
        #expect(settings.baseURLIsPlaceholder == (kind != nil))
        #expect((settings.placeholderBaseURLWarning != nil) == (kind != nil))
    }

    @Test("a base_url on this machine is warned about as one, and pages name no canonical address there")
    func localAddressIsAWarning() async throws {
        try await DemoAPIServer.with { server in
            var harness = try BuildHarness(source: .live, users: 3)
            defer { harness.remove() }
            harness.use(server)
            harness.settings.baseURL = "http://localhost:8000/"
            _ = try await harness.build()
            #expect(harness.text.contains("warning: base_url is http://localhost:8000/, an address of the machine that reads it (localhost or a loopback address), not of a published site: the sitemap"), "\(harness.text)")
            #expect(try harness.site.files().allSatisfy { !String(decoding: $0.value, as: UTF8.self).contains("rel=\"canonical\"") })
        }
    }

    @Test("a base_url with a user name or password is refused: every page's canonical link, the sitemap and the feed would publish it; one that is no URL says which kind of address it takes")
    func credentialsAreRefused() {
        for text in ["base_url: 'https://user:pw@people.test/'\n", "base_url: https://user@people.test/\n"] {
            let error = #expect(throws: SettingsError.self) { try SettingsFile.parse(text, shownAs: "site.yml") }
            #expect(error?.description == "site.yml:1: 'base_url' must be the address the site is served at, without a user name or password (such as https://user.github.io/project/).")
        }
        let notURL = #expect(throws: SettingsError.self) { try SettingsFile.parse("base_url: people.test/\n", shownAs: "site.yml") }
        #expect(notURL?.description == "site.yml:1: 'base_url' must be an http(s) URL such as https://user.github.io/project/, not people.test/.")
    }

    @Test("a base_url path is normalised: doubled slashes dropped, dot segments resolved, the trailing slash kept",
          arguments: [("https://qaorg.github.io//team/", "https://qaorg.github.io/team/"),
                      ("https://qaorg.github.io/./team/../team2/", "https://qaorg.github.io/team2/"),
                      ("https://x.test/a//b", "https://x.test/a/b"), ("https://x.test/a/..", "https://x.test/"),
                      ("https://x.test/../../a/", "https://x.test/a/"), ("https://x.test/a/%2E%2E/b/", "https://x.test/b/"),
                      ("https://x.test//", "https://x.test/"), ("https://x.test", "https://x.test"), ("https://x.test/team", "https://x.test/team"),
                      ("https://x.test/caf%C3%A9/", "https://x.test/caf%C3%A9/"), ("https://x.test/v1.2/", "https://x.test/v1.2/")])
    func pathIsNormalised(written: String, used: String) throws {
        let settings = try SettingsFile.parse("base_url: \(written)\n", shownAs: "site.yml").0
        #expect(settings.baseURL == used)
    }

    @Test("a base_url that names a page, not the folder the site is in, is refused")
    func pageIsRefused() {
        for text in ["https://qaorg.github.io/team/index.html", "https://x.test/about.HTM"] {
            let error = #expect(throws: SettingsError.self) { try SettingsFile.parse("base_url: \(text)\n", shownAs: "site.yml") }
            #expect(error?.description == "site.yml:1: 'base_url' must be the folder the site is served at, not a page in it (such as https://user.github.io/project/, not …/project/index.html).")
        }
    }

    @Test("a base_url with a query or a fragment is refused: every address of the site would carry it")
    func queryAndFragmentAreRefused() {
        for text in ["base_url: https://x.test/?q=1\n", "base_url: https://x.test/#top\n"] {
            let error = #expect(throws: SettingsError.self) { try SettingsFile.parse(text, shownAs: "site.yml") }
            #expect(error?.description == "site.yml:1: 'base_url' must be the address the site is served at, without ? or # (such as https://user.github.io/project/).")
        }
    }
}
