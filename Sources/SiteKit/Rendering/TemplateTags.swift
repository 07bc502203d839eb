/// The tags of a mustache source as the default delimiters show them, in order, with the line
/// each starts on: what the checks that explain a template (`TemplatePartials`,
/// `TemplateSections`) read, before or instead of mustache's own parser.
struct TemplateTags {
    struct Tag {
        /// The character after `{{` and any blanks (`#`, `/`, `>`, `!`, `{`…), nil for a variable.
        var sigil: Character?
        /// What follows the sigil, trimmed: a section's or partial's name.
        var name: String
        var line: Int
    }

    var tags: [Tag] = []
    /// The line of a `{{` never closed with `}}`, after which nothing was read.
    var unclosedLine: Int?

    init(_ source: String) {
        var line = 1
        var rest = source[...]
        while let start = rest.range(of: "{{") {
            line += rest[..<start.lowerBound].count { $0 == "\n" }
            rest = rest[start.upperBound...]
            guard let end = rest.range(of: "}}") else {
                unclosedLine = line
                return
            }
            let inside = rest[..<end.lowerBound]
            let text = inside.trimmingCharacters(in: .whitespaces)
            let sigil = text.first.flatMap { "#^$</>!{&=%".contains($0) ? $0 : nil }
            let name = (sigil == nil ? text[...] : text.dropFirst()).trimmingCharacters(in: .whitespaces)
            tags.append(Tag(sigil: sigil, name: name, line: line))
            line += inside.count { $0 == "\n" }
            rest = rest[end.upperBound...]
        }
    }
}
