import Foundation

/// The partials a template's source includes (`{{> name}}`), each with its line, as the default
/// delimiters show them: enough to catch a misspelt partial, which mustache renders as nothing.
enum TemplatePartials {
    static func included(in source: String) -> [(name: String, line: Int)] {
        var found: [(name: String, line: Int)] = []
        var line = 1
        var rest = source[...]
        while let open = rest.range(of: "{{") {
            line += rest[..<open.lowerBound].reduce(0) { $1 == "\n" ? $0 + 1 : $0 }
            rest = rest[open.upperBound...]
            let tag = rest.drop { $0 == " " || $0 == "\t" }
            guard tag.first == ">", let close = tag.range(of: "}}") else { continue }
            let name = tag[tag.index(after: tag.startIndex)..<close.lowerBound].trimmingCharacters(in: .whitespaces)
            if !name.isEmpty, !name.hasPrefix("*") { found.append((name, line)) }
        }
        return found
    }
}
