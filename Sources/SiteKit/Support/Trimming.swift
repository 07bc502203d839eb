extension StringProtocol {
    /// The text without leading and trailing white space: the same characters as
    /// `trimmingCharacters(in: .whitespacesAndNewlines)` (Unicode White_Space, plus the zero-width
    /// space Foundation counts too), without that call's round trip through NSString on Linux,
    /// which showed in build profiles.
    var trimmedWhiteSpace: String {
        let scalars = unicodeScalars
        // Most text has nothing to trim: a printable ASCII character at each end.
        if let head = scalars.first, let tail = scalars.last, (0x21...0x7E).contains(head.value), (0x21...0x7E).contains(tail.value) {
            return String(self)
        }
        guard let first = scalars.firstIndex(where: { !Self.isWhiteSpace($0) }),
              let last = scalars.lastIndex(where: { !Self.isWhiteSpace($0) }) else { return "" }
        // Those scalars' UTF-8 bytes, copied at once: a String built from a view of the scalars
        // appends them one by one, which was most of splitting a post into paragraphs.
        return String(decoding: utf8[first..<scalars.index(after: last)], as: UTF8.self)
    }

    private static func isWhiteSpace(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.isWhitespace || scalar == "\u{200B}"
    }
}

extension String {
    /// The text's non-empty lines: what `split(whereSeparator: \.isNewline)` returns, found on
    /// Unicode scalars instead of Characters, which costs grapheme breaking on every character.
    /// The two agree because a line break is always a Character of its own (grapheme rules
    /// GB4 and GB5), except CR LF, which splits into an empty piece that is dropped.
    var lines: [Substring] {
        var result: [Substring] = []
        let scalars = unicodeScalars
        var start = scalars.startIndex
        var index = start
        while index < scalars.endIndex {
            if Self.isLineBreak(scalars[index]) {
                if start < index { result.append(self[start..<index]) }
                start = scalars.index(after: index)
            }
            index = scalars.index(after: index)
        }
        if start < scalars.endIndex { result.append(self[start..<scalars.endIndex]) }
        return result
    }

    /// The scalars for which `Character.isNewline` is true.
    private static func isLineBreak(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: false
        }
    }
}

extension String {
    /// The text, or nil when nothing would show: empty, only whitespace, only invisible
    /// formatting characters (a zero-width space, a direction mark), or only code points HTML
    /// never allows (NUL, U+0001, U+FFFE), which every page leaves out.
    var nonBlank: String? {
        // Text that starts with a printable ASCII character shows: no need to look further.
        if let first = utf8.first, (0x21...0x7E).contains(first) { return self }
        return HTML.removingForbidden(self).unicodeScalars.allSatisfy { $0.properties.isWhitespace || $0.properties.generalCategory == .format }
            ? nil : self
    }
}

extension StringProtocol {
    /// The text as a message quotes it: whole up to `limit` characters, else its first `limit`
    /// and "…", so that a value cut short reads as cut, and a 1 MB name from an API is not a 1 MB
    /// line of a warning.
    func clipped(to limit: Int) -> String {
        count > limit ? prefix(limit) + "…" : String(self)
    }

    /// The text as HTML shows it: each run of white space one space, none at either end.
    var collapsedWhiteSpace: String {
        split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}
