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

    @Test("controls and noncharacters from the data (which the HTML checker calls forbidden and browsers draw as boxes) are dropped; tab, new lines and every other character stay",
          arguments: [
              ("Ann\u{1}\u{8}\u{B}\u{1F}Lee", "AnnLee"),
              ("a\u{7F}b\u{85}c\u{9F}d", "abcd"),
              ("x" + HTMLEscapingTests.noncharacters + "y", "xy"),
              ("tab\tline\nreturn\r", "tab\tline\nreturn\r"),
              ("© ° \u{A0} \u{FB01} \u{FFFD} 😀 \u{E000}", "© ° \u{A0} \u{FB01} \u{FFFD} 😀 \u{E000}"),
          ])
    func forbiddenCodePointsAreDropped(text: String, expected: String) {
        #expect(HTMLEscapingTests.noncharacters.unicodeScalars.count == 5)
        #expect(HTML.escapeText(text) == expected)
        #expect(HTML.escapeAttribute(text + "\u{2}\"") == expected + "&quot;")
    }

    @Test("bidirectional embeddings, overrides and isolates a value leaves open are closed at its end, innermost first; balanced and stray closers are left as they are",
          arguments: [
              ("\u{202E}evil", "\u{202E}evil\u{202C}"),
              ("a\u{2067}b\u{202B}c", "a\u{2067}b\u{202B}c\u{202C}\u{2069}"),
              ("\u{202D}x\u{202C}y", "\u{202D}x\u{202C}y"),
              // A PDI closes the embedding inside its isolate too; a PDF cannot close an isolate.
              ("\u{2068}\u{202A}x\u{2069}", "\u{2068}\u{202A}x\u{2069}"),
              ("\u{2066}x\u{202C}", "\u{2066}x\u{202C}\u{2069}"),
              ("\u{202C}\u{2069}<", "\u{202C}\u{2069}&lt;"),
              ("Zoë — 😀", "Zoë — 😀"),
          ])
    func openBidiIsClosed(text: String, expected: String) {
        #expect(HTML.escapeText(text) == expected)
        #expect(HTML.escapeAttribute(text) == expected)
    }

    /// U+FFFE, U+FFFF, U+FDD0, U+1FFFE and U+10FFFF, which Swift does not take in a literal.
    static let noncharacters = String(String.UnicodeScalarView([0xFFFE, 0xFFFF, 0xFDD0, 0x1FFFE, 0x10FFFF].compactMap(Unicode.Scalar.init)))
}
