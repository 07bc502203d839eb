import Foundation

/// Quoted JSON or YAML text with its invisible formatting characters written as `\uXXXX`: the
/// bidirectional marks, embeddings, overrides and isolates, and the line and paragraph
/// separators. Inside an HTML attribute, the page's escaping closes an embedding left open at the
/// end of the value, which put a character after the JSON's closing brace (`data-words` then no
/// longer parsed); pasted into site.yml, a raw line separator folded as a line break. Such
/// characters only ever stand inside strings there, where `\u` escapes mean the same.
enum InvisibleEscapes {
    /// `value` as JSON (keys sorted, slashes as they are), such characters escaped.
    static func json(_ value: some Encodable) -> String? {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(value)).flatMap { String(data: $0, encoding: .utf8) }.map(escaped)
    }

    static func escaped(_ quoted: String) -> String {
        guard quoted.unicodeScalars.contains(where: isInvisible) else { return quoted }
        var result = ""
        for scalar in quoted.unicodeScalars {
            if isInvisible(scalar) {
                let hex = String(scalar.value, radix: 16, uppercase: true)
                result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    private static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069, 0x2028, 0x2029, 0x0080...0x009F: true
        default: false
        }
    }
}
