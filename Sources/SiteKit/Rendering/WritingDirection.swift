/// Which way a site's language is written, for the `dir` of its pages' `<html>`.
///
/// Without `dir="rtl"` a Persian or Arabic site is laid out left to right: text aligned to the
/// left, lists and the navigation starting on the left, punctuation at the end of a sentence put
/// on the wrong side. Browsers do not infer it from `lang`.
enum WritingDirection {
    /// Languages written right to left by default (ISO 639 codes), whatever their region.
    static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "azb", "bal", "bqi", "ckb", "dv", "fa", "glk", "he", "iw", "ji", "ks", "lrc", "mzn", "nqo", "pnb", "prs", "ps",
        "rhg", "sd", "sdh", "skr", "syr", "ug", "ur", "yi",
    ]
    /// Languages written right to left in some regions only (CLDR's likely scripts): Azerbaijani
    /// in Iran, Punjabi in Pakistan, Uzbek in Afghanistan, Kazakh in China are written in Arabic
    /// script.
    static let rightToLeftInRegion: [String: Set<String>] = [
        "az": ["ir", "iq"], "ha": ["sd"], "kk": ["af", "cn", "ir"], "ky": ["cn"], "ms": ["cc"], "pa": ["pk"], "tg": ["pk"],
        "tk": ["af", "ir"], "uz": ["af"],
    ]
    /// Right-to-left languages written left to right in some regions: Sindhi in India, in Devanagari.
    static let leftToRightInRegion: [String: Set<String>] = ["sd": ["in"]]
    /// Scripts written right to left (ISO 15924), for tags that name one (`az-Arab`, `pa-Arab`).
    static let rightToLeftScripts: Set<String> = [
        "adlm", "arab", "hebr", "mand", "mend", "nkoo", "rohg", "samr", "syrc", "thaa",
    ]

    /// Whether `tag` (a BCP 47 language tag such as fa, ar-EG, az-Arab or ku-Latn) is written
    /// right to left. A script subtag decides (`ks-Deva`, `ku-Latn` left to right; `az-Arab` right
    /// to left); else the language, and for some the region. Extensions and private use
    /// (`fa-u-nu-latn`, Persian with Western digits) say nothing of the direction.
    /// Whether `text`'s first letter is of a right-to-left script (Hebrew, Arabic, Syriac,
    /// Thaana, N'Ko and their presentation forms): the direction `dir="auto"` gives it. Nil when
    /// it has no letter.
    static func startsRightToLeft(_ text: String) -> Bool? {
        text.unicodeScalars.first { $0.properties.isAlphabetic }.map(isRightToLeft)
    }

    /// Whether `scalar` belongs to a right-to-left script (Hebrew, Arabic, Syriac, Thaana, N'Ko
    /// and their presentation forms, and the historic scripts of the same blocks).
    static func isRightToLeft(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0590...0x08FF, 0xFB1D...0xFDFF, 0xFE70...0xFEFF, 0x10800...0x10FFF, 0x1E800...0x1EFFF: true
        default: false
        }
    }

    static func isRightToLeft(_ tag: String) -> Bool {
        var parts = tag.lowercased().split(separator: "-", omittingEmptySubsequences: false).map(String.init)[...]
        // A singleton (u, t, x…) starts an extension or private use: nothing after it is a script.
        if let singleton = parts.firstIndex(where: { $0.count == 1 }) { parts = parts[..<singleton] }
        guard let language = parts.first else { return false }
        // After the language come its extended subtags (three letters), then the script (four
        // letters), then the region (two letters or three digits).
        let rest = parts.dropFirst().drop { $0.count == 3 && $0.allSatisfy(\.isLetter) }
        if let script = rest.first, script.count == 4, script.allSatisfy(\.isLetter) {
            return rightToLeftScripts.contains(script)
        }
        let region = rest.first.flatMap { $0.count == 2 ? $0 : nil }
        if let region, leftToRightInRegion[language]?.contains(region) == true { return false }
        if rightToLeftLanguages.contains(language) { return true }
        return region.map { rightToLeftInRegion[language]?.contains($0) == true } ?? false
    }
}
