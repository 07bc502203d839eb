import Foundation

/// The partials a template's source includes (`{{> name}}`), each with its line, as the default
/// delimiters show them: enough to catch a misspelt partial, which mustache renders as nothing,
/// and a template that includes itself, which mustache follows until the stack overflows.
enum TemplatePartials {
    /// - Parameter tags: `>` for partials; add `<` for the parents templates extend (`{{<layout}}`).
    /// - Returns: each include with its line, its sigil, and whether it stands inside a section
    ///   (`{{#kids}}{{>node}}{{/kids}}`), where the data decides whether it is followed.
    static func included(in source: String, tags: Set<Character> = [">"]) -> [(name: String, line: Int, tag: Character, inSection: Bool)] {
        var open: [Character] = []
        return TemplateTags(source).tags.compactMap { tag in
            switch tag.sigil {
            case "#", "^", "$", "<":
                open.append(tag.sigil!)
            case "/":
                _ = open.popLast()
            default:
                break
            }
            guard let sigil = tag.sigil, tags.contains(sigil), !tag.name.isEmpty, !tag.name.hasPrefix("*") else { return nil }
            // A parent's own `<` was pushed above: it is not a section around itself.
            let around = sigil == "<" ? open.dropLast() : open[...]
            return (tag.name, tag.line, sigil, around.contains { $0 == "#" || $0 == "^" })
        }
    }

    /// How deep a page can nest sections, blocks and the partials and parents it includes, at
    /// most, and through which templates: each include counts one level, and the sections around
    /// it theirs. Only for sets without loops (`cycle` finds none), whose depth the templates
    /// alone bound; mustache's interpreter renders with no limit of its own, and a few thousand
    /// levels overflow a thread's stack.
    static func deepestNesting(in sources: [String: String]) -> (depth: Int, chain: [String]) {
        typealias Nesting = (depth: Int, chain: [String])
        var known: [String: Nesting] = [:]
        var visiting = Set<String>()
        func depth(of name: String) -> Nesting {
            if let done = known[name] { return done }
            guard let source = sources[name], visiting.insert(name).inserted else { return (0, []) }
            defer { visiting.remove(name) }
            var deepest: Nesting = (0, [name])
            func consider(_ depth: Int, _ chain: [String]) {
                if depth > deepest.depth { deepest = (depth, chain) }
            }
            var open = 0
            for tag in TemplateTags(source).tags {
                switch tag.sigil {
                case "#", "^", "$", "<":
                    open += 1
                    consider(open, [name])
                    if tag.sigil == "<", sources[tag.name] != nil {
                        let parent = depth(of: tag.name)
                        consider(open + parent.depth, [name] + parent.chain)
                    }
                case "/":
                    open = max(0, open - 1)
                case ">" where sources[tag.name] != nil:
                    let partial = depth(of: tag.name)
                    consider(open + 1 + partial.depth, [name] + partial.chain)
                default:
                    break
                }
            }
            known[name] = deepest
            return deepest
        }
        var deepest: Nesting = (0, [])
        for name in sources.keys.sorted() {
            let nesting = depth(of: name)
            if nesting.depth > deepest.depth { deepest = nesting }
        }
        return deepest
    }

    /// A parent included inside a block override that expands that same block again, with no
    /// override of its own for it: `{{<layout}}{{$content}}{{<layout}}{{/layout}}{{/content}}{{/layout}}`.
    /// The outer override stays in force inside the inner parent, so its `{{$content}}` renders
    /// the override, which includes the parent again, for ever. Returns the template, the line of
    /// the inner parent tag, the parent and the block; nil when there is none.
    /// Every block each template expands (`{{$name}}`), through its parents and partials.
    private struct ExpandedBlocks {
        let sources: [String: String]
        private var known: [String: Set<String>] = [:]
        private var visiting = Set<String>()

        init(_ sources: [String: String]) {
            self.sources = sources
        }

        mutating func of(_ name: String) -> Set<String> {
            if let done = known[name] { return done }
            guard let source = sources[name], visiting.insert(name).inserted else { return [] }
            defer { visiting.remove(name) }
            var found = Set<String>()
            for tag in TemplateTags(source).tags {
                switch tag.sigil {
                case "$": found.insert(tag.name)
                case "<", ">": if sources[tag.name] != nil { found.formUnion(of(tag.name)) }
                default: break
                }
            }
            known[name] = found
            return found
        }
    }

