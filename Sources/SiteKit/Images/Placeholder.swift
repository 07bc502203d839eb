import Foundation

/// An inline SVG avatar with a person's initials, shown when their photo cannot be published.
public enum Placeholder {
    /// Background colours that all keep white text above a 4.5:1 contrast ratio.
    static let palette = [
        "#0969da", "#8250df", "#bf3989", "#cf222e", "#bc4c00", "#7d4e00",
        "#1a7f37", "#0a7a6f", "#6639ba", "#9a3412", "#3d5a80", "#5a5a5a",
    ]

    /// An `<svg>` element for direct use in HTML, the same size as the image it replaces.
    ///
    /// Shows up to two initials of `initialsOf` (any script; "?" when it has no letters), `name`
    /// by default, on a colour derived from `name`, identical on every build; `name` is also the
    /// image's label. A person's initials come from their given and family names, not their title
    /// ("Ms Yaretzi Rodríguez" is YR, not MY). Both are untrusted: escaped wherever they appear.
    /// A `decorative` one, beside a link that already says the name (lists), is hidden from
    /// screen readers instead of labelled, as an `<img alt="">` would be.
    public static func svg(name: String, initialsOf initialsName: String? = nil, width: Int, height: Int, decorative: Bool = false) -> String {
        let width = max(1, width)
        let height = max(1, height)
        let cleanName = clean(name)
        let text = initials(of: initialsName.map(clean) ?? cleanName)
        let label = cleanName.isEmpty ? "Unknown" : cleanName
        let fontSize = Double(min(width, height)) * 0.4
        return """
        <svg xmlns="http://www.w3.org/2000/svg" class="avatar placeholder" width="\(width)" height="\(height)" \
        viewBox="0 0 \(width) \(height)" \(decorative ? #"aria-hidden="true""# : #"role="img" aria-label="\#(HTML.escapeAttribute(label))""#)>\
        <rect width="\(width)" height="\(height)" fill="\(color(for: cleanName))"/>\
        <text x="\(number(Double(width) / 2))" y="\(number(Double(height) / 2))" dy="0.35em" \
        text-anchor="middle" direction="\(isRightToLeft(text) ? "rtl" : "ltr")" \
        font-family="system-ui, sans-serif" font-size="\(number(fontSize))" font-weight="600" \
        fill="#ffffff">\(HTML.escapeText(text))</text></svg>
        """
    }

    /// The first letter (or digit) of each of the first two words that have one, upper-cased; "?" if none.
    static func initials(of name: String) -> String {
        let letters = name.split(whereSeparator: \.isWhitespace)
            .compactMap { word in word.first { $0.isLetter || $0.isNumber } }
            .prefix(2)
            .map { String($0).uppercased().first ?? $0 }
        return letters.isEmpty ? "?" : String(letters)
    }

    /// A palette colour chosen by a 64-bit FNV-1a hash of the name, stable across runs and machines.
    static func color(for name: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in name.precomposedStringWithCanonicalMapping.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        return palette[Int(hash % UInt64(palette.count))]
    }

    /// Control characters are invalid in HTML and XML; white space runs become one space.
    private static func clean(_ name: String) -> String {
        var scalars = String.UnicodeScalarView()
        for scalar in name.unicodeScalars {
            let category = scalar.properties.generalCategory
            let invalid = category == .control || category == .surrogate || scalar.properties.isNoncharacterCodePoint
            scalars.append(invalid ? " " : scalar)
        }
        return String(scalars).collapsedWhiteSpace
    }

    /// True when the first character belongs to a right-to-left script (Hebrew, Arabic, Syriac, Thaana…).
    private static func isRightToLeft(_ text: String) -> Bool {
        text.unicodeScalars.first.map(WritingDirection.isRightToLeft) ?? false
    }

    /// "24", "24.5": at most one decimal.
    private static func number(_ value: Double) -> String {
        let tenths = Int((value * 10).rounded())
        return tenths % 10 == 0 ? "\(tenths / 10)" : "\(tenths / 10).\(tenths % 10)"
    }
}
