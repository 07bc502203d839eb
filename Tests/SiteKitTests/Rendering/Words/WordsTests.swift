import Foundation
import Testing
@testable import SiteKit

/// The theme's words: the built-in tables, plural forms, numbers, and `{{words.key}}` in templates.
@Suite("The theme's words")
struct WordsTests {
    @Test("every phrase has text in each built-in language, holding only the values English does, in the plural forms the language has")
    func tablesAreComplete() {
        #expect(Words.builtInLanguages.map { Words.hasBuiltIn($0) } == [true, true, true, true])
        for language in Words.builtInLanguages {
            let table = Words.builtIn(for: language) ?? [:]
            #expect(table.count == Phrase.allCases.count, "\(language)")
            for phrase in Phrase.allCases {
                guard let forms = table[phrase] else {
                    Issue.record("\(phrase.key): no text in \(language)")
                    continue
                }
                let allowed = Set(phrase.placeholders + (phrase.isCounted ? ["count"] : []))
                for text in forms.texts {
                    #expect(Set(PhraseText.placeholders(in: text)).isSubset(of: allowed), "\(language) \(phrase.key): \(text)")
                }
                #expect(forms.forms.isEmpty || phrase.isCounted, "\(language) \(phrase.key): forms for an uncounted word")
                #expect(Set(forms.forms.keys).isSubset(of: PluralCategory.categories(of: language)), "\(language) \(phrase.key)")
            }
        }
        #expect(Set(Phrase.allCases.map(\.key)).count == Phrase.allCases.count)
    }

    @Test("plural categories follow CLDR's rules for whole numbers")
    func pluralCategories() {
        func of(_ language: String, _ counts: [Int]) -> [PluralCategory] { counts.map { PluralCategory.of($0, language: language) } }
        #expect(of("en", [0, 1, 2, 21]) == [.other, .one, .other, .other])
        #expect(of("fr-CA", [0, 1, 2]) == [.one, .one, .other])
        #expect(of("pt-BR", [0, 1, 2]) == [.one, .one, .other])
        #expect(of("pt-PT", [0, 1, 2]) == [.other, .one, .other])
        #expect(of("ru", [1, 2, 5, 11, 12, 21, 22, 25, 111]) == [.one, .few, .many, .many, .many, .one, .few, .many, .many])
        #expect(of("pl", [1, 2, 5, 21, 22]) == [.one, .few, .many, .many, .few])
        #expect(of("cs", [1, 3, 5]) == [.one, .few, .other])
        #expect(of("ar", [0, 1, 2, 3, 10, 11, 99, 100, 103]) == [.zero, .one, .two, .few, .few, .many, .many, .other, .few])
        #expect(of("ja", [0, 1, 2]) == [.other, .other, .other])
        #expect(PluralCategory.categories(of: "ar") == PluralCategory.allCases)
    }

    @Test("counted phrases take their form and the grouped number; values are filled in, other braces kept")
    func countsAndValues() {
        let english = Words.english, french = Words(language: "fr")
        #expect(english.count(.commentsCount, 1) == "comment" && english.count(.commentsCount, 0) == "comments")
        #expect(french.count(.commentsCount, 0) == "commentaire" && french.count(.commentsCount, 2) == "commentaires")
        #expect(english.count(.searchFound, 1200) == "1,200 people found")
        #expect(french.count(.searchFound, 1200) == "1\u{202F}200 personnes trouvées")
        #expect(english(.pageOf, ["current": "2", "total": "7"]) == "page 2 of 7")
        #expect(PhraseText.fill("{a} {b} { a} {} {{a}}", ["a": "x"]) == "x {b} { a} {} {x}")
        // Regions with other digit separators than their language's, and Spanish's four digits.
        #expect(Words(language: "es").number(1500) == "1500" && Words(language: "es").number(12000) == "12.000")
        #expect(Words(language: "es-MX").number(1500) == "1,500" && Words(language: "de-CH").number(12000) == "12\u{2019}000")
        #expect(Words(language: "fr-CA").number(1200) == "1\u{00A0}200" && Words(language: "de-AT").number(1200) == "1.200")
        #expect(Words(language: "es-MX", overrides: [.thousandsSeparator: " "]).number(1200) == "1 200")
        // French and Spanish say "de" for the millions CLDR calls "many".
        #expect(Words(language: "fr").counted(.peopleCount, 2_000_000).text == "2\u{202F}000\u{202F}000 de personnes")
        #expect(PhraseText.placeholders(in: "{count} of {total}, {not a name}") == ["count", "total"])
    }

