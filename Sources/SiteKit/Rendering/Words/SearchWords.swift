import Foundation

/// What the people search says, in the theme's words, for `assets/search.js`: the list page's
/// search box carries it as JSON in `data-words` (`{{searchWords}}`), so the one script serves
/// every language. The count's form is picked in the browser by `Intl.PluralRules` for the
/// page's `lang`, from the forms given here.
struct SearchWords: Encodable {
    var loading: String
    var unavailable: String
    /// The counted "{count} people found", by plural category.
    var found: [String: String]
    /// "{found}, showing the first {count}".
    var first: String
    /// Digits are grouped by threes with this.
    var group: String
    /// Whether four digits are grouped (1,200), or left as they are (1500).
    var group4: Bool

    init(_ words: Words) {
        loading = words(.searchLoading)
        unavailable = words(.searchUnavailable)
        let forms = words.forms(.searchFound)
        var found = ["other": forms.other]
        for (category, text) in forms.forms { found[category.rawValue] = text }
        self.found = found
        first = words(.searchFirst)
        group = words(.thousandsSeparator)
        group4 = words.groupsFourDigits
    }

    /// The JSON, keys sorted: the same words give the same bytes.
    static func json(_ words: Words) -> String {
        InvisibleEscapes.json(SearchWords(words)) ?? "{}"
    }
}
