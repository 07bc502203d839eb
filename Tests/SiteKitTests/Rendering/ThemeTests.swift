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
}
