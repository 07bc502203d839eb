import Foundation
import Testing
@testable import SiteKit

@Suite("The default theme's stylesheet and templates together")
struct ThemeTests {
    /// Elements the templates mark `hidden` (the search box until its index loads, its results
    /// until something is typed), with their classes.
    static let hiddenElements: [(tag: String, classes: [String])] = DefaultTemplates.all.values.flatMap { source in
        source.matches(of: /<([a-z]+)\s+class="([^"]*)"[^>]*\shidden[\s>]/).map { (String($0.1), $0.2.split(separator: " ").map(String.init)) }
    }

    @Test("the theme's own templates pass the checks a build runs on overridden ones (nesting, partials that exist, no include loop), which is why a build without overrides skips them")
    func themePassesTheTemplateChecks() throws {
        let included = try TemplateSources.check(DefaultTemplates.all, overridden: [], in: nil)
        #expect(included.isSubset(of: Set(DefaultTemplates.all.keys)), "\(included.subtracting(DefaultTemplates.all.keys))")
        #expect(included.contains("layout") && included.contains("breadcrumbs"))
        for (name, source) in DefaultTemplates.all {
            #expect(TemplateSections.tooDeep(in: source) == nil, "\(name)")
        }
        #expect(TemplatePartials.cycle(in: DefaultTemplates.all) == nil)
        let plain = try TemplateSources()
        #expect(plain.unused.isEmpty && plain.overridden.isEmpty)
    }

    @Test("an element the templates mark hidden stays hidden, even when its class sets a display")
    func hiddenWinsOverClassDisplay() throws {
        let css = Stylesheet.css
        #expect(Self.hiddenElements.count >= 2, "\(Self.hiddenElements)")
        let displayed = try Self.hiddenElements.flatMap(\.classes).filter { name in
            css.firstMatch(of: try Regex<Substring>(#"\.\#(name) \{[^}]*display:"#)) != nil
        }
        #expect(!displayed.isEmpty, "the case this guards: .search and .people set a display")
        #expect(css.contains("[hidden] { display: none !important; }"))
    }

    @Test("a chart wider than a phone shows a shade at the edge that has more to scroll to (its biggest values looked missing), in light and dark schemes")
    func scrollingChartsShowAShade() throws {
        let rule = try #require(Stylesheet.css.firstMatch(of: /\.chart-frame \{([^}]*)\}/)).1
        #expect(rule.contains("overflow-x: auto"))
        #expect(rule.contains("no-repeat local") && rule.contains("no-repeat scroll") && rule.contains("var(--shade)"))
        #expect(Stylesheet.css.components(separatedBy: "--shade: rgba(").count == 3, "one shade per scheme")
    }

    @Test("the site menu wraps on narrow screens instead of running off the page")
    func menuWraps() throws {
        let rule = try #require(Stylesheet.css.firstMatch(of: /\.site-header ul \{([^}]*)\}/)).1
        #expect(rule.contains("display: flex") && rule.contains("flex-wrap: wrap"))
    }

    @Test("a word longer than the screen (a title, a name, an address from the API) breaks instead of widening the page")
    func longWordsBreak() throws {
        let rule = try #require(Stylesheet.css.firstMatch(of: /\n\s*main, \.site-header, \.site-footer \{([^}]*)\}/)).1
        #expect(rule.contains("overflow-wrap: anywhere"))
    }

    @Test("on a phone a person's e-mail address and phone numbers go under their labels instead of breaking in the middle; list cards are wide enough for an address")
    func factsWrapUnderTheirLabels() throws {
        let row = try #require(Stylesheet.css.firstMatch(of: /\.facts div \{([^}]*)\}/)).1
        #expect(row.contains("display: flex") && row.contains("flex-wrap: wrap"))
        let value = try #require(Stylesheet.css.firstMatch(of: /\.facts dd \{([^}]*)\}/)).1
        #expect(value.contains("flex: 1 1 15rem"), "a value narrower than 15rem goes under its label")
        let people = try #require(Stylesheet.css.firstMatch(of: /\.people \{([^}]*)\}/)).1
        #expect(people.contains("minmax(min(18rem, 100%), 1fr)"), "cards of 18rem, or the whole width of a narrower screen")
    }

    @Test("Markdown's code blocks and tables scroll inside themselves and its pictures shrink to the column, so that none widens the page on a phone")
    func markdownBlocksStayInTheColumn() throws {
        let pre = try #require(Stylesheet.css.firstMatch(of: /\.intro pre \{([^}]*)\}/)).1
        #expect(pre.contains("overflow-x: auto") && pre.contains("background: var(--card)"))
        let picture = try #require(Stylesheet.css.firstMatch(of: /\.intro img, \.intro video \{([^}]*)\}/)).1
        #expect(picture.contains("max-width: 100%") && picture.contains("height: auto"))
        let table = try #require(Stylesheet.css.firstMatch(of: /\.intro table \{([^}]*)\}/)).1
        #expect(table.contains("overflow-x: auto") && table.contains("max-width: 100%") && table.contains("overflow-wrap: normal"),
                "a table's words are not broken letter by letter")
    }

    @Test("the current page and section are told apart without colour: in forced colours (Windows High Contrast), in the menu on a page inside a section, and the search field's placeholder keeps its contrast in the dark scheme")
    func currentPageWithoutColour() throws {
        let forced = try #require(Stylesheet.css.firstMatch(of: /@media \(forced-colors: active\) \{([\s\S]*?)\n\s*\}\n/)).1
        #expect(forced.contains(".pagination a[aria-current=\"page\"]") && forced.contains("text-decoration: underline"))
        #expect(Stylesheet.css.contains(".site-header a[aria-current] {"), "aria-current=\"true\" too, on a person's page")
        let placeholder = try #require(Stylesheet.css.firstMatch(of: /\.search input::placeholder \{([^}]*)\}/)).1
        #expect(placeholder.contains("color: var(--muted)") && placeholder.contains("opacity: 1"))
    }

    @Test("the search script fetches the people index when the box is first used, never as a list page loads (8 MB at 50,000 people), and not from disk")
    func searchIndexIsFetchedOnFirstUse() throws {
        let script = SearchScript.javascript
        #expect(script.components(separatedBy: "fetch(").count - 1 == 1)
        let load = try #require(script.range(of: "function load() {"))
        let fetch = try #require(script.range(of: "fetch(box.getAttribute(\"data-index\"))"))
        let end = try #require(script.range(of: "return loading;"))
        #expect(load.upperBound < fetch.lowerBound && fetch.upperBound < end.lowerBound, "fetched inside load() alone")
        #expect(script.contains("input.addEventListener(\"focus\", load, { once: true });"))
        #expect(script.contains("location.protocol === \"file:\") return;"))
        #expect(script.contains("email.href = \"mailto:\""), "results link e-mail addresses as the list does")
    }

    @Test("a list shows every picture in the same square box, whatever its shape (a tall picture stretched its card)")
    func listPicturesKeepTheirBox() throws {
        let rule = try #require(Stylesheet.css.firstMatch(of: /\.people \.avatar \{([^}]*)\}/)).1
        #expect(rule.contains("width: 48px") && rule.contains("height: 48px") && rule.contains("object-fit: cover"))
    }

    @Test("the search field's outline keeps a 3:1 contrast with its background in the light, dark and print schemes (WCAG 1.4.11)")
    func searchFieldOutlineContrast() throws {
        let rule = try #require(Stylesheet.css.firstMatch(of: /\.search input \{([^}]*)\}/)).1
        let outline = String(try #require(rule.firstMatch(of: /border: 1px solid var\(--([a-z]+)\)/)).1)
        #expect(rule.contains("background: var(--card)"))
        let schemes = Stylesheet.css.split(separator: "\n").filter { $0.contains("--bg:") }
        #expect(schemes.count == 3, "light, dark and print")
        for scheme in schemes {
            let line = try Self.luminance(of: outline, in: String(scheme))
            let card = try Self.luminance(of: "card", in: String(scheme))
            let contrast = (max(line, card) + 0.05) / (min(line, card) + 0.05)
            #expect(contrast >= 3, "\(scheme): \(contrast)")
        }
    }

    @Test("a person's details line up with their labels whatever their script (a Persian address sat at the far edge of an English page), and pages print dark on white without the menu or search box, whatever the screen's scheme")
    func factsAlignmentAndPrint() throws {
        // Each value is isolated in <bdi>, in the page's direction: its own direction (dir="auto"
        // on the dd) pushed a Persian address to the far edge of an English page.
        let person = DefaultTemplates.person
        #expect(person.contains("<dd><bdi>{{#href}}") && !person.contains("<dd dir="))
        let print = try #require(Stylesheet.css.firstMatch(of: /@media print \{([\s\S]*?)\n\}/)).1
        #expect(print.contains("--fg: #000000") && print.contains("--bg: #ffffff") && print.contains("color-scheme: light"))
        #expect(print.contains(".site-header ul") && print.contains(".search") && print.contains("display: none"))
        let dark = try #require(Stylesheet.css.range(of: "prefers-color-scheme: dark"))
        let printRule = try #require(Stylesheet.css.range(of: "@media print"))
        #expect(dark.lowerBound < printRule.lowerBound, "the print scheme comes last, so it wins over the dark one")
    }

    /// The relative luminance (WCAG 2) of the colour `--name: #rrggbb` in `declarations`.
    private static func luminance(of name: String, in declarations: String) throws -> Double {
        let start = try #require(declarations.range(of: "--\(name): #")).upperBound
        let value = try #require(Int(declarations[start...].prefix(6), radix: 16))
        let channels: [Double] = [value >> 16, (value >> 8) & 0xFF, value & 0xFF].map { channel in
            let fraction = Double(channel) / 255
            return fraction <= 0.03928 ? fraction / 12.92 : pow((fraction + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * channels[0] + 0.7152 * channels[1] + 0.0722 * channels[2]
    }
}

@Suite("Pages of a right-to-left language")
struct WritingDirectionTests {
    @Test("languages and scripts written right to left are known by their tag; a script overrides the language's; extensions say nothing (fa-u-nu-latn is Persian with Western digits)",
          arguments: [("fa", true), ("ar-EG", true), ("he", true), ("ur-PK", true), ("ckb", true), ("az-Arab", true), ("pa-Arab-PK", true),
                      ("en", false), ("pt-BR", false), ("ku-Latn", false), ("ug-Cyrl", false), ("az", false), ("FA", true), ("zh-Hant-TW", false),
                      ("fa-u-nu-latn", true), ("fa-IR-u-nu-latn", true), ("ar-SA-u-nu-latn", true), ("en-x-arab", false), ("ks-Deva", false),
                      ("sd-Deva", false), ("mzn", true), ("lrc", true), ("nqo", true), ("az-IR", true), ("pa-PK", true), ("uz-AF", true),
                      ("pa-IN", false), ("ar-aao-EG", true), ("zh-yue-Hant", false), ("", false), ("kk-CN", true), ("kk-KZ", false),
                      ("tk-IR", true), ("az-IQ", true), ("sd-IN", false), ("sd-PK", true), ("sd", true)])
    func direction(tag: String, rightToLeft: Bool) {
        #expect(WritingDirection.isRightToLeft(tag) == rightToLeft)
    }

    @Test("a site in Persian gets dir=\"rtl\" on every page and a stylesheet that mirrors with it; an English one neither")
    func persianSiteIsRightToLeft() throws {
        let people = [RenderInAdvanceTests.person("Sina", picture: nil), RenderInAdvanceTests.person("Ann", picture: nil)]
        let data = SiteData(people: people, posts: [Post(id: 1, userId: nil, title: "T", body: "B")], authors: [], comments: [])
        for (language, expected) in [("fa", #"<html lang="fa" dir="rtl">"#), ("en", #"<html lang="en">"#)] {
            let frame = PageFrame(title: "T", description: "", language: language, source: DataSource(isDemo: false, detail: "x"), seed: "s")
            let renderer = SiteRenderer(templates: try TemplateSet(), frame: frame, content: [:], perPage: 2, baseURL: "https://example.com/")
            let emitted = RenderInAdvanceTests.Emitted()
            _ = try renderer.render(data, images: [:], emit: emitted.add)
            let pages = emitted.files.withLock { $0 }.filter { $0.key.hasSuffix(".html") }
            #expect(pages.count > 5)
            for (path, bytes) in pages {
                #expect(String(decoding: bytes, as: UTF8.self).contains(expected), "\(language): \(path)")
            }
            // Charts are drawn left to right whatever the page's direction: an inherited rtl turned
            // every text-anchor round, and the labels ran under the bars.
            let report = String(decoding: try #require(pages["report/index.html"]), as: UTF8.self)
            let charts = report.components(separatedBy: "<svg ").dropFirst()
            #expect(!charts.isEmpty)
            #expect(charts.allSatisfy { $0.prefix(while: { $0 != ">" }).contains(#"direction="ltr""#) }, "\(language)")
            // And their frame scrolls from the left: right to left, a narrow screen opened it at
            // the far end of the bars, the labels out of sight.
            #expect(Stylesheet.css.contains(".chart-frame { overflow-x: auto; max-width: 44rem; direction: ltr;"))
        }
        // Sides by logical properties, which follow dir, rather than left and right.
        for side in ["left:", "-left", ": left", "right:", "-right", ": right"] {
            #expect(!Stylesheet.css.contains(side), "\(side)")
        }
        // The breadcrumbs' › is mirrored by the browser (a Bidi_Mirrored character); the arrows of
        // previous and next are not, so the stylesheet turns them, and they are not read aloud.
        #expect(Stylesheet.css.contains(#".breadcrumbs li + li::before { content: "›";"#))
        #expect(Stylesheet.css.contains(#"[dir="rtl"] .arrow { display: inline-block; transform: scaleX(-1); }"#))
        #expect(DefaultTemplates.prevnext.contains(#"<span class="arrow" aria-hidden="true">←</span>"#)
                && DefaultTemplates.pagination.contains(#"{{words.next}} <span class="arrow" aria-hidden="true">→</span>"#))
        // The theme's own English sentences are laid out by their text, not the site's direction.
        // The demo notice is a landmark of its own (an aside), not a paragraph outside them all.
        #expect(DefaultTemplates.header.contains(#"<aside class="demo-notice" aria-label="{{words.demo_data}}" dir="auto">"#)
                && DefaultTemplates.footer.contains(#"<p dir="auto">{{builtFrom}}"#))
    }
}
