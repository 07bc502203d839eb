/// The tags of a mustache source, in order, with the line each starts on: what the checks that
/// explain a template (`TemplatePartials`, `TemplateSections`) read, before or instead of
/// mustache's own parser. Delimiter changes (`{{=<% %>=}}`) are followed, so a template that
/// uses other delimiters is checked as well.
struct TemplateTags {
    struct Tag {
        /// The character after the opening delimiter and any blanks (`#`, `/`, `>`, `!`, `{`…),
        /// nil for a variable.
        var sigil: Character?
        /// What follows the sigil, trimmed: a section's or partial's name.
        var name: String
        var line: Int
        /// Whether blanks come between the opening delimiter and the sigil (`{{ #list}}`), which
        /// mustache does not read as a sigil.
        var blankBeforeSigil = false
    }

    var tags: [Tag] = []
    /// A tag never closed, after which nothing was read: its line, and the delimiters then in use.
    var unclosed: (line: Int, opening: String, closing: String)?
    /// The line of a delimiter change mustache would refuse, after which nothing was read.
    var badDelimitersLine: Int?
    /// A tag that another tag's opening follows before its closing delimiter (`{{name</h1> …
    /// {{#list}}`): its line, and the delimiters then in use. Nothing was read after it.
    var unfinished: (line: Int, opening: String, closing: String)?

    init(_ source: String) {
        var (opening, closing) = ("{{", "}}")
        var line = 1
        var rest = source[...]
        while let start = rest.range(of: opening) {
            line += rest[..<start.lowerBound].count { $0 == "\n" }
            rest = rest[start.upperBound...]
            guard let end = rest.range(of: closing) else {
                unclosed = (line, opening, closing)
                return
            }
            let inside = rest[..<end.lowerBound]
            let text = inside.trimmingCharacters(in: .whitespaces)
            let sigil = text.first.flatMap { "#^$</>!{&=%".contains($0) ? $0 : nil }
            // Read as one tag, it would run on into the next and make up a tag from both: the
            // error would name the wrong line and cause. (A comment may hold the delimiter.)
            if sigil != "!", inside.contains(opening) {
                unfinished = (line, opening, closing)
                return
            }
            let name = (sigil == nil ? text[...] : text.dropFirst()).trimmingCharacters(in: .whitespaces)
            tags.append(Tag(sigil: sigil, name: name, line: line, blankBeforeSigil: sigil != nil && inside.first?.isWhitespace == true))
            if sigil == "=" {
                // `=<% %>=`: the two new delimiters between the equals signs.
                let delimiters = name.hasSuffix("=") ? name.dropLast().split(whereSeparator: \.isWhitespace) : []
                guard delimiters.count == 2 else {
                    badDelimitersLine = line
                    return
                }
                (opening, closing) = (String(delimiters[0]), String(delimiters[1]))
            }
            line += inside.count { $0 == "\n" }
            rest = rest[end.upperBound...]
        }
    }
}
