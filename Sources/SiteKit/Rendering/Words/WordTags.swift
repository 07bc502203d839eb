/// `{{words.key}}` in a template, replaced by the phrase's text before the template is read:
/// the words are the same on every page of a build, so they cost nothing per page, and the
/// templates' fingerprint (the render memo's and the up-to-date check's key) changes with them.
///
/// The text is escaped for HTML text and attributes alike, and its braces as character
/// references, so that a phrase can never open a mustache tag. `{{{words.key}}}` is escaped all
/// the same: a phrase is text. A phrase that holds values (`page {current} of {total}`) is not
/// for templates: the theme's pages get it filled in (`pagination.label`), and a template that
/// names one is an error, as is a key no phrase has.
enum WordTags {
    /// What is wrong with a `{{words.…}}` tag, and on which line of the template.
    struct Problem: Error, Equatable {
        var line: Int
        var message: String
    }

    /// `source` with every `{{words.key}}` replaced by its text in `words`.
    static func replace(in source: String, words: Words) throws(Problem) -> String {
        guard source.contains("words") else { return source }
        var result = ""
        var rest = source[...]
        var line = 1
        // `{{words.key}}`, `{{ words.key }}`, `{{{words.key}}}` and `{{&words.key}}`.
        let tag = /\{\{\{?\s*&?\s*words\.([A-Za-z0-9_]*)\s*\}?\}\}/
        while let match = rest.firstMatch(of: tag) {
            let before = rest[..<match.range.lowerBound]
            result += before
            line += before.count { $0 == "\n" }
            let key = String(match.output.1)
            guard let phrase = Phrase(key: key) else {
                let meant = NearestName.nearest(to: key, among: Phrase.allCases.map(\.key)).map { " (did you mean words.\($0)?)" } ?? ""
                throw Problem(line: line, message: "names words.\(key) on line \(line), which is no word of the theme\(meant)")
            }
            let placeholders = phrase.placeholders
            guard placeholders.isEmpty else {
                throw Problem(line: line, message: "names words.\(key) on line \(line), which holds values the build fills in ("
                    + placeholders.map { "{\($0)}" }.joined(separator: ", ")
                    + "), so a template cannot print it as it is; the theme's pages get it filled in")
            }
            result += escaped(words(phrase))
            rest = rest[match.range.upperBound...]
        }
        result += rest
        // Any other tag that names the words (a section, `{{words}}`, `{{words.home.x}}`) would
        // render nothing, silently: words are replaced, not looked up.
        for other in source.matches(of: /\{\{\s*([#^\/&{]?)\s*(words(?:\.[^\s{}]*)?)\s*\}?\}\}/) {
            let name = other.output.2
            if ["", "&", "{"].contains(other.output.1), name.wholeMatch(of: /words\.[A-Za-z0-9_]+/) != nil { continue }
            let line = source[..<other.range.lowerBound].count { $0 == "\n" } + 1
            throw Problem(line: line, message: "names \(name) on line \(line) in \(other.output.0), which renders nothing: "
                + "a word is only printed, as {{words.home}}, and replaced before the template is read")
        }
        return result
    }

    /// `text` escaped as `{{value}}` escapes it, with `{` and `}` as character references too.
    static func escaped(_ text: String) -> String {
        HTML.escapeAttribute(text).replacing("{", with: "&#123;").replacing("}", with: "&#125;")
    }
}
