import Foundation

/// An entity tag (RFC 9110 §8.8.3), read leniently: `"x"`, `W/"x"`, and the unquoted or oddly
/// flagged forms some servers send, which compare by their raw text.
struct EntityTag: Sendable, Hashable {
    var isWeak: Bool
    /// The tag without its weakness flag and quotes.
    var opaque: String
    /// The text as received, sent back verbatim in `If-None-Match`.
    var raw: String

    init?(_ text: String) {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces))
        guard !rest.isEmpty else { return nil }
        raw = String(rest)
        isWeak = rest.hasPrefix("W/") || rest.hasPrefix("w/")
        if isWeak { rest = rest.dropFirst(2) }
        if rest.count >= 2, rest.hasPrefix("\""), rest.hasSuffix("\"") {
            rest = rest.dropFirst().dropLast()
        }
        opaque = String(rest)
    }

    /// Strong comparison: both strong and identical.
    func strongMatches(_ other: EntityTag) -> Bool {
        !isWeak && !other.isWeak && opaque == other.opaque
    }

    /// Weak comparison: identical opaque tags, whatever their weakness.
    func weakMatches(_ other: EntityTag) -> Bool {
        opaque == other.opaque
    }

    /// The members of an `If-None-Match`-style list; nil for `*`.
    static func list(_ text: String) -> [EntityTag]? {
        var tags: [EntityTag] = []
        var current = ""
        var quoted = false
        for character in text {
            if character == "\"" { quoted.toggle() }
            if character == ",", !quoted {
                if let tag = EntityTag(current) { tags.append(tag) }
                current = ""
            } else {
                current.append(character)
            }
        }
        if let tag = EntityTag(current) { tags.append(tag) }
        if tags.contains(where: { $0.raw == "*" }) { return nil }
        return tags
    }
}
