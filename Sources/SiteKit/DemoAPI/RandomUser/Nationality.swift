import Foundation

/// The word lists and formats of one randomuser nationality (`nat`).
struct Nationality: Sendable {
    /// A name as displayed, and the Latin form emails and usernames are built from.
    struct Name: Sendable {
        var native: String
        var latin: String
    }

    var code: String
    var country: String
    var male: [Name]
    var female: [Name]
    var last: [Name]
    var cities: [String]
    var states: [String]
    var streets: [String]
    /// Patterns: `#` any digit, `N` a digit 1-9, `A` an uppercase letter.
    var phone: String
    var cell: String
    var postcode: String
    /// Whether the real API sends this nationality's postcode as a JSON number.
    var numericPostcode: Bool
    var idName: String
    /// Nil when the real API sends `"value": null`.
    var idPattern: String?

    /// Lists are written `"a, b, c"`; a name in another script may give its Latin form
    /// after a colon (`"سینا:sina"`), else the Latin form is derived.
    init(_ code: String, _ country: String, male: String, female: String, last: String,
         cities: String, states: String, streets: String, phone: String, cell: String,
         postcode: String, numericPostcode: Bool, id: String, idPattern: String?) {
        self.code = code
        self.country = country
        self.male = Self.names(male, code: code)
        self.female = Self.names(female, code: code)
        self.last = Self.names(last, code: code)
        self.cities = Self.list(cities)
        self.states = Self.list(states)
        self.streets = Self.list(streets)
        self.phone = phone
        self.cell = cell
        self.postcode = postcode
        self.numericPostcode = numericPostcode
        self.idName = id
        self.idPattern = idPattern
    }

    private static func list(_ text: String) -> [String] {
        text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }

    private static func names(_ text: String, code: String) -> [Name] {
        list(text).map { entry in
            let parts = entry.split(separator: ":", maxSplits: 1).map(String.init)
            return Name(native: parts[0], latin: parts.count > 1 ? parts[1] : Transliteration.latin(parts[0], nat: code))
        }
    }

    /// Every nationality the real API offers, by code.
    static let all: [String: Nationality] = Dictionary(
        uniqueKeysWithValues: (english + european + world).map { ($0.code, $0) }
    )

    /// The codes in alphabetical order.
    static let codes: [String] = all.keys.sorted()
}

/// Latin forms of names for emails and usernames: diacritics dropped, Cyrillic transliterated.
enum Transliteration {
    private static let cyrillic: [Character: String] = [
        "а": "a", "б": "b", "в": "v", "г": "h", "ґ": "g", "д": "d", "е": "e", "є": "ye", "ж": "zh", "з": "z",
        "и": "y", "і": "i", "ї": "yi", "й": "y", "к": "k", "л": "l", "м": "m", "н": "n", "о": "o", "п": "p",
        "р": "r", "с": "s", "т": "t", "у": "u", "ф": "f", "х": "kh", "ц": "ts", "ч": "ch", "ш": "sh",
        "щ": "shch", "ь": "", "ю": "yu", "я": "ya", "'": "",
    ]
    /// Serbian differs from Ukrainian in a few letters.
    private static let serbian: [Character: String] = [
        "г": "g", "и": "i", "х": "h", "ц": "c", "ч": "c", "ш": "s", "ж": "z", "ђ": "dj", "ј": "j", "љ": "lj",
        "њ": "nj", "ћ": "c", "џ": "dz",
    ]
    private static let special: [Character: String] = [
        "ø": "o", "æ": "ae", "ß": "ss", "ı": "i", "ł": "l", "đ": "d", "œ": "oe", "þ": "th",
    ]

    /// Lowercase ASCII letters only, e.g. "Jørgensen" → "jorgensen", "Гнатишин" → "hnatyshyn".
    static func latin(_ text: String, nat: String) -> String {
        var out = ""
        for character in text.lowercased() {
            if let mapped = (nat == "RS" ? serbian[character] : nil) ?? cyrillic[character] ?? special[character] {
                out += mapped
                continue
            }
            for scalar in String(character).decomposedStringWithCanonicalMapping.unicodeScalars
            where scalar.isASCII && (CharacterSet.lowercaseLetters.contains(scalar) || CharacterSet.decimalDigits.contains(scalar)) {
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
