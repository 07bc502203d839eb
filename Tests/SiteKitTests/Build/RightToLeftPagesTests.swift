import Foundation
import Testing
@testable import SiteKit

/// A site whose language is written right to left (`language: ar`) with the theme's English and
/// data in Latin script: what a visitor reads in the published pages.
@Suite("A right-to-left site: the theme's English phrases read in order, the site's headings keep the page's side, a post's blocks take their text's")
struct RightToLeftPagesTests {
    @Test("counts, bylines and the comments heading read in order (\"Ada Whitfield by\", \"posts 10\" before); the site's headings isolate their text instead of taking its direction, and a post's blocks, title included, each take their own text's")
    func phrasesAndHeadings() async throws {
        var harness = try BuildHarness(users: 12)
        defer { harness.remove() }
        harness.settings.language = "ar"
        _ = try await harness.build()
        let files = try harness.site.files()
        let pages = files.keys.filter { $0.hasSuffix(".html") }.sorted()
        let text = { (path: String) in String(decoding: files[path] ?? Data(), as: UTF8.self) }
        #expect(text("index.html").contains(#"<html lang="ar" dir="rtl">"#))

        // In a right-to-left paragraph a phrase that starts with a number, or ends with a name
        // isolated in its own direction, is laid out backwards unless it is isolated whole.
        // The counts' number and noun are lines of their own: nothing to reorder, and a <bdi>
        // around both set the number on the other side of its card.
        #expect(text("index.html").contains(#"<a href="users/"><strong>12</strong> people</a>"#))
        #expect(text("authors/index.html").contains(#"posts</bdi></span></li>"#) && text("authors/index.html").contains(#"<span class="muted"><bdi>"#))
        // A post's blocks each take the direction of their own text, the byline and the
        // comments heading included: in a right-to-left paragraph they read backwards.
        let post = try #require(pages.first { $0.hasPrefix("posts/") && !$0.contains("page/") && $0 != "posts/index.html" })
        #expect(text(post).contains(#"<h1 dir="auto">"#) && text(post).contains(#"<p class="post-meta" dir="auto">by <a href="../authors/"#), "\(post)")
        #expect(text(post).contains(#"<h2 id="comments-title" dir="auto">"#) && text(post).contains(#"<p class="comment-head" dir="auto">"#))
        #expect(text("posts/index.html").contains(#"<p class="post-meta" dir="auto">by "#))
        let author = try #require(pages.first { $0.hasPrefix("authors/") && $0 != "authors/index.html" })
        #expect(text(author).contains(#"</a> · <bdi>"#), "\(author)")

        // Headings of the site's own pages sit on the page's side, their text isolated: with
        // dir="auto" a Latin name's heading went to the far left of a person's card, away from
        // the portrait and the details beside it. A post's title is the post's, like its text.
        for path in pages where !(path.hasPrefix("posts/") && !path.contains("page/") && path != "posts/index.html") {
            let html = text(path)
            #expect(html.contains("<h1><bdi>") || html.contains("<h1>Authors</h1>") || html.contains("<h1>Report</h1>"), "\(path)")
            #expect(!html.contains("<h1 dir="), "\(path)")
        }
        // A post's card takes its text's direction in every line, as its page does.
        #expect(text("posts/index.html").contains(#"<h2 class="post-title" dir="auto"><a href=""#) && text("posts/index.html").contains(#"<p class="post-excerpt" dir="auto">"#))
    }

    @Test("a Persian name after a Latin title is marked right to left on a right-to-left site's cards, pages and search index, and left as it is on an English site")
    func namesAfterLatinTitles() async throws {
        for language in ["fa", "en"] {
            var harness = try BuildHarness(source: .demo, users: 12, perPage: 12)
            defer { harness.remove() }
            harness.settings.language = language
            harness.settings.nationalities = ["ir"]
            _ = try await harness.build()
            let list = try harness.site.html("users/index.html")
            let index = try String(decoding: #require(harness.site.files()["users/index.json"]), as: UTF8.self)
            let marked = list.contains("<bdi>\u{200F}M") && index.contains("\u{200F}M")
            #expect(marked == (language == "fa"), "\(language)")
            #expect(list.contains("\u{200F}") == (language == "fa"), "\(language)")
        }
    }

    @Test("the search's status line is isolated too (\"12 people found\" read \"people found 12\")")
    func searchStatus() {
        let script = SearchScript.javascript
        #expect(script.contains("status.appendChild(isolated(text))"))
        #expect(!script.contains("status.textContent = \"1 person") && !script.contains("status.textContent = found"))
        // Every status is said through the one function that isolates it.
        #expect(script.components(separatedBy: "status.textContent =").count - 1 == 1)
    }
}
