/// The plural categories of Unicode CLDR, which decide the form of a counted word: English has
/// `one` (1 person) and `other` (0, 2, 12 people); French `one` for 0 and 1; Russian `one`, `few`
/// and `many`; Arabic all six.
public enum PluralCategory: String, CaseIterable, Sendable, Hashable, Comparable {
    case zero, one, two, few, many, other

    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The category of the whole number `count` in `language` (a BCP 47 tag: `fr`, `pt-BR`), by
    /// CLDR's rules for integers. A language not listed here follows English: `one` for 1 alone.
    public static func of(_ count: Int, language: String) -> PluralCategory {
        let n = count.magnitude
        let tens = n % 10, hundreds = n % 100
        switch rule(for: language) {
        case .noPlural:
            return .other
        case .oneForOne:
            return n == 1 ? .one : .other
        case .oneForZeroAndOne:
            return n <= 1 ? .one : .other
        case .slavic:
            // Russian, Ukrainian, Belarusian: 1, 21, 31 (not 11); 2-4, 22-24 (not 12-14); the rest.
            if tens == 1, hundreds != 11 { return .one }
            if (2...4).contains(tens), !(12...14).contains(hundreds) { return .few }
            return .many
        case .polish:
            if n == 1 { return .one }
            if (2...4).contains(tens), !(12...14).contains(hundreds) { return .few }
            return .many
        case .czech:
            if n == 1 { return .one }
            return (2...4).contains(n) ? .few : .other
        case .arabic:
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default:
                if (3...10).contains(hundreds) { return .few }
                if (11...99).contains(hundreds) { return .many }
                return .other
            }
        case .hebrew:
            return n == 1 ? .one : n == 2 ? .two : .other
        }
    }

    /// The categories a counted word may have in `language`, `other` always among them: the
    /// forms `words:` in site.yml may give.
    public static func categories(of language: String) -> [PluralCategory] {
        switch rule(for: language) {
        case .noPlural: [.other]
        case .oneForOne, .oneForZeroAndOne: [.one, .other]
        case .slavic, .polish: [.one, .few, .many, .other]
        case .czech: [.one, .few, .other]
        case .arabic: allCases
        case .hebrew: [.one, .two, .other]
        }
    }

    private enum Rule { case noPlural, oneForOne, oneForZeroAndOne, slavic, polish, czech, arabic, hebrew }

    private static func rule(for language: String) -> Rule {
        let primary = language.split(separator: "-").first.map { $0.lowercased() } ?? ""
        switch primary {
        case "ja", "zh", "ko", "vi", "th", "id", "ms", "lo", "my", "km", "yue": return .noPlural
        case "fr", "hi", "bn", "fa", "pa", "am", "zu", "kab", "hy", "ff": return .oneForZeroAndOne
        case "pt": return language.lowercased() == "pt-pt" ? .oneForOne : .oneForZeroAndOne
        case "ru", "uk", "be": return .slavic
        case "pl": return .polish
        case "cs", "sk": return .czech
        case "ar": return .arabic
        case "he", "iw": return .hebrew
        default: return .oneForOne
        }
    }
}
