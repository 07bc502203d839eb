import Foundation
import Testing
@testable import SiteKit

/// Titles and names of nothing but spaces, and e-mails that are no address
/// (`Fixtures/Build/blank`): what pages show instead of an empty heading or a dead link.
@Suite("Blank titles and names, e-mails that are no address")
struct BlankFieldsTests {
    private func build() async throws -> BuildHarness {
        try await HostileDataTests.fixtureBuild("blank", users: 3)
    }

    @Test("a post titled with spaces is an Untitled post, and an author named with spaces Author <id>, on every page that names them, as the feed did (the heading and links were empty)")
    func blankTitlesAndNames() async throws {
        let harness = try await build()
        defer { harness.remove() }
        let post = try harness.site.html("posts/1-post.html")
        #expect(post.contains("<h1 dir=\"auto\">Untitled post</h1>"), "\(post)")
        #expect(post.contains("<title>Untitled post · "))
        #expect(post.contains(">Author 2</a>"))
        let list = try harness.site.html("posts/index.html")
        #expect(list.contains(">Untitled post<") && list.contains("Author 2"))
        let next = try harness.site.html("posts/2-titled.html")
        #expect(next.contains("Untitled post"), "the previous link names it")
        let authors = try harness.site.html("authors/index.html")
        #expect(authors.contains(">Author 2</a>"))
        let author = try harness.site.html("authors/blank.html")
        #expect(author.contains("<h1><bdi>Author 2</bdi></h1>") || author.contains(">Author 2</bdi></h1>"), "\(author)")
        #expect(author.contains(">Untitled post</a>"))
        for page in [post, list, next, authors, author] {
            #expect(!page.contains(">   <") && !page.contains("aria-label=\"Previous:    \""))
        }
        let invisible = try harness.site.html("posts/3-post.html")
        #expect(invisible.contains("<h1 dir=\"auto\">Untitled post</h1>"), "a zero-width space and a direction mark show nothing either")
        let feed = String(decoding: try #require(try harness.site.files()["feed.xml"]), as: UTF8.self)
        #expect(feed.contains("<title type=\"text\">Untitled post</title>") && feed.contains("<name>Author 2</name>"))
    }

    @Test("an e-mail that is no address is shown as text, not as a mailto link nobody can use; a blank one, and a comment's blank name, are left out or named Anonymous")
    func emailsThatAreNoAddress() async throws {
        let harness = try await build()
        defer { harness.remove() }
        let post = try harness.site.html("posts/1-post.html")
        #expect(post.contains("<strong dir=\"auto\">Anonymous</strong></p>"), "a blank name and no e-mail: \(post)")
        #expect(post.contains("<strong dir=\"auto\">Reader</strong> · reader at example dot com</p>"))
        #expect(post.contains("<a href=\"mailto:writer@example.com\">writer@example.com</a>"))
        #expect(!post.contains("href=\"mailto:\"") && !post.contains("mailto:reader"))

        let people = try harness.site.html("users/index.html")
        #expect(people.contains("<a class=\"person-email\" href=\"mailto:ann.address@example.com\">"))
        #expect(people.contains("<span class=\"person-email\"><bdi>javascript:alert(15)</bdi></span>"))
        #expect(!people.contains("mailto:javascript") && !people.contains("href=\"mailto:%20"))
        let nat = try harness.site.html("users/nat-noaddress.html")
        #expect(nat.contains("<dt>Email</dt><dd><bdi>javascript:alert(15)</bdi></dd>"), "\(nat)")
        let bea = try harness.site.html("users/bea-blank.html")
        #expect(!bea.contains("<dt>Email</dt>"), "a blank e-mail is no fact")
        let author = try harness.site.html("authors/blank.html")
        #expect(author.contains("<dt>Email</dt><dd><bdi>N/A</bdi></dd>"))

        let index = try JSONSerialization.jsonObject(with: try #require(try harness.site.files()["users/index.json"])) as? [[String: Any]]
        let records = try #require(index)
        #expect(records.map { $0["e"] as? String } == ["ann.address@example.com", "javascript:alert(15)", nil], "an address as its link has it, a blank after it trimmed")
        #expect(records.map { $0["x"] as? Bool } == [nil, true, nil], "the search shows it as text too")
    }

    @Test("an http(s) picture URL with a space in it is refused, and the warning says it is for the space, not the scheme")
    func pictureURLWithASpace() async throws {
        let harness = try await build()
        defer { harness.remove() }
        #expect(harness.text.contains("warning: 1 person has a picture URL that is not an http(s) URL this tool fetches and was not fetched"), "\(harness.text)")
        #expect(harness.text.contains("(the first, of Ms Ann Address: \"https://pictures.invalid/my portrait.jpg\", which holds a space or a control character, written %20 and the like in a URL)"),
                "\(harness.text)")
    }
}
