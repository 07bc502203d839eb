import Testing
@testable import SiteKit

@Suite("Markdown")
struct MarkdownTests {
    @Test("an empty text, or one of blank lines only, renders to nothing")
    func emptyText() {
        for options: MarkdownOptions in [[.smart], [.smart, .unsafe], []] {
            #expect(Markdown.html(from: "", options: options) == "")
            #expect(Markdown.html(from: "\n\n  \n", options: options) == "")
        }
    }

    @Test("controls and noncharacters, written or as entities, are left out of the HTML (the Nu checker refused the page); tabs, line ends and the text around them stay",
          arguments: [MarkdownOptions.smart, [.smart, .unsafe]])
    func forbiddenCodePointsAreLeftOut(options: MarkdownOptions) {
        let nonCharacters = String(String.UnicodeScalarView([Unicode.Scalar(0xFFFE)!, Unicode.Scalar(0xFDD0)!]))
        let html = Markdown.html(from: "ctrl \u{01}\u{02}\u{0B}\u{7F}\u{85}\(nonCharacters) chars &#x7f; &#x1; end\n\n\tcode\u{01}\n",
                                 options: options)
        #expect(!html.unicodeScalars.contains { HTML.isForbidden($0) }, "\(html.unicodeScalars.map { String($0.value, radix: 16) })")
        #expect(html.contains("<p>ctrl  chars"))
        #expect(html.contains("end</p>"))
        #expect(html.contains("<pre><code>code\n</code></pre>"))
    }

    @Test("headings avoid the ids the templates give elements (an id=\"extra\" in a template of the site's made two elements with one id)")
    func headingsAvoidTemplateIDs() {
        let html = Markdown.html(from: "## Extra\n\n## Main\n\n## Other\n", takenIDs: HeadingAnchors.reserved.union(["extra"]))
        #expect(html == "<h2 id=\"extra-2\">Extra</h2>\n<h2 id=\"main-2\">Main</h2>\n<h2 id=\"other\">Other</h2>\n")
    }

    @Test("raw HTML is replaced by a comment in safe mode")
    func rawHTMLOmitted() {
        let html = Markdown.html(from: "<script>alert(1)</script>\n\nHi <b>there</b>")
        #expect(!html.contains("<script>"))
        #expect(!html.contains("<b>"))
        #expect(html == "<!-- raw HTML omitted -->\n<p>Hi <!-- raw HTML omitted -->there<!-- raw HTML omitted --></p>\n")
    }

    @Test("in safe mode a javascript:, vbscript:, file: or non-image data: link becomes its text and such an image its description (cmark left href=\"\", a link to the page itself, and src=\"\", which HTML forbids)",
          arguments: [
              ("[x](javascript:alert(1))", "<p>x</p>\n"),
              ("[y *z*](VBScript:msgbox)", "<p>y <em>z</em></p>\n"),
              ("![i](javascript:alert(1)) and ![j](data:text/html;base64,AAAA)", "<p>i and j</p>\n"),
              ("[a](&#106;avascript:alert(2)) <javascript:x> [b](file:///etc/passwd)", "<p>a javascript:x b</p>\n"),
              ("[![pic](javascript:1)](https://example.com)", "<p><a href=\"https://example.com\">pic</a></p>\n"),
              ("[![pic](https://example.com/p.png)](javascript:1)", "<p><img src=\"https://example.com/p.png\" alt=\"pic\" /></p>\n"),
              ("[ref][r]\n\n[r]: javascript:alert(3)", "<p>ref</p>\n"),
              ("![ok](data:image/png;base64,AAAA)", "<p><img src=\"data:image/png;base64,AAAA\" alt=\"ok\" /></p>\n"),
          ])
    func dangerousLinksAreDropped(markdown: String, html: String) {
        #expect(Markdown.html(from: markdown) == html)
    }