    @Test("words given in site.yml win over the built-in ones, and change the words' identity")
    func overrides() {
        let given = Words(language: "fr", overrides: [.home: "Départ", .peopleCount: PhraseForms(other: "gens")])
        #expect(given(.home) == "Départ" && given(.authors) == "Auteurs")
        #expect(given.count(.peopleCount, 1) == "gens")
        #expect(given != Words(language: "fr") && Words(language: "fr") == Words(language: "fr"))
        // A language without words of its own speaks English, with its own plural rules.
        let arabic = Words(language: "ar")
        #expect(arabic(.home) == "Home" && !Words.hasBuiltIn("ar") && Words.hasBuiltIn("fr-BE"))
    }

    @Test("{{words.key}} in a template becomes the escaped text, which can never open a tag")
    func templateTags() throws {
        let words = Words(language: "en", overrides: [.home: "<Home> & {{site.title}}", .next: "Weiter"])
        let replaced = try WordTags.replace(in: "<a>{{words.home}}</a>{{ words.next }}{{{words.next}}}{{site.title}}", words: words)
        #expect(replaced == "<a>&lt;Home&gt; &amp; &#123;&#123;site.title&#125;&#125;</a>WeiterWeiter{{site.title}}")
        #expect(throws: WordTags.Problem(line: 2, message: "names words.hom on line 2, which is no word of the theme (did you mean words.home?)")) {
            try WordTags.replace(in: "<p>\n{{words.hom}}</p>", words: words)
        }
        #expect(throws: WordTags.Problem.self) { try WordTags.replace(in: "{{words.page_of}}", words: words) }
        // A word in a section, the words alone, or a name below a word would render nothing.
        for tag in ["{{#words.home}}x{{/words.home}}", "{{^words.home}}x{{/words.home}}", "{{words}}", "{{words.home.x}}"] {
            #expect(throws: WordTags.Problem.self, "\(tag)") { try WordTags.replace(in: "<p>\n" + tag, words: words) }
        }
        #expect(throws: WordTags.Problem(line: 2, message: "names words.home on line 2 in {{#words.home}}, which renders nothing: "
            + "a word is only printed, as {{words.home}}, and replaced before the template is read")) {
            try WordTags.replace(in: "{{words.home}}\n{{#words.home}}x{{/words.home}}", words: words)
        }
    }

    @Test("a template of the site's own that names a word that does not exist is an error naming the file and line")
    func templateErrors() throws {
        let folder = try TemporaryFolder()
        defer { folder.remove() }
        let templates = folder.url.appendingPathComponent("templates")
        try FileManager.default.createDirectory(at: templates, withIntermediateDirectories: true)
        try "{{<layout}}{{$content}}\n<p>{{words.nope}}</p>{{/content}}{{/layout}}\n".write(to: templates.appendingPathComponent("home.mustache"), atomically: true, encoding: .utf8)
        do {
            _ = try TemplateSources(overridesIn: templates)
            Issue.record("no error")
        } catch let error as TemplateError {
            #expect(error.description == "template templates/home.mustache names words.nope on line 2, which is no word of the theme (did you mean words.home?). `site words` lists the words a template can name.")
        }
        // Words change the templates' fingerprint: the up-to-date check and the render memo see them.
        #expect(try TemplateSources(words: .english).fingerprint != TemplateSources(words: Words(language: "fr")).fingerprint)
    }

    @Test("bidirectional controls and line separators in words are escaped in the search's JSON and in site words' YAML")
    func invisibleCharacters() throws {
        let words = Words(language: "fr", overrides: [.searchLoading: "Chargement \u{202B}ابحث", .searchFound: PhraseForms(other: "{count} \u{202E}x\u{2028}y")])
        let json = SearchWords.json(words)
        #expect(!json.unicodeScalars.contains { (0x2028...0x202E).contains($0.value) })
        #expect(json.contains(#"Chargement \u202Bابحث"#) && json.contains(#"{count} \u202Ex\u2028y"#))
        // As the page's attribute escaping leaves it: the JSON still parses, with the same words.
        let attribute = HTML.escapeAttribute(json)
        #expect(!attribute.unicodeScalars.contains { $0.value == 0x202C })
        let parsed = try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any]
        #expect(parsed?["loading"] as? String == "Chargement \u{202B}ابحث")
        let yaml = WordsListing.yaml(words)
        #expect(yaml.contains(#"search_loading: "Chargement \u202Bابحث""#))
        #expect(try SettingsFile.parse("language: fr\n" + yaml, shownAs: "site.yml").0.themeWords == words)
    }

    @Test("what site words prints is settings site.yml reads back as the same words")
    func listingRoundTrips() throws {
        for language in ["en", "fr", "ar", "ru"] {
            let words = Words(language: language)
            let yaml = "language: \(language)\n" + WordsListing.yaml(words)
            let (settings, warnings) = try SettingsFile.parse(yaml, shownAs: "site.yml")
            #expect(warnings.isEmpty, "\(language): \(warnings)")
            #expect(settings.themeWords == words, "\(language)")
            #expect(settings.words.count == Phrase.allCases.count)
        }
    }

    @Test("words: in site.yml is checked: the phrase, its plural forms and the values it may hold")
    func settingsChecks() throws {
        func problem(_ yaml: String) -> String? {
            do {
                _ = try SettingsFile.parse(yaml, shownAs: "site.yml")
                return nil
            } catch {
                return "\(error)"
            }
        }
        let (settings, warnings) = try SettingsFile.parse("words:\n  home: Start\n  homme: x\n  comments_count: {one: Kommentar, other: Kommentare}\n", shownAs: "site.yml")
        #expect(settings.words[.home] == "Start" && settings.words[.commentsCount] == .counted(one: "Kommentar", other: "Kommentare"))
        #expect(warnings == ["site.yml:3: unknown setting 'words.homme' is ignored. Did you mean 'words.home'? `site words` lists them all."])
        #expect(problem("words:\n  home: {one: a, other: b}\n")?.contains("'words.home' must be one text") == true)
        #expect(problem("words:\n  comments_count: {one: a}\n")?.contains("with 'other' among them") == true)
        #expect(problem("words:\n  comments_count: {single: a, other: b}\n")?.contains("'single', which is no plural category") == true)
        #expect(problem("words:\n  page_of: \"page {current} of {pages}\"\n")?.contains("names {pages}, which it has no value for: it holds {current}, {total}") == true)
        #expect(problem("words:\n  home: \"{count}\"\n")?.contains("it holds no values") == true)
        // Text YAML reads as a mapping or list, for want of quotes: the error says to quote it.
        #expect(problem("words:\n  page_of: {current}/{total}\n")?.contains("a value that starts with { is read as a mapping in brackets: put it in quotes, page_of: \"{current}/{total}\"") == true)
        #expect(problem("words:\n  home: {Start}\n")?.contains("a text that starts with { or [ must be in quotes") == true)
        #expect(problem("words:\n  comments_count:  # {count}\n    one: {count} Kommentar\n    other: x\n")?
            .contains("site.yml:3: the file is not valid YAML: did not find expected key; a value that starts with { is read as a mapping in brackets: put it in quotes, one: \"{count} Kommentar\"") == true)
        #expect(problem("words:\n  comments_count:\n    one: {count}\n    other: x\n")?.contains("'words.comments_count.one' must be a text, not a mapping") == true)
        // An empty word, and a form no count takes in the site's language, are warned of.
        let (_, said) = try SettingsFile.parse("words:\n  home: \"\"\n  comments_count: {one: a, few: b, other: c}\nlanguage: de\n", shownAs: "site.yml")
        #expect(said == [
            "site.yml:2: 'words.home' is empty, so pages show nothing where it goes (such as an empty link, or a landmark without a name). Give it a text, or remove the line to use the built-in one.",
            "site.yml:3: 'words.comments_count' has a form for 'few', which no count takes in language de (its forms: one, other), so it is never shown.",
        ])
        #expect(try SettingsFile.parse("language: ru\nwords:\n  comments_count: {one: a, few: b, many: c, other: d}\n", shownAs: "site.yml").1.isEmpty)
    }
}

