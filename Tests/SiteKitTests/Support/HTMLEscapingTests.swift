import Testing
@testable import SiteKit

@Suite("HTML escaping")
struct HTMLEscapingTests {
    @Test("text escaping neutralises tags and ampersands but leaves quotes")
    func escapeText() {
        #expect(HTML.escapeText("<script>alert(\"x\")</script>") == "&lt;script&gt;alert(\"x\")&lt;/script&gt;")
        #expect(HTML.escapeText("Tom & Jerry's") == "Tom &amp; Jerry's")
        #expect(HTML.escapeText("&amp;") == "&amp;amp;")
    }

    @Test("attribute escaping also escapes both quote characters")
    func escapeAttribute() {
        #expect(HTML.escapeAttribute("\" onmouseover='alert(1)' x=\"<&>")
            == "&quot; onmouseover=&#39;alert(1)&#39; x=&quot;&lt;&amp;&gt;")
    }

    @Test("plain and non-ASCII text passes through unchanged")
    func unchangedText() {
        #expect(HTML.escapeText("Hello, world") == "Hello, world")
        #expect(HTML.escapeAttribute("Zoë — محمد & Ёлка 👩‍👩‍👧") == "Zoë — محمد &amp; Ёлка 👩‍👩‍👧")
        #expect(HTML.escapeText("") == "")
    }

    @Test("a NUL from the data becomes U+FFFD in text and attributes, never a raw NUL in the page")
    func nulIsReplaced() {
        #expect(HTML.escapeText("Ann\0Lee") == "Ann\u{FFFD}Lee")
        #expect(HTML.escapeAttribute("\0<") == "\u{FFFD}&lt;")
    }
}
