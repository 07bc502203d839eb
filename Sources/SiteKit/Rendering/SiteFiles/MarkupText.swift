/// Escaping for untrusted text written into XML or SVG (sitemaps, feeds, charts).
///
/// ``HTML`` escaping, whose output is also well-formed XML (`&#39;` rather than the HTML-only
/// `&apos;` spelling is a plain character reference), and which removes the code points XML 1.0
/// forbids (``HTML/isForbidden(_:)``).
enum MarkupText {
    /// `text` made safe between tags.
    static func text(_ text: String) -> String {
        HTML.escapeText(text)
    }

    /// `text` made safe inside a quoted attribute value.
    static func attribute(_ text: String) -> String {
        HTML.escapeAttribute(text)
    }

    /// `text` without the code points that are never allowed in markup.
    static func clean(_ text: String) -> String {
        HTML.removingForbidden(text)
    }
}
