extension StringProtocol {
    /// The text without leading and trailing white space: the same characters as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` (Unicode White_Space, plus the zero-width
    /// space Foundation counts too), without that call's round trip through NSString on Linux,
    /// which showed in build profiles.
    var trimmedWhiteSpace: String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isWhiteSpace($0) }),
              let last = scalars.lastIndex(where: { !Self.isWhiteSpace($0) }) else { return "" }
        return String(String.UnicodeScalarView(scalars[first...last]))
    }

    private static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{200B}"
    }
}
