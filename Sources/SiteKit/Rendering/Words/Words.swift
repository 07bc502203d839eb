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
    /// The counted phrases with `{count}` in a form: those place the number themselves (`counted`).
    private let placingCount: Set<Phrase>
    /// Whether 1200 is written with a separator (`1,200`), or only numbers of five digits and more.
    public let groupsFourDigits: Bool
    /// SHA-256 of the language and every text: what equality and hashing compare, so that a page
    /// frame holding the words hashes 32 bytes, not every phrase.
    private let digest: Data

    /// The built-in words of `language`, with `overrides` over them.
    public init(language: String, overrides: [Phrase: PhraseForms] = [:]) {
        self.language = language
        var table = EnglishWords.table
        if let builtIn = Self.builtIn(for: language) { table.merge(builtIn) { $1 } }
        if let separator = Self.regionalSeparator(for: language) { table[.thousandsSeparator] = PhraseForms(other: separator) }
        table.merge(overrides) { $1 }
        // Spanish leaves four digits ungrouped (1500, 12.000), as CLDR and the RAE write them.
        groupsFourDigits = language.lowercased() != "es" && language.lowercased() != "es-es"
        self.table = table
        placingCount = Set(table.filter { $0.value.texts.contains { PhraseText.placeholders(in: $0).contains("count") } }.keys)
        var hasher = SHA256()
        for part in [language] + Phrase.allCases.flatMap({ phrase in [phrase.key] + (table[phrase]?.texts ?? []) }) {
            hasher.update(data: Data("\(part.utf8.count):\(part)".utf8))
        }
        hasher.update(data: Data([groupsFourDigits ? 1 : 0]))
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

    /// The digit separator of a region whose way differs from its language's built-in one: Mexico's
    /// and the United States' Spanish write 12,000, Switzerland's German 12’000, Canada's French
    /// 12 000 with a no-break space. Nil for the others.
    static func regionalSeparator(for language: String) -> String? {
        let parts = language.split(separator: "-").map { $0.uppercased() }
        guard parts.count >= 2 else { return nil }
        switch (parts[0], parts.dropFirst().first { $0.count == 2 || $0.count == 3 && $0.allSatisfy(\.isNumber) }) {
        case ("ES", "MX"?), ("ES", "US"?), ("ES", "419"?): return ","
        case ("DE", "CH"?), ("DE", "LI"?): return "\u{2019}"
        case ("FR", "CA"?): return "\u{00A0}"
        default: return nil
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

    /// The counted noun `phrase` with its number, `count` as the site writes it: "5 comments", the
    /// number apart (`number`) so that a page can set it off. A phrase none of whose forms holds
    /// `{count}` follows the number after a space, as in English; one that holds it places the
    /// number where its form says, and a form without it shows none (Arabic's "تعليقان", two
    /// comments, is the number and the noun in one word).
    public func counted(_ phrase: Phrase, _ count: Int) -> CountedText {
        let number = number(count)
        let form = forms(phrase).text(for: PluralCategory.of(count, language: language))
        guard placingCount.contains(phrase) else { return CountedText(before: "", number: number, after: " " + form) }
        let pieces = form.components(separatedBy: "{count}")
        guard pieces.count > 1 else { return CountedText(before: form, number: "", after: "") }
        return CountedText(before: pieces[0], number: number, after: pieces.dropFirst().joined(separator: number))
    }

    /// `value` with digits grouped by threes (`thousands_separator`): `1,200` in English.
    public func number(_ value: Int) -> String {
        ChartFormat.number(value, separator: self(.thousandsSeparator), groupingFourDigits: groupsFourDigits)
    }

    public static func == (a: Words, b: Words) -> Bool { a.digest == b.digest }
    public func hash(into hasher: inout Hasher) { hasher.combine(digest) }
}
