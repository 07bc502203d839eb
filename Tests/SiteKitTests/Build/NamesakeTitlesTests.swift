import Foundation
import Testing
@testable import SiteKit

/// Pages of people and authors who share a name, from `Fixtures/Build/namesakes`: two people called
/// Ms Person1 Age (in Turku and in Oulu), two authors called John Smith (js1, js2) and two called
/// Ümit Özdağ with the same username (ids 3 and 4).
@Suite("Namesakes' page titles")
struct NamesakeTitlesTests {
    @Test("namesakes' pages have titles of their own, and the same words in their description; a name of one's own is the title as it was")
    func titlesTellNamesakesApart() async throws {
        let harness = try await HostileDataTests.fixtureBuild("namesakes", users: 4)
        defer { harness.remove() }
        func head(_ path: String) throws -> (title: String, description: String) {
            let html = try harness.site.html(path)
            func between(_ start: String, _ end: String) -> String {
                html.components(separatedBy: start).dropFirst().first?.components(separatedBy: end).first ?? ""
            }
            return (between("<title>", "</title>"), between("<meta name=\"description\" content=\"", "\""))
        }
        let turku = try head("users/person1-age.html"), oulu = try head("users/person1-age-2.html")
        #expect(turku.title == "Ms Person1 Age, Turku · People &amp; Posts")
        #expect(oulu.title == "Ms Person1 Age, Oulu · People &amp; Posts")
        #expect(turku.description == "Ms Person1 Age, Turku, Finland")
        #expect(try head("users/person0-age.html").title == "Ms Person0 Age · People &amp; Posts")
        // The heading is the name alone.
        #expect(try harness.site.html("users/person1-age-2.html").contains("<h1><bdi>Ms Person1 Age</bdi></h1>"))
        // Their cards, search results and previous/next links tell them apart too: two cards of
        // the same name, country and picture were two people no visitor could choose between.
        let list = try harness.site.html("users/index.html")
        #expect(list.contains(#"<span class="person-country"><bdi>Turku, Finland</bdi></span>"#)
                && list.contains(#"<span class="person-country"><bdi>Oulu, Finland</bdi></span>"#), "\(list)")
        #expect(list.contains(#"<span class="person-country"><bdi>Finland</bdi></span>"#), "no city for a name of one's own")
        let search = String(decoding: try #require(try harness.site.files()["users/index.json"]), as: UTF8.self)
        #expect(search.contains(#"{"c":"Turku, Finland","e":"p1@example.com","n":"Ms Person1 Age","#), "\(search)")
        #expect(try harness.site.html("users/person1-age-2.html").contains(#"aria-label="Previous: Ms Person1 Age, Turku""#))
        #expect(try harness.site.html("users/person0-age.html").contains(#"aria-label="Next: Ms Person1 Age, Turku""#))

        let authors = try ["js1", "js2", "umit", "umit-2", "solo"].map { try head("authors/\($0).html").title }
        #expect(authors == ["John Smith (js1) · People &amp; Posts", "John Smith (js2) · People &amp; Posts",
                            "Ümit Özdağ (#3) · People &amp; Posts", "\("Ümit Özdağ".decomposedStringWithCanonicalMapping) (#4) · People &amp; Posts",
                            "Solo · People &amp; Posts"])
        // An author's page is described by its own words, not the site's description.
        #expect(try head("authors/js2.html").description == "John Smith (js2), author of 1 post")
    }
}
