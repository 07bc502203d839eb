import Foundation

/// Query-string parsing for the demo routes.
enum DemoQuery {
    /// `a=1&b=x%20y` → `["a": "1", "b": "x y"]`; `+` means a space; the last repeat wins;
    /// a name without `=` maps to "".
    static func parameters(_ query: String?) -> [String: String] {
        guard let query, !query.isEmpty else { return [:] }
        var result: [String: String] = [:]
        for pair in query.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            let name = decode(parts[0])
            guard !name.isEmpty else { continue }
            result[name] = parts.count > 1 ? decode(parts[1]) : ""
        }
        return result
    }

    private static func decode(_ text: Substring) -> String {
        let spaced = text.replacingOccurrences(of: "+", with: " ")
        return spaced.removingPercentEncoding ?? spaced
    }
}