    @Test("headings get an id from their text, as page addresses are made: repeated ones and the theme's own ids get a number")
    func headingsGetIds() {
        let html = Markdown.html(from: "# Opening *hours*\n\n## Q&A\n\n## Opening hours\n\n### Main\n\n#### Über uns\n\n##### ???\n\n`<h2>` stays text")
        #expect(html == """
            <h1 id="opening-hours">Opening <em>hours</em></h1>
            <h2 id="q-a">Q&amp;A</h2>
            <h2 id="opening-hours-2">Opening hours</h2>
            <h3 id="main-2">Main</h3>
            <h4 id="uber-uns">Über uns</h4>
            <h5 id="section">???</h5>
            <p><code>&lt;h2&gt;</code> stays text</p>

            """)
    }

    @Test("a heading repeated many times gets the next number each time, past numbers another heading took; markup inside and after headings is kept as it was")
    func repeatedHeadingsAreNumberedInTurn() {
        let html = Markdown.html(from: "## X-2\n\n## X\n\n## X\n\n## X *b* <i>\n\ntext <em>x</em>\n\n### ~~\n")
        #expect(html == """
            <h2 id="x-2">X-2</h2>
            <h2 id="x">X</h2>
            <h2 id="x-3">X</h2>
            <h2 id="x-b">X <em>b</em> <!-- raw HTML omitted --></h2>
            <p>text <!-- raw HTML omitted -->x<!-- raw HTML omitted --></p>
            <h3 id="section">~~</h3>

            """)
        let many = Markdown.html(from: String(repeating: "## Same\n\ntext\n\n", count: 2_000))
        #expect(many.contains("<h2 id=\"same-2000\">Same</h2>\n<p>text</p>\n") && many.hasSuffix("<p>text</p>\n"))
        #expect(many.components(separatedBy: "<h2 id=").count == 2_001)
    }

    @Test("a heading's own id is never taken by a number given to a repeated one, wherever it comes: Section, Section, Section 2 are section, section-3, section-2")
    func ownIdsComeFirst() {
        let html = Markdown.html(from: "## Section\n\n## Section\n\n## Section 2\n\n## Section\n\n## Main\n\n## Main 2\n")
        #expect(html == """
            <h2 id="section">Section</h2>
            <h2 id="section-3">Section</h2>
            <h2 id="section-2">Section 2</h2>
            <h2 id="section-4">Section</h2>
            <h2 id="main-3">Main</h2>
            <h2 id="main-2">Main 2</h2>

            """)
        // A heading whose text makes no id gets "section" only when no heading's text makes it.
        #expect(Markdown.html(from: "## !!!\n\n## Section\n\n## ???\n") == """
            <h2 id="section-2">!!!</h2>
            <h2 id="section">Section</h2>
            <h2 id="section-3">???</h2>

            """)
    }

    @Test("a comment alone is no loss, but text after a comment in its block is: safe mode drops the block, and the note says so")
    func textAfterACommentIsNoted() {
        #expect(Markdown.rendered(from: "<!-- a note -->\n\n<!--\nlong\n-->\n\nText.\n").notes.isEmpty)
        let lost = Markdown.rendered(from: "Intro.\n\n<!-- TODO --> Welcome to our site.\n\nEnd.\n")
        #expect(lost.notes.map(\.line) == [3])
        #expect(lost.notes.first?.message.hasPrefix("text in a block of raw HTML, after a comment (Welcome to our site.) is left out") == true, "\(lost.notes)")
        #expect(!lost.html.contains("Welcome"))
        // After a comment of several lines, the line and the HTML of what is lost.
        let later = Markdown.rendered(from: "Intro.\n\n<!-- a\nb --> <i>x</i>\n")
        #expect(later.notes.map(\.line) == [4])
        #expect(later.notes.first?.message.hasPrefix("raw HTML (<i>x</i>) is left out") == true, "\(later.notes)")
        // A closing tag ends a piece already counted.
        #expect(Markdown.rendered(from: "A <b>bold</b> word.\n").notes.first?.message.hasPrefix("raw HTML (<b>) is left out") == true)
    }

    @Test("with .openingHeadingIsTitle, a level-1 heading the text opens with (# or ===) is the title, in plain text, and leaves the HTML; any other opening is no title",
          arguments: [("# Opening *hours* & `days`\n\nWe open.\n", "Opening hours & days"), ("Opening\nhours\n===\n\nWe open.\n", "Opening hours"),
                      ("\n\n#   Opening   hours  #\nWe open.\n", "Opening hours"), ("# [Opening](x) ![hours](y.png)<b>!</b>\n\nWe open.\n", "Opening hours!")])
    func openingHeadingIsTitle(markdown: String, title: String) {
        let rendered = Markdown.rendered(from: markdown, options: [.smart, .openingHeadingIsTitle])
        #expect(rendered.title == title)
        #expect(rendered.html == "<p>We open.</p>\n")
        #expect(rendered.notes.isEmpty == !markdown.contains("<b>"), "\(rendered.notes)")
        #expect(rendered.links.isEmpty, "the heading's links left with it")
    }

    @Test("raw HTML in a heading taken as the title is noted as left out, as anywhere else: the title is its text")
    func rawHTMLInTitleIsNoted() {
        let rendered = Markdown.rendered(from: "# <script>alert(1)</script>Hi\n\nText.\n", options: [.smart, .openingHeadingIsTitle])
        #expect(rendered.title == "alert(1)Hi")
        #expect(rendered.notes.map(\.line) == [1])
        #expect(rendered.notes.first?.message.hasPrefix("raw HTML (<script>) is left out") == true, "\(rendered.notes)")
    }

    @Test("a text that opens with anything but a level-1 heading with text has no title, and keeps its opening", arguments: [
        "## Opening hours\n", "We open.\n\n# Hours\n", "#\n\nWe open.\n", "> # Hours\n", "- # Hours\n", "<h1>Hours</h1>\n",
    ])
    func noOpeningHeading(markdown: String) {
        let rendered = Markdown.rendered(from: markdown, options: [.smart, .openingHeadingIsTitle])
        #expect(rendered.title == nil)
        #expect(rendered.html == Markdown.html(from: markdown))
    }

    @Test("a level-1 heading left in the text, in a quote or a list too, is a second <h1> under the page's title: one note on the first one's line, counting the others; ## headings are not noted")
    func secondTitlesAreNoted() {
        let kept = Markdown.rendered(from: "# About us\n\nText.\n\n## Team\n\n> # Quoted\n\nMore\n===\n\n# Contact\n")
        #expect(kept.title == nil)
        #expect(kept.notes.map(\.line) == [1])
        #expect(kept.notes.first?.message == "the heading 'About us', and 3 more after it, is a level-1 heading (# or ===), a second <h1> on a page "
            + "whose title is already one: write ## for a section; to make it the page's title, open the text with it and leave title out of the front matter")
        let taken = Markdown.rendered(from: "# About us\n\nText.\n\n# Contact\n", options: [.smart, .openingHeadingIsTitle])
        #expect(taken.title == "About us")
        #expect(taken.notes.map(\.line) == [5])
        #expect(taken.notes.first?.message.hasPrefix("the heading 'Contact' is a level-1 heading (# or ===), a second <h1>") == true)
        #expect(Markdown.rendered(from: "Text.\n\n- # Item\n").notes.map(\.line) == [3])
        #expect(Markdown.rendered(from: "Text.\n\n> Quoted\n> ===\n").notes.map(\.line) == [3])
        #expect(Markdown.rendered(from: "## Team\n\n- ## Item\n").notes.isEmpty)
    }

    @Test("an empty level-1 heading is no title: it stays, and the note says it is empty and to remove it, not to open the text with it")
    func emptyHeadingIsNoted() {
        let rendered = Markdown.rendered(from: "#\n\nText.\n", options: [.smart, .openingHeadingIsTitle])
        #expect(rendered.title == nil)
        #expect(rendered.notes.map(\.message) == ["an empty level-1 heading (# or ===) is an empty <h1> on the page, "
            + "a second one under the page's title: remove it, or give it text and write ## for a section"])
    }

    @Test("ordinary https links are kept")
    func httpsLinkKept() {
        #expect(Markdown.html(from: "[site](https://example.com/a?b=1&c=2)")
            == "<p><a href=\"https://example.com/a?b=1&amp;c=2\">site</a></p>\n")
    }

    @Test("for a site opened from disk (links: files), a relative link to a folder links to its index.html, before a query or fragment; other links and pictures stay as written",
          arguments: [
              ("../users/", "../users/index.html"), ("users/", "users/index.html"), ("../", "../index.html"), ("./", "./index.html"),
              ("../about/#team", "../about/index.html#team"), ("posts/?page=2", "posts/index.html?page=2"),
              ("../users/ann.html", "../users/ann.html"), ("/users/", "/users/"), ("//example.com/x/", "//example.com/x/"),
              ("https://example.com/docs/", "https://example.com/docs/"), ("mailto:a@b.example", "mailto:a@b.example"),
              ("#top", "#top"), ("a:b/", "a:b/"), ("notes/a:b/", "notes/a:b/index.html"), ("", ""),
              (".", "./index.html"), ("..", "../index.html"), ("../..", "../../index.html"), ("..#top", "../index.html#top"),
              ("./?q=1", "./index.html?q=1"), ("a..", "a.."), ("../users", "../users"),
          ])
    func folderLinksToIndex(url: String, published: String) {
        #expect(Markdown.fileLink(url) ?? url == published)
        let html = Markdown.html(from: "[x](<\(url)>) ![p](pics/)", options: [.smart, .folderLinksToIndex])
        #expect(html == "<p><a href=\"\(published)\">x</a> <img src=\"pics/\" alt=\"p\" /></p>\n", "\(html)")
        #expect(Markdown.html(from: "[x](../users/)") == "<p><a href=\"../users/\">x</a></p>\n", "folders style: as written")
    }

    @Test("unsafe mode keeps raw HTML and javascript: links")
    func unsafeKeepsRawHTML() {
        let html = Markdown.html(from: "<div class=\"x\">hi</div>\n\n[x](javascript:go())", options: [.unsafe])
        #expect(html == "<div class=\"x\">hi</div>\n<p><a href=\"javascript:go()\">x</a></p>\n")
    }

    @Test("smart punctuation is on by default: curly quotes, dashes, ellipsis")
    func smartPunctuationByDefault() {
        let html = Markdown.html(from: "\"Hi\" -- it's 1990---2000...")
        #expect(html == "<p>\u{201C}Hi\u{201D} \u{2013} it\u{2019}s 1990\u{2014}2000\u{2026}</p>\n")
    }

    @Test("without .smart the punctuation stays straight")
    func smartPunctuationCanBeTurnedOff() {
        #expect(Markdown.html(from: "\"Hi\" -- it's", options: []) == "<p>&quot;Hi&quot; -- it's</p>\n")
    }

    @Test("text is escaped and non-ASCII passes through")
    func escapingAndUnicode() {
        #expect(Markdown.html(from: "a < b & c — سلام") == "<p>a &lt; b &amp; c — سلام</p>\n")
        #expect(Markdown.html(from: "") == "")
    }

    @Test("hard breaks option turns soft line breaks into <br />")
    func hardBreaks() {
        #expect(Markdown.html(from: "one\ntwo", options: [.hardBreaks]) == "<p>one<br />\ntwo</p>\n")
        #expect(Markdown.html(from: "one\ntwo") == "<p>one\ntwo</p>\n")
    }
}
