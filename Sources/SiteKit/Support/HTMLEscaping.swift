/// Escaping for untrusted text placed in HTML.
public enum HTML {
    /// Escapes `&`, `<` and `>` so `text` is safe between tags, and drops the code points markup
    /// never allows (see `isForbidden`); a NUL becomes U+FFFD. Bidirectional embeddings,
    /// overrides and isolates the text leaves open are closed at its end (see `BidiBalance`).
    public static func escapeText(_ text: String) -> String {
        escape(text, quotes: false)
    }

    /// Escapes `&`, `<`, `>`, `"` and `'` so `text` is safe inside a quoted attribute value,
    /// whichever quote character the template uses; drops what `escapeText` drops.
    public static func escapeAttribute(_ text: String) -> String {
        escape(text, quotes: true)
    }

    /// `text` with the bidirectional embeddings, overrides and isolates it leaves open closed at
    /// its end (see `BidiBalance`); balanced text as it is. For a field from the data before it
    /// is joined to others (a city into an address, a first name into a title), which escaping
    /// alone would close only at the end of the whole, turning the fields after it around.
    public static func closingDirectionalFormatting(_ text: String) -> String {
        // Every such control is encoded from 0xE2 on; most fields have no such byte at all.
        guard text.utf8.contains(0xE2) else { return text }
        var bidi = BidiBalance()
        for scalar in text.unicodeScalars { bidi.read(scalar) }
        let closing = bidi.closing
        guard !closing.isEmpty else { return text }
        var result = text.unicodeScalars
        result.append(contentsOf: closing)
        return String(result)
    }

    /// `text` without the code points that are never allowed in markup (NUL included).
    static func removingForbidden(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { isForbidden($0) || $0 == "\0" }) else { return text }
        var result = String.UnicodeScalarView()
        result.append(contentsOf: text.unicodeScalars.filter { !isForbidden($0) && $0 != "\0" })
        return String(result)
    }

    private static func escape(_ text: String, quotes: Bool) -> String {
        // Most strings need no change; skip the copy for them.
        guard text.utf8.contains(where: { mayNeedEscape($0, quotes: quotes) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        var bidi = BidiBalance()
        // Working on scalars keeps multi-byte text intact; every special character is ASCII.
        for scalar in text.unicodeScalars {
            bidi.read(scalar)
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&#39;"
            // A NUL is a parse error in HTML, and browsers drop it or show U+FFFD: say so at once.
            case "\0": result += "\u{FFFD}"
            case _ where isForbidden(scalar): continue
            default: result.unicodeScalars.append(scalar)
            }
        }
        result.unicodeScalars.append(contentsOf: bidi.closing)
        return result
    }

    /// The bidirectional formatting characters a text leaves open, to close at its end.
    ///
    /// A right-to-left override (U+202E) in a name from the data turns around everything after
    /// it up to the end of the paragraph: in `<title>`, the rest of the title and the site's name
    /// in the tab; in an attribute, the rest of the value. Inside an element with `dir` the
    /// browser isolates it, but a title or an attribute has no element. So each value is closed
    /// as if it were its own paragraph: every open embedding or override (U+202A, U+202B,
    /// U+202D, U+202E) gets a POP DIRECTIONAL FORMATTING (U+202C), every open isolate (U+2066,
    /// U+2067, U+2068) a POP DIRECTIONAL ISOLATE (U+2069), innermost first. Balanced text is
    /// left as it is.
    struct BidiBalance {
        /// What is open, innermost last: true for an isolate, false for an embedding or override.
        private var open: [Bool] = []

        mutating func read(_ scalar: Unicode.Scalar) {
            switch scalar.value {
            case 0x202A, 0x202B, 0x202D, 0x202E: open.append(false)
            case 0x2066, 0x2067, 0x2068: open.append(true)
            // A PDF closes an embedding opened inside the innermost isolate, else nothing.
            case 0x202C: if open.last == false { open.removeLast() }
            // A PDI closes the innermost isolate and the embeddings inside it, else nothing.
            case 0x2069:
                if let isolate = open.lastIndex(of: true) { open.removeSubrange(isolate...) }
            default: break
            }
        }

        /// The characters that close what is open, innermost first.
        var closing: [Unicode.Scalar] {
            open.reversed().map { $0 ? "\u{2069}" : "\u{202C}" }
        }
    }

    /// Code points that XML 1.0 forbids and the HTML checker rejects ("forbidden code point"):
    /// C0 controls other than tab, line feed and carriage return, DEL and the C1 controls, and
    /// noncharacters. They only ever arrive from data by accident or malice; a browser shows them
    /// as boxes, and one of them makes a whole feed unreadable.
    static func isForbidden(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: false
        case 0x01...0x1F, 0x7F...0x9F, 0xFDD0...0xFDEF: true
        default: scalar.value & 0xFFFE == 0xFFFE
        }
    }

    /// Whether a string holding `byte` may need a change: a special character, a control, or the
    /// first byte of a UTF-8 sequence that can encode a C1 control (0xC2), a bidirectional
    /// formatting character (0xE2) or a noncharacter (0xEF, 0xF0-0xF4); the scalars decide.
    private static func mayNeedEscape(_ byte: UInt8, quotes: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): return true
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return quotes
        case 0x09, 0x0A, 0x0D: return false
        case 0x00...0x1F, 0x7F, 0xC2, 0xE2, 0xEF, 0xF0...0xF4: return true
        default: return false
        }
    }
}
