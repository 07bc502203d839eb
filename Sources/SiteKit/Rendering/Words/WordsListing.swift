import Foundation

/// Every word of the theme as `words:` in site.yml takes them (what `site words` prints): a
/// starting point for a language without built-in words, or for changing a few.
public enum WordsListing {
    /// YAML for `words` (the built-in words of its language with site.yml's over them): every
    /// phrase in `Phrase`'s order, each text quoted, a counted phrase with a form for each plural
    /// category of the language, and the values a phrase holds in a comment.
    public static func yaml(_ words: Words, given: Set<Phrase> = []) -> String {
        let builtIn = Words.hasBuiltIn(words.language)
        let categories = PluralCategory.categories(of: words.language)
        var lines = [
            "# The theme's words for language \(words.language)"
                + (builtIn ? ", built in" : ", which has none built in: these are English") + (given.isEmpty ? "" : ", with site.yml's")
                + ". Put the ones to change under words: in site.yml.",
            "# Counted words have a form per plural category of \(words.language): \(categories.map(\.rawValue).joined(separator: ", ")).",
            "# A value in braces ({count}) is filled in by the build; a text may leave it out, and holds no other.",
            "words:",
        ]
        for phrase in Phrase.allCases {
            let forms = words.forms(phrase)
            let values = phrase.placeholders + (phrase.isCounted && !phrase.placeholders.contains("count") ? ["count"] : [])
            let note = values.isEmpty ? "" : "  # " + values.map { "{\($0)}" }.joined(separator: ", ")
            if phrase.isCounted {
                lines.append("  \(phrase.key):\(note)")
                for category in categories {
                    lines.append("    \(category.rawValue): \(quoted(forms.text(for: category)))")
                }
            } else {
                lines.append("  \(phrase.key): \(quoted(forms.other))\(note)")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a YAML double-quoted scalar (a JSON string is one).
    static func quoted(_ text: String) -> String {
        InvisibleEscapes.json(text) ?? "\"\""
    }
}
