import Foundation
import Yams

/// A content file split into its YAML front matter and its Markdown body.
///
/// Front matter is optional. When present, the file's first line is `---`, the YAML follows,
/// and a line `---` (or `...`) closes it; everything after that line is the body.
struct FrontMatter: Sendable, Equatable {
    /// The top-level keys and their values.
    var values: [String: FrontMatterValue]
    /// The file line of each top-level key, so later checks can point at it.
    var keyLines: [String: Int]
    /// The Markdown after the front matter (the whole text when there is none).
    var body: String

    /// Splits `text`, which must already use `\n` line endings and carry no byte order mark.
    /// `file` is only used to name the file in errors.
    static func parse(_ text: String, file: String) throws(ContentError) -> FrontMatter {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard let first = lines.first, isDelimiter(first, allowDots: false) else {
            return FrontMatter(values: [:], keyLines: [:], body: text)
        }
        guard let close = lines.indices.dropFirst().first(where: { isDelimiter(lines[$0], allowDots: true) }) else {
            throw ContentError(file: file, line: 1, message: "the front matter that starts here is never closed. "
                + "Add a line containing only '---' after the YAML, before the Markdown text.")
        }
        let yaml = lines[1..<close].joined(separator: "\n") + "\n"
        let body = lines[(close + 1)...].joined(separator: "\n")
        // Line 1 of the YAML text is line 2 of the file.
        let offset = 1
        let root: Node?
        do {
            root = try Yams.compose(yaml: yaml)
        } catch {
            throw yamlError(error, yaml: yaml, file: file, offset: offset)
        }
        guard let root else { return FrontMatter(values: [:], keyLines: [:], body: body) }
        guard let mapping = root.mapping else {
            throw ContentError(file: file, line: (root.mark?.line ?? 1) + offset,
                               message: "the front matter must be a mapping of keys to values, such as "
                                   + "'title: People', not \(describe(root)). Fix the YAML between the two '---' lines.")
        }
        var values: [String: FrontMatterValue] = [:]
        var keyLines: [String: Int] = [:]
        for (key, value) in mapping {
            let line = (key.mark?.line ?? 1) + offset
            guard let name = key.scalar?.string else {
                throw ContentError(file: file, line: line, message: "a front matter key must be plain text, "
                    + "not a list or mapping. Fix the YAML between the two '---' lines.")
            }
            do {
                values[name] = try FrontMatterValue(node: value)
            } catch {
                throw ContentError(file: file, line: (error.line ?? 1) + offset,
                                   message: "a key inside '\(name)' is a list or mapping; keys must be plain text. "
                                       + "Fix the YAML between the two '---' lines.")
            }
            keyLines[name] = line
        }
        return FrontMatter(values: values, keyLines: keyLines, body: body)
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
        if let scalar = node.scalar { return "the single value '\(scalar.string.prefix(40))'" }
        return "this kind of value"
    }
}
