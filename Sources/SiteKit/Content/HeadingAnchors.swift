/// Gives each heading of a page's Markdown an `id` made from its text, as page addresses are
/// made (`## Opening hours` → `id="opening-hours"`), so that `[hours](#opening-hours)` and links
/// from other pages to `about/#opening-hours` lead to it. cmark gives headings none.
///
/// A repeated heading gets `-2`, `-3`…; so does one whose id the templates give an element
/// (`main`, `search-input`…, or an `id="extra"` in a template of the site's), which would
/// otherwise be two elements with one id.
///
/// The HTML is scanned as bytes, once: a regular expression searched again from each heading,
/// and numbers for a repeated heading tried again from 2 each time, made a page of 20,000
/// headings build for 41 s.
public enum HeadingAnchors {
    /// Ids the default theme gives its own elements on a page.
    public static let reserved: Set<String> = ["main", "search-input", "comments-title"]

    /// `html`, as cmark renders it, with an `id` in every `<h1>`…`<h6>` tag, none of them in `taken`.
    ///
    /// Ids that come from a heading's own text are given first, so that a number given to a
    /// repeated heading never takes another heading's: `## Section`, `## Section`, `## Section 2`
    /// are `section`, `section-3` and `section-2`, and a link to `#section-2` leads to "Section 2"
    /// however many "Section" headings come before it.
    static func add(to html: String, taken: Set<String> = reserved) -> String {
        guard html.contains("<h") else { return html }
        let bytes = Array(html.utf8)
        let headings = Self.headings(in: bytes)
        guard !headings.isEmpty else { return html }
        let ids = UniqueIDs.assign(headings.map(\.id), taken: taken, fallback: "section")
        var result = ""
        result.reserveCapacity(bytes.count + 16 * headings.count)
        var copied = 0
        for (heading, id) in zip(headings, ids) {
            let digit = Character(Unicode.Scalar(heading.level))
            result += String(decoding: bytes[copied..<heading.start], as: UTF8.self)
            result += "<h\(digit) id=\"\(id)\">\(heading.inner)</h\(digit)>"
            copied = heading.end
        }
        result += String(decoding: bytes[copied...], as: UTF8.self)
        return result
    }

    /// A heading of the HTML: where its tags start and end, its level's digit, its inner HTML,
    /// and the id its text makes.
    private struct Heading {
        var start: Int
        var end: Int
        var level: UInt8
        var inner: String
        var id: String
    }

    /// Every `<hN>…</hN>` of `bytes`, in order, scanned once.
    private static func headings(in bytes: [UInt8]) -> [Heading] {
        var found: [Heading] = []
        var position = 0
        while position + 3 < bytes.count {
            let level = bytes[position + 2]
            guard bytes[position] == UInt8(ascii: "<"), bytes[position + 1] == UInt8(ascii: "h"),
                  (UInt8(ascii: "1")...UInt8(ascii: "6")).contains(level), bytes[position + 3] == UInt8(ascii: ">") else {
                position += 1
                continue
            }
            let innerStart = position + 4
            let closing = Array("</h".utf8) + [level, UInt8(ascii: ">")]
            guard let innerEnd = Self.find(closing, in: bytes, from: innerStart) else { break }
            let inner = String(decoding: bytes[innerStart..<innerEnd], as: UTF8.self)
            let end = innerEnd + closing.count
            found.append(Heading(start: position, end: end, level: level, inner: inner, id: Slug.make(text(of: inner), fallback: "")))
            position = end
        }
        return found
    }

    /// Where `needle` starts in `bytes` at or after `start`; nil when it does not occur.
    private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
        var index = start
        while index + needle.count <= bytes.count {
            if bytes[index] == needle[0], bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }

    /// The text of a heading's HTML: tags dropped, the entities cmark writes turned back.
    static func text(of html: String) -> String {
        var untagged = ""
        var rest = html[...]
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            untagged += rest[..<open]
            rest = rest[rest.index(after: close)...]
        }
        untagged += rest
        return untagged.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&amp;", with: "&")
    }

    /// Gives each heading its id: its own when no heading before it has it and no element of the
    /// templates does, else its own with the first number (from 2) that is no one's, neither an id
    /// given nor one a heading's text makes.
    private enum UniqueIDs {
        /// `wanted` holds "" for a heading whose text makes no id (`## ???`): it gets `fallback`,
        /// or a number after it, never another heading's own id.
        static func assign(_ wanted: [String], taken: Set<String>, fallback: String) -> [String] {
            let natural = Set(wanted.filter { !$0.isEmpty })
            var given = taken
            var next: [String: Int] = [:]
            var result: [String] = []
            result.reserveCapacity(wanted.count)
            // Each heading's own id is kept for the first heading that has it, wherever it is.
            var firstOwner: [String: Int] = [:]
            for (index, id) in wanted.enumerated() where !id.isEmpty && !taken.contains(id) && firstOwner[id] == nil { firstOwner[id] = index }
            given.formUnion(firstOwner.keys)
            for (index, own) in wanted.enumerated() {
                if firstOwner[own] == index {
                    result.append(own)
                    continue
                }
                let id = own.isEmpty ? fallback : own
                if own.isEmpty, !given.contains(fallback), !natural.contains(fallback) {
                    given.insert(fallback)
                    result.append(fallback)
                    continue
                }
                var number = next[id] ?? 2
                var candidate = "\(id)-\(number)"
                while given.contains(candidate) || natural.contains(candidate) {
                    number += 1
                    candidate = "\(id)-\(number)"
                }
                next[id] = number + 1
                given.insert(candidate)
                result.append(candidate)
            }
            return result
        }
    }
}