    /// The blocks the template `name` of `sources` shows, through its parents and partials.
    static func blocks(shownBy name: String, in sources: [String: String]) -> Set<String> {
        var expanded = ExpandedBlocks(sources)
        return expanded.of(name)
    }

    /// A block a template fills in a parent that never shows it (`{{<layout}}{{$contnet}}…`, or a
    /// layout of one's own without `{{$content}}`): what it holds is dropped from every page,
    /// without a word. Returns the template, the block's line, the parent, the block and the
    /// blocks the parent does show; nil when there is none.
    static func unshownBlock(in sources: [String: String]) -> (name: String, line: Int, parent: String, block: String, shown: Set<String>)? {
        var expanded = ExpandedBlocks(sources)
        for name in sources.keys.sorted() {
            let tags = TemplateTags(sources[name] ?? "").tags
            for (index, tag) in tags.enumerated() where tag.sigil == "<" && sources[tag.name] != nil {
                let shown = expanded.of(tag.name)
                if let missing = directOverrideTags(of: index, in: tags).first(where: { !shown.contains($0.name) }) {
                    return (name, missing.line, tag.name, missing.name, shown)
                }
            }
        }
        return nil
    }

    static func blockLoop(in sources: [String: String]) -> (name: String, line: Int, parent: String, block: String)? {
        var expanded = ExpandedBlocks(sources)
        for name in sources.keys.sorted() {
            let tags = TemplateTags(sources[name] ?? "").tags
            var open: [(sigil: Character, name: String)] = []
            for (index, tag) in tags.enumerated() {
                guard let sigil = tag.sigil else { continue }
                switch sigil {
                case "/":
                    _ = open.popLast()
                    continue
                case "<" where sources[tag.name] != nil:
                    // The blocks overridden around this tag: `$` frames inside a parent.
                    var overridden = Set<String>()
                    var insideParent = false
                    for frame in open {
                        if frame.sigil == "<" { insideParent = true }
                        if frame.sigil == "$", insideParent { overridden.insert(frame.name) }
                    }
                    let own = directOverrides(of: index, in: tags)
                    if let block = overridden.subtracting(own).intersection(expanded.of(tag.name)).sorted().first {
                        return (name, tag.line, tag.name, block)
                    }
                default:
                    break
                }
                if "#^$<".contains(sigil) { open.append((sigil, tag.name)) }
            }
        }
        return nil
    }

    /// The blocks the parent tag at `index` overrides itself (`$` tags directly inside it).
    private static func directOverrides(of index: Int, in tags: [TemplateTags.Tag]) -> Set<String> {
        Set(directOverrideTags(of: index, in: tags).map(\.name))
    }

    /// The `$` tags directly inside the parent tag at `index`, in order.
    private static func directOverrideTags(of index: Int, in tags: [TemplateTags.Tag]) -> [TemplateTags.Tag] {
        var depth = 0
        var found: [TemplateTags.Tag] = []
        for tag in tags[(index + 1)...] {
            guard let sigil = tag.sigil else { continue }
            if sigil == "/" {
                if depth == 0 { break }
                depth -= 1
            } else if "#^$<".contains(sigil) {
                if depth == 0, sigil == "$" { found.append(tag) }
                depth += 1
            }
        }
        return found
    }

    /// Whether a template includes a partial named at render time (`{{>*name}}`), which can be
    /// any template, itself too.
    static func dynamicPartial(in sources: [String: String]) -> (name: String, line: Int, tag: String)? {
        for name in sources.keys.sorted() {
            if let tag = TemplateTags(sources[name] ?? "").tags.first(where: { $0.sigil == ">" && $0.name.hasPrefix("*") }) {
                return (name, tag.line, tag.name)
            }
        }
        return nil
    }

    /// A chain of templates that leads back to where it started (`["page", "card", "page"]`),
    /// through partials or parents, with the line of each step's tag; nil when there is none.
    ///
    /// With `throughSections` false, includes inside a section do not count: a template that
    /// includes itself there (`{{#kids}}{{>node}}{{/kids}}`) renders a tree for as long as the data
    /// nests, which the compiled rendering bounds (`CompiledRendering.depthLimit`). Any other
    /// loop mustache would follow for ever.
    static func cycle(in sources: [String: String], throughSections: Bool = true) -> [(name: String, line: Int)]? {
        let edges = sources.mapValues { source in
            included(in: source, tags: [">", "<"])
                .filter { sources[$0.name] != nil && (throughSections || !$0.inSection) }
                .map { ($0.name, $0.line) }
        }
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
