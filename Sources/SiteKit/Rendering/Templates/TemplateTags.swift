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
        /// The UTF-8 offset just after the opening delimiter, where the tag's text starts.
        var textOffset = 0
    }

    var tags: [Tag] = []
    /// A tag never closed, after which nothing was read: its line, and the delimiters then in use.
    var unclosed: (line: Int, opening: String, closing: String)?
    /// The line of a delimiter change mustache would refuse, after which nothing was read.
    var badDelimitersLine: Int?
    /// A tag that another tag's opening follows before its closing delimiter (`{{name</h1> …
    /// {{#list}}`): its line, and the delimiters then in use. Nothing was read after it.
    var unfinished: (line: Int, opening: String, closing: String)?

    /// Reads the source's UTF-8 bytes once, front to back: searching the rest of a `Substring`
    /// for each tag copied the rest each time, and a 5 MB template took minutes to check.
    init(_ source: String) {
        let bytes = Array(source.utf8)
        var (opening, closing) = ("{{", "}}")
        var (openingBytes, closingBytes) = (Array(opening.utf8), Array(closing.utf8))
        var line = 1
        var position = 0
        while let start = Self.find(openingBytes, in: bytes, from: position) {
            line += Self.lineBreaks(in: bytes[position..<start])
            let afterOpening = start + openingBytes.count
            guard let end = Self.find(closingBytes, in: bytes, from: afterOpening) else {
                unclosed = (line, opening, closing)
                return
            }
            let inside = String(decoding: bytes[afterOpening..<end], as: UTF8.self)
            let text = inside.trimmingCharacters(in: .whitespaces)
            let sigil = text.first.flatMap { "#^$</>!{&=%".contains($0) ? $0 : nil }
            // Read as one tag, it would run on into the next and make up a tag from both: the
            // error would name the wrong line and cause. (A comment may hold the delimiter.)
            if sigil != "!", inside.contains(opening) {
                unfinished = (line, opening, closing)
                return
            }
            let name = (sigil == nil ? text[...] : text.dropFirst()).trimmingCharacters(in: .whitespaces)
            tags.append(Tag(sigil: sigil, name: name, line: line, blankBeforeSigil: sigil != nil && inside.first?.isWhitespace == true,
                            textOffset: afterOpening))
            if sigil == "=" {
                // `=<% %>=`: the two new delimiters between the equals signs.
                let delimiters = name.hasSuffix("=") ? name.dropLast().split(whereSeparator: \.isWhitespace) : []
                guard delimiters.count == 2 else {
                    badDelimitersLine = line
                    return
                }
                (opening, closing) = (String(delimiters[0]), String(delimiters[1]))
                (openingBytes, closingBytes) = (Array(opening.utf8), Array(closing.utf8))
            }
            line += Self.lineBreaks(in: bytes[afterOpening..<end])
            position = end + closingBytes.count
        }
    }

    /// Where `pattern` (not empty) first starts in `bytes` at or after `from`.
    private static func find(_ pattern: [UInt8], in bytes: [UInt8], from: Int) -> Int? {
        guard let first = pattern.first else { return nil }
        var index = from
        let last = bytes.count - pattern.count
        while index <= last {
            if bytes[index] == first, bytes[index..<index + pattern.count].elementsEqual(pattern) { return index }
            index += 1
        }
        return nil
    }

    /// Line feeds in `bytes` (a CRLF break is one, as a line of a file).
    private static func lineBreaks(in bytes: ArraySlice<UInt8>) -> Int {
        bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
    }
}
