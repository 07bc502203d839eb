import Foundation

extension String {
    /// The text in Unicode's composed form (NFC), as HTML wants it and as people type it: `ë` as
    /// one code point, not `e` and U+0308 as macOS writes file names and some APIs send names.
    /// Only text holding a combining mark or a conjoining Hangul letter can be decomposed; the
    /// rest, nearly every field of an API, is returned as it is, without a Foundation call each.
    var composed: String {
        // Combining marks (U+0300 on) and Hangul jamo (U+1100 on) start with a byte of 0xCC or more.
        guard utf8.contains(where: { $0 >= 0xCC }) else { return self }
        let mayBeDecomposed = unicodeScalars.contains { scalar in
            scalar.value >= 0x300 && (scalar.properties.canonicalCombiningClass != .notReordered || (0x1100...0x11FF).contains(scalar.value))
        }
        return mayBeDecomposed ? precomposedStringWithCanonicalMapping : self
    }
}
