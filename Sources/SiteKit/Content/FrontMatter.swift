import Foundation
import Yams

/// A content file split into its YAML front matter and its Markdown body.
///
/// Front matter is optional. When present, the file's first line is `---` (blank lines before
/// it are forgiven, as Hugo forgives them, where the YAML was published as the page's text), the
/// YAML follows, and a line `---` (or `...`) closes it; everything after that line is the body.
struct FrontMatter: Sendable, Equatable {
    /// The top-level keys and their values.
    var values: [String: FrontMatterValue]
    /// The file line of each top-level key, so later checks can point at it.
    var keyLines: [String: Int]
    /// The Markdown after the front matter (the whole text when there is none).
    var body: String
    /// The file line `body` starts on.
    var bodyLine = 1

    /// Splits `text`, which must already use `\n` line endings and carry no byte order mark.
    /// `file` is only used to name the file in errors.
    static func parse(_ text: String, file: String) throws(ContentError) -> FrontMatter {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let open = lines.firstIndex(where: { !isBlank($0) }), isDelimiter(lines[open], allowDots: false) else {
            // Hugo's TOML front matter, which would otherwise be published as the page's first paragraph.
            if let open = lines.firstIndex(where: { !isBlank($0) }), lines[open].trimmedWhiteSpace == "+++",
               lines.dropFirst(open + 1).contains(where: { $0.trimmedWhiteSpace == "+++" }) {
                throw ContentError(file: file, line: open + 1, message: "front matter between '+++' lines is TOML, which site does "
                    + "not read (the page would show it as text). Write it as YAML between '---' lines: 'title = \"About\"' becomes 'title: About'.")
            }
            return FrontMatter(values: [:], keyLines: [:], body: text)
        }
        // The file line of the opening `---`.
        let opening = open + 1
        guard let close = lines.indices.dropFirst(opening).first(where: { isDelimiter(lines[$0], allowDots: true) }) else {
            throw ContentError(file: file, line: opening, message: "the front matter that starts here is never closed. "
                + "Add a line containing only '---' after the YAML, before the Markdown text.")
        }
        let yaml = lines[opening..<close].joined(separator: "\n") + "\n"
        let body = lines[(close + 1)...].joined(separator: "\n")
        // Line 1 of the YAML text is the line after the opening `---`.
        let offset = opening
        let parsed: (values: [String: FrontMatterValue], keyLines: [String: Int])
        do {
            parsed = try YAMLComposer.compose(yaml) { root in try values(of: root, file: file, offset: offset) }
        } catch {
            switch error {
            case .tooLong(let bytes):
                throw ContentError(file: file, line: opening, message: "the front matter is \(bytes) bytes of YAML, more than the "
                    + "\(YAMLComposer.maxBytes / 1024 / 1024) MiB (\(YAMLComposer.maxBytes) bytes) a page's front matter may be. Keep long text in the Markdown below it.")
            case .tooDeep(let line):
                throw ContentError(file: file, line: line + offset, message: "the front matter nests lists or mappings more than "
                    + "1,000 levels deep here, more than any page can use. Flatten it.")
            case .yaml(let problem): throw yamlError(problem, yaml: yaml, file: file, offset: offset)
            case .body(let problem as ContentError): throw problem
            case .body(let problem): throw ContentError(file: file, line: opening, message: "\(problem)")
            }
        }
        // `close` counts from 0: the body's first line is the file's line `close + 2`.
        return FrontMatter(values: parsed.values, keyLines: parsed.keyLines, body: body, bodyLine: close + 2)
    }

