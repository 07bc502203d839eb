/// Escaping for strings that came from outside (API data, file names) before they go into HTML.
public enum HTML {
    /// Escapes `&`, `<` and `>` so `text` is safe between tags (and turns NUL into U+FFFD).
    public static func escapeText(_ text: String) -> String {
        escape(text, quotes: false)
    }

    /// Escapes `&`, `<`, `>`, `"` and `'` so `text` is safe inside a quoted attribute value,
    /// whichever quote character the template uses.
    public static func escapeAttribute(_ text: String) -> String {
        escape(text, quotes: true)
    }

    private static func escape(_ text: String, quotes: Bool) -> String {
        // Most strings need no change; skip the copy for them.
        guard text.utf8.contains(where: { needsEscape($0, quotes: quotes) }) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + 16)
        // Working on scalars keeps multi-byte text intact; every special character is ASCII.
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"" where quotes: result += "&quot;"
            case "'" where quotes: result += "&#39;"
            // A NUL is a parse error in HTML, and browsers drop it or show U+FFFD: say so at once.
            case "\0": result += "\u{FFFD}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func needsEscape(_ byte: UInt8, quotes: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"): return true
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return quotes
        case 0: return true
        default: return false
        }
    }
}