/// The plural rules against those of browsers: a fixture made with Node's `Intl.PluralRules`.
@Suite("Plural categories as browsers pick them")
struct PluralCategoryFixtureTests {
    private struct Categories: Decodable {
        struct Class: Decodable {
            var languages: [String]
            var categories: String
        }
        var counts: [[Int]]
        var classes: [Class]
    }

    @Test("for a hundred languages and every count to 1,100 (and millions), the category Intl.PluralRules picks, and one the language lists")
    func matchesIntl() throws {
        let fixture = try JSONDecoder().decode(Categories.self, from: Data(contentsOf: Fixture.url("Rendering/plural-categories.json")))
        let counts = fixture.counts.flatMap { Array($0[0]...$0[1]) }
        let codes: [Character: PluralCategory] = ["z": .zero, "1": .one, "2": .two, "f": .few, "m": .many, "o": .other]
        #expect(fixture.classes.flatMap(\.languages).count > 100)
        for group in fixture.classes {
            let expected = group.categories.compactMap { codes[$0] }
            #expect(expected.count == counts.count)
            for language in group.languages {
                let found = counts.map { PluralCategory.of($0, language: language) }
                let wrong = zip(counts, zip(found, expected)).filter { $1.0 != $1.1 }.prefix(3)
                #expect(wrong.isEmpty, "\(language): \(wrong.map { "\($0.0) is \($0.1.0), not \($0.1.1)" })")
                // `other` is every counted word's fallback, so listed even where no whole number takes it (Russian).
                #expect(Set(expected).union([.other]) == Set(PluralCategory.categories(of: language)), "\(language)")
            }
        }
    }
}
