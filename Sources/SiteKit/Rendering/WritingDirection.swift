/// Which way a site's language is written, for the `dir` of its pages' `<html>`.
///
/// Without `dir="rtl"` a Persian or Arabic site is laid out left to right: text aligned to the
/// left, lists and the navigation starting on the left, punctuation at the end of a sentence put
/// on the wrong side. Browsers do not infer it from `lang`.
enum WritingDirection {
    /// Languages written right to left by default (ISO 639 codes), whatever their region.
    static let rightToLeftLanguages: Set<String> = [
        "ar", "arc", "ckb", "dv", "fa", "he", "iw", "ks", "ps", "sd", "syr", "ug", "ur", "yi",
    ]
    /// Scripts written right to left (ISO 15924), for tags that name one (`az-Arab`, `pa-Arab`).
    static let rightToLeftScripts: Set<String> = [
        "adlm", "arab", "hebr", "mand", "mend", "nkoo", "rohg", "samr", "syrc", "thaa",
    ]
    /// Scripts written left to right that a right-to-left language may name (`ku-Latn`, `ug-Cyrl`).
    static let leftToRightScripts: Set<String> = ["latn", "cyrl"]

    /// Whether `tag` (a BCP 47 language tag such as fa, ar-EG, az-Arab or ku-Latn) is written
    /// right to left.
    static func isRightToLeft(_ tag: String) -> Bool {
        let parts = tag.lowercased().split(separator: "-").map(String.init)
        guard let language = parts.first else { return false }
        // The script subtag, when there is one, is the four-letter one after the language.
        if let script = parts.dropFirst().first(where: { $0.count == 4 && $0.allSatisfy(\.isLetter) }) {
            if rightToLeftScripts.contains(script) { return true }
            if leftToRightScripts.contains(script) { return false }
        }
        return rightToLeftLanguages.contains(language)
    }
}
