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
            let warning = "warning: base_url is https://example.com/, a placeholder (site init writes it): the sitemap, robots.txt and the feed give that address for every page"
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

    @Test("reserved example domains and their subdomains are placeholders; others are not",
          arguments: [("https://example.com/", true), ("https://www.example.org/blog/", true), ("http://EXAMPLE.NET", true),
                      ("https://notexample.com/", false), ("https://user.github.io/project/", false)])
    func placeholderDomains(url: String, placeholder: Bool) {
        var settings = SiteSettings()
        settings.baseURL = url
        #expect(settings.baseURLIsPlaceholder == placeholder)
    }

    @Test("a base_url with a query or a fragment is refused: every address of the site would carry it")
    func queryAndFragmentAreRefused() {
        for text in ["base_url: https://x.test/?q=1\n", "base_url: https://x.test/#top\n"] {
            let error = #expect(throws: SettingsError.self) { try SettingsFile.parse(text, shownAs: "site.yml") }
            #expect(error?.description == "site.yml:1: 'base_url' must be the address the site is served at, without ? or # (such as https://user.github.io/project/).")
        }
    }
}
