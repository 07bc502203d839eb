import Foundation
import Testing

#if canImport(FoundationXML)
import FoundationXML
#endif

@testable import SiteKit

struct PlaceholderTests {
    @Test func svgHasTheImageSizeRoleLabelAndInitials() throws {
        let svg = Placeholder.svg(name: "Ada Lovelace", width: 48, height: 48)
        #expect(svg.hasPrefix(
            #"<svg xmlns="http://www.w3.org/2000/svg" class="avatar placeholder" width="48" height="48" viewBox="0 0 48 48" role="img" aria-label="Ada Lovelace">"#
        ))
        #expect(svg.contains(##"<rect width="48" height="48" fill="#3d5a80"/>"##))
        #expect(svg.contains(#"x="24" y="24""#))
        #expect(svg.contains(#"font-size="19.2""#))
        #expect(svg.hasSuffix(">AL</text></svg>"))
        let parsed = try ParsedSVG(svg)
        #expect(parsed.text == "AL")
        #expect(parsed.svgAttributes["aria-label"] == "Ada Lovelace")
    }

    @Test("a decorative placeholder, beside a link with the name, is hidden from screen readers and has no label")
    func decorativeIsHidden() throws {
        let svg = Placeholder.svg(name: "Ada Lovelace", width: 48, height: 48, decorative: true)
        let parsed = try ParsedSVG(svg)
        #expect(parsed.svgAttributes["aria-hidden"] == "true")
        #expect(parsed.svgAttributes["role"] == nil && parsed.svgAttributes["aria-label"] == nil)
        #expect(parsed.text == "AL")
    }

    @Test func oddSizeIsCentredAndScaled() {
        let svg = Placeholder.svg(name: "Grace Hopper", width: 33, height: 21)
        #expect(svg.contains(#"width="33" height="21" viewBox="0 0 33 21""#))
        #expect(svg.contains(#"x="16.5" y="10.5""#))
        #expect(svg.contains(#"font-size="8.4""#))
    }

    @Test func hostileNameIsEscapedEverywhere() throws {
        let name = #""><script>alert(1)</script> & 'Bob'"#
        let svg = Placeholder.svg(name: name, width: 40, height: 40)
        #expect(!svg.contains("<script"))
        #expect(svg.contains(#"aria-label="&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; &amp; &#39;Bob&#39;""#))
        let parsed = try ParsedSVG(svg)
        #expect(parsed.svgAttributes["aria-label"] == name)
        #expect(parsed.text == "SB")
        #expect(parsed.elements == ["svg", "rect", "text"])
    }

    @Test func controlCharactersAreDroppedFromTheLabel() throws {
        let svg = Placeholder.svg(name: "Eve\u{0}\u{1B}[31m\nMallory", width: 20, height: 20)
        #expect(!svg.unicodeScalars.contains { $0.properties.generalCategory == .control })
        #expect(try ParsedSVG(svg).svgAttributes["aria-label"] == "Eve [31m Mallory")
    }

    @Test func rightToLeftInitialsKeepTheirScriptAndDirection() {
        let svg = Placeholder.svg(name: "سینا رضایی", width: 48, height: 48)
        #expect(Placeholder.initials(of: "سینا رضایی") == "سر")
        #expect(svg.contains(#"direction="rtl""#))
        #expect(svg.contains(">سر</text>"))
        #expect(svg.contains(#"aria-label="سینا رضایی""#))
        #expect(Placeholder.svg(name: "Ada", width: 48, height: 48).contains(#"direction="ltr""#))
    }

    @Test(arguments: [
        ("Анна Каренина", "АК"),
        ("ada lovelace", "AL"),
        ("Mary Ann Evans", "MA"),
        ("Madonna", "M"),
        ("  — Jean-Luc   Picard ", "JP"),
        ("山田 太郎", "山太"),
        ("", "?"),
        ("   ", "?"),
        ("🙂 !!", "?"),
    ])
    func initialsComeFromTheFirstTwoWords(name: String, initials: String) {
        #expect(Placeholder.initials(of: name) == initials)
    }

    @Test func colourIsStableAcrossProcessesAndNormalisation() {
        // Pinned values: a per-process hash (Hasher) would change them on every run.
        #expect(Placeholder.color(for: "Ada Lovelace") == "#3d5a80")
        #expect(Placeholder.color(for: "Alan Turing") == "#bc4c00")
        #expect(Placeholder.color(for: "سینا رضایی") == "#cf222e")
        #expect(Placeholder.color(for: "e\u{301}") == Placeholder.color(for: "\u{E9}"))
        let names = ["Ada Lovelace", "Grace Hopper", "Alan Turing", "Linus", "سینا رضایی"]
        #expect(Set(names.map(Placeholder.color(for:))).count >= 4)
    }

    @Test func emptyNameGetsAQuestionMarkAndALabel() throws {
        let parsed = try ParsedSVG(Placeholder.svg(name: " ", width: 0, height: -3))
        #expect(parsed.text == "?")
        #expect(parsed.svgAttributes["aria-label"] == "Unknown")
        #expect(parsed.svgAttributes["width"] == "1")
    }
}

/// The SVG read back with an XML parser: proves it is well-formed and shows what a browser sees.
private struct ParsedSVG {
    var elements: [String] = []
    var svgAttributes: [String: String] = [:]
    var text = ""

    init(_ svg: String) throws {
        let collector = Collector()
        let parser = XMLParser(data: Data(svg.utf8))
        parser.delegate = collector
        guard parser.parse() else {
            throw parser.parserError ?? CocoaError(.coderReadCorrupt)
        }
        elements = collector.elements
        svgAttributes = collector.svgAttributes
        text = collector.text
    }

    private final class Collector: NSObject, XMLParserDelegate {
        var elements: [String] = []
        var svgAttributes: [String: String] = [:]
        var text = ""

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?,
            qualifiedName: String?, attributes: [String: String] = [:]
        ) {
            elements.append(name)
            if name == "svg" { svgAttributes = attributes }
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            text += string
        }
    }
}
