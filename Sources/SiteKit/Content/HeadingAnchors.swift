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
    static func add(to html: String, taken: Set<String> = reserved) -> String {
        guard html.contains("<h") else { return html }
        let bytes = Array(html.utf8)
        var result = ""
        result.reserveCapacity(bytes.count + 64)
        var ids = UniqueIDs(taken: taken)
        var position = 0
        var copied = 0
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
            let id = ids.unique(Slug.make(text(of: inner), fallback: "section"))
            let digit = Character(Unicode.Scalar(level))
            result += String(decoding: bytes[copied..<position], as: UTF8.self)
            result += "<h\(digit) id=\"\(id)\">\(inner)</h\(digit)>"
            position = innerEnd + closing.count
            copied = position
        }
        result += String(decoding: bytes[copied...], as: UTF8.self)
        return result
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

    /// Ids given so far, and for each the next number to try when it comes again.
    private struct UniqueIDs {
        var taken: Set<String>
        var next: [String: Int] = [:]

        mutating func unique(_ id: String) -> String {
            var candidate = id
            var number = next[id] ?? 2
            while taken.contains(candidate) {
                candidate = "\(id)-\(number)"
                number += 1
            }
            next[id] = number
            taken.insert(candidate)
            return candidate
        }
    }
}
