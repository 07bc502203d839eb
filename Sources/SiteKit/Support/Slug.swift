import Foundation

/// File-name-safe identifiers made from free text such as people's names or post titles.
public enum Slug {
    /// Makes a lowercase slug from `text`.
    ///
    /// Letters and digits of every script are kept (so Persian or Cyrillic names stay readable),
    /// Latin diacritics are folded (`é` → `e`), Latin letters of their own spelled in ASCII
    /// (`ø` → `o`, `ß` → `ss`), and every other run of characters becomes one `-`.
    /// The result never contains `/`, `\`, `.`, NUL or control characters, never starts or ends
    /// with `-`, is at most `maxLength` UTF-8 bytes without splitting a character, and is
    /// `fallback` when nothing usable is left. Text is composed first (Unicode NFC), so that a
    /// name decomposed as macOS writes file names (`е` + U+0308) gives the same slug as the
    /// `ё` typed in an address bar. Joiners, which a letter and they form one character with, do
    /// not cost the letter: a zero-width non-joiner (Persian writes حسن‌زاده with one) separates
    /// words as a space does, and a zero-width joiner is dropped.
    public static func make(_ text: String, maxLength: Int = 60, fallback: String = "item") -> String {
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return asciiSlug(text.utf8, maxLength: maxLength, fallback: fallback) }
        return slugByCharacters(text, maxLength: maxLength, fallback: fallback)
    }

    /// `make` for any text, Character by Character (`asciiSlug` gives the same for ASCII).
    static func slugByCharacters(_ text: String, maxLength: Int, fallback: String) -> String {
        var slug = ""
        var pendingHyphen = false
        for character in foldLatin(withoutJoiners(text).composed).lowercased() {
            if isKept(character) {
                if pendingHyphen, !slug.isEmpty { slug += "-" }
                pendingHyphen = false
                slug += latinLetters[character] ?? String(character)
            } else {
                pendingHyphen = true
            }
        }
        slug = withFinalSigmas(truncate(slug, toUTF8Bytes: max(0, maxLength)))
        while slug.hasSuffix("-") { slug.removeLast() }
        return slug.isEmpty ? fallback : slug
    }

    /// `slug` with each σ that ends a word made ς, as Greek spells it: lowercasing ΟΔΥΣΣΕΑΣ
    /// letter by letter gives οδυσσεασ, and οδυσσεας, the same name, would be another file to
    /// Linux and the same one to a disk that ignores case (macOS, Windows), where one person's
    /// page replaced the other's.
    private static func withFinalSigmas(_ slug: String) -> String {
        guard slug.contains("σ") else { return slug }
        let characters = Array(slug)
        var result = ""
        for (index, character) in characters.enumerated() {
            let endsWord = index > 0 && characters[index - 1].isLetter && (index + 1 == characters.count || !characters[index + 1].isLetter)
            result.append(character == "σ" && endsWord ? "ς" : character)
        }
        return result
    }

    /// What `make` gives for ASCII text, byte by byte: letters and digits kept (lowercased), every
    /// run of anything else one hyphen between them. Most names are ASCII, and every person's
    /// name is made a slug; going by Characters and the Unicode tables showed in build profiles.
    static func asciiSlug(_ text: String.UTF8View, maxLength: Int, fallback: String) -> String {
        var slug: [UInt8] = []
        slug.reserveCapacity(min(text.count, max(0, maxLength)))
        var pendingHyphen = false
        for byte in text {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "A")...UInt8(ascii: "Z"):
                if pendingHyphen, !slug.isEmpty { slug.append(UInt8(ascii: "-")) }
                pendingHyphen = false
                slug.append(byte | (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z") ? 0x20 : 0))
            default:
                pendingHyphen = true
            }
        }
        var end = min(slug.count, max(0, maxLength))
        while end > 0, slug[end - 1] == UInt8(ascii: "-") { end -= 1 }
        return end == 0 ? fallback : String(decoding: slug[..<end], as: UTF8.self)
    }

    /// `text` with each zero-width non-joiner (U+200C) made a space and each zero-width joiner
    /// (U+200D) removed. Both attach to the character before them, so that `ن` + ZWNJ is one
    /// `Character` whose joiner, not a letter, would make the whole of it a separator.
    private static func withoutJoiners(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: { $0 == "\u{200C}" || $0 == "\u{200D}" }) else { return text }
        var scalars = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\u{200C}": scalars.append(" ")
            case "\u{200D}": continue
            default: scalars.append(scalar)
            }
        }
        return String(scalars)
    }

    /// Folds diacritics and full-width forms only for Latin text: in other scripts the marks
    /// are part of the spelling (Devanagari vowel signs, Arabic harakat) and must stay.
    private static func foldLatin(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for character in text {
            guard let base = character.unicodeScalars.first?.value else { continue }
            let isLatin = base < 0x0250 || (0x1E00...0x1EFF).contains(base) || (0xFF00...0xFF5E).contains(base)
            if isLatin, !character.isASCII {
                result += String(character).folding(options: [.diacriticInsensitive, .widthInsensitive], locale: nil)
            } else {
                result.append(character)
            }
        }
        return result
    }

    /// Names Windows refuses for any file or folder, whatever the extension: a site with one
    /// cannot be checked out, unzipped or copied there.
    static let windowsDeviceNames: Set<String> = Set(["con", "prn", "aux", "nul"] + (0...9).flatMap { ["com\($0)", "lpt\($0)"] }
        // Windows takes the superscript digits ¹ ² ³ for 1 2 3 in these names too.
        + ["¹", "²", "³"].flatMap { ["com\($0)", "lpt\($0)"] })

    /// Latin letters that are not a base letter and a mark, so that folding diacritics leaves
    /// them as they are, spelled as their languages spell them in ASCII: Søren and Jörg, Weiß and
    /// Weiss, Işık and Ilgaz all fold alike (lowercase, as they are met).
    private static let latinLetters: [Character: String] = [
        "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ı": "i", "ł": "l", "đ": "d", "ð": "d", "þ": "th",
        "ħ": "h", "ŧ": "t", "ŀ": "l", "ŋ": "ng", "ĳ": "ij", "ſ": "s", "ǆ": "dz", "ǉ": "lj", "ǌ": "nj", "ǳ": "dz", "ŉ": "n", "ĸ": "k",
        // Typographic ligatures (U+FB00…), which text copied from a PDF holds: ﬁona is fiona.
        "ﬀ": "ff", "ﬁ": "fi", "ﬂ": "fl", "ﬃ": "ffi", "ﬄ": "ffl", "ﬅ": "st", "ﬆ": "st",
    ]

    /// A character survives when every scalar in it is a letter, a digit or a combining mark
    /// that belongs to a letter (Indic and Arabic scripts need their marks to stay readable).
    private static func isKept(_ character: Character) -> Bool {
        guard let first = character.unicodeScalars.first,
              first.properties.isAlphabetic || first.properties.numericType != nil
        else { return false }
        return character.unicodeScalars.allSatisfy { scalar in
            let properties = scalar.properties
            switch properties.generalCategory {
            case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
                 .decimalNumber, .letterNumber, .otherNumber,
                 .nonspacingMark, .spacingMark, .enclosingMark:
                return true
            default:
                return false
            }
        }
    }

    /// Cuts at a character boundary so no multi-byte character is ever split.
    private static func truncate(_ text: String, toUTF8Bytes limit: Int) -> String {
        guard text.utf8.count > limit else { return text }
        var result = ""
        var used = 0
        for character in text {
            let size = character.utf8.count
            if used + size > limit { break }
            result.append(character)
            used += size
        }
        return result
    }
}

/// Hands out distinct slugs, in call order, so the same inputs always give the same outputs.
public struct SlugRegistry: Sendable {
    private var taken: Set<String> = []
    private var nextSuffix: [String: Int] = [:]

    /// Creates an empty registry.
    public init() {}

    /// Returns `base` if unused, otherwise `base-2`, `base-3`, … skipping any slug already
    /// handed out (including a literal `name-2` produced earlier from different text).
    public mutating func unique(_ base: String) -> String {
        guard taken.contains(base) else {
            taken.insert(base)
            return base
        }
        var suffix = nextSuffix[base, default: 2]
        while taken.contains("\(base)-\(suffix)") { suffix += 1 }
        let candidate = "\(base)-\(suffix)"
        taken.insert(candidate)
        nextSuffix[base] = suffix + 1
        return candidate
    }
}
