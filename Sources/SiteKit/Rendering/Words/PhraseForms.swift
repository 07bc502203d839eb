/// The text of one phrase in one language: a single text, or for a counted phrase ("5 people")
/// one text per plural category, `other` for any count without a form of its own.
public struct PhraseForms: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The text for a count whose category has no form here, and for an uncounted phrase.
    public var other: String
    /// The forms of the other categories (never `other`).
    public var forms: [PluralCategory: String]

    public init(other: String, forms: [PluralCategory: String] = [:]) {
        self.other = other
        // A form that says what `other` says is none of its own: the same text either way.
        self.forms = forms.filter { $0.key != .other && $0.value != other }
    }

    public init(stringLiteral text: String) {
        self.init(other: text)
    }

    /// A counted phrase with a form for `one` and one for everything else, as English has.
    static func counted(one: String, other: String) -> PhraseForms {
        PhraseForms(other: other, forms: [.one: one])
    }

    /// The form for `category`.
    func text(for category: PluralCategory) -> String {
        forms[category] ?? other
    }

    /// Every text, `other` first, then the others by category.
    var texts: [String] {
        [other] + forms.sorted { $0.key < $1.key }.map(\.value)
    }
}
