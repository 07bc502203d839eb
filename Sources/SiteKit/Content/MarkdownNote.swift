import Ccmark
import Foundation

/// Something in a page's Markdown that does not show as its writer likely meant, said as a
/// warning with its line: the build goes on, and nothing is published that the writer is not
/// told of.
public struct MarkdownNote: Sendable, Equatable {
    /// The line of the Markdown text it is on, from 1.
    public var line: Int
    /// What happens to it, and what to do, in words.
    public var message: String

    /// The level-1 headings (`# Section`, or underlined with `===`) of the text, in a quote or a
    /// list too: the theme gives every page its title as `<h1>`, so each is a second title, which
    /// screen readers and search engines take as the page's. One note, on the first, counting the
    /// others.
    static func secondTitles(in document: OpaquePointer) -> [MarkdownNote] {
        var found: [(line: Int, text: String)] = []
        Markdown.forEachNode(in: document) { node in
            guard cmark_node_get_type(node) == CMARK_NODE_HEADING, cmark_node_get_heading_level(node) == 1 else { return }
            found.append((max(1, Int(cmark_node_get_start_line(node))), Markdown.plainText(of: node)))
        }
        guard let first = found.first else { return [] }
        let others = found.count - 1
        let more = others > 0 ? ", and \(others) more after it," : ""
        if first.text.isEmpty {
            return [MarkdownNote(line: first.line, message: "an empty level-1 heading (# or ===)\(more) is an empty <h1> on the page, "
                + "a second one under the page's title: remove it, or give it text and write ## for a section")]
        }
        return [MarkdownNote(line: first.line, message: "the heading '\(first.text.clipped(to: 40))'\(more) is a level-1 heading (# or ===), "
            + "a second <h1> on a page whose title is already one: write ## for a section; "
            + "to make it the page's title, open the text with it and leave title out of the front matter")]
    }

    /// The raw HTML that safe mode leaves out (a `<br>`, a video's `<iframe>`), which the page then
    /// holds as `<!-- raw HTML omitted -->`: one note for the first, counting the others. HTML
    /// comments are passed over: they show nothing either way.
    static func rawHTML(in document: OpaquePointer) -> [MarkdownNote] {
        var found: [(line: Int, text: String)] = []
        Markdown.forEachNode(in: document) { node in
            let type = cmark_node_get_type(node)
            guard type == CMARK_NODE_HTML_BLOCK || type == CMARK_NODE_HTML_INLINE,
                  let literal = cmark_node_get_literal(node) else { return }
            // A comment shows nothing either way; a block that opens with one holds the rest of
            // its lines too (`<!-- TODO --> Welcome.`), and that is lost: named where it starts.
            let (rest, skippedLines) = afterComments(String(cString: literal))
            guard !rest.isEmpty else { return }
            var line = Int(cmark_node_get_start_line(node)) + skippedLines
            // An inline node has no position of its own in cmark 0.30: its paragraph's.
            if line == skippedLines, let parent = cmark_node_parent(node) { line = Int(cmark_node_get_start_line(parent)) }
            found.append((max(1, line), String(rest).trimmedWhiteSpace))
        }
        guard let first = found.first else { return [] }
        let shown = first.text.lines.first.map { $0.clipped(to: 40) } ?? first.text
        // A closing tag is the end of a piece already counted (`<b>` and `</b>`).
        let others = found.dropFirst().filter { !$0.text.hasPrefix("</") }.count
        // Text after a comment is lost with the block the comment opened: said as text.
        let what = first.text.hasPrefix("<") ? "raw HTML (\(shown)" : "text in a block of raw HTML, after a comment (\(shown)"
        return [MarkdownNote(line: first.line, message: what + "\(others > 0 ? ", and \(others) more \(others == 1 ? "piece" : "pieces") after it" : "")) is left out of the page, "
            + "where it becomes an HTML comment, as markdown.unsafe is off: write it in Markdown, or set 'markdown: {unsafe: true}' "
            + "in site.yml to keep the raw HTML of every content file (only for text you trust)")]
    }

    /// `html` after the HTML comments and blanks it opens with (empty when it is nothing else),
    /// and how many lines those took.
    private static func afterComments(_ html: String) -> (rest: Substring, lines: Int) {
        var rest = html[...]
        while true {
            let blank = rest.prefix { $0.isWhitespace }
            guard !rest.dropFirst(blank.count).isEmpty else { return ("", 0) }
            let next = rest.dropFirst(blank.count)
            guard next.hasPrefix("<!--"), let end = next.range(of: "-->") else {
                return (next, html[..<next.startIndex].count { $0 == "\n" })
            }
            rest = next[end.upperBound...]
        }
    }

