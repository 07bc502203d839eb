import Crypto
import Foundation

/// The words of the default theme and its report in the site's language: the built-in table of
/// `language` when there is one (English, French, German, Spanish), else English, with `words:`
/// of site.yml over it.
///
/// Templates name them as `{{words.key}}`, replaced before a template is read (`WordTags`), so
/// they cost nothing per page; counted and filled-in phrases ("5 comments", "page 2 of 7") are
/// made by the renderer, which asks for them here.
///
/// ```swift
/// let words = Words(language: "fr")
/// words.count(.commentsCount, 5)           // "commentaires"
/// words(.pageOf, ["current": "2", "total": "7"])  // "page 2 sur 7"
/// words.number(1200)                       // "1 200"
/// ```
public struct Words: Sendable, Hashable {
    /// The language whose plural rules pick a counted phrase's form.
    public let language: String
    private let table: [Phrase: PhraseForms]
    /// SHA-256 of the language and every text: what equality and hashing compare, so that a page
    /// frame holding the words hashes 32 bytes, not every phrase.
    private let digest: Data

    /// The built-in words of `language`, with `overrides` over them.
    public init(language: String, overrides: [Phrase: PhraseForms] = [:]) {
        self.language = language
        var table = EnglishWords.table
        if let builtIn = Self.builtIn(for: language) { table.merge(builtIn) { $1 } }
        table.merge(overrides) { $1 }
        self.table = table
        var hasher = SHA256()
        for part in [language] + Phrase.allCases.flatMap({ phrase in [phrase.key] + (table[phrase]?.texts ?? []) }) {
            hasher.update(data: Data("\(part.utf8.count):\(part)".utf8))
        }
        digest = Data(hasher.finalize())
    }

    public static let english = Words(language: "en")

    /// The languages with built-in words, by primary subtag.
    public static let builtInLanguages = ["de", "en", "es", "fr"]

    /// The built-in table of `language` (`fr-CA` takes `fr`'s), nil for a language without one.
    static func builtIn(for language: String) -> [Phrase: PhraseForms]? {
        switch language.split(separator: "-").first?.lowercased() {
        case "en": EnglishWords.table
        case "fr": FrenchWords.table
        case "de": GermanWords.table
        case "es": SpanishWords.table
        default: nil
        }
    }

    /// Whether `language` has words of its own built in (else the theme speaks English, unless
    /// site.yml gives its words).
    public static func hasBuiltIn(_ language: String) -> Bool {
        builtIn(for: language) != nil
    }

    /// The forms of `phrase`.
    public func forms(_ phrase: Phrase) -> PhraseForms {
        table[phrase] ?? EnglishWords.table[phrase] ?? PhraseForms(other: phrase.key)
    }

    /// `phrase` with `values` filled in (an uncounted phrase, or a counted one's `other` form).
    public func callAsFunction(_ phrase: Phrase, _ values: [String: String] = [:]) -> String {
        PhraseText.fill(forms(phrase).other, values)
    }

    /// The form of the counted `phrase` for `count`, with `{count}` the number as the site writes
    /// it and `values` filled in.
    public func count(_ phrase: Phrase, _ count: Int, _ values: [String: String] = [:]) -> String {
        let text = forms(phrase).text(for: PluralCategory.of(count, language: language))
        var values = values
        if values["count"] == nil { values["count"] = number(count) }
        return PhraseText.fill(text, values)
    }

    /// `value` with digits grouped by threes (`thousands_separator`): `1,200` in English.
    public func number(_ value: Int) -> String {
        ChartFormat.number(value, separator: self(.thousandsSeparator))
    }

    public static func == (a: Words, b: Words) -> Bool { a.digest == b.digest }
    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}
