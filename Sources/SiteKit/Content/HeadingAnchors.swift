/// Gives each heading of a page's Markdown an `id` made from its text, as page addresses are
/// made (`## Opening hours` → `id="opening-hours"`), so that `[hours](#opening-hours)` and links
/// from other pages to `about/#opening-hours` lead to it. cmark gives headings none.
///
/// A repeated heading gets `-2`, `-3`…; so does one whose id the theme's own elements use
/// (`main`, `search-input`…), which would otherwise be two elements with one id.
enum HeadingAnchors {
    /// Ids the default theme gives its own elements on a page.
    static let reserved: Set<String> = ["main", "search-input", "comments-title"]

    /// `html`, as cmark renders it, with an `id` in every `<h1>`…`<h6>` tag.
    static func add(to html: String) -> String {
        guard html.contains("<h") else { return html }
        var result = ""
        result.reserveCapacity(html.utf8.count + 64)
        var taken = reserved
        var rest = html[...]
        while let open = rest.firstMatch(of: /<h([1-6])>/) {
            let level = open.1
            guard let close = rest[open.range.upperBound...].range(of: "</h\(level)>") else { break }
            let inner = rest[open.range.upperBound..<close.lowerBound]
            let id = unique(Slug.make(text(of: inner), fallback: "section"), taken: &taken)
            result += rest[..<open.range.lowerBound]
            result += "<h\(level) id=\"\(id)\">"
            result += inner
            result += "</h\(level)>"
            rest = rest[close.upperBound...]
        }
        result += rest
        return result
    }

    /// The text of a heading's HTML: tags dropped, the entities cmark writes turned back.
    static func text(of html: Substring) -> String {
        let untagged = html.replacing(/<[^>]*>/, with: "")
        return untagged.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    private static func unique(_ id: String, taken: inout Set<String>) -> String {
        var candidate = id
        var number = 2
        while taken.contains(candidate) {
            candidate = "\(id)-\(number)"
            number += 1
        }
        taken.insert(candidate)
        return candidate
    }
}
