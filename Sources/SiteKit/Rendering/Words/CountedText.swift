/// A count in words as a page shows it: the text before the number, the number (which a page may
/// set off, `<strong>1,200</strong>`; empty when the words say the count without a numeral) and
/// the text after it. See `Words.counted`.
public struct CountedText: Sendable, Hashable {
    public var before: String
    public var number: String
    public var after: String

    /// The whole text: "1,200 people".
    public var text: String { before + number + after }
}