    /// The top-level keys of the composed front matter `root`, their values and their file lines.
    private static func values(of root: Node?, file: String, offset: Int) throws(ContentError)
        -> (values: [String: FrontMatterValue], keyLines: [String: Int]) {
        guard let root else { return ([:], [:]) }
        guard let mapping = root.mapping else {
            throw ContentError(file: file, line: (root.mark?.line ?? 1) + offset,
                               message: "the front matter must be a mapping of keys to values, such as "
                                   + "'title: People', not \(describe(root)). Fix the YAML between the two '---' lines.")
        }
        var values: [String: FrontMatterValue] = [:]
        var keyLines: [String: Int] = [:]
        var budget = 0
        var merged: [(map: [String: FrontMatterValue], line: Int)] = []
        for (key, value) in mapping {
            let line = (key.mark?.line ?? 1) + offset
            guard let name = key.scalar?.string else {
                throw ContentError(file: file, line: line, message: "a front matter key must be plain text, "
                    + "not a list or mapping. Fix the YAML between the two '---' lines.")
            }
            if let first = keyLines[name] {
                throw ContentError(file: file, line: line, message: "'\(name)' is given twice, on lines \(first) and \(line), "
                    + "and YAML allows a key once (the last would silently win). Remove one of them.")
            }
            do throws(FrontMatterValue.Problem) {
                if FrontMatterValue.isMergeKey(key) {
                    // YAML's merge key at the top: its mappings' keys, unless the front matter gives them itself.
                    let maps = try FrontMatterValue.merged(FrontMatterValue(node: value, budget: &budget), line: key.mark?.line ?? 1)
                    merged += maps.map { ($0, line) }
                    continue
                }
                values[name] = try FrontMatterValue(node: value, budget: &budget)
            } catch {
                switch error {
                case .keyNotText(let inner):
                    throw ContentError(file: file, line: (inner ?? 1) + offset,
                                       message: "a key inside '\(name)' is a list or mapping; keys must be plain text. "
                                           + "Fix the YAML between the two '---' lines.")
                case .tooDeep(let inner):
                    throw ContentError(file: file, line: (inner ?? 1) + offset,
                                       message: "'\(name)' nests lists or mappings more than \(FrontMatterValue.maxDepth) levels deep, "
                                           + "more than any template can use. Flatten it.")
                case .duplicateKey(let key, let first, let second):
                    throw ContentError(file: file, line: second + offset, message: "'\(key)' inside '\(name)' is given twice, on lines "
                        + "\(first + offset) and \(second + offset), and YAML allows a key once (the last would silently win). Remove one of them.")
                case .mergeNotMapping(let inner):
                    throw ContentError(file: file, line: inner + offset,
                                       message: "a merge key (<<) \(name == "<<" ? "" : "inside '\(name)' ")takes a mapping (<<: *base) "
                                           + "or a list of mappings (<<: [*a, *b]), whose keys the mapping takes unless it gives them itself. "
                                           + "Fix the YAML between the two '---' lines.")
                case .tooMany:
                    throw ContentError(file: file, line: line,
                                       message: "the front matter holds more than 100,000 values once its YAML aliases (*name) are "
                                           + "expanded, the count passing that in '\(name)': each alias repeats what it names, and aliases "
                                           + "of aliases multiply. Write the values out, or use fewer aliases.")
                }
            }
            keyLines[name] = line
        }
        // Keys the front matter gives itself win, then the first merged mapping's.
        for (map, line) in merged {
            for (name, value) in map where values[name] == nil {
                values[name] = value
                keyLines[name] = line
            }
        }
        return (values, keyLines)
    }

    /// A line of nothing but spaces and tabs.
    private static func isBlank(_ line: Substring) -> Bool {
        line.allSatisfy { $0 == " " || $0 == "\t" }
    }

    /// `---` opens and closes; `...` (YAML's end-of-document marker) may also close.
    /// Trailing blanks are forgiven because editors add them invisibly.
    private static func isDelimiter(_ line: Substring, allowDots: Bool) -> Bool {
        var trimmed = line
        while let last = trimmed.last, last == " " || last == "\t" { trimmed.removeLast() }
        return trimmed == "---" || (allowDots && trimmed == "...")
    }

    private static func describe(_ node: Node) -> String {
        if node.sequence != nil { return "a list" }
        if let scalar = node.scalar { return "the single value '\(scalar.string.clipped(to: 40))'" }
        return "this kind of value"
    }
}
