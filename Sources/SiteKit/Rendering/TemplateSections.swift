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
        var line = 1
        var rest = source[...]
        while let start = rest.range(of: "{{") {
            line += rest[..<start.lowerBound].count { $0 == "\n" }
            let opened = line
            rest = rest[start.upperBound...]
            guard let end = rest.range(of: "}}") else {
                return Problem(line: opened, message: "a {{ is never closed with }}")
            }
            let inside = rest[..<end.lowerBound]
            line += inside.count { $0 == "\n" }
            rest = rest[end.upperBound...]
            let tag = inside.trimmingCharacters(in: .whitespaces)
            guard let sigil = tag.first, "#^$</".contains(sigil) else { continue }
            let name = tag.dropFirst().trimmingCharacters(in: .whitespaces)
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
        if let last = open.last {
            return Problem(line: last.line, message: "{{\(last.sigil)\(last.name)}} is never closed: add {{/\(last.name)}} where the section ends")
        }
        return nil
    }
}
