/// Where a template's sections fail to pair up, said with names and lines: mustache's own parser
/// reports where it gave up (often the end of the file), names no tag, and its messages use
/// placeholders. Used to explain a template mustache refused; with the default delimiters only.
enum TemplateSections {
    struct Problem: Equatable {
        var line: Int
        var message: String
    }

    static func problem(in source: String) -> Problem? {
        guard !source.contains("{{=") else { return nil }  // other delimiters: leave it to mustache
        var open: [(sigil: Character, name: String, line: Int)] = []
        let scanned = TemplateTags(source)
        for tag in scanned.tags {
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
        if let line = scanned.unclosedLine {
            return Problem(line: line, message: "a {{ is never closed with }}")
        }
        if let last = open.last {
            return Problem(line: last.line, message: "{{\(last.sigil)\(last.name)}} is never closed: add {{/\(last.name)}} where the section ends")
        }
        return nil
    }
}
