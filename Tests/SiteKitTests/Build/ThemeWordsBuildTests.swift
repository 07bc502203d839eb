import Foundation
import Testing
@testable import SiteKit

/// A site in another language than English: the theme's words on every kind of page.
@Suite("A site built in French, and with words of its own")
struct ThemeWordsBuildTests {
    @Test("language: fr puts the theme, the report and the search in French, with numbers grouped the French way")
    func frenchSite() async throws {
        var harness = try BuildHarness(source: .demo, users: 30, perPage: 12)
        defer { harness.remove() }
        harness.settings.language = "fr"
        _ = try await harness.build()
        let home = try harness.site.html("index.html")
        for french in [">Aller au contenu</a>", ">Accueil</a>", ">Personnes</a>", ">Auteurs</a>", ">Rapport</a>",
                       "<strong>30</strong> personnes", "<strong>500</strong> commentaires",
                       "Généré par site à partir de l’API de démonstration intégrée. Personnes générées à partir de la graine <code>"] {
            #expect(home.contains(french), "\(french)")
        }
        for english in ["Skip to content", ">Home<", "Built by site", " people<", "Demo data"] {
            #expect(!home.contains(english), "\(english)")
        }
        let later = try harness.site.html("users/page/2.html")
        #expect(later.contains(", page 2 sur 3 · ") && later.contains("<span class=\"page-number\">page 2 sur 3</span>"))
        #expect(later.contains("aria-label=\"Page 3\"") && later.contains("Précédent</a>"))
        let list = try harness.site.html("users/index.html")
        #expect(list.contains("<label for=\"search-input\">Rechercher des personnes</label>") && list.contains("placeholder=\"Nom, e-mail ou pays\""))
        #expect(list.contains("&quot;other&quot;:&quot;{count} personnes trouvées&quot;"))
        let report = try harness.site.html("report/index.html")
        #expect(report.contains("<h2 id=\"nationality-heading\">Personnes par pays</h2>") && report.contains("<summary>Les chiffres de ce graphique</summary>"))
        #expect(report.contains("Graphique à barres\u{00A0}: Personnes par genre. 2 catégories, total 30."))
        #expect(report.contains("<th scope=\"row\">Total</th><td class=\"num\">30</td></tr></tfoot>"))
        let post = try harness.site.files().keys.first { $0.hasPrefix("posts/") && !$0.hasPrefix("posts/page/") && $0 != "posts/index.html" }
        let postPage = try harness.site.html(try #require(post))
        #expect(postPage.contains("<p class=\"post-meta\" dir=\"auto\">par ") && postPage.contains(" commentaires</h2>"))
        // The built-in intros, for a site without content/, are French too.
        #expect(home.contains("<p>Bienvenue\u{202F}!"))
        // The feed's title, and the charts' tooltips, with French spacing.
        let feed = try String(decoding: #require(harness.site.files()["feed.xml"]), as: UTF8.self)
        #expect(feed.contains("<title type=\"text\">People &amp; Posts\u{00A0}: Articles (données de démonstration)</title>"))
        #expect(report.contains("<title>Homme\u{00A0}: ") || report.contains("<title>Femme\u{00A0}: "))
    }

    @Test("words: in site.yml replace the built-in words, and a build after a change of words publishes them")
    func ownWords() async throws {
        var harness = try BuildHarness(source: .demo, users: 12, perPage: 12)
        defer { harness.remove() }
        harness.settings.words = [.home: "Start", .peopleCount: .counted(one: "Mensch", other: "Menschen")]
        _ = try await harness.build()
        #expect(try harness.site.html("index.html").contains(">Start</a>") && harness.site.html("index.html").contains("<strong>12</strong> Menschen"))
        harness.settings.words[.home] = "Anfang"
        _ = try await harness.build()
        let home = try harness.site.html("index.html")
        #expect(home.contains(">Anfang</a>") && !home.contains(">Start</a>"))
        #expect(try harness.site.html("users/index.html").contains(">Anfang</a>"))
    }

    @Test("a counted word that holds {count} places the number itself, and a form without it shows none (Arabic's dual)")
    func countPlacedByWords() async throws {
        var harness = try BuildHarness(source: .demo, users: 2, perPage: 12)
        defer { harness.remove() }
        harness.settings.language = "ar"
        harness.settings.words = [
            .peopleCount: PhraseForms(other: "{count} شخص", forms: [.one: "شخص واحد", .two: "شخصان"]),
            .commentsCount: PhraseForms(other: "{count} تعليق", forms: [.few: "{count} تعليقات"]),
        ]
        _ = try await harness.build()
        let home = try harness.site.html("index.html")
        #expect(home.contains("<a href=\"users/\">شخصان<strong></strong></a>"), "the dual, without a numeral")
        #expect(home.contains("<a href=\"report/\"><strong>500</strong> تعليق</a>"), "not 500 500")
        let post = try harness.site.files().keys.first { $0.hasPrefix("posts/") && !$0.hasPrefix("posts/page/") && $0 != "posts/index.html" }
        #expect(try harness.site.html(try #require(post)).contains("<h2 id=\"comments-title\" dir=\"auto\">5 تعليقات</h2>"))
        // In English, as before: the number, a space, the noun.
        #expect(Words.english.counted(.peopleCount, 1200) == CountedText(before: "", number: "1,200", after: " people"))
    }

    @Test("a built-in intro given in words: is Markdown, and what of it does not show is said, as of a content file")
    func introWarnings() async throws {
        var harness = try BuildHarness(source: .demo, users: 3, perPage: 12)
        defer { harness.remove() }
        harness.settings.words = [.homeIntro: "Hi <b>there</b>, *you*."]
        _ = try await harness.build()
        #expect(try harness.site.html("index.html").contains("<p>Hi <!-- raw HTML omitted -->there<!-- raw HTML omitted -->, <em>you</em>.</p>"))
        #expect(harness.text.contains("warning: words.home_intro in the settings file: raw HTML (<b>) is left out of the page"))
    }

    @Test("1,200 people: the theme groups digits with the language's separator, in the counts and the charts")
    func groupedNumbers() {
        let french = Words(language: "fr")
        #expect(Tally.context([("people", 1200, .peopleCount)], words: french)["people"].flatMap { $0 as? [String: Any] }?["number"] as? String == "1\u{202F}200")
        var chart = Chart(id: "c", title: "T", kind: .bars, series: [.init(label: "a", value: 12_000)])
        chart.words = french
        #expect(chart.table().contains("<td class=\"num\">12\u{202F}000</td>") && chart.svg().contains(">12\u{202F}000<"))
    }
}
