/// The values in braces a phrase holds (`page {current} of {total}`), found and filled in.
/// A brace that does not enclose a name of ASCII letters, digits and `_` is text like any other.
///
/// Read as bytes: phrases are filled in on every person's page (an age, a date, the previous and
/// next links), where walking them by Character was a few percent of rendering.
enum PhraseText {
    /// The names in braces in `text`, in order, each once per occurrence.
    static func placeholders(in text: String) -> [String] {
        var names: [String] = []
        scan(text) { piece in
            if case .value(let name) = piece { names.append(String(name)) }
        }
        return names
    }

    /// `text` with each `{name}` of `values` replaced by its value; a name not in `values` is
    /// left as written.
    static func fill(_ text: String, _ values: [String: String]) -> String {
        guard text.utf8.contains(UInt8(ascii: "{")) else { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count + values.values.reduce(0) { $0 + $1.utf8.count })
        scan(text) { piece in
            switch piece {
            case .text(let part): result += part
            case .value(let name): result += values[String(name)] ?? "{\(name)}"
            }
        }
        return result
    }

    private enum Piece {
        case text(Substring)
        case value(Substring)
    }

    private static func isNameByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"): true
        default: false
        }
    }

    /// `text` in pieces: text, and names in braces. Braces and name bytes are ASCII, so every
    /// index found is on a character boundary.
    private static func scan(_ text: String, _ body: (Piece) -> Void) {
        let bytes = text.utf8
        var start = bytes.startIndex
        var index = start
        while let open = bytes[index...].firstIndex(of: UInt8(ascii: "{")) {
            var end = bytes.index(after: open)
            while end < bytes.endIndex, isNameByte(bytes[end]) { end = bytes.index(after: end) }
            if end > bytes.index(after: open), end < bytes.endIndex, bytes[end] == UInt8(ascii: "}") {
                if start < open { body(.text(text[start..<open])) }
                body(.value(text[bytes.index(after: open)..<end]))
                start = bytes.index(after: end)
                index = start
            } else {
                index = bytes.index(after: open)
            }
        }
        if start < bytes.endIndex { body(.text(text[start...])) }
    }
}
