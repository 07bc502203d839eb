/// Escaping for untrusted text written into XML or SVG (sitemaps, feeds, charts).
///
/// Builds on ``HTML`` escaping, whose output is also well-formed XML (`&#39;` rather than the
/// HTML-only `&apos;` spelling is a plain character reference), and first removes code points
/// that XML 1.0 forbids or the HTML checker rejects: C0 controls other than tab, line feed and
/// carriage return, C1 controls, and noncharacters. Such characters only ever arrive by accident
/// or malice, and one of them makes a whole feed unreadable.
enum MarkupText {
    /// `text` made safe between tags.
    static func text(_ text: String) -> String {
        HTML.escapeText(clean(text))
    }

    /// `text` made safe inside a quoted attribute value.
    static func attribute(_ text: String) -> String {
        HTML.escapeAttribute(clean(text))
    }

    /// `text` without the code points that are never allowed in markup.
    static func clean(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isForbidden) else { return text }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: text.unicodeScalars.filter { !isForbidden($0) })
        return String(result)
    }

    private static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x00...0x1F, 0x7F...0x9F, 0xFDD0...0xFDEF: true
        default: scalar.value & 0xFFFE == 0xFFFE
        }
    }
}
