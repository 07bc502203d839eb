import Foundation
import Testing
@testable import SiteKit

/// A site of one person, one post without comments and an author without posts
/// (`Fixtures/Build/sparse`): what pages say when there is little or nothing to show.
@Suite("A sparse site: counts of one, empty lists, a country not given")
struct SparseSiteTests {
    private func build() async throws -> BuildHarness {
        try await HostileDataTests.fixtureBuild("sparse", users: 1)
    }

    @Test("counts of one take the singular on the home page and the report (\"1 people\" before)")
    func countsAgree() async throws {
        let harness = try await build()
        defer { harness.remove() }
        let home = try harness.site.html("index.html")
        for words in ["<strong>1</strong> person</a>", "<strong>1</strong> post</a>", "<strong>2</strong> authors</a>", "<strong>0</strong> comments</a>"] {
            #expect(home.contains(words), "\(words)")
        }
        let report = try harness.site.html("report/index.html")
        #expect(report.contains("<strong>1</strong> person</li>") && report.contains("<strong>1</strong> nationality</li>"))
    }

    @Test("a post without comments and an author without posts say so, with no empty list under their heading")
    func emptyStates() async throws {
        let harness = try await build()
        defer { harness.remove() }
        let post = try #require(try harness.site.files().keys.first { $0.hasPrefix("posts/1-") })
        let postPage = try harness.site.html(post)
        #expect(postPage.contains("<p class=\"muted\">No comments yet.</p>") && !postPage.contains("<ol>\n</ol>"))
        let author = try #require(try harness.site.files().keys.first { $0.hasPrefix("authors/never") })
        let authorPage = try harness.site.html(author)
        #expect(authorPage.contains("<h2>Posts</h2>\n<p class=\"muted\">No posts yet.</p>") && !authorPage.contains("post-links"))
        let writer = try harness.site.html(try #require(try harness.site.files().keys.first { $0.hasPrefix("authors/once") }))
        #expect(writer.contains("<ol class=\"post-links\">") && !writer.contains("No posts yet."))
    }

    @Test("a country sent empty is \"Not given\" in the report's chart and table, not a blank row heading, nor the nationality's code (FI beside Finland was one country in two rows)")
    func countryNotGiven() async throws {
        let harness = try await build()
        defer { harness.remove() }
        let report = try harness.site.html("report/index.html")
        #expect(report.contains("<tr><th scope=\"row\">Not given</th><td class=\"num\">1</td></tr>"))
        #expect(!report.contains("<th scope=\"row\"></th>") && !report.contains("<th scope=\"row\">FI</th>"))
    }
}
