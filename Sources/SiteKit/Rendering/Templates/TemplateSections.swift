import Foundation

/// Where a template's sections fail to pair up, or a name holds what mustache does not read, said
/// with names and lines: mustache's own parser reports where it gave up (often the end of the
/// file), names no tag, and its messages use placeholders. Used to explain a template mustache
/// refused. Also how deep sections nest, which mustache does not bound: it compiles and renders
/// them by recursion, and a few hundred levels overflow a thread's stack, which ends the process
/// with a segmentation fault.
enum TemplateSections {
    struct Problem: Equatable {
        var line: Int
        var message: String
    }

    /// The most sections (`#`, `^`, `$` blocks, `<` parents) a template may nest one in another:
    /// the theme nests four, and a thousand crash a build.
    static let maxNesting = 100

    static func problem(in source: String) -> Problem? {
        var open: [(sigil: Character, name: String, line: Int)] = []
        let scanned = TemplateTags(source)
        guard scanned.badDelimitersLine == nil else { return nil }  // mustache's own message says it
        for tag in scanned.tags {
            if tag.blankBeforeSigil, let sigil = tag.sigil, "#^/>&$<{!".contains(sigil) {
                return Problem(line: tag.line, message: "{{ \(sigil)\(tag.name)}} has a blank between {{ and \(sigil), and mustache reads the "
                    + "\(sigil) only right after the {{: write {{\(sigil)\(tag.name)}} (blanks may follow the \(sigil))")
            }
            if let problem = badName(tag) { return problem }
            guard let sigil = tag.sigil, "#^$</".contains(sigil) else { continue }
            let (name, opened) = (tag.name, tag.line)
            if sigil != "/" {
                open.append((sigil, name, opened))
                continue
            }
            guard let last = open.popLast() else {
                return Problem(line: opened, message: "{{/\(name)}} closes a section that was never opened")
            }
            guard last.name == name else {
                return Problem(line: opened, message: "{{/\(name)}} closes {{\(last.sigil)\(last.name)}}, opened on line \(last.line): "
                    + "close that one first with {{/\(last.name)}}, or open \(name) before it")
            }
        }
        if let (line, opening, closing) = scanned.unfinished {
            return Problem(line: line, message: "a tag is not finished: after its \(opening) comes another \(opening) before any \(closing). "
                + "Close it with \(closing)")
        }
        if let (line, opening, closing) = scanned.unclosed {
            return Problem(line: line, message: "a \(opening) is never closed with \(closing)")
        }
        if let last = open.last {
            return Problem(line: last.line, message: "{{\(last.sigil)\(last.name)}} is never closed: add {{/\(last.name)}} where the section ends")
        }
        return nil
    }

    /// The characters mustache reads in a name (transforms' parentheses included): with any other,
    /// such as `{{page.é}}` or `{{first name}}`, it stops reading the name and reports the tag as
    /// unfinished, which sends people looking for a missing `}}`.
    static let nameCharacters = Set("0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ.-_?*()")

    /// The tag's name when it holds a character mustache does not take in names.
    private static func badName(_ tag: TemplateTags.Tag) -> Problem? {
        guard tag.sigil == nil || "#^/&{".contains(tag.sigil!) else { return nil }
        // `{{{name}}}`: the scan reads up to the first }}, leaving the third } to the name.
        let name = tag.sigil == "{" && tag.name.hasSuffix("}") ? String(tag.name.dropLast()).trimmingCharacters(in: .whitespaces) : tag.name
        guard let bad = name.first(where: { !nameCharacters.contains($0) }) else { return nil }
        let shown = bad == " " ? "a space" : bad.isWhitespace ? "a blank" : "\(bad)"
        return Problem(line: tag.line, message: "the name \(name) holds \(shown), and mustache takes only a-z, A-Z, 0-9 and . - _ ? * in names")
    }

    /// The first section opened deeper than `limit` sections, or nil when none is.
    static func tooDeep(in source: String, limit: Int = maxNesting) -> Problem? {
        var depth = 0
        for tag in TemplateTags(source).tags {
            guard let sigil = tag.sigil else { continue }
            if sigil == "/" {
                depth = max(0, depth - 1)
            } else if "#^$<".contains(sigil) {
                depth += 1
                if depth > limit {
                    return Problem(line: tag.line, message: "{{\(sigil)\(tag.name)}} opens a section nested \(depth) deep, and mustache takes "
                        + "at most \(limit) inside one another (it follows them by recursion, which runs out of stack a few hundred deep)")
                }
            }
        }
        return nil
    }
}
