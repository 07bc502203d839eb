/// The plural categories of Unicode CLDR, which decide the form of a counted word: English has
/// `one` (1 person) and `other` (0, 2, 12 people); French `one` for 0 and 1; Russian `one`, `few`
/// and `many`; Arabic all six.
public enum PluralCategory: String, CaseIterable, Sendable, Hashable, Comparable {
    case zero, one, two, few, many, other

    public static func < (a: PluralCategory, b: PluralCategory) -> Bool {
        allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
    }

    /// The category of the whole number `count` in `language` (a BCP 47 tag: `fr`, `pt-PT`), by
    /// CLDR's rules for integers, as browsers' `Intl.PluralRules` picks it (a test compares them
    /// for a hundred languages). A language CLDR gives no rules of its own follows English:
    /// `one` for 1 alone.
    public static func of(_ count: Int, language: String) -> PluralCategory {
        let n = Int(count.magnitude % 1_000_000_000)
        let millions = count != 0 && count.magnitude % 1_000_000 == 0
        let ones = n % 10, tens = n % 100
        switch PluralRule(language) {
        case .none: return .other
        case .oneForOne: return n == 1 ? .one : .other
        case .oneForOneManyForMillions: return n == 1 ? .one : millions ? .many : .other
        case .oneForZeroAndOne: return n <= 1 ? .one : .other
        case .oneForZeroAndOneManyForMillions: return n <= 1 ? .one : millions ? .many : .other
        case .oneForEndingInOne: return ones == 1 && tens != 11 ? .one : .other
        case .filipino: return [4, 6, 9].contains(ones) ? .other : .one
        case .eastSlavic:
            if ones == 1, tens != 11 { return .one }
            return (2...4).contains(ones) && !(12...14).contains(tens) ? .few : .many
        case .polish:
            if n == 1 { return .one }
            return (2...4).contains(ones) && !(12...14).contains(tens) ? .few : .many
        case .westSlavic: return n == 1 ? .one : (2...4).contains(n) ? .few : .other
        case .southSlavic:
            if ones == 1, tens != 11 { return .one }
            return (2...4).contains(ones) && !(12...14).contains(tens) ? .few : .other
        case .slovenian: return tens == 1 ? .one : tens == 2 ? .two : (3...4).contains(tens) ? .few : .other
        case .lithuanian:
            if (11...19).contains(tens) { return .other }
            return ones == 1 ? .one : ones >= 2 ? .few : .other
        case .latvian:
            if ones == 0 || (11...19).contains(tens) { return .zero }
            return ones == 1 ? .one : .other
        case .romanian: return n == 1 ? .one : n == 0 || (1...19).contains(tens) ? .few : .other
        case .arabic:
            switch n {
            case 0: return .zero
            case 1: return .one
            case 2: return .two
            default: return (3...10).contains(tens) ? .few : (11...99).contains(tens) ? .many : .other
            }
        case .hebrew: return n == 1 ? .one : n == 2 ? .two : .other
        case .welsh: return [0: .zero, 1: .one, 2: .two, 3: .few, 6: .many][n] ?? .other
        case .irish: return n == 1 ? .one : n == 2 ? .two : (3...6).contains(n) ? .few : (7...10).contains(n) ? .many : .other
        case .scottishGaelic:
            if n == 1 || n == 11 { return .one }
            if n == 2 || n == 12 { return .two }
            return (3...10).contains(n) || (13...19).contains(n) ? .few : .other
        case .maltese:
            if n == 1 { return .one }
            if n == 2 { return .two }
            return n == 0 || (3...10).contains(tens) ? .few : (11...19).contains(tens) ? .many : .other
        case .breton:
            if ones == 1, ![11, 71, 91].contains(tens) { return .one }
            if ones == 2, ![12, 72, 92].contains(tens) { return .two }
            if [3, 4, 9].contains(ones), !(10...19).contains(tens), !(70...79).contains(tens), !(90...99).contains(tens) { return .few }
            return millions ? .many : .other
        }
    }

    /// The categories a counted word may have in `language`, `other` always among them: the
    /// forms `words:` in site.yml may give, those a whole number can take.
    public static func categories(of language: String) -> [PluralCategory] {
        switch PluralRule(language) {
        case .none: [.other]
        case .oneForOne, .oneForZeroAndOne, .oneForEndingInOne, .filipino: [.one, .other]
        case .oneForOneManyForMillions, .oneForZeroAndOneManyForMillions: [.one, .many, .other]
        case .eastSlavic, .polish: [.one, .few, .many, .other]
        case .westSlavic, .southSlavic, .lithuanian, .romanian: [.one, .few, .other]
        case .slovenian, .scottishGaelic: [.one, .two, .few, .other]
        case .latvian: [.zero, .one, .other]
        case .hebrew: [.one, .two, .other]
        case .irish, .breton: [.one, .two, .few, .many, .other]
        case .maltese: [.one, .two, .few, .many, .other]
        case .arabic, .welsh: allCases
        }
    }
}

/// Which of CLDR's rules for whole numbers a language follows, by its primary subtag.
private enum PluralRule {
    case none, oneForOne, oneForOneManyForMillions, oneForZeroAndOne, oneForZeroAndOneManyForMillions, oneForEndingInOne, filipino
    case eastSlavic, polish, westSlavic, southSlavic, slovenian, lithuanian, latvian, romanian
    case arabic, hebrew, welsh, irish, scottishGaelic, maltese, breton

    init(_ language: String) {
        let tag = language.lowercased()
        let primary = tag.split(separator: "-").first.map(String.init) ?? ""
        switch primary {
        case "id", "ig", "ja", "jv", "km", "ko", "lo", "ms", "my", "th", "to", "vi", "wo", "yo", "yue", "zh": self = .none
        case "ca", "es", "it": self = .oneForOneManyForMillions
        case "pt": self = tag.hasPrefix("pt-pt") ? .oneForOneManyForMillions : .oneForZeroAndOneManyForMillions
        case "fr": self = .oneForZeroAndOneManyForMillions
        case "am", "as", "bn", "fa", "ff", "gu", "hi", "hy", "kn", "pa", "si", "ti", "zu": self = .oneForZeroAndOne
        case "is", "mk": self = .oneForEndingInOne
        case "fil", "tl": self = .filipino
        case "ru", "uk", "be": self = .eastSlavic
        case "pl": self = .polish
        case "cs", "sk": self = .westSlavic
        case "bs", "hr", "sr", "sh": self = .southSlavic
        case "sl", "dsb", "hsb": self = .slovenian
        case "lt": self = .lithuanian
        case "lv": self = .latvian
        case "ro", "mo": self = .romanian
        case "ar": self = .arabic
        case "he", "iw", "se": self = .hebrew
        case "cy": self = .welsh
        case "ga": self = .irish
        case "gd": self = .scottishGaelic
        case "mt": self = .maltese
        case "br": self = .breton
        default: self = .oneForOne
        }
    }
}
