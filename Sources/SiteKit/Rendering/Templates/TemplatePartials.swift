import Foundation

/// The partials a template's source includes (`{{> name}}`), each with its line, as the default
/// delimiters show them: enough to catch a misspelt partial, which mustache renders as nothing,
/// and a template that includes itself, which mustache follows until the stack overflows.
enum TemplatePartials {
    /// - Parameter tags: `>` for partials; add `<` for the parents templates extend (`{{<layout}}`).
    static func included(in source: String, tags: Set<Character> = [">"]) -> [(name: String, line: Int, tag: Character)] {
        TemplateTags(source).tags.compactMap { tag in
            guard let sigil = tag.sigil, tags.contains(sigil), !tag.name.isEmpty, !tag.name.hasPrefix("*") else { return nil }
            return (tag.name, tag.line, sigil)
        }
    }

    /// A chain of templates that leads back to where it started (`["page", "card", "page"]`),
    /// through partials or parents, with the line of each step's tag; nil when there is none.
    /// Mustache would follow it for ever: the data of a site holds no tree to end it, and a
    /// name a section looks up is found again on the stack below it.
    static func cycle(in sources: [String: String]) -> [(name: String, line: Int)]? {
        let edges = sources.mapValues { included(in: $0, tags: [">", "<"]).filter { sources[$0.name] != nil }.map { ($0.name, $0.line) } }
        var finished = Set<String>()
        var path: [(name: String, line: Int)] = []
        func visit(_ name: String, line: Int) -> [(name: String, line: Int)]? {
            if let start = path.firstIndex(where: { $0.name == name }) {
                return Array(path[start...]) + [(name, line)]
            }
            guard !finished.contains(name) else { return nil }
            path.append((name, line))
            for (next, nextLine) in edges[name] ?? [] {
                if let found = visit(next, line: nextLine) { return found }
            }
            path.removeLast()
            finished.insert(name)
            return nil
        }
        for name in sources.keys.sorted() {
            if let found = visit(name, line: 0) { return found }
        }
        return nil
    }
}
