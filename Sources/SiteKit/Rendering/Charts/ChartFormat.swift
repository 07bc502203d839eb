/// Locale-independent text for numbers and coordinates, so the same chart is always the same bytes.
enum ChartFormat {
    /// Digits with a comma (or `separator`) every three places: `50000` → `50,000`, `-1234` → `-1,234`.
    /// `groupingFourDigits` false: `1500` stays as it is, `12000` is `12,000` (Spanish).
    static func number(_ value: Int, separator: String = ",", groupingFourDigits: Bool = true) -> String {
        let digits = String(value.magnitude)
        if !groupingFourDigits, digits.count == 4 { return value < 0 ? "-" + digits : digits }
        var grouped = ""
        grouped.reserveCapacity(digits.count + digits.count / 3 + 1)
        for (offset, digit) in digits.enumerated() {
            if offset > 0, (digits.count - offset) % 3 == 0 { grouped.append(separator) }
            grouped.append(digit)
        }
        return value < 0 ? "-" + grouped : grouped
    }

    /// A coordinate rounded to one decimal place, without a trailing `.0`: `12.25` → `12.3`, `40.0` → `40`.
    static func coordinate(_ value: Double) -> String {
        guard value.isFinite, abs(value) < 1e12 else { return "0" }
        let tenths = Int((value * 10).rounded())
        let sign = tenths < 0 ? "-" : ""
        let whole = tenths.magnitude / 10
        let fraction = tenths.magnitude % 10
        return fraction == 0 ? "\(sign)\(whole)" : "\(sign)\(whole).\(fraction)"
    }

    /// `label` cut to at most `limit` characters, the last one an ellipsis when it was cut.
    /// Counts grapheme clusters, so no letter, emoji or combining mark is split.
    static func truncated(_ label: String, to limit: Int) -> String {
        guard label.count > limit else { return label }
        guard limit > 1 else { return "…" }
        return String(label.prefix(limit - 1)) + "…"
    }

    /// A rough width in user units of `characters` characters of 12-unit text, for layout only.
    static func textWidth(characters: Int) -> Double {
        Double(characters) * 7
    }
}