    /// Lines that look like the row under a table's header (`|---|---|`, `:--- | ---:`) below a
    /// header row of as many cells, as GitHub reads a table (in a quote too): tables are GitHub's
    /// extension, not CommonMark, so the rows show as text, the dashes turned into em dashes by
    /// smart punctuation. One note, on the first table, counting the others; lines inside fenced
    /// or indented code are passed over. `unsafe`: raw HTML is kept, so an HTML table would show.
    static func tables(in markdown: String, unsafe: Bool = false) -> [MarkdownNote] {
        guard markdown.contains("-"), markdown.contains("|") else { return [] }
        var fence: Substring?
        var previous: Substring = ""
        var inTable = false
        var found: [Int] = []
        for (index, raw) in markdown.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = unquoted(raw)
            let trimmed = line.drop { $0 == " " }
            defer { previous = fence == nil ? line : "" }
            if let open = fence {
                // A fence closes with at least as many of its characters, and nothing else.
                let run = trimmed.prefix { $0 == open.first }
                if run.count >= open.count, trimmed.dropFirst(run.count).trimmedWhiteSpace.isEmpty { fence = nil }
                continue
            }
            if let first = trimmed.first, first == "`" || first == "~", line.count - trimmed.count < 4 {
                let run = trimmed.prefix { $0 == first }
                if run.count >= 3 {
                    fence = run
                    continue
                }
            }
            // A table's rows run to the first blank line: a |---| among them is a body row.
            if inTable {
                if trimmed.trimmedWhiteSpace.isEmpty { inTable = false }
                continue
            }
            guard line.count - trimmed.count < 4, !trimmed.hasPrefix("\t"), let columns = delimiterColumns(trimmed),
                  previous.contains("|"), previous.prefix(while: { $0 == " " }).count < 4,
                  cells(previous.trimmedWhiteSpace[...]).count == columns else { continue }
            found.append(index + 1)
            inTable = true
        }
        guard let first = found.first else { return [] }
        let others = found.count - 1
        return [MarkdownNote(line: first, message: "this looks like a table (a row of | and --- under a header row)"
            + (others > 0 ? ", as \(others == 1 ? "does 1 more" : "do \(others) more") after it" : "") + ", but tables are not CommonMark, which site renders: "
            + "the rows show as plain text. Write the table as a list, or as an HTML <table>"
            + (unsafe ? "" : " with 'markdown: {unsafe: true}' in site.yml"))]
    }

    /// The line without the `>` markers of the quotes it is in.
    private static func unquoted(_ line: Substring) -> Substring {
        var rest = line
        while true {
            let blank = rest.prefix { $0 == " " }
            guard blank.count < 4, rest.dropFirst(blank.count).first == ">" else { return rest }
            rest = rest.dropFirst(blank.count + 1)
            if rest.first == " " { rest = rest.dropFirst() }
        }
    }

    /// A row's cells: the text between pipes, a pipe at either end not counted.
    private static func cells(_ row: Substring) -> [Substring] {
        var cells = row.split(separator: "|", omittingEmptySubsequences: false)
        if cells.first?.trimmedWhiteSpace.isEmpty == true { cells.removeFirst() }
        if cells.last?.trimmedWhiteSpace.isEmpty == true { cells.removeLast() }
        return cells
    }

    /// How many columns a delimiter row (`| --- | :---: |`, `---|---`: cells of dashes, with colons
    /// at either end) has; nil when the line is no such row.
    private static func delimiterColumns(_ line: Substring) -> Int? {
        guard line.contains("|") else { return nil }
        let row = line.trimmedWhiteSpace[...]
        let cells = cells(row)
        guard !cells.isEmpty, cells.count >= 2 || row.hasPrefix("|") else { return nil }
        let isDelimiter = cells.allSatisfy { cell in
            var text = Substring(cell.trimmedWhiteSpace)
            if text.hasPrefix(":") { text = text.dropFirst() }
            if text.hasSuffix(":") { text = text.dropLast() }
            return !text.isEmpty && text.allSatisfy { $0 == "-" }
        }
        return isDelimiter ? cells.count : nil
    }
}
